"""The Tilters AI (rules.md): a plain whist player, from its seat's view alone.

- Leading, it plays its strength: the top trump when it holds four or more trumps,
  otherwise the highest card of its longest plain suit (a Face if it holds nothing else).
- Following, when its partner already holds the trick it throws its cheapest card and
  wastes no trump or Face on it.
- Otherwise it takes the trick with the cheapest card that wins it, or, when no card wins,
  throws its cheapest card: a low plain card before a Face, a Face before a trump.

It uses the same follow and winner rules as the game (bot/games/tricks/rules.py with the
Yankee values), so it can only pick from the cards the rules allow; it keeps no memory
and does not count cards.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence

from bot.games.ai import Policy
from bot.games.tricks.facts import TrickView, trump_of
from bot.games.yankee.tricks import (
    FACES,
    YANKEE_STRENGTH,
    yankee_legal,
    yankee_power,
    yankee_winner,
)

LONG_TRUMPS = 4
"""With this many trumps the AI leads trumps, to draw the others' trumps and Faces."""


def cost(card: str, trump: str) -> tuple[int, int]:
    """How much a card is worth keeping: plain cards least, then Faces, then trumps."""
    suit = card[-1]
    tier = 2 if suit == trump else (1 if suit == FACES else 0)
    return tier, YANKEE_STRENGTH[card]


@functools.cache
def cheapness(trump: str) -> dict[str, int]:
    """Each card's place when the cards are ordered by (cost, code): the AI's order of
    cards to throw first, as one dict lookup per card."""
    order = sorted(YANKEE_STRENGTH, key=lambda c: (cost(c, trump), c))
    return {card: place for place, card in enumerate(order)}


def lead(hand: Sequence[str], trump: str) -> str:
    """The card to lead: top trump with long trumps, else the top of the longest plain suit."""
    strength = YANKEE_STRENGTH
    trumps = [c for c in hand if c[-1] == trump]
    if len(trumps) >= LONG_TRUMPS:
        return max(trumps, key=strength.__getitem__)
    plain = [c for c in hand if c[-1] != trump and c[-1] != FACES]
    if not plain:
        plain = [c for c in hand if c[-1] == FACES] or list(hand)
    length: dict[str, int] = {}
    for c in plain:
        length[c[-1]] = length.get(c[-1], 0) + 1
    return max(plain, key=lambda c: (length[c[-1]], strength[c], c))


def follow(view: TrickView, seat: int, legal: Sequence[str]) -> str:
    """The card to play to a trick already led."""
    trick, trump = view["trick"], trump_of(view)
    owners, teams = view["trick_owners"], view["teams"]
    order = cheapness(trump).__getitem__
    cheapest = min(legal, key=order)
    leader = owners[yankee_winner(trick, trump)]
    if leader != seat and teams[leader] == teams[seat]:
        return cheapest
    led = trick[0][-1]
    best = max(yankee_power(c, led, trump) for c in trick)
    winning = [c for c in legal if yankee_power(c, led, trump) > best]
    if winning:
        return min(winning, key=order)
    return cheapest


class TiltersPolicy:
    """Chooses a Tilters seat's card from its view."""

    def choose(self, view: TrickView, seat: int, rng: random.Random) -> str:
        """The seat's action: 'play XX' with a card the rules allow."""
        trick, trump = view["trick"], trump_of(view)
        legal = yankee_legal(view["hand"], trick, trump)
        assert legal, "the AI was asked to play with no card to play"
        card = lead(legal, trump) if not trick else follow(view, seat, legal)
        return f"play {card}"


POLICY: Policy[TrickView] = TiltersPolicy()
