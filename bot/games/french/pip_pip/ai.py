"""The Pip-Pip! AI (rules.md): a card-point player that calls Pip-Pip! by the trump it
wants, from its seat's view alone (its hand, the trick, the cards laid face up and those
already taken, trump and the calls pending, the stock's count).

- Calls: a call is worth 50 points, so it calls every pair it holds, ordering several so
  that the trump it wants (the suit where its hand is strongest) is the one that takes
  effect (called last, or first under `pip_pip_first_call_wins`). It waits with a pair
  whose suit would make a trump much worse for it than the one coming, while the stock
  still serves (there are tricks enough to call it later).
- Leading, it plays a card no other can beat in its suit (every higher card and the twin
  seen or held) that is worth points, else a cheap card of its longest plain suit.
- Following, it takes a trick worth points with the cheapest card that wins it (the last
  to play banks its highest winning card), and otherwise throws its cheapest card,
  keeping its trumps, its points and the kings and queens of a pair it may still call.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.games.base import View
from bot.games.french.pip_pip.cards import (
    POINTS,
    RANKS,
    SUITS,
    callable_suits,
    legal,
    strength,
    trick_winner,
    trump_after,
)

WORTH = 4
"""Points on the table that make a trick worth spending a good card on."""
WAIT_MARGIN = 3
"""How much weaker (in want) a called suit may be than the coming trump before it waits."""


def value(card: str) -> int:
    """A card's points."""
    return POINTS.get(card[:-1], 0)


def want(hand: Sequence[str], suit: str) -> int:
    """How much the hand would like `suit` as trump: its length, and its high cards."""
    cards = [c for c in hand if c[-1] == suit]
    return 2 * len(cards) + sum(1 for c in cards if strength(c) >= strength("QS"))


def choose_call(view: View, seat: int, hand: Sequence[str]) -> str | None:
    """The suit to call now, or None to play a card (no pair, or waiting)."""
    trump, pending = view["trump"], list(view["pending"])
    suits = callable_suits(hand, view["exposed"][seat], trump)
    if not suits:
        return None
    first_wins = bool(view["first_call_wins"])
    coming = trump_after(trump, pending, first_wins)
    best = max(suits, key=lambda s: (want(hand, s), s))
    if first_wins and not pending:
        order = [best, *sorted(s for s in suits if s != best)]
    else:
        order = [*sorted(s for s in suits if s != best), best]
    pick = order[0]
    after = trump_after(trump, [*pending, pick], first_wins)
    worse = want(hand, pick) + WAIT_MARGIN < want(hand, coming)
    if after != coming and after == pick and len(suits) == 1 and view["stock"] > 0 and worse:
        return None
    return pick


def cost(card: str, trump: str, keep: frozenset[str]) -> tuple[int, int, int, int]:
    """How dear a card is to give away: a trump most, then a card kept for a call, then
    by points, then by rank."""
    return (card[-1] == trump, card in keep, value(card), strength(card))


def bosses(hand: Sequence[str], seen: Sequence[str]) -> list[str]:
    """The hand's cards that no card left out can beat in their suit: every higher card
    and the card's twin (a second identical card wins) are seen or held."""
    known = list(seen) + list(hand)
    out = []
    for card in hand:
        rank, suit = card[:-1], card[-1]
        higher = RANKS[RANKS.index(rank) + 1 :]
        if all(known.count(r + suit) >= 2 for r in higher) and known.count(card) >= 2:
            out.append(card)
    return out


def pair_cards(hand: Sequence[str], trump: str, exposed: Sequence[str]) -> frozenset[str]:
    """The kings and queens that may still make a call: a plain-suit K or Q not laid."""
    free = list(hand)
    for card in exposed:
        if card in free:
            free.remove(card)
    return frozenset(c for c in free if c[:-1] in "KQ" and c[-1] != trump)


def lead(hand: Sequence[str], view: View, keep: frozenset[str]) -> str:
    """The lead: a sure winner worth points, else a cheap card of the longest plain suit."""
    trump = view["trump"]
    seen = [*view["played"], *view["dead"]]
    top = [c for c in bosses(hand, seen) if value(c) and c[-1] != trump and c not in keep]
    if top:
        return max(top, key=lambda c: (value(c), c))
    length = {s: sum(1 for c in hand if c[-1] == s) for s in SUITS}
    plain = [c for c in hand if c[-1] != trump] or list(hand)
    return min(plain, key=lambda c: (cost(c, trump, keep), -length[c[-1]], c))


def follow(view: View, allowed: Sequence[str], keep: frozenset[str]) -> str:
    """The card to play to a trick already led."""
    trick, trump = view["trick"], view["trump"]
    cheapest = min(allowed, key=lambda c: (cost(c, trump, keep), c))
    winning = [c for c in allowed if trick_winner([*trick, c], trump) == len(trick)]
    if not winning:
        return cheapest
    last = len(trick) == len(view["teams"]) - 1
    table = sum(value(c) for c in trick)
    if last:
        return max(winning, key=lambda c: (c[-1] != trump, value(c), -strength(c), c))
    pick = min(winning, key=lambda c: (cost(c, trump, keep), c))
    if table >= WORTH or value(pick) >= WORTH:
        return pick
    return cheapest


class PipPipPolicy:
    """Chooses a Pip-Pip! seat's call or card from its view."""

    def choose(self, view: View, seat: int, rng: random.Random) -> str:
        """The seat's action: 'call X' or 'play XX', as the rules allow."""
        hand, trick = view["hand"], view["trick"]
        suit = choose_call(view, seat, hand)
        if suit is not None:
            return f"call {suit}"
        allowed = legal(hand, trick[0][-1] if trick else None)
        assert allowed, "the AI was asked to play with no card to play"
        keep = pair_cards(hand, view["trump"], view["exposed"][seat])
        card = lead(hand, view, keep) if not trick else follow(view, allowed, keep)
        return f"play {card}"


POLICY = PipPipPolicy()
