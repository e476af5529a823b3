"""Shared mechanics of the removal and closing-line games (its rules page beside it,
16, 19, 45, 48): Fourteen, Number Eleven, Picture Gallery, Push Pin, Double Jump and
Gambler's Patience.

These games leave the stack model, so each has its own moves and no `move`:
- `Places`: cards lie in places (one pile each, in rows named a, b, c ... and numbered
  from the left), laid out and refilled from the pack in laying order; removed cards go
  to the discards `x`.
- `Line`: a closing line of piles in the slots p1, p2 ...; a pile that leaves its slot
  lets the piles after it move up one place, so the line is always the first slots.

A game's own move is checked against its list of legal moves, so a refusal never
disagrees with the list; `why_not` gives the reason in words.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

from bot.games.errors import IllegalAction
from bot.games.patience.engine import RANK_OF, Ctx, Kind, Layout, Spec, rank

COURTS = (11, 12, 13)


class Own(Spec, ABC):
    """A spec whose moves are all its own: no card moves from pile to pile."""

    deal_to = ""

    def card_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """No `move`: the game's own moves are in extra_moves."""
        return []

    def extra_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """The game's own moves, remembered for the last layout asked about (a hint asks,
        then applies one of them)."""
        return list(self.kept("own_moves", layout, ctx, self.own_moves))

    def own_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """The game's own moves in this layout."""
        return []

    def apply_extra(self, layout: Layout, action: str, ctx: Ctx) -> Layout:
        """Check the move against the legal list, then make it."""
        words = self.normal(action).split(" ")
        action = " ".join(words)
        if action not in self.extra_moves(layout, ctx):
            raise IllegalAction(self.why_not(layout, words, ctx))
        return self.perform(layout, words, ctx)

    def normal(self, action: str) -> str:
        """The action in its canonical spelling (e.g. places in laying order)."""
        return action

    def why_not(self, layout: Layout, words: list[str], ctx: Ctx) -> str:
        """Why a move that is not on the legal list is refused."""
        return self.usage()

    @abstractmethod
    def perform(self, layout: Layout, words: list[str], ctx: Ctx) -> Layout:
        """Make a legal move."""

    def stock(self, layout: Layout) -> tuple[str, ...]:
        """The pack, bottom card first (its last card is dealt next)."""
        return layout.piles[self.index["s"]]

    def with_discards(self, layout: Layout, cards: Sequence[str]) -> Layout:
        """The layout with these cards added to the discards."""
        x = self.index["x"]
        return layout.put({x: layout.piles[x] + tuple(cards)}, {})

    def thrown(self, layout: Layout) -> int:
        """Cards thrown out."""
        return len(layout.piles[self.index["x"]]) if "x" in self.index else 0


class Places(Own):
    """Cards in places, laid in the order of the zones (row a left to right, then b ...),
    refilled from the pack in that order."""

    refill = True
    """Whether an empty place is filled from the pack at once."""

    def __init__(self) -> None:
        super().__init__()
        self.places = [i for i, z in enumerate(self.zone_of) if z.kind in (Kind.CELL, Kind.RESERVE)]
        self.order = {i: k for k, i in enumerate(self.places)}

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """One card in each place, in laying order; the rest is the pack."""
        n = len(self.places)
        layout = self.empty().put({p: (c,) for p, c in zip(self.places, deck, strict=False)}, {})
        return self.with_stock(layout, deck[n:])

    def settle(self, layout: Layout, ctx: Ctx) -> Layout:
        """Empty places are filled from the pack at once, in laying order."""
        layout = super().settle(layout, ctx)
        if not self.refill:
            return layout
        stock = list(self.stock(layout))
        changes: dict[int, tuple[str, ...]] = {}
        for p in self.places:
            if not stock:
                break
            if not layout.piles[p]:
                changes[p] = (stock.pop(),)
        if not changes:
            return layout
        s = self.index["s"]
        changes[s] = tuple(stock)
        return layout.put(changes, {s: len(stock)})

    def tops(self, layout: Layout) -> list[tuple[int, str]]:
        """(place, top card) of every filled place, in laying order."""
        return [(p, layout.piles[p][-1]) for p in self.places if layout.piles[p]]

    def normal(self, action: str) -> str:
        """Places named in laying order: 'remove b2 a1' is 'remove a1 b2'."""
        words = action.split(" ")
        named = words[1:]
        if named and all(w in self.index and self.index[w] in self.order for w in named):
            named.sort(key=lambda w: self.order[self.index[w]])
            return " ".join([words[0], *named])
        return action

    def place_problem(self, layout: Layout, named: list[str]) -> str | None:
        """Why these names are not distinct filled places, or None."""
        for w in named:
            i = self.index.get(w)
            if i is None or i not in self.order:
                some = ", ".join(self.ids[p] for p in self.places[:3])
                return f"There is no place '{w}': places are named like {some}."
            if not layout.piles[i]:
                return f"Place {w} is empty."
        if len(set(named)) < len(named):
            return "Name different places."
        return None

    def won(self, layout: Layout) -> bool:
        """Every card thrown out."""
        return self.thrown(layout) == len(self.pack())

    def score(self, layout: Layout) -> int:
        """Cards thrown out."""
        return self.thrown(layout)

    def result_words(self, layout: Layout, won: bool) -> str:
        """How many cards were thrown out."""
        total = len(self.pack())
        if won:
            return f"Won: all {total} cards are used."
        return f"{self.thrown(layout)} of {total} cards were thrown out."


PIPS = {r + s: v for r, v in RANK_OF.items() for s in "SHDC"}
"""A card's count: ace 1 to king 13 (a table, for speed)."""


def pips(card: str) -> int:
    """A card's count: ace 1 to king 13."""
    return PIPS[card]


def is_court(card: str) -> bool:
    """Knave, queen or king."""
    return rank(card) in COURTS


class Line(Own):
    """A closing line of piles in the slots p1, p2 ... (zone "p")."""

    def __init__(self) -> None:
        super().__init__()
        self.slots = [self.index[p] for p in self.zone_ids("p")]

    def zone_ids(self, zone: str) -> list[str]:
        """The pile ids of one zone."""
        return next(z for z in self.zones if z.name == zone).ids()

    def line(self, layout: Layout) -> list[tuple[str, ...]]:
        """The piles of the line, left to right."""
        out = []
        for i in self.slots:
            pile = layout.piles[i]
            if not pile:
                break
            out.append(pile)
        return out

    def relaid(self, layout: Layout, piles: Sequence[tuple[str, ...]]) -> Layout:
        """The layout with the line made of these piles (the other slots empty)."""
        changes = {i: (piles[k] if k < len(piles) else ()) for k, i in enumerate(self.slots)}
        return layout.put(changes, {})

    def laid(self, layout: Layout, n: int) -> Layout:
        """The next n cards of the pack laid at the end of the line, one pile each."""
        stock = list(self.stock(layout))
        take = [stock.pop() for _ in range(min(n, len(stock)))]
        piles = self.line(layout) + [(c,) for c in take]
        s = self.index["s"]
        return self.relaid(layout, piles).put({s: tuple(stock)}, {s: len(stock)})

    def position(self, word: str, count: int) -> int | None:
        """A 1-based position in the line written as a word, or None."""
        if not word.isdigit() or not 1 <= int(word) <= count:
            return None
        return int(word)
