"""Fourteen (Cheney p. 38; its rules page beside it): two packs, a square of five rows
of five, pairs counting fourteen thrown out.

Two cards in one row or one column whose pips make fourteen (knave 11, queen 12, king
13) are thrown out (`remove a3 c3`), and their places are filled at once from the pack,
in the order the cards were first laid. Once, when every place is full and no pair can
be thrown out, two cards may change places (`swap a1 d4`). When the pack is out, the
cards lying after the first empty place are gathered, shuffled and laid again from that
place on (`redeal`), so the places fill from the top; this may be done again after each
removal that leaves a gap. The game is won when all 104 cards are thrown out.

[OUR CHOICE] "Take the cards in the lower rows ... and fill up the empty places in the
other rows" is read as: gather every card after the first empty place (in laying order)
and lay them again from it. Option `fourteen_shuffle` (default true: Cheney says
shuffle) lays them in their old order when false. The swap may be used whenever every
place is full and nothing can be thrown out (before the pack is out, as Cheney says, or
at the moment it runs out).
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from bot.games.options import Option
from bot.games.patience.engine import Ctx, Kind, Layout, Zone, name, reshuffled
from bot.games.patience.games._removal import PIPS, Places, pips
from bot.games.rules_text import rules_page

SIZE = 5
ROWS = "abcde"


class Fourteen(Places):
    """Fourteen."""

    key = "fourteen"
    title = "Fourteen"
    packs = 2
    source = "Cheney, Patience (1869), p. 38"
    summary = "Throw out pairs counting fourteen in a row or a column of a square of 25."
    rules = rules_page(__package__, "fourteen.md")
    zones = (
        Zone("s", Kind.STOCK, label="the pack"),
        *(Zone(r, Kind.CELL, count=SIZE, label="place") for r in ROWS),
        Zone("x", Kind.DISCARD, label="the cards thrown out"),
    )
    privileges = (("swap", 1),)
    options = (
        Option(
            "fourteen_shuffle",
            True,
            "When the pack is out, shuffle the gathered cards before laying them again "
            "(Cheney: shuffle).",
        ),
    )

    def __init__(self) -> None:
        super().__init__()
        rows = [[self.index[f"{r}{c}"] for c in range(1, SIZE + 1)] for r in ROWS]
        cols = [[row[c] for row in rows] for c in range(SIZE)]
        self.lines = rows + cols
        self.pairs = [pair for line in self.lines for pair in combinations(line, 2)]

    def removals(self, layout: Layout) -> list[str]:
        """`remove p q` for every pair in a row or column counting fourteen."""
        count = [PIPS[pile[-1]] if pile else 99 for pile in layout.piles]
        ids = self.ids
        return [f"remove {ids[p]} {ids[q]}" for p, q in self.pairs if count[p] + count[q] == 14]

    def own_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """Removals; the swap when nothing else can be done with the places full."""
        out = self.removals(layout)
        if out or layout.used[0] or not all(layout.piles[p] for p in self.places):
            return out
        return [f"swap {self.ids[p]} {self.ids[q]}" for p, q in combinations(self.places, 2)]

    def perform(self, layout: Layout, words: list[str], ctx: Ctx) -> Layout:
        """Throw out a pair, or make the swap."""
        p, q = self.index[words[1]], self.index[words[2]]
        a, b = layout.piles[p], layout.piles[q]
        if words[0] == "swap":
            return replace(layout.put({p: b, q: a}, {}), used=(1,))
        return self.with_discards(layout.put({p: (), q: ()}, {}), a + b)

    def why_not(self, layout: Layout, words: list[str], ctx: Ctx) -> str:
        """The reason a removal or swap is refused."""
        if words[0] not in ("remove", "swap") or len(words) != 3:
            return "Write 'remove a1 a4' to throw out a pair, or 'swap a1 c3' (once)."
        problem = self.place_problem(layout, words[1:])
        if problem:
            return problem
        if words[0] == "swap":
            if layout.used[0]:
                return "You have already used the swap."
            return "You may swap two cards only when every place is full and no pair can go."
        p, q = self.index[words[1]], self.index[words[2]]
        if not any(p in line and q in line for line in self.lines):
            return "The two cards must lie in the same row or the same column."
        a, b = layout.piles[p][-1], layout.piles[q][-1]
        return f"{name(a).capitalize()} and {name(b)} count {pips(a) + pips(b)}, not fourteen."

    def can_redeal(self, layout: Layout, ctx: Ctx) -> bool:
        """When the pack is out and an empty place lies before a card."""
        if self.stock(layout):
            return False
        filled = [bool(layout.piles[p]) for p in self.places]
        return False in filled and any(filled[filled.index(False) :])

    def do_redeal(self, layout: Layout, ctx: Ctx) -> Layout:
        """Gather the cards after the first empty place, shuffle, and lay them from it."""
        start = [bool(layout.piles[p]) for p in self.places].index(False)
        later = self.places[start:]
        cards = [layout.piles[p][-1] for p in later if layout.piles[p]]
        if ctx.options.get("fourteen_shuffle", True):
            layout = reshuffled(layout, cards, ctx)
        changes = {p: ((cards[k],) if k < len(cards) else ()) for k, p in enumerate(later)}
        return replace(layout.put(changes, {}), passes=layout.passes + 1)

    def no_redeal(self, layout: Layout) -> str:
        """Why a redeal is refused."""
        if self.stock(layout):
            return "You may gather and lay the cards again only when the pack is used up."
        return "There is no empty place before a card to fill."

    def weigh(self, layout: Layout, move: str, ctx: Ctx) -> int | None:
        """Removals first, then a redeal; a swap only if it lets a pair go."""
        if move.startswith("remove"):
            return 100
        if move == "redeal":
            return 50
        if move.startswith("swap"):
            after = self.perform(layout, move.split(" "), ctx)
            return 10 if self.removals(after) else 0
        return None

    def describe(self, action: str) -> str:
        """Removals and swaps in words."""
        words = action.split(" ")
        if words[0] == "remove" and len(words) == 3:
            return f"Throw out the cards at {words[1]} and {words[2]}"
        if words[0] == "swap" and len(words) == 3:
            return f"Swap the cards at {words[1]} and {words[2]}"
        if action == "redeal":
            return "Gather and lay again"
        return super().describe(action)

    def usage(self) -> str:
        """How to write a move."""
        return "Write 'remove a1 a4' to throw out a pair, 'swap a1 c3' (once), or redeal."


SPECS = (Fourteen,)
