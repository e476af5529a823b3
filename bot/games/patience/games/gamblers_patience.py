"""Gambler's Patience (Cheney p. 135; its rules page beside it): one pack dealt in rows
of four onto four piles; a card goes right to left onto one of its rank, and four of a
rank showing together are thrown out.

The four piles are the slots p1..p4, left to right. `deal` lays a row of four cards, one
on each pile. The top card of a pile may be put on the top card of a pile to its left of
the same rank (`put 4 1`); a pile left empty lets the piles to its right move up, so the
empty places are always on the right. When the four top cards are of one rank ("four of
the same number in a row, even if one belongs to a lower row") they are thrown out
(`throw`). When the pack is out, `redeal` picks the piles up, the first in the hand and
the second, third and fourth on it, turns them over and makes them the pack again, and
the first row is laid. The game is won when every card is thrown out.

[OUR CHOICE] Cheney's "pick up the first pile ... and put the second, third, and fourth
on" shows that there are only ever four piles: each row is laid upon the last. She sets
no limit on redeals; option `gamblers_redeals` (default 10) bounds them, because gathering
without a shuffle can come back to the same order for ever.
"""

from __future__ import annotations

from dataclasses import replace

from bot.games.options import Option
from bot.games.patience.engine import Ctx, Kind, Layout, Zone, name, rank_name
from bot.games.patience.games._removal import PIPS, Line
from bot.games.rules_text import rules_page

WIDTH = 4


class GamblersPatience(Line):
    """Gambler's Patience."""

    key = "gamblers-patience"
    title = "Gambler's Patience"
    source = "Cheney, Patience (1869), p. 135"
    summary = "Rows of four laid on four piles; like cards go right to left; four alike go out."
    rules = rules_page(__package__, "gamblers-patience.md")
    zones = (
        Zone("s", Kind.STOCK, label="the pack"),
        Zone("p", Kind.RESERVE, count=WIDTH, label="pile"),
        Zone("x", Kind.DISCARD, label="the cards thrown out"),
    )
    deal_to = "p"
    options = (
        Option(
            "gamblers_redeals",
            10,
            "How many times the piles may be picked up and dealt again (Cheney sets no limit).",
            minimum=0,
            maximum=100,
        ),
    )

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """The first row laid; the rest is the pack."""
        return self.do_deal(self.with_stock(self.empty(), deck), ctx)

    def do_deal(self, layout: Layout, ctx: Ctx) -> Layout:
        """Lay a row of four, one card on each pile."""
        stock = list(self.stock(layout))
        changes = {}
        for i in self.slots:
            if stock:
                changes[i] = layout.piles[i] + (stock.pop(),)
        s = self.index["s"]
        changes[s] = tuple(stock)
        return layout.put(changes, {s: len(stock)})

    def own_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """`put j i` for a top card going left onto its rank; `throw` for four alike."""
        tops = [PIPS[p[-1]] for p in self.line(layout)]
        out = [
            f"put {j + 1} {i + 1}"
            for j in range(1, len(tops))
            for i in range(j)
            if tops[i] == tops[j]
        ]
        if len(tops) == WIDTH and len(set(tops)) == 1:
            out.append("throw")
        return out

    def perform(self, layout: Layout, words: list[str], ctx: Ctx) -> Layout:
        """Put a card on another, or throw out four alike; the piles close up."""
        row = self.line(layout)
        if words[0] == "throw":
            four = [p[-1] for p in row]
            kept = [p[:-1] for p in row]
            return self.with_discards(self.relaid(layout, [p for p in kept if p]), four)
        j, i = int(words[1]) - 1, int(words[2]) - 1
        row[i] = row[i] + row[j][-1:]
        row[j] = row[j][:-1]
        return self.relaid(layout, [p for p in row if p])

    def why_not(self, layout: Layout, words: list[str], ctx: Ctx) -> str:
        """The reason a put or throw is refused."""
        row = self.line(layout)
        if words == ["throw"]:
            return "Four cards go out only when the four top cards show the same number."
        if words[0] != "put" or len(words) != 3:
            return self.usage()
        j, i = (self.position(w, len(row)) for w in words[1:])
        if j is None or i is None:
            return f"The piles are numbered 1 to {len(row)}."
        if i >= j:
            return "Cards move from right to left: name the right-hand pile first."
        a, b = row[j - 1][-1], row[i - 1][-1]
        return f"{name(a).capitalize()} may go only on a {rank_name(PIPS[a])}, not on {name(b)}."

    def can_redeal(self, layout: Layout, ctx: Ctx) -> bool:
        """When the pack is out, while redeals are left."""
        limit = int(ctx.options.get("gamblers_redeals", 10))
        return not self.stock(layout) and layout.passes < limit and bool(self.line(layout))

    def do_redeal(self, layout: Layout, ctx: Ctx) -> Layout:
        """Pick up the piles, the first in the hand and the others on it, turn them over
        (so the first pile's bottom card is dealt first) and lay the first row."""
        cards = tuple(c for p in self.line(layout) for c in p)
        cleared = self.relaid(layout, [])
        again = self.with_stock(cleared, cards)
        return replace(self.do_deal(again, ctx), passes=layout.passes + 1)

    def no_redeal(self, layout: Layout) -> str:
        """Why a redeal is refused."""
        if self.stock(layout):
            return "Deal out the pack first; then you may pick up the piles."
        return "You have used all the redeals."

    def won(self, layout: Layout) -> bool:
        """Every card thrown out."""
        return self.thrown(layout) == len(self.pack())

    def score(self, layout: Layout) -> int:
        """Cards thrown out."""
        return self.thrown(layout)

    def result_words(self, layout: Layout, won: bool) -> str:
        """How many cards were thrown out."""
        if won:
            return "Won: all 52 cards are thrown out."
        return f"{self.thrown(layout)} of 52 cards were thrown out."

    def weigh(self, layout: Layout, move: str, ctx: Ctx) -> int | None:
        """Throwing out first, then putting (the nearest first), dealing, redealing."""
        if move == "throw":
            return 200
        if move.startswith("put"):
            j, i = (int(w) for w in move.split(" ")[1:])
            return 100 - (j - i)
        return None

    def describe(self, action: str) -> str:
        """Puts and throws in words."""
        words = action.split(" ")
        if words[0] == "put" and len(words) == 3:
            return f"Put the top card of pile {words[1]} on pile {words[2]}"
        if action == "throw":
            return "Throw out the four alike"
        return super().describe(action)

    def usage(self) -> str:
        """How to write a move."""
        return "Write 'put 4 1' (pile 4's top card onto pile 1), throw, deal or redeal."


SPECS = (GamblersPatience,)
