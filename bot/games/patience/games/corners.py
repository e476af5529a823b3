"""Corners (Cheney p. 104; its rules page beside it): one pack in a square of three rows
of three. Not PySolFC's Corners (a game without building).

The first card of the pack goes in the top left-hand corner (family `f1`) and fixes the
base rank; the cards of that rank in the other suits take the other corners (`f2`..`f4`)
as they appear. The families are built up in suit round the corner: from a nine, 9, 10,
knave, queen, king, ace, 2 ... 8. The next cards of the pack fill the five other places
(`t1`..`t5`: the edges and the centre); a card of the base rank met while filling them
goes to a corner instead. Then the pack is turned one card at a time (Deal) onto the
waste (Cheney's "stock"), whose top card may be used. On the five places a card one lower
may be laid regardless of suit, without turning the corner (an ace goes on a deuce, never
a king on an ace); a space there is filled from the waste or the pack. No redeal.

- `corners_shift=space` [OUR CHOICE, the default]: a card goes from one of the five places
  onto another only when it is the last card of its place, so that a space is made
  ("from one of the centre piles on to another, if a vacant space can be thus made").
  `corners_shift=any`: the top card of a place may always be married onto another.
"""

from __future__ import annotations

from bot.games.options import Option
from bot.games.patience.engine import Build, Ctx, Kind, Layout, Zone, rank
from bot.games.patience.games._first_card_base import BASE, ROUND_FAMILIES, FirstCardBase
from bot.games.rules_text import rules_page

PLACES = 5


class Corners(FirstCardBase):
    """Corners."""

    key = "corners"
    title = "Corners"
    source = "Cheney, Patience (1869), p. 104"
    summary = "A square of nine; the first card fixes the families' base in the four corners."
    rules = rules_page(__package__, "corners.md")
    zones = (
        Zone("s", Kind.STOCK, label="the pack"),
        Zone("w", Kind.WASTE, label="the waste"),
        ROUND_FAMILIES,
        Zone("t", Kind.TABLEAU, count=PLACES, label="place", build=Build(), empty="w"),
    )
    options = (
        Option(
            "corners_shift",
            "space",
            "space: a card moves between the middle places only to empty its place; any: "
            "the top card of a place may always be married onto another.",
            choices=("space", "any"),
        ),
    )

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """The first card to the top left corner; the next fill the five places, cards of
        the base rank going to the corners."""
        layout = self.start(self.empty(), deck[0])
        corners = [self.index[f"f{k}"] for k in range(2, 5)]
        places = list(self.of_kind[Kind.TABLEAU])
        changes: dict[int, tuple[str, ...]] = {}
        used = 1
        for card in deck[1:]:
            if not places:
                break
            used += 1
            if rank(card) == layout.marks[BASE] and corners:
                changes[corners.pop(0)] = (card,)
            else:
                changes[places.pop(0)] = (card,)
        return self.with_stock(layout.put(changes, {}), deck[used:])

    def accepts(
        self, layout: Layout, src: int, cards: tuple[str, ...], dst: int, ctx: Ctx
    ) -> str | None:
        """The plain rules, and a place's card moves onto another only to make a space."""
        both = self.zone_of[src].name == "t" and self.zone_of[dst].name == "t"
        strict = ctx.options.get("corners_shift", "space") == "space"
        if both and strict and len(layout.piles[src]) > 1:
            return "A card goes from one place onto another only when that leaves a space."
        return super().accepts(layout, src, cards, dst, ctx)

    def fits_empty(
        self, layout: Layout, src: int, cards: tuple[str, ...], dst: int, ctx: Ctx
    ) -> str | None:
        """A space is filled from the waste (deal first to fill it from the pack)."""
        if self.zone_of[src].name == "w":
            return None
        return "A space in the square is filled from the waste or the pack (deal, then move)."

    def card_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """The same moves as `accepts` allows, found directly (the hint solver asks often)."""
        piles, base = layout.piles, layout.marks[BASE]
        shift_any = ctx.options.get("corners_shift", "space") == "any"
        families = self.of_kind[Kind.FOUNDATION]
        places = self.of_kind[Kind.TABLEAU]
        out: list[str] = []
        for src in (self.index["w"], *places):
            if not piles[src]:
                continue
            card = piles[src][-1]
            r, pid = rank(card), self.ids[src]
            for f in families:
                home = piles[f]
                if (not home and r == base) or (
                    home
                    and len(home) < 13
                    and home[-1][-1] == card[-1]
                    and (r - rank(home[-1])) % 13 == 1
                ):
                    out.append(f"move {pid} {self.ids[f]}")
            from_waste = src == self.index["w"]
            if not (from_waste or shift_any or len(piles[src]) == 1):
                continue
            for t in places:
                if t == src:
                    continue
                if (piles[t] and rank(piles[t][-1]) == r + 1) or (not piles[t] and from_waste):
                    out.append(f"move {pid} {self.ids[t]}")
        return out


SPECS = (Corners,)
