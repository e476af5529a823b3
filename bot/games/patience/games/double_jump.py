"""Double Jump (Cheney p. 70 and the Appendix; its rules page beside it): one pack laid
in a row, piles jumping forward over two onto a card of the same suit or rank.

The row is a closing line of piles in the slots p1, p2 ...; `deal` lays the next card at
its right-hand end. A pile jumps forward (left to right) over two piles onto a pile whose
top card is of the same suit or rank (`jump 2 5`), and the row closes up; the jumping
pile's top card is then on top. Once the pack is used up, with three piles left the
first may jump over one onto the third, and with two piles left they may be put
together if their top cards agree. The result is graded by the piles left (Appendix:
four good, three excellent, one very extraordinary).

[OUR CHOICE] The game counts as won with four piles or fewer, once the
pack is used up and no jump is left; one pile is a brilliant success. The short jumps (over one, and
putting two together) are allowed only once the pack is used up; the first four cards are laid at
once, since no jump can come sooner.
"""

from __future__ import annotations

from bot.games.patience.engine import Ctx, Kind, Layout, Zone, name
from bot.games.patience.games._removal import Line
from bot.games.rules_text import rules_page

START = 4
GOOD = 4


def agree(a: str, b: str) -> bool:
    """Two cards of one suit or one rank."""
    return a[-1] == b[-1] or a[:-1] == b[:-1]


class DoubleJump(Line):
    """Double Jump."""

    key = "double-jump"
    title = "Double Jump"
    source = "Cheney, Patience (1869), p. 70 and Appendix"
    summary = "Jump piles forward over two onto their suit or rank; four piles left is good."
    rules = rules_page(__package__, "double-jump.md")
    zones = (
        Zone("s", Kind.STOCK, label="the pack"),
        Zone("p", Kind.RESERVE, count=52, label="pile"),
    )
    deal_to = "p"

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """The first four cards in the row, the rest in the pack."""
        return self.laid(self.with_stock(self.empty(), deck), START)

    def do_deal(self, layout: Layout, ctx: Ctx) -> Layout:
        """Lay the next card at the end of the row."""
        return self.laid(layout, 1)

    def reach(self, layout: Layout, piles: int) -> int:
        """How far a pile jumps: over two, or at the end over one, or onto its neighbour."""
        if self.stock(layout) or piles > 3:
            return 3
        return piles - 1

    def own_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """`jump i j` for every jump whose two top cards agree."""
        row = self.line(layout)
        step = self.reach(layout, len(row))
        return [
            f"jump {i + 1} {i + step + 1}"
            for i in range(len(row) - step)
            if step > 0 and agree(row[i][-1], row[i + step][-1])
        ]

    def perform(self, layout: Layout, words: list[str], ctx: Ctx) -> Layout:
        """The pile jumps onto the other, and the row closes up."""
        row = self.line(layout)
        i, j = int(words[1]) - 1, int(words[2]) - 1
        row[j] = row[j] + row[i]
        del row[i]
        return self.relaid(layout, row)

    def why_not(self, layout: Layout, words: list[str], ctx: Ctx) -> str:
        """The reason a jump is refused."""
        row = self.line(layout)
        if words[0] != "jump" or len(words) != 3:
            return self.usage()
        i, j = (self.position(w, len(row)) for w in words[1:])
        if i is None or j is None:
            return f"The piles of the row are numbered 1 to {len(row)}."
        step = self.reach(layout, len(row))
        if j - i != step:
            if step == 3:
                return "A pile jumps forward over exactly two piles."
            return f"With {len(row)} piles left, a pile goes forward {step} place(s)."
        a, b = row[i - 1][-1], row[j - 1][-1]
        return f"{name(a).capitalize()} and {name(b)} agree in neither suit nor rank."

    def piles(self, layout: Layout) -> int:
        """Piles in the row."""
        return len(self.line(layout))

    def won(self, layout: Layout) -> bool:
        """The pack used up, four piles or fewer, and no jump left."""
        if self.stock(layout) or self.piles(layout) > GOOD:
            return False
        return not self.own_moves(layout, Ctx(0))

    def score(self, layout: Layout) -> int:
        """Jumps made: cards laid less piles in the row."""
        laid = len(self.pack()) - len(self.stock(layout))
        return laid - self.piles(layout)

    def result_words(self, layout: Layout, won: bool) -> str:
        """The grade by piles left."""
        n = self.piles(layout)
        grade = {1: "a brilliant success", 2: "excellent", 3: "excellent", 4: "a good result"}
        if won or (not self.stock(layout) and n in grade):
            return f"{n} pile{'s' if n > 1 else ''} left: {grade[n]}."
        left = len(self.stock(layout))
        more = f", with {left} cards still in the pack" if left else ""
        return f"{n} piles left{more} (four or fewer is a success)."

    def weigh(self, layout: Layout, move: str, ctx: Ctx) -> int | None:
        """Jumps before dealing; of the jumps, the leftmost first."""
        if move.startswith("jump"):
            return 200 - int(move.split(" ")[1])
        return None

    def describe(self, action: str) -> str:
        """A jump in words."""
        words = action.split(" ")
        if words[0] == "jump" and len(words) == 3:
            return f"Jump pile {words[1]} onto pile {words[2]}"
        return super().describe(action)

    def usage(self) -> str:
        """How to write a move."""
        return "Write 'jump 2 5' (pile 2 jumps over two onto pile 5), or deal."


SPECS = (DoubleJump,)
