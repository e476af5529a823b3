"""Reversible Sequences (Cheney p. 145; its rules page beside it), with the option
`reversible_waste_marries`.

Four rows of thirteen cards face up, each row lapping the one above, so that the cards
form thirteen columns (`t1`..`t13`) whose lowest card is free. One king and one ace of
each suit start families as they come free, kings built down and aces up, in suit (as in
Rank and File). Free cards marry up or down in suit. A column emptied (a space in the
upper row) is filled from the waste or the pack. The pack is turned onto the waste one
card at a time; there is no redeal.

[OUR CHOICE] The waste's top card goes to a family or a space; it does not marry onto a
column (as in Napoleon, where only the Pet Game allows it): `reversible_waste_marries`
(default false) lets it. Filling a space "from the pack" is dealing a card and moving it
at once. A space takes one card, which may then be built on.
"""

from __future__ import annotations

from bot.games.options import Option
from bot.games.patience.engine import Build, Ctx, Kind, Layout, Zone
from bot.games.patience.games._kings_and_aces import FAMILIES, TwoWay
from bot.games.rules_text import rules_page

COLUMNS, ROWS = 13, 4


class ReversibleSequences(TwoWay):
    """Reversible Sequences."""

    key = "reversible-sequences"
    title = "Reversible Sequences"
    packs = 2
    source = "Cheney, Patience (1869), p. 145"
    summary = "Four lapping rows of thirteen; marry up or down in suit; kings down, aces up."
    rules = rules_page(__package__, "reversible-sequences.md")
    zones = (
        Zone("s", Kind.STOCK, label="the pack"),
        Zone("w", Kind.WASTE, label="the waste"),
        FAMILIES,
        Zone(
            "t",
            Kind.TABLEAU,
            count=COLUMNS,
            label="column",
            build=Build(steps=(-1, 1), suit="same"),
            empty="w",
        ),
    )
    options = (
        Option(
            "reversible_waste_marries",
            False,
            "Let the waste's top card marry onto a column (not only go to a family or space).",
        ),
    )
    empty_worth = True

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """Four rows of thirteen, row by row; the rest is the pack."""
        columns = self.of_kind[Kind.TABLEAU]
        piles = {
            t: tuple(deck[k + COLUMNS * r] for r in range(ROWS)) for k, t in enumerate(columns)
        }
        return self.with_stock(self.empty().put(piles, {}), deck[COLUMNS * ROWS :])

    def accepts(
        self, layout: Layout, src: int, cards: tuple[str, ...], dst: int, ctx: Ctx
    ) -> str | None:
        """The waste marries onto no column unless the option allows it."""
        waste = self.zone_of[src].kind is Kind.WASTE
        onto = bool(layout.piles[dst]) and self.zone_of[dst].kind is Kind.TABLEAU
        if waste and onto and not ctx.options.get("reversible_waste_marries", False):
            return "The waste's top card goes only to a family or an empty column."
        return super().accepts(layout, src, cards, dst, ctx)


SPECS = (ReversibleSequences,)
