"""Number Eleven (Cheney p. 60; its rules page beside it): eleven places, six in the
upper row and five below, and pairs counting eleven thrown out.

Any two cards of the layout whose pips make eleven are thrown out (`remove a2 b4`); a
king, a queen and a knave lying in one row, or all of one suit, are thrown out together
(`remove a1 a3 b5`). Empty places are filled from the pack at once. The game is won
when every card has been used. Cheney allows one or two packs: `number-eleven` is
played with one, `number-eleven-two-packs` with two.

[OUR CHOICE] The pair need not lie in one row ("any card which will form this number");
only the king-queen-knave needs one row or one suit. Places are refilled at once, left to
right along the upper row and then the lower. The number of packs is a second game
rather than an option, because the engine fixes a game's pack before options are read.
"""

from __future__ import annotations

from itertools import combinations

from bot.games.patience.engine import Ctx, Kind, Layout, Zone, name, suit
from bot.games.patience.games._removal import PIPS, Places
from bot.games.rules_text import rules_page

COURT_SET = {11, 12, 13}


class NumberEleven(Places):
    """Number Eleven, with one pack."""

    key = "number-eleven"
    title = "Number Eleven"
    source = "Cheney, Patience (1869), p. 60"
    summary = "Throw out pairs counting eleven, and king-queen-knave, from eleven places."
    rules = rules_page(__package__, "number-eleven.md")
    zones = (
        Zone("s", Kind.STOCK, label="the pack"),
        Zone("a", Kind.CELL, count=6, label="place"),
        Zone("b", Kind.CELL, count=5, label="place"),
        Zone("x", Kind.DISCARD, label="the cards thrown out"),
    )

    def __init__(self) -> None:
        super().__init__()
        self.row_of = {i: self.ids[i][0] for i in self.places}
        self.pairs = list(combinations(self.places, 2))
        self.trios = list(combinations(self.places, 3))

    def own_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """Pairs counting eleven, and king-queen-knave in one row or one suit."""
        piles, ids = layout.piles, self.ids
        count = {p: PIPS[piles[p][-1]] for p in self.places if piles[p]}
        out = [
            f"remove {ids[p]} {ids[q]}"
            for p, q in self.pairs
            if p in count and q in count and count[p] + count[q] == 11
        ]
        courts = [p for p in count if count[p] > 10]
        if len(courts) >= 3:
            out += [
                "remove " + " ".join(ids[p] for p in trio)
                for trio in combinations(courts, 3)
                if self.trio_problem(layout, trio) is None
            ]
        return out

    def trio_problem(self, layout: Layout, trio: tuple[int, ...]) -> str | None:
        """Why three cards may not go together, or None."""
        cards = [layout.piles[p][-1] for p in trio]
        if {PIPS[c] for c in cards} != COURT_SET:
            return "Three cards go together only as a king, a queen and a knave."
        if len({self.row_of[p] for p in trio}) == 1 or len({suit(c) for c in cards}) == 1:
            return None
        return "The king, queen and knave must lie in one row or be all of one suit."

    def perform(self, layout: Layout, words: list[str], ctx: Ctx) -> Layout:
        """Throw the cards out."""
        places = [self.index[w] for w in words[1:]]
        cards = [layout.piles[p][-1] for p in places]
        return self.with_discards(layout.put(dict.fromkeys(places, ()), {}), cards)

    def why_not(self, layout: Layout, words: list[str], ctx: Ctx) -> str:
        """The reason a removal is refused."""
        if words[0] != "remove" or len(words) not in (3, 4):
            return self.usage()
        problem = self.place_problem(layout, words[1:])
        if problem:
            return problem
        places = tuple(self.index[w] for w in words[1:])
        if len(places) == 3:
            return self.trio_problem(layout, places) or self.usage()
        a, b = (layout.piles[p][-1] for p in places)
        return f"{name(a).capitalize()} and {name(b)} count {PIPS[a] + PIPS[b]}, not eleven."

    def weigh(self, layout: Layout, move: str, ctx: Ctx) -> int | None:
        """Every removal helps; the courts a little more (they are harder to place)."""
        return 100 + len(move.split(" "))

    def describe(self, action: str) -> str:
        """A removal in words."""
        words = action.split(" ")
        if words[0] == "remove" and len(words) > 2:
            return "Throw out the cards at " + ", ".join(words[1:])
        return super().describe(action)

    def usage(self) -> str:
        """How to write a move."""
        return "Write 'remove a1 b3' to throw out a pair, or 'remove a1 a2 a5' for the courts."


class NumberElevenTwoPacks(NumberEleven):
    """Number Eleven, with two packs."""

    key = "number-eleven-two-packs"
    title = "Number Eleven (two packs)"
    packs = 2
    summary = "Number Eleven with two packs shuffled together."


SPECS = (NumberEleven, NumberElevenTwoPacks)
