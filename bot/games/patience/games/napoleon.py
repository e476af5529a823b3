"""Napoleon, or the Pet Game (Cheney p. 99; its rules page beside it): two packs, and
its variation the Pet Game as a second spec.

Four rows of ten are laid, each lapping the one above: ten columns of four, face up, whose
lowest card is free. The eight aces go to a line below as they come free and are built up
in suit. A free card marries another free card one higher of its suit. Cards turned from
the pack go to the families or on the waste (Cheney's "stock"), whose top card may be
used. A column cleared to its top place is a space.

- Napoleon: a space is filled only with the top card of the waste or the pack, never with
  a card already on the table, and nothing from the waste marries a card of the rows; the
  waste may be turned twice.
- The Pet Game: the top card of the waste or the pack may also marry a free card, and any
  free card may fill a space; no turning of the waste (the game PySolFC calls Forty
  Thieves).

[OUR CHOICE] The waste is turned over without reshuffling.
"""

from __future__ import annotations

from bot.games.patience.engine import Build, Ctx, Kind, Layout, Zone
from bot.games.patience.games._quick import QuickSpec, columns
from bot.games.rules_text import rules_page

ROWS, COLS = 4, 10


class Napoleon(QuickSpec):
    """Napoleon."""

    key = "napoleon"
    title = "Napoleon"
    source = "Cheney, Patience (1869), p. 99"
    summary = "Two packs; ten lapped columns married down in suit; spaces from the waste."
    rules = rules_page(__package__, "napoleon.md")
    zones = (
        Zone("s", Kind.STOCK, label="the pack"),
        Zone("w", Kind.WASTE, label="the waste"),
        Zone("f", Kind.FOUNDATION, count=8, base=1, build=Build(steps=(1,), suit="same")),
        Zone("t", Kind.TABLEAU, count=COLS, label="column", build=Build(suit="same"), empty="w"),
    )
    packs = 2
    redeals = 2

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """Four lapping rows of ten; the rest is the pack."""
        cols = columns(deck, ROWS, COLS)
        laid = self.empty().put({self.index[f"t{c + 1}"]: p for c, p in enumerate(cols)}, {})
        return self.with_stock(laid, deck[ROWS * COLS :])

    def accepts(
        self, layout: Layout, src: int, cards: tuple[str, ...], dst: int, ctx: Ctx
    ) -> str | None:
        """The waste marries nothing in the rows; it only fills spaces (and goes home)."""
        if self.ids[src] == "w" and self.ids[dst][0] == "t" and layout.piles[dst]:
            return "A card from the waste may go only to a family or into a space."
        return super().accepts(layout, src, cards, dst, ctx)


class PetGame(Napoleon):
    """The Pet Game."""

    key = "pet-game"
    title = "The Pet Game"
    summary = "Napoleon with marriages from the waste, any free card into a space, no redeal."
    rules = rules_page(__package__, "pet-game.md")
    zones = (
        *Napoleon.zones[:3],
        Zone("t", Kind.TABLEAU, count=COLS, label="column", build=Build(suit="same")),
    )
    redeals = 0

    def accepts(
        self, layout: Layout, src: int, cards: tuple[str, ...], dst: int, ctx: Ctx
    ) -> str | None:
        """Plain building: the waste marries too."""
        return QuickSpec.accepts(self, layout, src, cards, dst, ctx)


SPECS = (Napoleon, PetGame)
