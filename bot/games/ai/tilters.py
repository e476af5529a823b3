"""The Tilters AI (rules/RULES.md §2, §1.3): a plain whist player, from its seat's view alone.

- Leading, it plays its strength: the top trump when it holds four or more trumps,
  otherwise the highest card of its longest plain suit (a Face if it holds nothing else).
- Following, when its partner already holds the trick it throws its cheapest card and
  wastes no trump or Face on it.
- Otherwise it takes the trick with the cheapest card that wins it, or, when no card wins,
  throws its cheapest card: a low plain card before a Face, a Face before a trump.

It uses the same follow and winner rules as the game (`_tricks.py`), so it can only pick
from the cards the rules allow; it keeps no memory and does not count cards.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.games._tricks import FACES, legal_cards, trick_winner, yankee_strength
from bot.games.base import View
from bot.games.cards import suit_of

LONG_TRUMPS = 4
"""With this many trumps the AI leads trumps, to draw the others' trumps and Faces."""


def cost(card: str, trump: str) -> tuple[int, int]:
    """How much a card is worth keeping: plain cards least, then Faces, then trumps."""
    suit = suit_of(card)
    tier = 2 if suit == trump else (1 if suit == FACES else 0)
    return tier, yankee_strength(card)


def lead(hand: Sequence[str], trump: str) -> str:
    """The card to lead: top trump with long trumps, else the top of the longest plain suit."""
    trumps = [c for c in hand if suit_of(c) == trump]
    if len(trumps) >= LONG_TRUMPS:
        return max(trumps, key=yankee_strength)
    plain = [c for c in hand if suit_of(c) not in (trump, FACES)]
    if not plain:
        plain = [c for c in hand if suit_of(c) == FACES] or list(hand)
    length = {s: sum(1 for c in plain if suit_of(c) == s) for s in {suit_of(c) for c in plain}}
    return max(plain, key=lambda c: (length[suit_of(c)], yankee_strength(c), c))


def follow(view: View, seat: int, legal: Sequence[str]) -> str:
    """The card to play to a trick already led."""
    trick, trump = list(view["trick"]), view["trump"]
    owners, teams = view["trick_owners"], view["teams"]
    cheapest = min(legal, key=lambda c: (cost(c, trump), c))
    leader = owners[trick_winner(trick, trump, FACES)]
    if leader != seat and teams[leader] == teams[seat]:
        return cheapest
    winning = [c for c in legal if trick_winner([*trick, c], trump, FACES) == len(trick)]
    if winning:
        return min(winning, key=lambda c: (cost(c, trump), c))
    return cheapest


class TiltersPolicy:
    """Chooses a Tilters seat's card from its view."""

    def choose(self, view: View, seat: int, rng: random.Random) -> str:
        """The seat's action: 'play XX' with a card the rules allow."""
        hand, trick, trump = list(view["hand"]), list(view["trick"]), view["trump"]
        legal = legal_cards(hand, trick, trump, FACES)
        assert legal, "the AI was asked to play with no card to play"
        card = lead(legal, trump) if not trick else follow(view, seat, legal)
        return f"play {card}"


POLICY = TiltersPolicy()
