"""Louise's Game (Cheney p. 130; its rules page beside it): Musical with two packs and
eight columns.

The indicator row holds one to eight, the working row their doubles (2, 4 ... 14 = ace,
16 = three), and column k climbs by k, round the corner, to a king. One waste, turned twice.

- `louise_rows=as-they-come` [OUR CHOICE, the book's "as they appear from the pack"]: the
  sixteen row cards are placed from the waste as they turn up, and the families are built
  on only once both rows are complete ("after the second row is formed").
- `louise_rows=laid-out`: the first of each needed rank are taken out before the deal,
  as in Musical.
"""

from __future__ import annotations

from bot.games.options import Option
from bot.games.patience.engine import RANK_OF, Build, Ctx, Kind, Layout, Zone, rank, rank_name
from bot.games.patience.games._step_families import StepFamilies, take_ranks
from bot.games.rules_text import rules_page

UPPER = tuple(range(1, 9))
LOWER = tuple((2 * k - 1) % 13 + 1 for k in UPPER)


class LouisesGame(StepFamilies):
    """Louise's Game."""

    key = "louises-game"
    title = "Louise's Game"
    packs = 2
    source = "Cheney, Patience (1869), p. 130"
    summary = "Musical with two packs: eight families climbing by one to eight to kings."
    rules = rules_page(__package__, "louises-game.md")
    zones = (
        Zone("s", Kind.STOCK, label="the pack"),
        Zone("w", Kind.WASTE),
        Zone("i", Kind.INDICATOR, count=8, label="indicator"),
        Zone("f", Kind.FOUNDATION, count=8, length=12, build=Build(steps=(1,), wrap=True)),
    )
    redeals = 2
    options = (
        Option(
            "louise_rows",
            "as-they-come",
            "as-they-come (the two rows are placed as their cards turn up); laid-out (taken "
            "out before the deal).",
            choices=("as-they-come", "laid-out"),
        ),
    )

    def __init__(self) -> None:
        super().__init__()
        self.rows = self.of_kind[Kind.INDICATOR] + self.of_kind[Kind.FOUNDATION]
        self.places = list(zip(self.of_kind[Kind.INDICATOR], UPPER, strict=True))
        self.places += list(zip(self.of_kind[Kind.FOUNDATION], LOWER, strict=True))

    def take_out(self, cards: list[str], ctx: Ctx) -> list[str]:
        """The two rows (the upper, then the lower), if they are laid out first."""
        if ctx.options.get("louise_rows", "as-they-come") != "laid-out":
            return []
        return take_ranks(cards, UPPER) + take_ranks(cards, LOWER)

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """The pack face down, with the two rows taken out first if laid out."""
        cards = list(deck)
        layout = self.empty()
        named = self.take_out(cards, ctx)
        if named:
            upper, lower = named[: len(UPPER)], named[len(UPPER) :]
            rows = {self.index[f"i{k + 1}"]: (c,) for k, c in enumerate(upper)}
            rows |= {self.index[f"f{k + 1}"]: (c,) for k, c in enumerate(lower)}
            layout = layout.put(rows, {})
        return self.with_stock(layout, cards)

    def rows_done(self, layout: Layout) -> bool:
        """Whether every indicator and every family's first card is down."""
        return all(layout.piles[i] for i in self.rows)

    def base_rank(self, layout: Layout, dst: int) -> int | None:
        """Column k's family starts with the double of k."""
        return LOWER[self.of_kind[Kind.FOUNDATION].index(dst)]

    def fits_foundation(self, layout: Layout, dst: int, card: str, ctx: Ctx) -> str | None:
        """Building waits until both rows are formed."""
        if layout.piles[dst] and not self.rows_done(layout):
            return "The families are built on only once both rows are complete."
        return super().fits_foundation(layout, dst, card, ctx)

    def accepts(
        self, layout: Layout, src: int, cards: tuple[str, ...], dst: int, ctx: Ctx
    ) -> str | None:
        """An empty indicator place k takes a card of rank k."""
        if self.zone_of[dst].kind is not Kind.INDICATOR:
            return super().accepts(layout, src, cards, dst, ctx)
        k = self.of_kind[Kind.INDICATOR].index(dst) + 1
        if layout.piles[dst]:
            return f"{self.label(dst).capitalize()} is already laid."
        if rank(cards[0]) != k:
            return f"{self.label(dst).capitalize()} takes a {rank_name(k)}."
        return None

    def card_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """Only the waste's top card moves: to a family or a place in the rows."""
        waste = layout.piles[self.index["w"]]
        if not waste:
            return []
        r, piles = RANK_OF[waste[-1][:-1]], layout.piles
        out = [f"move w {self.ids[p]}" for p, want in self.places if want == r and not piles[p]]
        if self.rows_done(layout):
            found = self.of_kind[Kind.FOUNDATION]
            out += [f"move w {self.ids[f]}" for f in found if self.wanted(layout, f) == r]
        return out


SPECS = (LouisesGame,)
