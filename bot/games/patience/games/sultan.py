"""The Sultan (Cheney p. 23; its rules page beside it).

Two packs. The ace of hearts and the eight kings are taken out: one king of hearts, the
Sultan, sits in the centre (`k`, never built on); round him, row by row, lie f1 king of
clubs, f2 ace of hearts, f3 king of clubs, f4 king of diamonds, f5 king of diamonds, f6
king of spades, f7 the other king of hearts, f8 king of spades. Each king is built up in
suit from the ace to the queen (round the corner, thirteen cards); the ace of hearts from
the two to the queen (twelve). Eight cards from the pack form the Divan (r1-r8), every
card of it free. Cards that cannot be used go to the waste (Cheney's "stock"); a gap in
the Divan is filled from the top of the waste or with the next card of the pack (deal,
then fill from the waste). Two redeals, the waste turned over without shuffling.
The Divan is kept full (Cheney: "always keeping your divan full"): while a place is empty
and the waste has a card for it, the player fills it before dealing or redealing.
- `sultan_divan_full` (default true); false is the lenient reading, where a place may
  wait empty while the player deals on.
"""

from __future__ import annotations

from bot.games.options import Option
from bot.games.patience.engine import Build, Ctx, Kind, Layout, Zone
from bot.games.patience.games._step_families import take_cards
from bot.games.patience.games._wants import Wants, fits_one, following
from bot.games.rules_text import rules_page

SULTAN = "KH"
AROUND = ("KC", "AH", "KC", "KD", "KD", "KS", "KH", "KS")
ACE = 1
"""The index of the ace of hearts among the families (f2)."""
DIVAN = 8
FILL_FIRST = "Fill the empty place in the Divan from the waste before you deal on."


class Sultan(Wants):
    """The Sultan."""

    key = "sultan"
    title = "The Sultan"
    source = "Cheney, Patience (1869), p. 23"
    summary = "Two packs: the Sultan's kings built up in suit to their queens, with a divan."
    rules = rules_page(__package__, "sultan.md")
    packs = 2
    zones = (
        Zone("s", Kind.STOCK, label="the pack"),
        Zone("w", Kind.WASTE),
        Zone("k", Kind.INDICATOR, label="the Sultan"),
        Zone("f", Kind.FOUNDATION, count=8, build=Build(steps=(1,), suit="same", wrap=True)),
        Zone("r", Kind.CELL, count=DIVAN, label="divan", sources="w"),
    )
    redeals = 2
    figure = "square"
    options = (
        Option(
            "sultan_divan_full",
            True,
            "Fill an empty Divan place before dealing on (Cheney); false lets it wait.",
        ),
    )

    def take_out(self, cards: list[str], ctx: Ctx) -> list[str]:
        """The Sultan and the eight cards round him."""
        return take_cards(cards, (SULTAN, *AROUND))

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """The Sultan and his square taken out, then eight cards to the Divan."""
        cards = list(deck)
        self.take_out(cards, ctx)
        layout = self.empty().put({self.index["k"]: (SULTAN,)}, {})
        layout = layout.put({self.index[f"f{k + 1}"]: (c,) for k, c in enumerate(AROUND)}, {})
        divan = {self.index[f"r{k + 1}"]: (c,) for k, c in enumerate(cards[:DIVAN])}
        return self.with_stock(layout.put(divan, {}), cards[DIVAN:])

    def want(self, layout: Layout, dst: int) -> str | None:
        """One up in suit, round the corner, to the queen."""
        pile = layout.piles[dst]
        full = 12 if dst - self.index["f1"] == ACE else 13
        if len(pile) >= full:
            return None
        return f"{following(pile[-1], 1, True)}{pile[-1][-1]}"

    def card_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """The waste top and the Divan cards home; the waste top to a gap in the Divan."""
        w = self.index["w"]
        cells = self.of_kind[Kind.CELL]
        out = self.homes(layout, (w, *cells))
        if layout.piles[w]:
            out += [f"move w {self.ids[r]}" for r in cells if not layout.piles[r]]
        return out

    def gap_waits(self, layout: Layout) -> bool:
        """Whether a Divan place is empty while the waste has a card to fill it."""
        cells = self.of_kind[Kind.CELL]
        return bool(layout.piles[self.index["w"]]) and not all(layout.piles[r] for r in cells)

    def keeps_full(self, layout: Layout, ctx: Ctx) -> bool:
        """Whether dealing on must wait for a Divan place to be filled."""
        return bool(ctx.options.get("sultan_divan_full", True)) and self.gap_waits(layout)

    def can_deal(self, layout: Layout, ctx: Ctx) -> bool:
        """Deal, unless a Divan place is waiting to be filled from the waste."""
        return super().can_deal(layout, ctx) and not self.keeps_full(layout, ctx)

    def can_redeal(self, layout: Layout, ctx: Ctx) -> bool:
        """Redeal, unless a Divan place is waiting to be filled from the waste."""
        return super().can_redeal(layout, ctx) and not self.keeps_full(layout, ctx)

    def no_deal(self, layout: Layout) -> str:
        """The Divan first, then the usual reasons."""
        if layout.piles[self.index["s"]] and self.gap_waits(layout):
            return FILL_FIRST
        return super().no_deal(layout)

    def no_redeal(self, layout: Layout) -> str:
        """The Divan first, then the usual reasons."""
        out = layout.passes < self.redeals and not layout.piles[self.index["s"]]
        if out and self.gap_waits(layout):
            return FILL_FIRST
        return super().no_redeal(layout)

    def fits_foundation(self, layout: Layout, dst: int, card: str, ctx: Ctx) -> str | None:
        """Up in suit to the queen: the ace of hearts' family ends at twelve cards."""
        if dst - self.index["f1"] == ACE and len(layout.piles[dst]) >= 12:
            return "The ace of hearts' family is complete at the queen."
        return super().fits_foundation(layout, dst, card, ctx)

    def won(self, layout: Layout) -> bool:
        """Every family at its queen (the Sultan is not counted)."""
        return self.score(layout) == len(self.pack()) - 1

    def safe(self, layout: Layout, move: str, ctx: Ctx) -> bool:
        """A card with one family only may go home by itself."""
        return fits_one(self, layout, move, ctx)


SPECS = (Sultan,)
