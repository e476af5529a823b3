"""The Square (Cheney p. 92; its rules page beside it): two packs, no redeal.

Twelve cards are laid round three sides of a square (four before the player, four on each
side). The eight aces go inside as they turn up and are built up in suit. The square's
cards are built down in suit, one card at a time, from the pack, the waste (Cheney's
"stock") or another card of the square; a space is filled from the waste or the pack.

[OUR CHOICE] An ace in the opening square goes up when the player (or Auto) moves it;
its space is then filled like any other. The book names only the square and the pack as
feeding the families and the square, and the stock only for filling spaces; we follow
its glossary ("use its top card"), so the waste's top card may go anywhere a card turned
from the pack may go (the card turned is the waste's top card until the next is turned).
"""

from __future__ import annotations

from bot.games.patience.engine import Build, Ctx, Kind, Layout, Zone
from bot.games.patience.games._quick import QuickSpec
from bot.games.rules_text import rules_page

SIDE = 4


class Square(QuickSpec):
    """The Square."""

    key = "square"
    title = "The Square"
    source = "Cheney, Patience (1869), p. 92"
    summary = "Two packs; twelve cards round a square built down in suit, eight aces up."
    rules = rules_page(__package__, "square.md")
    zones = (
        Zone("s", Kind.STOCK, label="the pack"),
        Zone("w", Kind.WASTE, label="the waste"),
        Zone("f", Kind.FOUNDATION, count=8, base=1, build=Build(steps=(1,), suit="same")),
        Zone("t", Kind.TABLEAU, count=3 * SIDE, label="side", build=Build(suit="same"), empty="w"),
    )
    packs = 2

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """Twelve cards round the square (left side, bottom, right side); the rest is the pack."""
        sides = {self.index[f"t{k + 1}"]: (deck[k],) for k in range(3 * SIDE)}
        return self.with_stock(self.empty().put(sides, {}), deck[3 * SIDE :])


SPECS = (Square,)
