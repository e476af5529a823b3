"""Nivernaise (Cheney p. 72 and the Appendix p. 155; its rules page beside it), with
the options `nivernaise_spaces` and `nivernaise_shuffle`.

Four side cards on the right (`r5`..`r8`) and four on the left (`r1`..`r4`), six piles of
four between them (`t1`..`t6`). One king and one ace of each suit start families as they
appear on a pile top or a side place; kings go down and aces up, in suit. A side place
left empty is filled from the top of a pile or from the pack (`fill r3`). Deal lays four
more cards on each pile. Twice the piles may be taken up, shuffled and laid again.

- `nivernaise_spaces=when-you-like`: the Appendix's easier way, a space may wait for a
  good card; `at-once`: the stricter rule many players prefer, a space is filled before
  anything else is done. [OUR CHOICE] Default `when-you-like`: the Appendix recommends it.
- `nivernaise_shuffle` (default true, Cheney's word): a relay shuffles the piles.

[OUR CHOICE] Deal may be pressed at any time (Cheney deals when no card can be used; an
early deal only buries cards). A relay makes the taken-up cards the pack and lays four on
each pile at once. Nothing is built on the piles.
"""

from __future__ import annotations

from bot.games.errors import IllegalAction
from bot.games.options import Option
from bot.games.patience.engine import Ctx, Kind, Layout, Zone, take_up
from bot.games.patience.games._kings_and_aces import (
    FAMILIES,
    TwoWay,
)
from bot.games.rules_text import rules_page

SIDE = ("r5", "r6", "r7", "r8", "r1", "r2", "r3", "r4")
"""The side places in the order they are laid: the right-hand line, then the left."""


class Nivernaise(TwoWay):
    """Nivernaise."""

    key = "nivernaise"
    title = "Nivernaise"
    packs = 2
    source = "Cheney, Patience (1869), p. 72 and p. 155"
    summary = "Six piles and eight side cards feed kings down and aces up; deal four at a time."
    rules = rules_page(__package__, "nivernaise.md")
    zones = (
        Zone("s", Kind.STOCK, label="the pack"),
        FAMILIES,
        Zone("r", Kind.CELL, count=8, label="side place", sources="t"),
        Zone("t", Kind.TABLEAU, count=6, empty="none"),
    )
    deal_to = "t"
    redeals = 2
    reshuffle = True
    options = (
        Option(
            "nivernaise_spaces",
            "when-you-like",
            "when-you-like: an empty side place may wait; at-once: fill it before anything "
            "else (the stricter rule).",
            choices=("when-you-like", "at-once"),
        ),
        Option("nivernaise_shuffle", True, "Shuffle the piles when they are laid again."),
    )

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """Four side cards on the right, four on the left, then four on each pile."""
        layout = self.with_stock(self.empty(), deck)
        layout = self.deal_round(layout, [self.index[p] for p in SIDE])
        return self.do_deal(layout, ctx)

    def do_deal(self, layout: Layout, ctx: Ctx) -> Layout:
        """Four cards on each pile, from the left."""
        return self.deal_round(layout, self.of_kind[Kind.TABLEAU], each=4)

    def do_redeal(self, layout: Layout, ctx: Ctx) -> Layout:
        """Take up the piles, shuffle them (by the option) and lay four on each."""
        shuffle = bool(ctx.options.get("nivernaise_shuffle", True))
        cleared, cards = take_up(layout, self.of_kind[Kind.TABLEAU], ctx, shuffle)
        return self.do_deal(self.with_stock(cleared, cards), ctx)

    def spaces(self, layout: Layout) -> list[int]:
        """The empty side places."""
        return [i for i in self.of_kind[Kind.CELL] if not layout.piles[i]]

    def must_fill(self, layout: Layout, ctx: Ctx) -> bool:
        """The stricter rule: a space is waiting and there is a card to fill it."""
        if ctx.options.get("nivernaise_spaces") != "at-once" or not self.spaces(layout):
            return False
        return any(layout.piles[i] for i in self.of_kind[Kind.TABLEAU] + [self.index["s"]])

    def moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """By the stricter rule, only fillings while a side place is empty."""
        out = super().moves(layout, ctx)
        if self.must_fill(layout, ctx):
            out = [m for m in out if self._fills(m)]
        return out

    def _fills(self, move: str) -> bool:
        words = move.split(" ")
        if words[0] == "move" and len(words) == 3:
            return words[2].startswith("r")
        return words[0] == "fill"

    def extra_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """Filling an empty side place from the pack."""
        if not layout.piles[self.index["s"]]:
            return []
        return [f"fill {self.ids[i]}" for i in self.spaces(layout)]

    def apply(self, layout: Layout, action: str, ctx: Ctx) -> Layout:
        """The stricter rule refuses anything but a filling while a space waits."""
        if self.must_fill(layout, ctx) and not self._fills(action):
            raise IllegalAction("By the stricter rule, fill the empty side place first.")
        return super().apply(layout, action, ctx)

    def apply_extra(self, layout: Layout, action: str, ctx: Ctx) -> Layout:
        """`fill r3`: the next card of the pack to an empty side place."""
        words = action.split(" ")
        if words[0] != "fill" or len(words) != 2:
            raise IllegalAction(self.usage())
        dst = self._pile(words[1])
        if self.zone_of[dst].kind is not Kind.CELL:
            raise IllegalAction("Only a side place (r1 to r8) is filled from the pack.")
        if layout.piles[dst]:
            raise IllegalAction(f"{self.label(dst).capitalize()} is not empty.")
        s = self.index["s"]
        stock = layout.piles[s]
        if not stock:
            raise IllegalAction("The pack is used up: fill the place from a pile.")
        return layout.put({s: stock[:-1], dst: stock[-1:]}, {dst: 0})

    def usage(self) -> str:
        """Moves, and filling from the pack."""
        return super().usage() + " Fill an empty side place from the pack with 'fill r3'."

    def describe(self, action: str) -> str:
        """Filling in words."""
        if action.startswith("fill "):
            return f"Fill side place {action[5:]} from the pack"
        return super().describe(action)


SPECS = (Nivernaise,)
