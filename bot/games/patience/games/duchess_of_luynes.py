"""Duchess of Luynes (Cheney p. 74; its rules page beside it), with the option
`duchess_shuffle`.

Each round lays a card on each of four places (`t1`..`t4`) and the fifth and sixth cards
on a stock (`r`, Cheney's word; a face-up reserve whose top card is free: [OUR CHOICE]
per its rules page beside it). One king and one ace of each suit start families as they
appear; kings go down and aces up, in suit, from the top cards of the places and the
stock. A place used up is not refilled except by the next round. Twice the places and
the stock may be taken up and laid again in the same way ("renew the stock"); a third
time they may be laid on the four places only, without the stock.

[OUR CHOICE] Each renewal takes up the places and the stock together (the book's "once
more" says the last one is like the others but for the stock). Cheney does not say to
shuffle: `duchess_shuffle` (default false) shuffles the cards taken up. A relay makes them
the pack and deals its first round at once.
"""

from __future__ import annotations

from bot.games.options import Option
from bot.games.patience.engine import Ctx, Kind, Layout, Zone, take_up
from bot.games.patience.games._kings_and_aces import (
    FAMILIES,
    TwoWay,
)
from bot.games.rules_text import rules_page


class DuchessOfLuynes(TwoWay):
    """Duchess of Luynes."""

    key = "duchess-of-luynes"
    title = "Duchess of Luynes"
    packs = 2
    source = "Cheney, Patience (1869), p. 74"
    summary = "Four places and a stock, dealt four and two; kings down and aces up in suit."
    rules = rules_page(__package__, "duchess-of-luynes.md")
    zones = (
        Zone("s", Kind.STOCK, label="the pack"),
        FAMILIES,
        Zone("t", Kind.TABLEAU, count=4, label="place", empty="none"),
        Zone("r", Kind.RESERVE, label="the stock"),
    )
    deal_to = "t"
    redeals = 3
    options = (
        Option("duchess_shuffle", False, "Shuffle the cards taken up before laying them again."),
    )

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """The pack, and its first round laid."""
        return self.do_deal(self.with_stock(self.empty(), deck), ctx)

    def do_deal(self, layout: Layout, ctx: Ctx) -> Layout:
        """A card on each place, then two on the stock (none on the last relay)."""
        order = list(self.of_kind[Kind.TABLEAU])
        if layout.passes < 3:
            order += [self.index["r"]] * 2
        return self.deal_round(layout, order)

    def gathered(self) -> list[int]:
        """The places and the stock."""
        return [*self.of_kind[Kind.TABLEAU], self.index["r"]]

    def do_redeal(self, layout: Layout, ctx: Ctx) -> Layout:
        """Take up the places and the stock and lay the first round again."""
        shuffle = bool(ctx.options.get("duchess_shuffle", False))
        cleared, cards = take_up(layout, self.gathered(), ctx, shuffle)
        return self.do_deal(self.with_stock(cleared, cards), ctx)


SPECS = (DuchessOfLuynes,)
