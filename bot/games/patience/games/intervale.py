"""Intervale (Cheney, p. 147; its rules page beside it): two packs, three lapping rows
of eleven, marriages up or down in suit, and never two cards upon two.

Three rows of eleven are laid, each lapping the one above, so that the cards form eleven
columns (`t1`..`t11`) whose lowest card is free; when it is taken, the card above it is
free. The aces of the lower row are taken out at once to start families below, and the
other aces go there as they come free; the eight families are built up in suit to the
kings. A free card marries a free card one above or one below it in the same suit. A
single card may go onto a sequence, or a sequence of several cards onto a single card,
but never two or more cards onto two or more. The pack is turned one card at a time onto
the waste (Cheney's "stock"), whose top card may marry or go home; a column emptied to
the top row is filled from the waste or the pack. There is no redeal.

[OUR CHOICE] A sequence is any run of cards at the foot of a column each one above or
one below the card it lies on, in suit (cards dealt so count too); it moves as a whole or
from any card of it. A space takes one card, from the waste or a card just turned (it
lies on the waste), never a card or sequence from another column. The aces of the lower
row go to the families in column order during the deal.
"""

from __future__ import annotations

from bot.games.patience.engine import Build, Ctx, Kind, Layout, Zone
from bot.games.patience.games._lookup import LookupMoves, fits
from bot.games.rules_text import rules_page

ROWS, COLUMNS = 3, 11
MARRIAGE = Build(steps=(-1, 1), suit="same")


class Intervale(LookupMoves):
    """Intervale."""

    key = "intervale"
    title = "Intervale"
    packs = 2
    source = "Cheney, Patience (1869), p. 147"
    summary = "Three lapping rows of eleven; marry up or down in suit, but never two on two."
    rules = rules_page(__package__, "intervale.md")
    zones = (
        Zone("s", Kind.STOCK, label="the pack"),
        Zone("w", Kind.WASTE, label="the waste"),
        Zone("f", Kind.FOUNDATION, count=8, base=1, build=Build(steps=(1,), suit="same")),
        Zone(
            "t", Kind.TABLEAU, count=COLUMNS, label="column", build=MARRIAGE, unit="run", empty="w"
        ),
    )

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """Three lapping rows of eleven; the lower row's aces go to the families; the
        rest is the pack."""
        columns = self.of_kind[Kind.TABLEAU]
        piles = {
            t: tuple(deck[k + COLUMNS * r] for r in range(ROWS)) for k, t in enumerate(columns)
        }
        families = iter(self.of_kind[Kind.FOUNDATION])
        for t in columns:
            if piles[t][-1].startswith("A"):
                piles[next(families)] = piles[t][-1:]
                piles[t] = piles[t][:-1]
        return self.with_stock(self.empty().put(piles, {}), deck[ROWS * COLUMNS :])

    def rule(self, layout: Layout, src: int, cards: tuple[str, ...], dst: int) -> str | None:
        """Never two cards upon two."""
        if len(cards) < 2 or self.zone_of[dst].kind is not Kind.TABLEAU:
            return None
        pile = layout.piles[dst]
        if len(pile) >= 2 and fits(MARRIAGE, pile[-2], pile[-1]):
            return "You may not put two cards upon two: move one card, or move onto one."
        return None


SPECS = (Intervale,)
