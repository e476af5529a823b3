"""Musical (Cheney p. 33; its rules page beside it): two scales of numbers.

An indicator row of ace, deuce, three, four and a working row of two, four, six, eight
below it; each working card starts a family that climbs by the indicator above it, round
the corner (knave and three make an ace), to a king. One waste, turned twice. No options.
[OUR CHOICE: the eight row cards are the first of each needed rank in the shuffled pack,
taken out before the deal; the book leaves their suits to the player and suits never
matter.]
"""

from __future__ import annotations

from bot.games.patience.engine import Build, Ctx, Kind, Layout, Zone
from bot.games.patience.games._step_families import StepFamilies, take_ranks
from bot.games.rules_text import rules_page


class Musical(StepFamilies):
    """Musical."""

    key = "musical"
    title = "Musical"
    source = "Cheney, Patience (1869), p. 33"
    summary = "Four families climbing by ones, twos, threes and fours to four kings."
    rules = rules_page(__package__, "musical.md")
    zones = (
        Zone("s", Kind.STOCK, label="the pack"),
        Zone("w", Kind.WASTE),
        Zone("i", Kind.INDICATOR, count=4, label="indicator"),
        Zone("f", Kind.FOUNDATION, count=4, length=12, build=Build(steps=(1,), wrap=True)),
    )
    redeals = 2

    def take_out(self, cards: list[str], ctx: Ctx) -> list[str]:
        """The upper row (ace, two, three, four), then the lower (two, four, six, eight)."""
        return take_ranks(cards, (1, 2, 3, 4)) + take_ranks(cards, (2, 4, 6, 8))

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """The two rows taken out, the rest of the pack face down."""
        cards = list(deck)
        named = self.take_out(cards, ctx)
        upper, lower = named[:4], named[4:]
        layout = self.empty()
        rows = {self.index[f"i{k + 1}"]: (c,) for k, c in enumerate(upper)}
        rows |= {self.index[f"f{k + 1}"]: (c,) for k, c in enumerate(lower)}
        return self.with_stock(layout.put(rows, {}), cards)


SPECS = (Musical,)
