"""The Toad (Cheney p. 111; its rules page beside it): two packs, a thirteen-card
reserve called the Toad, and five piles of the player's choosing. Not PySolFC's Toad (Toad
in the Hole).

Thirteen cards from the pack make the Toad (`r`), whose top card may be used. The rest of
the pack is turned one card at a time (Deal): each card goes to a family or onto any one
of five piles (`t1`..`t5`) that the player chooses. The eight aces start families in a
row as they come, and each family is built up regardless of suit to its king. The top
card of every pile and of the Toad may go up to a family. Nothing else moves, and there is
no redeal.

[OUR CHOICE] Only the top card of the Toad may be seen (it lies squared in a pile); the
five piles may be looked through. A card turned must be placed before the next is turned.
"""

from __future__ import annotations

from bot.games.patience.engine import ANY_CARD, RANK_OF, Build, Ctx, Kind, Layout, Spec, Zone
from bot.games.patience.games._shared import bury_weight, goes_home
from bot.games.rules_text import rules_page


class Toad(Spec):
    """The Toad."""

    key = "toad"
    title = "The Toad"
    packs = 2
    source = "Cheney, Patience (1869), p. 111"
    summary = "Two packs; eight aces up regardless of suit, a thirteen-card Toad and five piles."
    rules = rules_page(__package__, "toad.md")
    zones = (
        Zone("s", Kind.STOCK, label="the pack"),
        Zone("w", Kind.CELL, label="the card turned", sources="s"),
        Zone("r", Kind.RESERVE, label="the Toad", hidden=True),
        Zone("f", Kind.FOUNDATION, count=8, base=1, build=Build(steps=(1,))),
        Zone("t", Kind.TABLEAU, count=5, build=ANY_CARD, sources="w"),
    )
    place_first = True

    def __init__(self) -> None:
        super().__init__()
        self.sources = [self.index["w"], self.index["r"], *self.of_kind[Kind.TABLEAU]]

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """Thirteen cards to the Toad (the first at the bottom); the rest is the pack."""
        toad = self.empty().put({self.index["r"]: tuple(deck[:13])}, {})
        return self.with_stock(toad, deck[13:])

    def no_deal(self, layout: Layout) -> str:
        """Why the next card may not be turned."""
        if layout.piles[self.index["w"]]:
            return "Place the card turned, on a family or a pile, before turning the next."
        return "The pack is used up."

    def card_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """The moves the rules allow, found directly (the general search is slow here)."""
        piles, ids, out = layout.piles, self.ids, []
        wants: dict[int, list[int]] = {}
        for f in self.of_kind[Kind.FOUNDATION]:
            # a family built up from its ace has as many cards as its top card's rank
            n = len(piles[f])
            if n < 13:
                wants.setdefault(n + 1, []).append(f)
        for src in self.sources:
            if piles[src]:
                for f in wants.get(RANK_OF[piles[src][-1][:-1]], ()):
                    out.append(f"move {ids[src]} {ids[f]}")
        if piles[self.index["w"]]:
            out += [f"move w {ids[t]}" for t in self.of_kind[Kind.TABLEAU]]
        return out

    def weigh(self, layout: Layout, move: str, ctx: Ctx) -> int | None:
        """Hints lay a turned card where it buries least: on a higher card (the closer the
        better), else on an empty pile, else on the lowest top."""
        return bury_weight(self, layout, move)

    def safe(self, layout: Layout, move: str, ctx: Ctx) -> bool:
        """Any card that fits a family may go up by itself: nothing is built on the piles."""
        return goes_home(move)


SPECS = (Toad,)
