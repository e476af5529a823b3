"""Picture (Cheney p. 76; its rules page beside it).

Nine cards in three rows make the Picture (`c1`..`c9`, row by row). One king and one ace
of each suit lie beside it and start the families, down from the kings and up from the
aces, following suit. Any picture card may go to a family. Cards from the pack that
cannot be used go on the waste (Cheney's "stock"), whose top card may go to a family or
fill an empty place of the picture. The waste may be turned twice.

[OUR CHOICE] (its rules page beside it) the four kings and four aces are taken out before the
deal. A place may be filled "from the pack" by dealing a card and moving it from the
waste at once, which comes to the same thing; picture cards do not move between places.
"""

from __future__ import annotations

from bot.games.patience.engine import Ctx, Kind, Layout, Zone
from bot.games.patience.games._kings_and_aces import (
    ACE_BASES,
    FAMILIES,
    KING_BASES,
    TwoWay,
)
from bot.games.patience.games._step_families import take_cards
from bot.games.rules_text import rules_page


class Picture(TwoWay):
    """Picture."""

    key = "picture"
    title = "Picture"
    packs = 2
    source = "Cheney, Patience (1869), p. 76"
    summary = "A picture of nine cards feeds kings down and aces up; the waste turns twice."
    rules = rules_page(__package__, "picture.md")
    zones = (
        Zone("s", Kind.STOCK, label="the pack"),
        Zone("w", Kind.WASTE, label="the waste"),
        FAMILIES,
        Zone("c", Kind.CELL, count=9, label="picture place", sources="w"),
    )
    redeals = 2

    def take_out(self, cards: list[str], ctx: Ctx) -> list[str]:
        """A king and an ace of each suit."""
        return take_cards(cards, KING_BASES + ACE_BASES)

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """The kings and aces out, then nine cards for the picture."""
        rest = list(deck)
        bases = self.take_out(rest, ctx)
        layout = self.empty().put({self.index[f"f{k}"]: (c,) for k, c in enumerate(bases, 1)}, {})
        cells = {i: (rest[k],) for k, i in enumerate(self.of_kind[Kind.CELL])}
        return self.with_stock(layout.put(cells, {}), rest[len(cells) :])


SPECS = (Picture,)
