"""Patience at St. Helena (Cheney p. 54; its rules page beside it), with the option
`st_helena_shuffle` (relays reshuffle, Cheney's word; [OUR CHOICE] default true).

Four kings in a row over their four aces; the families go down from the kings and up from
the aces, in suit. Twelve piles round them, dealt a round at a time in the book's order:
the row below the aces (`b1`..`b4`), the row above the kings (`t1`..`t4`), then the
right-hand ends of the kings' and aces' rows (`e3`, `e4`) and the left-hand ends (`e1`,
`e2`). In the first distribution the piles above feed only the kings, the piles below
only the aces, and the side piles either. Marriages: a top card on a top card one above
or one below it, regardless of suit. Twice the piles may be taken up, shuffled and laid
again, and then every pile feeds either row.

[OUR CHOICE] The first kings and aces of the shuffled pack (one of each suit) are laid out
before the deal. A round is dealt when the player asks (Deal), so cards may be used
between rounds. An emptied pile takes no marriage; the next round refills it. A relay
makes the taken-up cards the pack again and deals its first round at once.
"""

from __future__ import annotations

from bot.games.options import Option
from bot.games.patience.engine import Build, Ctx, Kind, Layout, Zone, take_up
from bot.games.patience.games._kings_and_aces import (
    ACE_BASES,
    FAMILIES,
    KING_BASES,
    TwoWay,
)
from bot.games.patience.games._step_families import take_cards
from bot.games.rules_text import rules_page

MARRY = Build(steps=(-1, 1))
ORDER = ("b1", "b2", "b3", "b4", "t1", "t2", "t3", "t4", "e3", "e4", "e1", "e2")
"""The order of laying off a round (Cheney: "always observe this same order")."""


class StHelena(TwoWay):
    """Patience at St. Helena."""

    key = "st-helena"
    title = "Patience at St. Helena"
    packs = 2
    source = "Cheney, Patience (1869), p. 54"
    summary = "Kings down and aces up in suit, fed at first only from their own side."
    rules = rules_page(__package__, "st-helena.md")
    zones = (
        Zone("s", Kind.STOCK, label="the pack"),
        FAMILIES,
        Zone("t", Kind.TABLEAU, count=4, label="above", build=MARRY, empty="none"),
        Zone("e", Kind.TABLEAU, count=4, label="side", build=MARRY, empty="none"),
        Zone("b", Kind.TABLEAU, count=4, label="below", build=MARRY, empty="none"),
    )
    deal_to = "t"
    redeals = 2
    reshuffle = True
    options = (
        Option(
            "st_helena_shuffle",
            True,
            "Shuffle the piles when they are taken up to be laid again (Cheney: shuffle).",
        ),
    )

    def take_out(self, cards: list[str], ctx: Ctx) -> list[str]:
        """A king and an ace of each suit."""
        return take_cards(cards, KING_BASES + ACE_BASES)

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """The kings and aces laid out, then the first round."""
        rest = list(deck)
        self.take_out(rest, ctx)
        families = {self.index[f"f{k}"]: (c,) for k, c in enumerate(KING_BASES + ACE_BASES, 1)}
        layout = self.with_stock(self.empty().put(families, {}), rest)
        return self.do_deal(layout, ctx)

    def do_deal(self, layout: Layout, ctx: Ctx) -> Layout:
        """One card on each pile, in the book's order."""
        return self.deal_round(layout, [self.index[p] for p in ORDER])

    def accepts(
        self, layout: Layout, src: int, cards: tuple[str, ...], dst: int, ctx: Ctx
    ) -> str | None:
        """In the first distribution each row is fed only from its own side."""
        if self.zone_of[dst].kind is Kind.FOUNDATION and layout.passes == 0:
            side = self.zone_of[src].name
            if side == "t" and not self.descending(dst):
                return "In the first distribution the piles above feed only the kings."
            if side == "b" and self.descending(dst):
                return "In the first distribution the piles below feed only the aces."
        return super().accepts(layout, src, cards, dst, ctx)

    def do_redeal(self, layout: Layout, ctx: Ctx) -> Layout:
        """Take up the piles, shuffle them (by the option), and lay the first round."""
        piles = [self.index[p] for p in ORDER]
        shuffle = bool(ctx.options.get("st_helena_shuffle", True))
        cleared, cards = take_up(layout, piles, ctx, shuffle)
        return self.do_deal(self.with_stock(cleared, cards), ctx)


SPECS = (StHelena,)
