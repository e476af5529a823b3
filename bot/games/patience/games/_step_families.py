"""Shared mechanics of Musical, Louise's Game and Bethel (its rules page beside it,
43): families that climb by a step of their own, round the corner, regardless of suit.

Family k (counted from 1) climbs by k: Musical's second family goes 4, 6, 8 ... and
Bethel's third 3, 6, 9, queen, 2 ... Since every step is prime to thirteen, each family
meets every rank once and ends on its king. Also the helpers that take named cards out of
the pack before the deal, and the putting-under chain of Wandering Card and Weavers.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.patience.engine import RANK_OF, Ctx, Key, Kind, Layout, Spec, name, rank, rank_name


def take_ranks(cards: list[str], ranks: Sequence[int]) -> list[str]:
    """Take out of `cards` (top first) the first card of each rank in turn; return them."""
    out: list[str] = []
    for r in ranks:
        card = next(c for c in cards if rank(c) == r)
        cards.remove(card)
        out.append(card)
    return out


def take_cards(cards: list[str], named: Sequence[str]) -> list[str]:
    """Take these cards out of `cards` (one copy each); return them."""
    for card in named:
        cards.remove(card)
    return list(named)


class StepFamilies(Spec):
    """A game whose kth family climbs by k, round the corner, to a king."""

    def __init__(self) -> None:
        super().__init__()
        self.steps = {f: k for k, f in enumerate(self.of_kind[Kind.FOUNDATION], 1)}
        self.complete = [(f, self.zone_of[f].length) for f in self.of_kind[Kind.FOUNDATION]]

    def step(self, dst: int) -> int:
        """How far the family at pile index `dst` climbs at each card."""
        return self.steps[dst]

    def wanted(self, layout: Layout, dst: int) -> int | None:
        """The rank a started family takes next (None: complete)."""
        pile = layout.piles[dst]
        if len(pile) >= self.zone_of[dst].length:
            return None
        return (RANK_OF[pile[-1][:-1]] + self.steps[dst] - 1) % 13 + 1

    def takes(self, layout: Layout, dst: int, ctx: Ctx) -> tuple[Key, ...] | None:
        """A family takes its base, then the rank its step reaches next."""
        if self.zone_of[dst].kind is not Kind.FOUNDATION or not self._generic():
            return super().takes(layout, dst, ctx)
        if not layout.piles[dst]:
            return self.zone_takes(layout, dst)
        want = self.wanted(layout, dst)
        return () if want is None else ((want, "*"),)

    def fits_foundation(self, layout: Layout, dst: int, card: str, ctx: Ctx) -> str | None:
        """The family's own step, regardless of suit."""
        pile = layout.piles[dst]
        if not pile:
            return super().fits_foundation(layout, dst, card, ctx)
        want = self.wanted(layout, dst)
        if want is None:
            return f"{self.label(dst).capitalize()} is complete: it ends on its king."
        k = self.step(dst)
        if rank(card) != want:
            return (
                f"{self.label(dst).capitalize()} climbs by {k}: on {name(pile[-1])} "
                f"it takes a {rank_name(want)}."
            )
        return None

    def family_cards(self) -> int:
        """The cards the families hold when the game is won."""
        zone = next(z for z in self.zones if z.kind is Kind.FOUNDATION)
        return zone.count * zone.length

    def won(self, layout: Layout) -> bool:
        """Every family ends on its king."""
        return all(len(layout.piles[f]) == n for f, n in self.complete)

    def result_words(self, layout: Layout, won: bool) -> str:
        """The families in a sentence."""
        if won:
            return "Won: every family ends on its king."
        return f"{self.score(layout)} of {self.family_cards()} cards reached the families."

    def safe(self, layout: Layout, move: str, ctx: Ctx) -> bool:
        """A card may go up to a family, or to its place in a row, by itself (nothing is
        built elsewhere)."""
        words = move.split(" ")
        return words[0] == "move" and self.zone_of[self.index[words[2]]].kind in _HOME


_HOME = (Kind.FOUNDATION, Kind.INDICATOR)


def put_under(layout: Layout, pile: int, card: str) -> Layout:
    """The layout with `card` put face up at the bottom of a pile."""
    return layout.put({pile: (card, *layout.piles[pile])}, {pile: 0})
