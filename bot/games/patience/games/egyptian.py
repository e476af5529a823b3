"""The Egyptian (Cheney p. 62; its rules page beside it), with the draw that "some
authorities allow" as the option `egyptian_draw`.

The four aces lie in a column in the middle of the table. The other 48 cards are laid out
as wings: five to the left of each ace (laid from the outside in) and five to its right
(from the ace outwards), then the last eight in a lower line of four and four with a space
in the middle. A wing is kept as a pile whose bottom card lies next to the centre and whose
top card is its outer end. Only the outer end cards are used: they go to the families (up
in suit) or marry another end card of their suit, one higher or lower, lengthening that
wing. A wing cleared to the centre takes any end card, which becomes its new end.

[OUR CHOICE] The lower line's two halves are wings like the others, their inner ends next
to the space; the draw (`draw t3 2 f1`, off by default) takes one covered card of a wing
onto a family or an end card, once.
"""

from __future__ import annotations

from bot.games.errors import IllegalAction
from bot.games.options import Option
from bot.games.patience.engine import Build, Ctx, Kind, Layout, Zone, rank
from bot.games.patience.games._quick import DRAW, QuickSpec, apply_draw, draw_moves
from bot.games.rules_text import rules_page

WING = 5


class Egyptian(QuickSpec):
    """The Egyptian."""

    key = "egyptian"
    title = "The Egyptian"
    source = "Cheney, Patience (1869), p. 62"
    summary = "Ten wings round four aces; play end cards home or marry them in suit."
    rules = rules_page(__package__, "egyptian.md")
    zones = (
        Zone("f", Kind.FOUNDATION, count=4, base=1, build=Build(steps=(1,), suit="same")),
        Zone("t", Kind.TABLEAU, count=10, label="wing", build=Build(steps=(-1, 1), suit="same")),
    )
    deal_to = ""
    privileges = ((DRAW, 1),)
    options = (
        Option(
            "egyptian_draw",
            False,
            "Allow one draw of a covered card onto a family or an end card.",
        ),
    )

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """The aces in the centre, then the wings in the book's order."""
        aces = [c for c in deck if rank(c) == 1]
        rest = [c for c in deck if rank(c) != 1]
        layout = self.empty().put({self.index[f"f{k + 1}"]: (a,) for k, a in enumerate(aces)}, {})
        wings: dict[int, tuple[str, ...]] = {}
        at = 0
        for k, size in enumerate([WING] * 8 + [4, 4]):
            cards = tuple(rest[at : at + size])
            at += size
            # Left wings are laid from the outside in, right wings from the centre out.
            wings[self.index[f"t{k + 1}"]] = cards[::-1] if k % 2 == 0 else cards
        return layout.put(wings, {})

    def drawing(self, ctx: Ctx) -> bool:
        """Whether the draw is allowed."""
        return bool(ctx.options.get("egyptian_draw", False))

    def extra_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """The draw, when the option allows it."""
        return draw_moves(self, layout, ctx, 0) if self.drawing(ctx) else []

    def apply_extra(self, layout: Layout, action: str, ctx: Ctx) -> Layout:
        """`draw <wing> <n> <to>`."""
        if action.startswith(DRAW + " "):
            if not self.drawing(ctx):
                raise IllegalAction("This table plays without the draw (option egyptian_draw).")
            return apply_draw(self, layout, action, ctx, 0)
        return super().apply_extra(layout, action, ctx)

    def weigh(self, layout: Layout, move: str, ctx: Ctx) -> int | None:
        """The draw only when nothing else helps."""
        return 2 if move.startswith(DRAW + " ") else super().weigh(layout, move, ctx)


SPECS = (Egyptian,)
