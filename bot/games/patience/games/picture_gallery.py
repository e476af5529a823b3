"""Picture Gallery (Cheney p. 141; its rules page beside it): twelve places in three
rows of four; pairs counting eleven are covered from the pack until the courts hang in
every place.

Court cards that come up while the twelve are laid go under the pack. Then any two cards
on view whose pips make eleven are covered, each with the next card of the pack
(`cover a1 c4`), court cards included; a court card is never covered, since no card
makes eleven with it. The game is won when the pack is used up, which leaves the twelve
courts on view. Only the top card of each place may be seen.

[OUR CHOICE] The two cards may lie anywhere in the square (Cheney: "any two cards");
the first card of the pack covers the one earlier in laying order (rows a, b, c, left to
right). The bystander's trick of the last paragraph is not part of the game.
"""

from __future__ import annotations

from itertools import combinations

from bot.games.patience.engine import Ctx, Kind, Layout, Zone, name
from bot.games.patience.games._removal import PIPS, Places, is_court
from bot.games.rules_text import rules_page

ROWS = "abc"
WIDTH = 4


class PictureGallery(Places):
    """Picture Gallery."""

    key = "picture-gallery"
    title = "Picture Gallery"
    source = "Cheney, Patience (1869), p. 141"
    summary = "Cover pairs counting eleven until the twelve court cards fill the square."
    rules = rules_page(__package__, "picture-gallery.md")
    zones = (
        Zone("s", Kind.STOCK, label="the pack"),
        *(Zone(r, Kind.RESERVE, count=WIDTH, label="place", hidden=True) for r in ROWS),
    )
    refill = False

    def __init__(self) -> None:
        super().__init__()
        self.pairs = list(combinations(self.places, 2))

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """Twelve cards that are not courts; the courts met go under the pack."""
        laid: list[str] = []
        under: list[str] = []
        rest = list(deck)
        while len(laid) < len(self.places):
            card = rest.pop(0)
            (under if is_court(card) else laid).append(card)
        layout = self.empty().put({p: (c,) for p, c in zip(self.places, laid, strict=True)}, {})
        return self.with_stock(layout, rest + under)

    def own_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """`cover p q` for every two cards on view counting eleven."""
        if len(self.stock(layout)) < 2:
            return []
        count = {p: PIPS[layout.piles[p][-1]] for p in self.places}
        ids = self.ids
        return [f"cover {ids[p]} {ids[q]}" for p, q in self.pairs if count[p] + count[q] == 11]

    def perform(self, layout: Layout, words: list[str], ctx: Ctx) -> Layout:
        """Cover the two cards with the next two of the pack."""
        p, q = self.index[words[1]], self.index[words[2]]
        stock = self.stock(layout)
        s = self.index["s"]
        changes = {
            p: layout.piles[p] + (stock[-1],),
            q: layout.piles[q] + (stock[-2],),
            s: stock[:-2],
        }
        return layout.put(changes, {s: len(stock) - 2})

    def why_not(self, layout: Layout, words: list[str], ctx: Ctx) -> str:
        """The reason a cover is refused."""
        if words[0] != "cover" or len(words) != 3:
            return self.usage()
        problem = self.place_problem(layout, words[1:])
        if problem:
            return problem
        a, b = (layout.piles[self.index[w]][-1] for w in words[1:])
        if len(self.stock(layout)) < 2:
            return "The pack is used up."
        return f"{name(a).capitalize()} and {name(b)} count {PIPS[a] + PIPS[b]}, not eleven."

    def won(self, layout: Layout) -> bool:
        """The pack used up and every place showing a court card."""
        return not self.stock(layout) and all(is_court(layout.piles[p][-1]) for p in self.places)

    def score(self, layout: Layout) -> int:
        """Cards laid out of the pack."""
        return len(self.pack()) - len(self.stock(layout))

    def result_words(self, layout: Layout, won: bool) -> str:
        """Courts on view and cards left."""
        if won:
            return "Won: the twelve court cards fill the gallery."
        courts = sum(is_court(layout.piles[p][-1]) for p in self.places)
        left = len(self.stock(layout))
        return f"{courts} court cards hang in the gallery; {left} cards were left in the pack."

    def weigh(self, layout: Layout, move: str, ctx: Ctx) -> int | None:
        """Every cover helps equally."""
        return 100

    def describe(self, action: str) -> str:
        """A cover in words."""
        words = action.split(" ")
        if words[0] == "cover" and len(words) == 3:
            return f"Cover the cards at {words[1]} and {words[2]}"
        return super().describe(action)

    def usage(self) -> str:
        """How to write a move."""
        return "Write 'cover a1 c4' to cover two cards that count eleven."


SPECS = (PictureGallery,)
