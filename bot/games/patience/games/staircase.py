"""Staircase (Cheney, 3rd ed. 1894, p. 120; its rules page beside it): the Triangle
with two packs, laid as its mirror image, with whole sequences moving and a waste that
stays buried until the pack is out.

Fifty-five cards make a staircase of ten rows: the first row of ten cards, each next row
one card shorter, ending in one card at the extreme left. Each row begins with a card
face up at its right-hand end and goes on leftwards face down, so pile k (`t1`..`t10`,
left to right) holds 11 - k cards with only its top card face up. The eight aces start
families as they come, built up in suit. A face-up card marries a card one higher of the
other colour, and any sequence so built moves as a whole when its lowest card marries;
a space takes any card or sequence. The card beneath a moved one is turned up.

The pack is turned one card at a time (Deal) into the hand (`h`); the card may go to a
family or a pile. One that is not used is "buried" on the waste when the next card is
turned: the waste may not be touched, even its top card, until every card of the pack has
been turned. After that its top card may go to a family, a pile or a space. No redeal.

[OUR CHOICE] The rows are laid one after another, each from its face-up card at the right
leftwards ("beginning always in the second place", mirroring the Triangle). Deal buries
the unused card in hand and turns the next; when the pack is out the last card goes onto
the waste by itself, where it is free at once. A space also takes the card in hand.
"""

from __future__ import annotations

from bot.games.patience.engine import Build, Ctx, Kind, Layout, Zone
from bot.games.patience.games._lookup import LookupMoves
from bot.games.rules_text import rules_page

STEPS = 10


class Staircase(LookupMoves):
    """Staircase."""

    key = "staircase"
    title = "Staircase"
    packs = 2
    source = "Cheney, Patience (3rd ed., 1894), p. 120"
    summary = "Two packs in a staircase of ten; alternating colours; the waste stays buried."
    rules = rules_page(__package__, "staircase.md")
    zones = (
        Zone("s", Kind.STOCK, label="the pack"),
        Zone("h", Kind.CELL, label="the card turned", sources="s"),
        Zone("w", Kind.WASTE, label="the waste"),
        Zone("f", Kind.FOUNDATION, count=8, base=1, build=Build(steps=(1,), suit="same")),
        Zone("t", Kind.TABLEAU, count=STEPS, build=Build(suit="alt"), unit="run"),
    )
    deal_to = "h"

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """Ten rows, each one shorter, each from its face-up card at the right leftwards;
        the rest is the pack."""
        piles: list[list[str]] = [[] for _ in range(STEPS)]
        cards = iter(deck)
        for row in range(STEPS):
            # the row's first card is its face-up one, on the last pile it reaches
            for col in range(STEPS - 1 - row, -1, -1):
                piles[col].append(next(cards))
        laid = {self.index[f"t{k + 1}"]: tuple(p) for k, p in enumerate(piles)}
        downs = {self.index[f"t{k + 1}"]: STEPS - 1 - k for k in range(STEPS)}
        return self.with_stock(self.empty().put(laid, downs), deck[STEPS * (STEPS + 1) // 2 :])

    def do_deal(self, layout: Layout, ctx: Ctx) -> Layout:
        """Bury the card in hand (if unused) and turn the next card of the pack."""
        s, h, w = self.index["s"], self.index["h"], self.index["w"]
        stock = layout.piles[s]
        changes = {s: stock[:-1], h: stock[-1:]}
        if layout.piles[h]:
            changes[w] = layout.piles[w] + layout.piles[h]
        return layout.put(changes, {s: len(stock) - 1})

    def settle(self, layout: Layout, ctx: Ctx) -> Layout:
        """Turn up uncovered cards; when the pack is out, the last card in hand goes onto
        the waste, which is then free."""
        layout = super().settle(layout, ctx)
        s, h, w = self.index["s"], self.index["h"], self.index["w"]
        if layout.piles[s] or not layout.piles[h]:
            return layout
        return layout.put({h: (), w: layout.piles[w] + layout.piles[h]}, {})

    def movable(self, layout: Layout, src: int) -> list[tuple[int, tuple[str, ...]]]:
        """The waste is buried until the pack is out."""
        if src == self.index["w"] and layout.piles[self.index["s"]]:
            return []
        return super().movable(layout, src)

    def no_take(self, layout: Layout, src: int, n: int) -> str:
        """The buried waste in words."""
        if src == self.index["w"] and layout.piles[src] and layout.piles[self.index["s"]]:
            return "The waste stays buried until every card of the pack has been turned."
        return super().no_take(layout, src, n)

    def weigh(self, layout: Layout, move: str, ctx: Ctx) -> int | None:
        """Hints keep the turned card out of the buried waste: onto a pile before dealing
        on (onto a card rather than into a space)."""
        words = move.split(" ")
        if words[0] == "move" and words[1] == "h" and words[2][0] == "t":
            return 10 if layout.piles[self.index[words[2]]] else 6
        return super().weigh(layout, move, ctx)


SPECS = (Staircase,)
