"""Solitaire (Cheney p. 17; its rules page beside it), with the book's easier and harder
ways as the option `solitaire_way`.

The aces are laid in a row as they come and built up to the kings regardless of suit.
Each card turned from the pack goes on a family or on one of four piles below; the top
card of a pile may go up to a family. Nothing moves from pile to pile. By the old strict
rule the player may not look beneath the top card of a pile.

- `solitaire_way=easier`: the four aces are taken out and laid in the row first.
- `solitaire_way=harder`: the families follow suit, and twice the player may take up the
  four piles, reshuffle them and lay them again (`redeal`: the gathered cards become the
  pack). [OUR CHOICE: "re-lay" is read as making them the pack again.]
"""

from __future__ import annotations

from bot.games.options import Option
from bot.games.patience.engine import ANY_CARD, Build, Ctx, Kind, Layout, Spec, Zone, take_up
from bot.games.patience.games._shared import bury_weight, goes_home
from bot.games.rules_text import rules_page


class Solitaire(Spec):
    """Solitaire."""

    key = "solitaire"
    title = "Solitaire"
    source = "Cheney, Patience (1869), p. 17"
    summary = "Aces up to kings regardless of suit, with four piles for the cards that wait."
    rules = rules_page(__package__, "solitaire.md")
    zones = (
        Zone("s", Kind.STOCK, label="the pack"),
        Zone("w", Kind.CELL, label="the card turned", sources="s"),
        Zone("f", Kind.FOUNDATION, count=4, base=1, build=Build(steps=(1,))),
        Zone("t", Kind.TABLEAU, count=4, build=ANY_CARD, sources="w", hidden=True),
    )
    place_first = True
    options = (
        Option(
            "solitaire_way",
            "standard",
            "standard; easier (aces laid out first); harder (families follow suit, two "
            "reshuffles of the piles).",
            choices=("standard", "easier", "harder"),
        ),
    )

    def way(self, ctx: Ctx) -> str:
        """Which of the book's three ways is played."""
        return str(ctx.options.get("solitaire_way", "standard"))

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """The pack face down; the easier way lays the aces out first."""
        layout = self.empty()
        cards = list(deck)
        if self.way(ctx) == "easier":
            aces = [c for c in cards if c.startswith("A")]
            cards = [c for c in cards if not c.startswith("A")]
            layout = layout.put({self.index[f"f{k + 1}"]: (a,) for k, a in enumerate(aces)}, {})
        return self.with_stock(layout, cards)

    def fits_foundation(self, layout: Layout, dst: int, card: str, ctx: Ctx) -> str | None:
        """Up regardless of suit; in suit the harder way."""
        reason = super().fits_foundation(layout, dst, card, ctx)
        pile = layout.piles[dst]
        if reason is None and pile and self.way(ctx) == "harder" and pile[-1][-1] != card[-1]:
            return "The harder way, the families follow suit."
        return reason

    def gathered(self) -> list[int]:
        """The harder way's redeal takes up the four piles."""
        return self.of_kind[Kind.TABLEAU]

    def can_redeal(self, layout: Layout, ctx: Ctx) -> bool:
        """The harder way: twice, once the pack is out and the turned card placed."""
        if self.way(ctx) != "harder" or layout.passes >= 2:
            return False
        if layout.piles[self.index["s"]] or layout.piles[self.index["w"]]:
            return False
        return any(layout.piles[i] for i in self.gathered())

    def do_redeal(self, layout: Layout, ctx: Ctx) -> Layout:
        """Take up the piles, shuffle them, and make them the pack."""
        cleared, cards = take_up(layout, self.gathered(), ctx, shuffle=True, turned=True)
        return self.with_stock(cleared, cards)

    def no_redeal(self, layout: Layout) -> str:
        """Why a redeal is refused."""
        return "Only the harder way allows a redeal: twice, when the pack is used up."

    def weigh(self, layout: Layout, move: str, ctx: Ctx) -> int | None:
        """Hints lay a waiting card where it buries least: on a higher card (the closer
        the better), else on an empty pile, else on the lowest top."""
        return bury_weight(self, layout, move)

    def safe(self, layout: Layout, move: str, ctx: Ctx) -> bool:
        """Any card that fits a family may go up by itself."""
        return goes_home(move)


SPECS = (Solitaire,)
