"""Brunette and Blonde (Cheney p. 90; its rules page beside it): two packs, the one game
of the first editions with marriages in alternating colours.

Eight cards are laid in a row. The eight aces start families above it as they come, each
built up in alternating colours regardless of suit (a black deuce on a red ace). Cards
turned from the pack go on the families, on the row (down in alternating colours: a red
eight on a black nine), or on the waste (Cheney's "stock"), whose top card may be used. A
space in the row is filled from the waste or the pack. The waste may be turned twice.

[OUR CHOICE] Cards are laid on the row only from the pack or the waste, never from one
card of the row onto another (the book speaks only of cards laid off from the pack); an
ace in the opening row goes up when the player (or Auto) moves it, and its space is
filled like any other. The waste is turned over without reshuffling.
"""

from __future__ import annotations

from bot.games.patience.engine import Build, Ctx, Kind, Layout, Zone
from bot.games.patience.games._quick import QuickSpec
from bot.games.rules_text import rules_page


class BrunetteAndBlonde(QuickSpec):
    """Brunette and Blonde."""

    key = "brunette-and-blonde"
    title = "Brunette and Blonde"
    source = "Cheney, Patience (1869), p. 90"
    summary = "Two packs; eight aces built up, and a row built down, in alternating colours."
    rules = rules_page(__package__, "brunette-and-blonde.md")
    zones = (
        Zone("s", Kind.STOCK, label="the pack"),
        Zone("w", Kind.WASTE, label="the waste"),
        Zone("f", Kind.FOUNDATION, count=8, base=1, build=Build(steps=(1,), suit="alt")),
        Zone("t", Kind.TABLEAU, count=8, label="row", build=Build(suit="alt"), sources="w"),
    )
    packs = 2
    redeals = 2

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """Eight cards in a row; the rest is the pack."""
        row = {self.index[f"t{k + 1}"]: (deck[k],) for k in range(8)}
        return self.with_stock(self.empty().put(row, {}), deck[8:])


SPECS = (BrunetteAndBlonde,)
