"""Knaves' Dial (Cheney p. 88; its rules page beside it), with one pack (`knaves-dial`)
or two (`knaves-dial-two-packs`).

A dial like the Clock's: places one to ten, the queens at eleven, the kings at twelve,
and the knaves in the centre. The first card turned fixes the suit of the first dial;
once it is complete, the other cards go on their numbers in alternating colours. One
waste, turned twice.

- `knaves_first_dial=true` [OUR CHOICE]: the whole first dial (one suit) must be complete
  before any card of the second layer is placed; false lets each place go on by itself.
- `knaves_centre_alternate=false` [OUR CHOICE]: the knaves go to the centre in any order;
  true makes them alternate colours too.
- [OUR CHOICE] a knave turned first goes to the centre and the next card fixes the suit.
"""

from __future__ import annotations

from bot.games.options import Option
from bot.games.patience.engine import (
    RANK_OF,
    SUIT_WORDS,
    Ctx,
    Kind,
    Layout,
    Spec,
    Zone,
    name,
    rank,
    red,
    suit,
)
from bot.games.rules_text import rules_page

SUITS = "SHDC"
KNAVE = 11


def place_of(card: str) -> int:
    """The dial number of a card: its pips, queen 11, king 12 (0 for a knave)."""
    r = RANK_OF[card[:-1]]
    return 0 if r == KNAVE else r - (r > KNAVE)


class KnavesDial(Spec):
    """Knaves' Dial with one pack."""

    key = "knaves-dial"
    title = "Knaves' Dial"
    source = "Cheney, Patience (1869), p. 88"
    summary = "A dial of one suit, then its numbers built over in alternating colours."
    rules = rules_page(__package__, "knaves-dial.md")
    zones = (
        Zone("s", Kind.STOCK, label="the pack"),
        Zone("w", Kind.WASTE),
        Zone("f", Kind.FOUNDATION, count=12, label="place", length=4),
        Zone("c", Kind.FOUNDATION, label="the centre", length=4),
    )
    redeals = 2
    marks = (0,)
    """The suit of the first dial: 1 to 4 for spades, hearts, diamonds, clubs."""
    figure = "clock"
    options = (
        Option(
            "knaves_first_dial",
            True,
            "The first dial must be complete before any card of the second layer is placed.",
        ),
        Option(
            "knaves_centre_alternate",
            False,
            "The knaves in the centre alternate colours too.",
        ),
    )

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """The first card to its place (knaves before it to the centre), fixing the suit."""
        layout, cards = self.empty(), list(deck)
        centre: tuple[str, ...] = ()
        while rank(cards[0]) == KNAVE:
            centre += (cards.pop(0),)
        first = cards.pop(0)
        placed = {self.index["c"]: centre, self.index[f"f{place_of(first)}"]: (first,)}
        layout = layout.put(placed, {}).mark(0, SUITS.index(suit(first)) + 1)
        return self.with_stock(layout, cards)

    def first_suit(self, layout: Layout) -> str:
        """The suit of the first dial."""
        return SUITS[layout.marks[0] - 1]

    def fits_foundation(self, layout: Layout, dst: int, card: str, ctx: Ctx) -> str | None:
        """Knaves to the centre; the first dial in one suit; then alternating colours."""
        pile, zone = layout.piles[dst], self.zone_of[dst]
        if len(pile) >= zone.length:
            return f"{self.label(dst).capitalize()} is full."
        if zone.name == "c":
            if rank(card) != KNAVE:
                return "Only knaves go to the centre."
            if pile and ctx.options.get("knaves_centre_alternate") and red(pile[-1]) == red(card):
                return "The knaves in the centre alternate colours."
            return None
        at = place_of(card)
        if self.ids[dst] != f"f{at}":
            where = "the centre" if not at else f"place {at}"
            return f"{name(card).capitalize()} goes to {where}."
        first = self.first_suit(layout)
        if not pile:
            if suit(card) != first:
                return f"The first dial is all {SUIT_WORDS[first]}."
            return None
        if ctx.options.get("knaves_first_dial", True) and not self.dial_done(layout):
            return f"First complete the dial of {SUIT_WORDS[first]}."
        if red(pile[-1]) == red(card):
            return f"On {name(pile[-1])} goes a card of the other colour."
        return None

    def dial_done(self, layout: Layout) -> bool:
        """Whether every place of the first dial is laid."""
        return all(layout.piles[i] for i in self.of_kind[Kind.FOUNDATION][:12])

    def card_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """The waste's top card to its own place, if it fits there."""
        w = self.index["w"]
        waste = layout.piles[w]
        if not waste:
            return []
        at = place_of(waste[-1])
        target = self.index[f"f{at}" if at else "c"]
        if self.fits_foundation(layout, target, waste[-1], ctx) is not None:
            return []
        return [f"move w {self.ids[target]}"]

    def safe(self, layout: Layout, move: str, ctx: Ctx) -> bool:
        """Each card has one place, so placing it is always safe."""
        return move.startswith("move ")


class KnavesDialTwoPacks(KnavesDial):
    """Knaves' Dial with two packs: eight cards on each number."""

    key = "knaves-dial-two-packs"
    title = "Knaves' Dial (two packs)"
    packs = 2
    summary = "Knaves' Dial with two packs: eight cards on each number."
    zones = (
        Zone("s", Kind.STOCK, label="the pack"),
        Zone("w", Kind.WASTE),
        Zone("f", Kind.FOUNDATION, count=12, label="place", length=8),
        Zone("c", Kind.FOUNDATION, label="the centre", length=8),
    )


SPECS = (KnavesDial, KnavesDialTwoPacks)
