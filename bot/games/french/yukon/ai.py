"""The Yukon AI (rules.md): a card-point player that hunts the Grand Yukon, from its
seat's view alone (its hand, the trick, the cards already taken, the stock's count).

- The Grand Yukon wins any trick it falls in, so its holder keeps it for a trick worth
  taking (10 points or more on the table, or the hand's end), and while it is out the
  others spend no Yukon on a cheap trick and lead no points into it.
- Leading, it plays the top card left of a suit (every higher card seen or its own), the
  one worth most, else a cheap card of its longest suit, so the hands that run out of a
  suit must throw their Yukons.
- Following, it lets a partner's safe trick be (throwing it points), takes a trick worth
  points with the cheapest card that surely or probably keeps it, and otherwise throws
  its cheapest card: no points, low rank, never a Yukon when anything else will do.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.games.ai import Policy
from bot.games.cards import french_pack
from bot.games.french.yukon.flow import CARD_POINTS, GRAND, STRENGTH, YUKONS, legal, winner
from bot.games.french.yukon.game import YukonPlay

points = CARD_POINTS.__getitem__

WORTH = 10
"""Points on the table that make a trick worth spending a Yukon on."""


COSTS = {c: (c in YUKONS, points(c), STRENGTH.get(c[:-1], 99)) for c in french_pack()}
"""How dear each card is to give away: a Yukon most, then by points, then by rank."""
cost = COSTS.__getitem__


def bosses(hand: Sequence[str], seen: frozenset[str]) -> list[str]:
    """The hand's plain cards that top their suit: every higher card is seen or held."""
    known = seen.union(hand)
    return [
        c
        for c in hand
        if c not in YUKONS
        and all(r + c[-1] in known for r in STRENGTH if STRENGTH[r] > STRENGTH[c[:-1]])
    ]


def lead(hand: Sequence[str], grand_out: bool, seen: frozenset[str] = frozenset()) -> str:
    """The lead: a cheap plain card from the longest plain suit; a Yukon only when the
    hand holds nothing else (the Grand Yukon last, unless it is the only card)."""
    plain = [c for c in hand if c not in YUKONS]
    if not plain:
        return min(hand, key=lambda c: (c == GRAND, c))
    length = {s: sum(1 for c in plain if c[-1] == s) for s in "SHDC"}
    top = bosses(plain, seen)
    if top:  # the top card of a suit takes the trick unless somebody is out of the suit
        return max(top, key=lambda c: (points(c), length[c[-1]], c))
    if grand_out:  # keep the points away from the Grand Yukon: lead the cheapest card
        return min(plain, key=lambda c: (points(c), -length[c[-1]], cost(c)))
    return min(plain, key=lambda c: (-length[c[-1]], points(c), cost(c)))


def follow(view: YukonPlay, seat: int, allowed: Sequence[str], grand_out: bool) -> str:
    """The card to play to a trick already led."""
    trick, owners, teams = view["trick"], view["trick_owners"], view["teams"]
    cheapest = min(allowed, key=cost)
    best = winner(trick)
    last = len(trick) == len(teams) - 1
    safe = trick[best] == GRAND or (trick[best] in YUKONS and not grand_out) or last
    if owners[best] != seat and teams[owners[best]] == teams[seat]:
        if safe:
            return max((c for c in allowed if c not in YUKONS), key=points, default=cheapest)
        return cheapest
    table = sum(points(c) for c in trick)
    winning = [c for c in allowed if winner((*trick, c)) == len(trick)]
    if not winning:
        return cheapest
    pick = min(winning, key=cost)
    sure = [c for c in winning if c not in YUKONS] if last else []
    if sure:  # the trick is ours whatever we play: bank the most points with it
        return max(sure, key=lambda c: (points(c), cost(c)))
    if pick == GRAND and table < WORTH and view.get("stock", 0) > 0:
        return cheapest
    if pick in YUKONS and pick != GRAND and grand_out and not last and table < WORTH:
        return cheapest
    return pick


class YukonPolicy:
    """Chooses a Yukon seat's card from its view."""

    def choose(self, view: YukonPlay, seat: int, rng: random.Random) -> str:
        """The seat's action: 'play XX' with a card the rules allow."""
        hand, trick = view["hand"], view["trick"]
        allowed = legal(hand, trick, view["parlett"], view["strict"])
        assert allowed, "the AI was asked to play with no card to play"
        grand_out = GRAND not in hand and GRAND not in view["played"] and GRAND not in trick
        seen = frozenset(view["played"])
        card = lead(hand, grand_out, seen) if not trick else follow(view, seat, allowed, grand_out)
        return f"play {card}"


POLICY: Policy[YukonPlay] = YukonPolicy()
