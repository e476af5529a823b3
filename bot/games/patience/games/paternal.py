"""Paternal (Cheney p. 27; its rules page beside it), with the book's modifications as
the option `paternal_way`.

The four aces are laid in a row and the other 48 cards in sixteen fans of three, all face
up. Only the top card of a fan may be used: it goes up to its family (up in suit) or
marries the top card of another fan of its suit, one higher or one lower. Twice the fans
may be taken up, shuffled and laid again in threes (`redeal`), and once a card may be
drawn from under others (`draw t3 1 f2`: the card's place counted from the bottom).

- `paternal_way=standard`: as above.
- `paternal_way=down`: marriages only lower on higher ("some persons").
- `paternal_way=kings`: no relay and no draw, but a king on top of a fan may be laid on
  the table as a new pile (`k1`..`k4`), and lower cards of its suit built on it.

[OUR CHOICE] An emptied fan stays empty (the book gives no use for the space); a relay may
be made at any time, and reshuffles, as Cheney says, from the game's seeded generator
(the last fan laid may hold one or two cards); the drawn card goes to a family or marries
a top card; in the kings' way the new piles are built down in suit, like a marriage.
"""

from __future__ import annotations

from bot.games.errors import IllegalAction
from bot.games.options import Option
from bot.games.patience.engine import Build, Ctx, Kind, Layout, Zone, rank
from bot.games.patience.games._quick import DRAW, QuickSpec, apply_draw, draw_moves
from bot.games.rules_text import rules_page

MARRY = Build(steps=(-1, 1), suit="same")


class Paternal(QuickSpec):
    """Paternal."""

    key = "paternal"
    title = "Paternal"
    source = "Cheney, Patience (1869), p. 27"
    summary = "Sixteen fans of three; marry top cards in suit up or down; two reshuffles."
    rules = rules_page(__package__, "paternal.md")
    zones = (
        Zone("f", Kind.FOUNDATION, count=4, base=1, build=Build(steps=(1,), suit="same")),
        Zone("t", Kind.TABLEAU, count=16, label="fan", build=MARRY, empty="none"),
        Zone("k", Kind.TABLEAU, count=4, label="king's pile", build=Build(suit="same")),
    )
    deal_to = ""
    redeals = 2
    reshuffle = True
    privileges = ((DRAW, 1),)
    options = (
        Option(
            "paternal_way",
            "standard",
            "standard (marry up or down, two reshuffles and a draw); down (marry lower on "
            "higher only); kings (no relay or draw; a top king may start a new pile).",
            choices=("standard", "down", "kings"),
        ),
    )

    def way(self, ctx: Ctx) -> str:
        """Which of the book's ways is played."""
        return str(ctx.options.get("paternal_way", "standard"))

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """The aces in a row, the rest in fans of three."""
        aces = [c for c in deck if rank(c) == 1]
        rest = [c for c in deck if rank(c) != 1]
        layout = self.empty().put({self.index[f"f{k + 1}"]: (a,) for k, a in enumerate(aces)}, {})
        return self.relay(layout, rest, ctx)

    def relay(self, layout: Layout, cards: list[str], ctx: Ctx) -> Layout:
        """Lay the cards (top first) in fans of three, the first card at the bottom."""
        fans = {
            self.index[f"t{k // 3 + 1}"]: tuple(cards[k : k + 3]) for k in range(0, len(cards), 3)
        }
        return layout.put(fans, {})

    def gathered(self) -> list[int]:
        """A relay takes up the fans."""
        return self.of_kind[Kind.TABLEAU]

    def can_redeal(self, layout: Layout, ctx: Ctx) -> bool:
        """Twice, except the kings' way."""
        if self.way(ctx) == "kings" or layout.passes >= self.redeals:
            return False
        return any(layout.piles[i] for i in self.gathered())

    def accepts(
        self, layout: Layout, src: int, cards: tuple[str, ...], dst: int, ctx: Ctx
    ) -> str | None:
        """The down-only way refuses a marriage of a higher card on a lower one."""
        reason = super().accepts(layout, src, cards, dst, ctx)
        pile = layout.piles[dst]
        if (
            reason is None
            and pile
            and rank(cards[0]) != rank(pile[-1]) - 1
            and self.ids[dst][0] == "t"
            and self.way(ctx) == "down"
        ):
            return "In this way a card marries only the card one higher of its suit."
        return reason

    def may_fill(self, layout: Layout, dst: int, ctx: Ctx) -> bool:
        """Only the kings' piles of the kings' way are ever filled."""
        return self.ids[dst][0] == "k" and self.way(ctx) == "kings"

    def fits_empty(
        self, layout: Layout, src: int, cards: tuple[str, ...], dst: int, ctx: Ctx
    ) -> str | None:
        """A king's pile takes a king from the top of a fan, in the kings' way only."""
        if self.ids[dst][0] == "t":
            return "An empty fan stays empty."
        if self.way(ctx) != "kings":
            return "New piles of kings are laid only in the kings' way."
        if rank(cards[0]) != 13 or self.ids[src][0] != "t":
            return "Only a king from the top of a fan starts a new pile."
        return None

    def extra_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """The draw, except the kings' way."""
        return [] if self.way(ctx) == "kings" else draw_moves(self, layout, ctx, 0)

    def apply_extra(self, layout: Layout, action: str, ctx: Ctx) -> Layout:
        """`draw <fan> <n> <to>`."""
        if action.startswith(DRAW + " "):
            if self.way(ctx) == "kings":
                raise IllegalAction("The kings' way has no draw.")
            return apply_draw(self, layout, action, ctx, 0)
        return super().apply_extra(layout, action, ctx)

    def weigh(self, layout: Layout, move: str, ctx: Ctx) -> int | None:
        """Keep the draw for the last trial, as the book advises."""
        if move.startswith(DRAW + " "):
            return 2 if layout.passes >= self.redeals else 0
        words = move.split(" ")
        if words[0] == "move" and words[2][0] == "k" and not layout.piles[self.index[words[2]]]:
            pile = layout.piles[self.index[words[1]]]
            return 25 if len(pile) > 1 and not MARRY.fits(pile[-2], pile[-1]) else 0
        return super().weigh(layout, move, ctx)

    def usage(self) -> str:
        """How to write a move."""
        return super().usage() + " The draw: 'draw t3 1 f2' (pile, place from the bottom, target)."


SPECS = (Paternal,)
