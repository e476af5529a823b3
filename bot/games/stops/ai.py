"""The Stops AI (RULES.md §10-§12): one player for the whole family, deciding from its
seat's view alone (its hand, the board, the run, the played cards it can see, and the
rules of the game its view names, which every player knows: the page's rank order and
cards that always stop). It reads facts (`facts.StopsView`, `page.StopsRules`) and never
tests which game it is.

- Leading, it scores each legal lead by what it knows: the cards it holds in a row from
  the lead are sure to be its own to play; a run it can carry to a stop it knows (the
  top of the suit, a card seen played, a permanent stop) keeps the lead for it; a boodle
  card in that row sweeps its chips now, and one higher in the suit may be reached later;
  a long suit sheds cards. Going out first pays most, so shedding and keeping the lead
  come first.
- Staking, it spreads toward the board cards it is likely to hit: those it holds, then
  those whose card below it holds; with no hand in view (stakes before the deal) every
  card is as likely as another, so it spreads evenly.
- With Michigan's widow, the dealer exchanges a poor hand for the unseen extra hand, and
  a player with a poor hand bids a little for it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import cast

from bot.games import registry
from bot.games.base import View
from bot.games.stops.facts import StopsView
from bot.games.stops.game import StopsGame
from bot.games.stops.page import StopsRules
from bot.games.stops.rules import successors


def page_of(view: StopsView) -> StopsRules:
    """The page of the game the view is of: its rules, known to every player."""
    game = registry.get(str(view.get("game")))
    assert isinstance(game, StopsGame), view.get("game")
    return game.rules


def _seen(view: StopsView) -> set[str]:
    """The cards this seat has seen played (the run, the face-up played cards)."""
    seen = {str(c) for _, c in view.get("run") or []}
    for cards in view.get("played") or []:
        seen.update(cards)
    return seen


def lead_score(view: StopsView, card: str, hand: Sequence[str], order: Sequence[str]) -> float:
    """How good a lead is for this seat (higher is better)."""
    return _Reading(view, hand, order).score(card)


class _Reading:
    """What the seat knows, worked out once for scoring each of its leads."""

    def __init__(
        self,
        view: StopsView,
        hand: Sequence[str],
        order: Sequence[str],
        fixed: Sequence[str] | None = None,
    ) -> None:
        self.nexts = successors(tuple(order))
        self.mine = set(hand)
        self.seen = _seen(view)
        self.board = {b["card"]: int(b["chips"]) for b in view.get("board") or []}
        self.fixed = set(page_of(view).fixed_stops if fixed is None else fixed)
        self.suits: dict[str, list[str]] = {}
        for c in hand:
            self.suits.setdefault(c[-1], []).append(c)

    def score(self, card: str) -> float:
        """The lead's worth: cards run off in a row, a stop kept, boodles swept or reached."""
        board, mine, nexts = self.board, self.mine, self.nexts
        score, now, block = 0.0, card, 0
        held = set()
        while True:
            block += 1
            held.add(now)
            score += board.get(now, 0) * 0.5
            after = nexts[now]
            if after is None or after in self.seen or now in self.fixed:
                score += 6  # the run stops on our own card: we lead again
                break
            if after not in mine:
                break
            now = after
        in_suit = self.suits.get(card[-1], ())
        score += 2 * block + 0.5 * len(in_suit)
        score += sum(0.2 * board[c] for c in in_suit if c in board and c not in held)
        return score


def strength(hand: Sequence[str], order: Sequence[str]) -> float:
    """A hand's worth for going out: fewer cards, more top cards and runs held in a row."""
    mine = set(hand)
    nexts = successors(tuple(order))
    tops = sum(1 for c in hand if nexts[c] is None)
    rows = sum(1 for c in hand if nexts[c] in mine)
    return 2 * tops + rows - 0.5 * len(hand)


def spread_for(view: StopsView) -> str:
    """The spread toward the board cards this seat is likely to hit."""
    staking = view.get("staking")
    assert staking is not None, "asked to spread with no stake in view"
    total, cards = staking["total"], list(staking["cards"])
    hand = set(view.get("hand") or [])
    if not hand:  # stakes before the deal: every board card is as likely as another
        each, odd = divmod(total, len(cards))
        return "spread " + " ".join(str(each + (i < odd)) for i in range(len(cards)))
    order = page_of(view).order
    weights = []
    for c in cards:
        below = order[order.index(c[:-1]) - 1] + c[-1] if order.index(c[:-1]) else ""
        weights.append(4 if c in hand else 1 if below in hand else 0)
    if not hand or not any(weights):
        weights = [1] * len(cards)
    amounts = [total * w // sum(weights) for w in weights]
    best = max(range(len(cards)), key=lambda i: weights[i])
    amounts[best] += total - sum(amounts)
    return "spread " + " ".join(str(a) for a in amounts)


class StopsPolicy:
    """The AI of every Stops game."""

    def choose(self, view: View, seat: int, rng: random.Random) -> str:
        """The seat's action, from its view alone."""
        facts = cast(StopsView, view)  # a Stops game's views are StopsViews (view.py)
        phase = facts.get("phase")
        hand = list(facts.get("hand") or [])
        page = page_of(facts)
        order = page.order
        if phase == "deal":
            return "deal"
        if phase == "stake":
            return spread_for(facts)
        if phase == "widow":
            return "exchange" if strength(hand, order) < -3 else "keep"
        if phase == "auction":
            worth = -3 - strength(hand, order)
            top = int(facts.get("bid") or 0) + 1
            seats = facts.get("seats") or []
            stack = seats[seat]["stack"] if seat < len(seats) else 0
            return f"bid {top}" if worth >= top and top <= stack and top <= 3 else "pass"
        leads = list(facts.get("leads") or [])
        if len(leads) <= 1:
            return f"play {leads[0]}" if leads else "pass"
        reading = _Reading(facts, hand, order, page.fixed_stops)
        best = max(leads, key=lambda c: (reading.score(c), rng.random()))
        return f"play {best}"


POLICY = StopsPolicy()
"""The policy `bot.games.ai` finds for every Stops game's key."""
