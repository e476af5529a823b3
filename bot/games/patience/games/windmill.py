"""The Windmill (Cheney p. 40; its rules page beside it).

Two packs. An ace is taken out and laid in the centre (`c`); the first eight cards of the
pack are laid round it as the sails (r1-r8, every one free). The first four kings to
appear are laid above, below and beside the centre (f1-f4) and built down regardless of
suit to the aces. The centre is built up regardless of suit from the ace to the king, and
on round the corner (another ace on the king) until it holds all four families, 52 cards.
Unplayable cards go to the waste (Cheney's "stock"); a sail that is used is refilled from
the top of the waste or with the next card of the pack (deal, then fill from the waste).
No redeal. [OUR CHOICE] A king starts a kings' place when the player puts it there (any
king, from anywhere), and a used sail need not be refilled at once.
"""

from __future__ import annotations

from bot.games.patience.engine import Build, Ctx, Kind, Layout, Zone
from bot.games.patience.games._step_families import take_ranks
from bot.games.patience.games._wants import Wants, fits_one, following
from bot.games.rules_text import rules_page

SAILS = 8


class Windmill(Wants):
    """The Windmill."""

    by_suit = False

    key = "windmill"
    title = "The Windmill"
    source = "Cheney, Patience (1869), p. 40"
    summary = "Two packs: the centre climbs ace to king four times; four kings go down to aces."
    rules = rules_page(__package__, "windmill.md")
    packs = 2
    zones = (
        Zone("s", Kind.STOCK, label="the pack"),
        Zone("w", Kind.WASTE),
        Zone(
            "c",
            Kind.FOUNDATION,
            label="the centre",
            base=1,
            length=52,
            build=Build(steps=(1,), wrap=True),
        ),
        Zone("f", Kind.FOUNDATION, count=4, label="king's place", base=13, build=Build()),
        Zone("r", Kind.CELL, count=SAILS, label="sail", sources="w"),
    )
    figure = "windmill"

    def take_out(self, cards: list[str], ctx: Ctx) -> list[str]:
        """The first ace."""
        return take_ranks(cards, (1,))

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """The first ace to the centre, the next eight cards to the sails."""
        cards = list(deck)
        layout = self.empty().put({self.index["c"]: tuple(self.take_out(cards, ctx))}, {})
        sails = {self.index[f"r{k + 1}"]: (c,) for k, c in enumerate(cards[:SAILS])}
        return self.with_stock(layout.put(sails, {}), cards[SAILS:])

    def want(self, layout: Layout, dst: int) -> str | None:
        """The centre up round the corner to 52 cards; a king's place down to the ace."""
        pile = layout.piles[dst]
        if dst == self.index["c"]:
            return following(pile[-1], 1, True) if len(pile) < 52 else None
        return following(pile[-1], -1, False) if pile else "K"

    def card_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """The waste top and the sails home; the waste top to an empty sail."""
        w = self.index["w"]
        cells = self.of_kind[Kind.CELL]
        out = self.homes(layout, (w, *cells))
        if layout.piles[w]:
            out += [f"move w {self.ids[r]}" for r in cells if not layout.piles[r]]
        return out

    def safe(self, layout: Layout, move: str, ctx: Ctx) -> bool:
        """A card with one home only may go there by itself."""
        return fits_one(self, layout, move, ctx)


SPECS = (Windmill,)
