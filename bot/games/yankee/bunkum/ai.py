"""The Bunkum AI (rules.md): bids for a reserve card by its expected worth.

It reads its own seat's view and nothing else. A reserve card is bought blind, so its
worth is the same whatever card it turns out to be: the AI takes the values it has not
seen (five of each value in the pack, less its own hand; the others' hands and the
reserve are unknown to it) and works out, exactly, its total after fifteens with each of
them added. The expected fall of that total is the card's worth in points. A point less
is a point more from every other player if the AI wins, a point less to pay if it loses:
it values a point at the rate times half the other players (at least one), and bids up
to half that worth, one chip above the standing bid at a time; otherwise it passes.

A card that on average raises the total (most do, when the hand's fifteens are already
tidy) is worth nothing, and the AI passes. The worth is cached per hand: a deal asks the
same question of the same hand many times.
"""

from __future__ import annotations

import functools
import random

from bot.games.ai import Policy
from bot.games.yankee.bunkum.view import BunkumView
from bot.games.yankee.fifteens import totals_plus

BID_SHARE = 0.5
"""The fraction of a card's worth the AI will pay for it."""


@functools.lru_cache(maxsize=1 << 15)
def hand_worth(hand: tuple[str, ...]) -> float:
    """card_worth of a hand of card codes (cached by the codes: no sorting on a hit)."""
    return card_worth(tuple(sorted(int(card[0]) for card in hand)))


@functools.lru_cache(maxsize=1 << 15)
def card_worth(values: tuple[int, ...]) -> float:
    """The expected fall in a hand's total after fifteens when one unseen card (by the
    pack less this hand) is added; negative when a card would on average cost points.
    `values` is the hand's card values, sorted."""
    unseen = [5 - values.count(v) for v in range(10)]
    weight = sum(unseen)
    if not weight:
        return 0.0
    totals = totals_plus(values)
    now = totals[0]  # a zero changes no total
    return sum(n * (now - t) for n, t in zip(unseen, totals, strict=True)) / weight


def limit(view: BunkumView, seat: int) -> int:
    """The most chips the AI will bid for the current reserve card."""
    purse: int = view["purse"]
    if purse <= view["bid"]:
        return 0
    worth = hand_worth(tuple(view["hand"]))
    if worth <= 0:
        return 0
    others: int = view["players"] - 1
    chips = worth * view["rate"] * max(1.0, others / 2)
    return min(int(chips * BID_SHARE), purse)


class BunkumPolicy:
    """Chooses a Bunkum bid or pass from its seat's view."""

    def choose(self, view: BunkumView, seat: int, rng: random.Random) -> str:
        """The dealer's deal; then one chip over the standing bid while the card is
        worth it, else pass."""
        if view.get("phase") == "deal":
            return "deal"
        top = limit(view, seat)
        return f"bid {view['bid'] + 1}" if top > view["bid"] else "pass"


POLICY: Policy[BunkumView] = BunkumPolicy()
