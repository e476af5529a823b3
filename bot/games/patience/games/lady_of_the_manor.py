"""Lady of the Manor (Cheney p. 78; its rules page beside it): four piles of twelve and
a semicircle of thirteen piles sorted by rank. Not PySolFC's version, which takes the aces
out first and lays the four piles face down.

Four piles of twelve cards face up (`t1`..`t4`, only the top card used); the other 56
cards go into thirteen piles by rank in a semicircle (`r1` the aces .. `r13` the kings).
The eight aces start families as they come, each built up to the king regardless of
suit, from the tops of the four piles or from any pile of the semicircle. The skill is to
take from the semicircle only when it is needed: the game fails when a rank there runs
out too soon. Auto plays only from the four piles.

[OUR CHOICE] The piles of twelve are laid one after another from the top of the pack; the
semicircle takes the rest in the order they come. Any card of a semicircle pile is the
same as its top card (they share a rank, and suit does not matter), so the top one is
taken.
"""

from __future__ import annotations

from bot.games.patience.engine import Build, Ctx, Kind, Layout, Spec, Zone, rank, rank_name
from bot.games.rules_text import rules_page

PILES, DEPTH = 4, 12


class LadyOfTheManor(Spec):
    """Lady of the Manor."""

    key = "lady-of-the-manor"
    title = "Lady of the Manor"
    packs = 2
    source = "Cheney, Patience (1869), p. 78"
    summary = "Aces up regardless of suit from four piles, and a semicircle of ranks to spare."
    rules = rules_page(__package__, "lady-of-the-manor.md")
    zones = (
        Zone("f", Kind.FOUNDATION, count=8, label="family", base=1, build=Build(steps=(1,))),
        Zone("t", Kind.TABLEAU, count=PILES, empty="none"),
        Zone("r", Kind.RESERVE, count=13, label="semicircle"),
    )
    deal_to = ""
    figure = "semicircle"

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """Four piles of twelve, then the rest sorted by rank into the semicircle."""
        piles: dict[int, tuple[str, ...]] = {}
        for k, t in enumerate(self.of_kind[Kind.TABLEAU]):
            piles[t] = tuple(deck[k * DEPTH : (k + 1) * DEPTH])
        rest = deck[PILES * DEPTH :]
        for r in range(1, 14):
            piles[self.index[f"r{r}"]] = tuple(c for c in rest if rank(c) == r)
        return self.empty().put(piles, {})

    def card_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """A top card to each family that takes its rank (quicker than the general
        search: suit does not matter, so only the heights of the families count)."""
        out: list[str] = []
        by_height: dict[int, list[str]] = {}
        for f in self.of_kind[Kind.FOUNDATION]:
            by_height.setdefault(len(layout.piles[f]), []).append(self.ids[f])
        for src in self.of_kind[Kind.TABLEAU] + self.of_kind[Kind.RESERVE]:
            pile = layout.piles[src]
            if pile:
                out += [f"move {self.ids[src]} {f}" for f in by_height.get(rank(pile[-1]) - 1, [])]
        return out

    def safe(self, layout: Layout, move: str, ctx: Ctx) -> bool:
        """Cards from the four piles only: the semicircle is the player's choice."""
        words = move.split(" ")
        return words[0] == "move" and words[1].startswith("t")

    def weigh(self, layout: Layout, move: str, ctx: Ctx) -> int | None:
        """The four piles first; then a semicircle card that lets a pile's top card follow,
        and its longest ranks before its short ones."""
        words = move.split(" ")
        if words[1].startswith("t"):
            return 100
        src = self.index[words[1]]
        after = rank(layout.piles[src][-1]) + 1
        tops = [layout.piles[t][-1] for t in self.of_kind[Kind.TABLEAU] if layout.piles[t]]
        return 10 + len(layout.piles[src]) + 40 * sum(rank(c) == after for c in tops)

    def label(self, index: int) -> str:
        """Semicircle piles by their rank: 'the aces of the semicircle'."""
        if self.zone_of[index].name == "r":
            r = index - self.index["r1"] + 1
            return f"the {rank_name(r)}s of the semicircle"
        return super().label(index)


SPECS = (LadyOfTheManor,)
