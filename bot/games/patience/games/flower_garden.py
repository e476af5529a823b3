"""The Flower Garden (Cheney p. 143; its rules page beside it).

Six beds of six cards, face up and fanned, and a bouquet of sixteen cards, every one of
them free. Aces go out to start families built up in suit; the beds are built down
regardless of suit, and a sequence moves as a whole; an empty bed takes any top card or
sequence of the garden, or any bouquet card. Nothing is dealt. No options.
[OUR CHOICE: the book's "any from the stock" for an empty bed is read as any card of the
bouquet, the only cards held back.]
"""

from __future__ import annotations

from bot.games.patience.engine import RANK_OF, RANK_TEXT, Build, Ctx, Kind, Layout, Spec, Zone
from bot.games.rules_text import rules_page

BEDS, BED_CARDS, BOUQUET = 6, 6, 16


class FlowerGarden(Spec):
    """The Flower Garden."""

    key = "flower-garden"
    title = "The Flower Garden"
    source = "Cheney, Patience (1869), p. 143"
    summary = "Six beds and a bouquet of sixteen free cards; aces up in suit."
    rules = rules_page(__package__, "flower-garden.md")
    zones = (
        Zone("f", Kind.FOUNDATION, count=4, base=1, build=Build(steps=(1,), suit="same")),
        Zone("t", Kind.TABLEAU, count=BEDS, label="bed", build=Build(steps=(-1,)), unit="run"),
        Zone("b", Kind.RESERVE, count=BOUQUET, label="bouquet card"),
    )
    deal_to = ""

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """Six beds of six, then the bouquet, one card to a place."""
        beds = {
            self.index[f"t{k + 1}"]: deck[BED_CARDS * k : BED_CARDS * (k + 1)] for k in range(BEDS)
        }
        rest = deck[BEDS * BED_CARDS :]
        bouquet = {self.index[f"b{k + 1}"]: (c,) for k, c in enumerate(rest)}
        return self.empty().put(beds | bouquet, {})

    def needed(self, layout: Layout) -> set[str]:
        """The next card of each suit that the families take."""
        tops = {
            c[-1]: RANK_OF[c[:-1]]
            for f in self.of_kind[Kind.FOUNDATION]
            for c in layout.piles[f][-1:]
        }
        return {RANK_TEXT[tops.get(s, 0) + 1] + s for s in "SHDC" if tops.get(s, 0) < 13}

    def depth(self, pile: tuple[str, ...], needed: set[str]) -> int:
        """How many cards lie above the highest-lying needed card of a bed (0: none)."""
        for k in range(len(pile) - 1, -1, -1):
            if pile[k] in needed:
                return len(pile) - 1 - k
        return 0

    def weigh(self, layout: Layout, move: str, ctx: Ctx) -> int | None:
        """Hints dig towards the cards the families want next, never burying one."""
        words = move.split(" ")
        if words[0] != "move" or words[2][0] != "t":
            return None
        src, dst = self.index[words[1]], self.index[words[2]]
        needed = self.needed(layout)
        if any(c in needed for c in layout.piles[dst]):
            return 0  # never bury a card the families want next
        if words[1][0] == "b":
            return 12 if layout.piles[dst] else 2
        n = int(words[3]) if len(words) == 4 else 1
        pile = layout.piles[src]
        if not layout.piles[dst] and n == len(pile):
            return 0
        before = self.depth(pile, needed)
        after = self.depth(pile[:-n], needed) if len(pile) > n else 0
        if any(c in needed for c in pile[:-n]) and after < before:
            return 40 - after
        return 0


SPECS = (FlowerGarden,)
