"""The Old Stager (Cheney p. 102; its rules page beside it): two packs, thirteen lapped
columns of three, with the book's king shift in the deal as the option
`old_stager_shift`.

Three rows of thirteen are laid, each lapping the one above, so the lowest card of each
column is free. A king laid on a lower card of its own suit may be moved on to the next
place, the next card of the pack filling its place. The eight aces go to a row below as
they come and are built up in suit. A free card marries another free card one higher of
its suit. Cards turned from the pack go to the families, on the rows, or on the waste
(Cheney's "stock"), whose top card may be used. A column cleared to its top place takes
only the top card of the waste. Last privilege, once the pack is out: the three bottom
cards of the waste are laid off again (`lay off three`), the lowest first.

[OUR CHOICE] "A king on a lower number of the same suit" is the card directly beneath it;
the shift is always taken when the option is on (a king so placed is almost hopeless), and
a king shifted onto another such card moves on again; the card filling its place is laid
as it comes. The last place of all has no next place.
"""

from __future__ import annotations

from bot.games.errors import IllegalAction
from bot.games.options import Option
from bot.games.patience.engine import Build, Ctx, Kind, Layout, Zone, rank
from bot.games.patience.games._quick import QuickSpec
from bot.games.rules_text import rules_page

ROWS, COLS = 3, 13
LAY_OFF = "lay off three"


class OldStager(QuickSpec):
    """The Old Stager."""

    key = "old-stager"
    title = "The Old Stager"
    source = "Cheney, Patience (1869), p. 102"
    summary = "Two packs; thirteen lapped columns married down in suit; three last cards."
    rules = rules_page(__package__, "old-stager.md")
    zones = (
        Zone("s", Kind.STOCK, label="the pack"),
        Zone("w", Kind.WASTE, label="the waste"),
        Zone("f", Kind.FOUNDATION, count=8, base=1, build=Build(steps=(1,), suit="same")),
        Zone("t", Kind.TABLEAU, count=COLS, label="column", build=Build(suit="same"), empty="w"),
    )
    packs = 2
    privileges = ((LAY_OFF, 1),)
    options = (
        Option(
            "old_stager_shift",
            True,
            "A king laid on a lower card of its suit moves on to the next place.",
        ),
    )

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """Three lapping rows of thirteen, shifting kings; the rest is the pack."""
        shift = bool(ctx.options.get("old_stager_shift", True))
        cards = list(deck)
        at = 0
        places: list[str] = []
        carry: str | None = None
        for p in range(ROWS * COLS):
            if carry is None:
                card, at = cards[at], at + 1
            else:
                card, carry = carry, None
            if shift and p + 1 < ROWS * COLS and self._smothers(places, p, card):
                carry = card
                card, at = cards[at], at + 1
            places.append(card)
        cols = [tuple(places[r * COLS + c] for r in range(ROWS)) for c in range(COLS)]
        laid = self.empty().put({self.index[f"t{c + 1}"]: p for c, p in enumerate(cols)}, {})
        return self.with_stock(laid, cards[at:])

    @staticmethod
    def _smothers(places: list[str], p: int, card: str) -> bool:
        """A king laid at place p on a lower card of its own suit."""
        if rank(card) != 13 or p < COLS:
            return False
        under = places[p - COLS]
        return under[-1] == card[-1] and rank(under) < 13

    def extra_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """The last privilege, once the pack is out."""
        if layout.used[0] or layout.piles[self.index["s"]] or not layout.piles[self.index["w"]]:
            return []
        return [LAY_OFF]

    def apply_extra(self, layout: Layout, action: str, ctx: Ctx) -> Layout:
        """`lay off three`: the three bottom cards of the waste become the pack again."""
        if action != LAY_OFF:
            return super().apply_extra(layout, action, ctx)
        if LAY_OFF not in self.extra_moves(layout, ctx):
            if layout.used[0]:
                raise IllegalAction("You have already laid off the last three cards.")
            raise IllegalAction("Lay off three cards only when the pack is out.")
        w = self.index["w"]
        waste = layout.piles[w]
        three = waste[:3]
        after = self.with_stock(layout.put({w: waste[3:]}, {}), three)
        return after.spend(0)

    def weigh(self, layout: Layout, move: str, ctx: Ctx) -> int | None:
        """The privilege only when nothing else helps."""
        return 1 if move == LAY_OFF else super().weigh(layout, move, ctx)

    def describe(self, action: str) -> str:
        """The privilege in words."""
        if action == LAY_OFF:
            return "Lay off the three bottom cards of the waste"
        return super().describe(action)


SPECS = (OldStager,)
