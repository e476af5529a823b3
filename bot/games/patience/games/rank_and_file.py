"""Rank and File, or Judges (Cheney p. 108 and the Appendix p. 155; its rules page beside it
no. 34): two packs laid in lapping rows of eleven. Not PySolFC's Rank and File (a Dress
Parade game).

Eleven cards are laid in a row. One king and one ace of each suit start the eight
families (kings down, aces up, following suit), and any card of the first row may go to
them; its space is filled from the pack at once. When the player deals, the next row is
laid lapping over the first, one card on each column (`t1`..`t11`), and so on while the
pack lasts; of the newest row only the two right-hand end cards (columns 10 and 11) may be
used, and only on the families. When the pack is out, the lowest card of every column is
free: it may go to a family or be married onto another free card one higher or one lower,
regardless of suit. A cleared column takes only a free king. Twice the player may take up
the cards row by row, from the lowest row's left-hand card, without shuffling, and lay
them again under the same rules.

[OUR CHOICE] The cards of the newest row at columns 10 and 11 are usable once each: the
card beneath one of them becomes free only when the pack is out. The cards are taken up
for a relay from the lowest row upwards, each row from left to right, and the first card
taken up is the first laid again. Spaces in the first row are refilled automatically.

The Appendix's house rules are options:
- `judges_left_card` (default off): the left-hand card of the newest row (column 1) may
  also be used on the families while the pack lasts.
- `judges_spaces=king` (default) or `king-or-ace`: what a cleared column takes.
"""

from __future__ import annotations

from dataclasses import replace

from bot.games.options import Option
from bot.games.patience.engine import Build, Ctx, Kind, Layout, Zone, rank
from bot.games.patience.games._kings_and_aces import FAMILIES, TwoWay
from bot.games.rules_text import rules_page

WIDTH = 11
SPACE = 99
"""The key of empty columns among the columns sorted by their lowest card's rank."""
ROWS, USED = 0, 1
"""Marks: rows laid since the last (re)deal; a bit per column whose newest card is used."""


