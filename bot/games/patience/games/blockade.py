"""Blockade (Cheney p. 58; its rules page beside it): rows of ten where only cards with
a space above or below them are free. Not PySolFC's Blockade (a Gypsy-type game).

The cards are laid in rows of ten (places `g1`..`g110`, ten to a row, eleven rows at
most). One king and one ace of each suit start families, down from the kings and up from
the aces, in suit. A card may go to a family when it lies in the top row, or has an
empty place (or no row yet) above it or below it; a card with cards both above and below
is blockaded. Spaces are filled from the pack in reading order. When the pack is out and
no free card fits, the player may once draw any card on the table to a family.

[OUR CHOICE] Deal fills every space in reading order, top row first; when there is no
space it lays the next row of ten. The first cards of the pack are dealt as the first
row. The drawn card must go straight to a family.
"""

from __future__ import annotations

from dataclasses import replace

from bot.games.errors import IllegalAction
from bot.games.patience.engine import Ctx, Kind, Layout, Zone
from bot.games.patience.games._kings_and_aces import FAMILIES, TwoWay
from bot.games.rules_text import rules_page

WIDTH, ROWS = 10, 11


class Blockade(TwoWay):
    """Blockade."""

    key = "blockade"
    title = "Blockade"
    packs = 2
    source = "Cheney, Patience (1869), p. 58"
    summary = "Rows of ten; only cards with a space above or below them are free."
    rules = rules_page(__package__, "blockade.md")
    zones = (
        Zone("s", Kind.STOCK, label="the pack"),
        FAMILIES,
        Zone("g", Kind.RESERVE, count=WIDTH * ROWS, label="place"),
    )
    deal_to = "t"
    privileges = (("draw", 1),)
    marks = (0,)
    """Rows laid so far."""

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """The pack, and its first row laid."""
        return self.do_deal(self.with_stock(self.empty(), deck), ctx)

    def place(self, row: int, col: int) -> int:
        """The pile index of a place."""
        return self.index["g1"] + row * WIDTH + col

    def do_deal(self, layout: Layout, ctx: Ctx) -> Layout:
        """Fill the spaces in reading order, or lay the next row when there are none."""
        rows = layout.marks[0]
        gaps = [
            self.place(r, c)
            for r in range(rows)
            for c in range(WIDTH)
            if not layout.piles[self.place(r, c)]
        ]
        if not gaps:
            gaps = [self.place(rows, c) for c in range(WIDTH)]
            layout = layout.mark(0, rows + 1)
        s = self.index["s"]
        stock = list(layout.piles[s])
        changes: dict[int, tuple[str, ...]] = {}
        for g in gaps:
            if not stock:
                break
            changes[g] = (stock.pop(),)
        changes[s] = tuple(stock)
        return layout.put(changes, {s: len(stock)})

    def can_deal(self, layout: Layout, ctx: Ctx) -> bool:
        """While the pack lasts (a new row needs room: there are at most eleven)."""
        return bool(layout.piles[self.index["s"]])

    def free(self, layout: Layout, i: int) -> bool:
        """Whether the card at a place has a space (or the edge) above or below it."""
        k = i - self.index["g1"]
        row, piles = k // WIDTH, layout.piles
        above = row == 0 or not piles[i - WIDTH]
        below = row == ROWS - 1 or not piles[i + WIDTH]
        return above or below

    def movable(self, layout: Layout, src: int) -> list[tuple[int, tuple[str, ...]]]:
        """A place's card, unless it is blockaded."""
        if self.zone_of[src].name == "g" and not (layout.piles[src] and self.free(layout, src)):
            return []
        return super().movable(layout, src)

    def no_take(self, layout: Layout, src: int, n: int) -> str:
        """Blockaded cards are named as such."""
        if self.zone_of[src].name == "g" and layout.piles[src]:
            return f"{self.label(src).capitalize()} is blockaded: it has cards above and below."
        return super().no_take(layout, src, n)

    def extra_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """The draw, once the pack is out and no free card fits a family."""
        if not self._may_draw(layout, ctx):
            return []
        out = []
        for i in self.of_kind[Kind.RESERVE]:
            if layout.piles[i]:
                card = layout.piles[i][-1]
                for f in self.of_kind[Kind.FOUNDATION]:
                    if self.fits_foundation(layout, f, card, ctx) is None:
                        out.append(f"draw {self.ids[i]} {self.ids[f]}")
        return out

    def _may_draw(self, layout: Layout, ctx: Ctx) -> bool:
        if layout.used[0] or layout.piles[self.index["s"]]:
            return False
        return not self.card_moves(layout, ctx)

    def apply_extra(self, layout: Layout, action: str, ctx: Ctx) -> Layout:
        """`draw gN fK`: the one drawn card, straight to a family."""
        words = action.split(" ")
        if words[0] != "draw" or len(words) != 3:
            raise IllegalAction("Blockade's own move is 'draw g27 f3': a card to a family.")
        src, dst = self._pile(words[1]), self._pile(words[2])
        if self.zone_of[src].name != "g" or self.zone_of[dst].kind is not Kind.FOUNDATION:
            raise IllegalAction("Draw a card from a place (g1 ...) to a family (f1 ... f8).")
        if layout.used[0]:
            raise IllegalAction("You have already drawn your one card.")
        if not self._may_draw(layout, ctx):
            raise IllegalAction("You may draw only when the pack is out and no free card fits.")
        if not layout.piles[src]:
            raise IllegalAction(f"{self.label(src).capitalize()} is empty.")
        reason = self.fits_foundation(layout, dst, layout.piles[src][-1], ctx)
        if reason is not None:
            raise IllegalAction(reason)
        moved = self.transfer(layout, src, dst, 1)
        return replace(moved, used=(1,))

    def describe(self, action: str) -> str:
        """The draw in words."""
        words = action.split(" ")
        if words[0] == "draw" and len(words) == 3:
            return f"Draw the card at {words[1]} to family {words[2]}"
        return super().describe(action)


SPECS = (Blockade,)
