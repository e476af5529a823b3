"""Shared mechanics of Corners and Fooliana (its rules page beside it): four
families whose base rank is fixed by the first card laid, built up in suit round the
corner (a nine's family runs 9, 10, knave, queen, king, ace, 2 ... 8).

The base rank is the game's first mark (`BASE`), set by the deal.
"""

from __future__ import annotations

from bot.games.patience.engine import Build, Ctx, Kind, Layout, Spec, Zone, rank

BASE = 0
"""The index of the mark holding the families' base rank."""
ROUND_FAMILIES = Zone(
    "f",
    Kind.FOUNDATION,
    count=4,
    label="family",
    build=Build(steps=(1,), suit="same", wrap=True),
)
"""Four families up in suit, round the corner, thirteen cards each."""


class FirstCardBase(Spec):
    """A game whose four families all start from the rank of the first card laid."""

    marks: tuple[int, ...] = (0,)

    def base_rank(self, layout: Layout, dst: int) -> int | None:
        """The rank of the first card laid."""
        return layout.marks[BASE]

    def start(self, layout: Layout, card: str) -> Layout:
        """The layout with `card` as the first family and its rank as the base."""
        return layout.put({self.index["f1"]: (card,)}, {}).mark(BASE, rank(card))

    def won(self, layout: Layout) -> bool:
        """All four families of thirteen are complete."""
        return all(len(layout.piles[f]) == 13 for f in self.of_kind[Kind.FOUNDATION])

    def safe(self, layout: Layout, move: str, ctx: Ctx) -> bool:
        """A card of the base rank goes to an empty family by itself (Corners says it must);
        other cards by the general rule."""
        words = move.split(" ")
        if words[0] == "move" and len(words) == 3 and words[2] in self.index:
            dst = self.index[words[2]]
            if self.zone_of[dst].kind is Kind.FOUNDATION and not layout.piles[dst]:
                return True
        return super().safe(layout, move, ctx)
