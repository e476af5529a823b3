"""Honors (Cheney p. 83; its rules page beside it), on the shared play of
`_wants.TwoRows`.

Two packs. Eight families start from named cards, laid out before the deal: the deuce of
spades, king of hearts, ace of diamonds and queen of clubs (f1-f4) are built up, the king
of spades, queen of hearts, knave of diamonds and ten of clubs (f5-f8) down, each in suit
round the corner, thirteen cards, ending with the card next to its first. Then the play
of Grandfathers: twenty places, two deep, three cards laid off past the limit and one draw
(the shared [OUR CHOICE] of `_wants`). Once the pack is out, an empty place may take the
top card of a double pile. [OUR CHOICE] The empty places are filled in order (the first
empty place), since any empty place serves the same.
"""

from __future__ import annotations

from bot.games.patience.engine import Ctx, Kind, Layout, Zone
from bot.games.patience.games._step_families import take_cards
from bot.games.patience.games._wants import DEEP, ROWS, TwoRows
from bot.games.rules_text import rules_page

BASES = ("2S", "KH", "AD", "QC", "KS", "QH", "JD", "10C")


class Honors(TwoRows):
    """Honors."""

    key = "honors"
    title = "Honors"
    source = "Cheney, Patience (1869), p. 83"
    summary = "Two packs: eight named families up and down round the corner, twenty places."
    rules = rules_page(__package__, "honors.md")
    zones = (
        *TwoRows.zones[:2],
        Zone("f", Kind.FOUNDATION, count=8, bases=BASES),
        TwoRows.zones[3],
    )
    wrap = True

    def take_out(self, cards: list[str], ctx: Ctx) -> list[str]:
        """The eight cards that start the families."""
        return take_cards(cards, BASES)

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """The eight named cards to the families, then two rows of ten."""
        cards = list(deck)
        self.take_out(cards, ctx)
        layout = self.empty().put({self.index[f"f{k + 1}"]: (c,) for k, c in enumerate(BASES)}, {})
        rows = {self.index[f"t{k + 1}"]: (c,) for k, c in enumerate(cards[:ROWS])}
        return self.with_stock(layout.put(rows, {}), cards[ROWS:])

    def pack_out(self, layout: Layout) -> bool:
        """Whether the pack is used up and no card is waiting."""
        return not layout.piles[self.index["s"]] and not layout.piles[self.index["w"]]

    def accepts(
        self, layout: Layout, src: int, cards: tuple[str, ...], dst: int, ctx: Ctx
    ) -> str | None:
        """Once the pack is out, an empty place takes the top of a double pile."""
        if (
            self.zone_of[src].kind is Kind.TABLEAU
            and self.zone_of[dst].kind is Kind.TABLEAU
            and not layout.piles[dst]
            and self.pack_out(layout)
        ):
            if len(layout.piles[src]) < DEEP:
                return "An empty place takes only the top card of a double pile."
            first = next(t for t in self.of_kind[Kind.TABLEAU] if not layout.piles[t])
            if dst != first:
                return f"Fill the empty places in order: {self.ids[first]} first."
            return None
        return super().accepts(layout, src, cards, dst, ctx)

    def card_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """The shared moves, and the late refills of empty places."""
        out = super().card_moves(layout, ctx)
        if self.pack_out(layout):
            tabs = self.of_kind[Kind.TABLEAU]
            holes = [t for t in tabs if not layout.piles[t]]
            doubles = [t for t in tabs if len(layout.piles[t]) >= DEEP]
            out += [f"move {self.ids[a]} {self.ids[b]}" for a in doubles for b in holes[:1]]
        return out

    def weigh(self, layout: Layout, move: str, ctx: Ctx) -> int | None:
        """Filling a place helps when it frees a card a family wants."""
        words = move.split(" ")
        if words[0] == "move" and words[2].startswith("t") and words[1].startswith("t"):
            beneath = layout.piles[self.index[words[1]]][-2]
            return 30 if self.wanted_as(beneath) in self.want_table(layout) else 0
        return super().weigh(layout, move, ctx)


SPECS = (Honors,)
