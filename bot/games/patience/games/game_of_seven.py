"""Game of Seven (Cheney, 3rd ed. 1894, p. 123; its rules page beside it): one pack,
seven single cards, the waste, and families that may give a card back to fill a space.

Seven cards are dealt in a row (`t1`..`t7`). The aces start four families, built up in
suit to the kings. A top card of the row marries a card one higher of the other colour,
one card at a time. The pack is turned one card at a time onto the waste (Cheney's
"stock"), whose top card may go to a family or the row. A space in the row of seven is
filled from the waste, from the top of another pile of the row ("the lower row on the
seven"), or with the top card of a family taken back. There is no redeal.

[OUR CHOICE] "The lower row on the seven" is read as the cards married onto the seven:
any top card of the row may fill a space. A card taken back from a family goes only into
a space (Cheney allows it for that alone). A space also takes the card just turned,
since it lies on the waste.
"""

from __future__ import annotations

from bot.games.patience.engine import Build, Ctx, Kind, Layout, Zone
from bot.games.patience.games._lookup import LookupMoves
from bot.games.rules_text import rules_page

ROW = 7


class GameOfSeven(LookupMoves):
    """Game of Seven."""

    key = "game-of-seven"
    title = "Game of Seven"
    source = "Cheney, Patience (3rd ed., 1894), p. 123"
    summary = "Seven cards, alternating colours, and families that may lend a card to a space."
    rules = rules_page(__package__, "game-of-seven.md")
    zones = (
        Zone("s", Kind.STOCK, label="the pack"),
        Zone("w", Kind.WASTE, label="the waste"),
        Zone(
            "f",
            Kind.FOUNDATION,
            count=4,
            label="family",
            base=1,
            build=Build(steps=(1,), suit="same"),
            takeback=True,
        ),
        Zone("t", Kind.TABLEAU, count=ROW, label="place", build=Build(suit="alt")),
    )

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """Seven cards in a row; the rest is the pack."""
        row = {self.index[f"t{k + 1}"]: (deck[k],) for k in range(ROW)}
        return self.with_stock(self.empty().put(row, {}), deck[ROW:])

    def rule(self, layout: Layout, src: int, cards: tuple[str, ...], dst: int) -> str | None:
        """A card taken back from a family goes only into a space."""
        back = self.zone_of[src].kind is Kind.FOUNDATION
        if back and (self.zone_of[dst].kind is not Kind.TABLEAU or layout.piles[dst]):
            return "A card taken back from a family may only fill a space in the row."
        return None


SPECS = (GameOfSeven,)
