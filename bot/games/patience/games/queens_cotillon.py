"""The Queen's Cotillon (Cheney, p. 149; its rules page beside it): two packs, a left
block whose lowest cards are free, a right square whose every card is free, and families
climbing by twos, with the option `cotillon_bases_first`.

On the left, three rows of four lap one another: four columns of three (`l1`..`l4`),
only the lowest card of each free. On the right, a square of four rows of four
(`r1`..`r16`), every card free. One ace and one deuce of each suit start the families
(`f1`..`f4` the aces, `f5`..`f8` the deuces), built up in suit by twos: ace, three, five
... knave, king; deuce, four ... ten, queen. The pack is turned one card at a time onto
the waste (Cheney's "stock"), whose top card may go to a family or into a space of the
right square; nothing else fills those spaces, and the left block is never refilled.
There is no redeal. The game is won when the four families of the aces reach their kings
and the four of the deuces their queens: fifty-two cards, the other fifty-two are not
needed.

[OUR CHOICE] The aces and deuces come as they appear (Cheney's warning against starting
two families with aces or deuces of one suit says so), and a family is started only by
its own card; `cotillon_bases_first` takes one ace and one deuce of each suit out of the
pack before the layout instead. Filling a space "from the pack" is dealing a card and
moving it at once. Nothing is built on the blocks.
"""

from __future__ import annotations

from bot.games.options import Option
from bot.games.patience.engine import Build, Ctx, Kind, Layout, Zone
from bot.games.patience.games._lookup import LookupMoves
from bot.games.patience.games._step_families import take_cards
from bot.games.rules_text import rules_page

LEFT_ROWS, LEFT_COLUMNS, SQUARE = 3, 4, 16
BASES = tuple(f"A{s}" for s in "SHDC") + tuple(f"2{s}" for s in "SHDC")
HOME = 52


class QueensCotillon(LookupMoves):
    """The Queen's Cotillon."""

    key = "queens-cotillon"
    title = "The Queen's Cotillon"
    packs = 2
    source = "Cheney, Patience (1869), p. 149"
    summary = "Two packs; families climb by twos in suit, aces to kings and deuces to queens."
    rules = rules_page(__package__, "queens-cotillon.md")
    zones = (
        Zone("s", Kind.STOCK, label="the pack"),
        Zone("w", Kind.WASTE, label="the waste"),
        Zone("f", Kind.FOUNDATION, count=8, bases=BASES, build=Build(steps=(2,), suit="same")),
        Zone("l", Kind.RESERVE, count=LEFT_COLUMNS, label="left column"),
        Zone("r", Kind.CELL, count=SQUARE, label="square place", sources="w"),
    )
    options = (
        Option(
            "cotillon_bases_first",
            False,
            "Take one ace and one deuce of each suit out of the pack before the layout.",
        ),
    )

    def take_out(self, cards: list[str], ctx: Ctx) -> list[str]:
        """One ace and one deuce of each suit, if the bases are taken out first."""
        if not ctx.options.get("cotillon_bases_first", False):
            return []
        return take_cards(cards, BASES)

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """The left block by rows, then the right square; the rest is the pack."""
        layout, cards = self.empty(), list(deck)
        named = self.take_out(cards, ctx)
        if named:
            found = self.of_kind[Kind.FOUNDATION]
            layout = layout.put({f: (c,) for f, c in zip(found, named, strict=True)}, {})
        left = self.of_kind[Kind.RESERVE]
        piles = {
            col: tuple(cards[k + LEFT_COLUMNS * r] for r in range(LEFT_ROWS))
            for k, col in enumerate(left)
        }
        start = LEFT_ROWS * LEFT_COLUMNS
        square = {r: (cards[start + k],) for k, r in enumerate(self.of_kind[Kind.CELL])}
        return self.with_stock(layout.put({**piles, **square}, {}), cards[start + SQUARE :])

    def won(self, layout: Layout) -> bool:
        """The aces' families at their kings, the deuces' at their queens."""
        return self.score(layout) == HOME

    def result_words(self, layout: Layout, won: bool) -> str:
        """The families in a sentence (only one pack's worth of cards goes home)."""
        if won:
            return "Won: the aces' families reach their kings and the deuces' their queens."
        return f"{self.score(layout)} of the {HOME} cards the families need reached them."


SPECS = (QueensCotillon,)
