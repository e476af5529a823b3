"""Grandfathers (Cheney p. 20; its rules page beside it), on the shared play of
`_wants.TwoRows`.

Two packs. Twenty cards are laid in two rows of ten; the aces and kings that appear (one
of each per suit) go to the families as they come, and their places are filled from the
pack. The families follow suit: f1-f4 the aces of spades, hearts, diamonds, clubs, built
up to the kings; f5-f8 the kings, built down to the aces. Each card turned from the pack
goes to a family or on any place, two deep at most; only the top card of a place is free.
Privileges: lay off three more past the limit, and draw one buried card; when the pack is
out, one more draw "of any card from the table". [OUR CHOICE] A draw goes to a family
(the book's "put it on the piles"). An ace or king that comes while the rows are laid goes
up at once only if its family is unstarted (the second of each is an ordinary card), and
its place takes the next card of the pack.
"""

from __future__ import annotations

from bot.games.patience.engine import Ctx, Kind, Layout, Zone, rank
from bot.games.patience.games._wants import ROWS, TwoRows
from bot.games.rules_text import rules_page

BASES = ("AS", "AH", "AD", "AC", "KS", "KH", "KD", "KC")


class Grandfathers(TwoRows):
    """Grandfathers."""

    key = "grandfathers"
    title = "Grandfathers"
    source = "Cheney, Patience (1869), p. 20"
    summary = "Two packs: aces up and kings down in suit, twenty places two deep."
    rules = rules_page(__package__, "grandfathers.md")
    zones = (
        *TwoRows.zones[:2],
        Zone("f", Kind.FOUNDATION, count=8, bases=BASES),
        TwoRows.zones[3],
    )
    privileges = (("lay off three", 3), ("draw one", 1), ("draw at the end", 1))

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """Two rows of ten; an ace or king whose family is unstarted goes up as it comes."""
        layout = self.empty()
        cards = list(deck)
        rows: list[str] = []
        started: dict[int, tuple[str, ...]] = {}
        while len(rows) < ROWS and cards:
            card = cards.pop(0)
            home = self.index["f1"] + BASES.index(card) if card in BASES else -1
            if rank(card) in (1, 13) and home >= 0 and home not in started:
                started[home] = (card,)
            else:
                rows.append(card)
        layout = layout.put(started, {})
        layout = layout.put({self.index[f"t{k + 1}"]: (c,) for k, c in enumerate(rows)}, {})
        return self.with_stock(layout, cards)

    def draw_slot(self, layout: Layout) -> int | None:
        """The first draw at any time; the second once the pack is out."""
        if layout.used[1] < 1:
            return 1
        out = not layout.piles[self.index["s"]] and not layout.piles[self.index["w"]]
        return 2 if out and layout.used[2] < 1 else None


SPECS = (Grandfathers,)