class RankAndFile(TwoWay):
    """Rank and File (Judges)."""

    key = "rank-and-file"
    title = "Rank and File (Judges)"
    packs = 2
    source = "Cheney, Patience (1869), p. 108 and Appendix p. 155"
    summary = "Two packs in lapping rows of eleven; only the right-hand end cards while dealing."
    rules = rules_page(__package__, "rank-and-file.md")
    zones = (
        Zone("s", Kind.STOCK, label="the pack"),
        FAMILIES,
        Zone("t", Kind.TABLEAU, count=WIDTH, label="column", build=Build(steps=(-1, 1))),
    )
    deal_to = "t"
    redeals = 2
    marks = (0, 0)
    options = (
        Option(
            "judges_left_card",
            False,
            "The left-hand card of the newest row may also go to the families while the "
            "pack lasts (a house rule from the appendix).",
        ),
        Option(
            "judges_spaces",
            "king",
            "What a cleared column takes: a king (the book), or a king or an ace (a house "
            "rule from the appendix).",
            choices=("king", "king-or-ace"),
        ),
    )

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """The pack, and its first row laid."""
        return self.do_deal(self.with_stock(self.empty(), deck), ctx)

    def dealing(self, layout: Layout) -> bool:
        """Whether the pack is still being laid out."""
        return bool(layout.piles[self.index["s"]])

    def free(self, layout: Layout, ctx: Ctx) -> list[int]:
        """The columns whose lowest card may be used now."""
        columns = self.of_kind[Kind.TABLEAU]
        if not self.dealing(layout) or layout.marks[ROWS] <= 1:
            return [t for t in columns if layout.piles[t]]
        ends = [WIDTH - 2, WIDTH - 1] + ([0] if ctx.options.get("judges_left_card") else [])
        mask = layout.marks[USED]
        return [columns[c] for c in ends if not mask >> c & 1 and layout.piles[columns[c]]]

    def accepts(
        self, layout: Layout, src: int, cards: tuple[str, ...], dst: int, ctx: Ctx
    ) -> str | None:
        """While dealing, free cards go only to the families."""
        if self.zone_of[src].kind is Kind.TABLEAU and src not in self.free(layout, ctx):
            left = ctx.options.get("judges_left_card")
            ends = "left-hand and two right-hand" if left else "two right-hand"
            return f"While the pack lasts, only the {ends} end cards of the newest row are free."
        if self.dealing(layout) and self.zone_of[dst].kind is Kind.TABLEAU:
            return "While the pack lasts, cards go only to the families; marry them later."
        return super().accepts(layout, src, cards, dst, ctx)

    def fits_empty(
        self, layout: Layout, src: int, cards: tuple[str, ...], dst: int, ctx: Ctx
    ) -> str | None:
        """A cleared column takes a king (or, by the house rule, an ace)."""
        r = rank(cards[0])
        if r == 13 or (r == 1 and ctx.options.get("judges_spaces") == "king-or-ace"):
            return None
        if ctx.options.get("judges_spaces") == "king-or-ace":
            return "Only a king or an ace may fill a cleared column."
        return "Only a king may fill a cleared column."

    def card_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """The moves `accepts` allows, found directly from the free columns."""
        piles, ids, out = layout.piles, self.ids, []
        by_rank: dict[int, list[int]] = {}
        if not self.dealing(layout):
            for t in self.of_kind[Kind.TABLEAU]:
                by_rank.setdefault(rank(piles[t][-1]) if piles[t] else SPACE, []).append(t)
        space = (13, 1) if ctx.options.get("judges_spaces") == "king-or-ace" else (13,)
        for src in self.free(layout, ctx):
            card = piles[src][-1]
            r, pid = rank(card), ids[src]
            out += [f"move {pid} {ids[f]}" for f in self.homes(layout, card)]
            targets = by_rank.get(r - 1, []) + by_rank.get(r + 1, [])
            targets += by_rank.get(SPACE, []) if r in space else []
            out += [f"move {pid} {ids[t]}" for t in targets if t != src]
        return out

    def safe(self, layout: Layout, move: str, ctx: Ctx) -> bool:
        """While dealing, a free card that fits only one family goes up by itself: the next
        row would bury it, and nothing can be married yet."""
        words = move.split(" ")
        if not self.dealing(layout) or words[0] != "move" or words[2][0] != "f":
            return super().safe(layout, move, ctx)
        return len(self.homes(layout, layout.piles[self.index[words[1]]][-1])) == 1

    def weigh(self, layout: Layout, move: str, ctx: Ctx) -> int | None:
        """A marriage is worth making when it clears a column or frees a card that can go
        home; the general rule's look-ahead is too dear with so many marriages."""
        words = move.split(" ")
        if words[0] != "move" or not words[2].startswith("t"):
            return None
        src = self.index[words[1]]
        pile = layout.piles[src]
        if len(pile) == 1:
            return 20 if layout.piles[self.index[words[2]]] else 0
        return 30 if self.homes(layout, pile[-2]) else 0

    def apply_move(self, layout: Layout, words: list[str], ctx: Ctx) -> Layout:
        """Move a card; a card of the newest row used while dealing is marked used."""
        after = super().apply_move(layout, words, ctx)
        src = self.index[words[1]]
        if self.zone_of[src].kind is Kind.TABLEAU and self.dealing(layout):
            column = src - self.index["t1"]
            after = after.mark(USED, after.marks[USED] | 1 << column)
        return after

    def do_deal(self, layout: Layout, ctx: Ctx) -> Layout:
        """Lay the next row, one card on each column."""
        after = super().do_deal(layout, ctx)
        return after.mark(ROWS, layout.marks[ROWS] + 1).mark(USED, 0)

    def settle(self, layout: Layout, ctx: Ctx) -> Layout:
        """Spaces in the first row are filled from the pack at once."""
        layout = super().settle(layout, ctx)
        s = self.index["s"]
        stock = list(layout.piles[s])
        if layout.marks[ROWS] != 1 or not stock:
            return layout
        gaps = [t for t in self.of_kind[Kind.TABLEAU] if not layout.piles[t]]
        if not gaps:
            return layout
        changes: dict[int, tuple[str, ...]] = {t: (stock.pop(),) for t in gaps[: len(stock)]}
        changes[s] = tuple(stock)
        return layout.put(changes, {s: len(stock)})

    def can_redeal(self, layout: Layout, ctx: Ctx) -> bool:
        """Twice, when the pack is out."""
        if layout.passes >= self.redeals or self.dealing(layout):
            return False
        return any(layout.piles[t] for t in self.of_kind[Kind.TABLEAU])

    def do_redeal(self, layout: Layout, ctx: Ctx) -> Layout:
        """Take the cards up row by row, from the lowest row's left-hand card, and lay them
        again: the first card taken up is the first laid."""
        columns = [layout.piles[t] for t in self.of_kind[Kind.TABLEAU]]
        depth = max(len(c) for c in columns)
        cards = [c[r] for r in reversed(range(depth)) for c in columns if len(c) > r]
        cleared = layout.put(dict.fromkeys(self.of_kind[Kind.TABLEAU], ()), {})
        fresh = replace(cleared, passes=layout.passes + 1, marks=(0, 0))
        return self.do_deal(self.with_stock(fresh, cards), ctx)


SPECS = (RankAndFile,)
