"""Bethel (Cheney p. 131; its rules page beside it), the game later called Calculation.

An ace, deuce, three and four start four families that climb by one, two, three and four
(round the corner, regardless of suit) to kings. Each card turned from the pack goes on
a family or on one of four piles below, whose top cards may go up later. No redeal, no
options. [OUR CHOICE: the four family cards are the first ace, deuce, three and four of
the shuffled pack, taken out before the deal; the player may look through the piles.]
"""

from __future__ import annotations

from bot.games.patience.engine import ANY_CARD, Build, Ctx, Kind, Layout, Zone, rank
from bot.games.patience.games._step_families import StepFamilies, take_ranks
from bot.games.rules_text import rules_page

INVERSE = {1: 1, 2: 7, 3: 9, 4: 10}
"""k times its inverse is 1 modulo 13: the number of steps of k from one rank to another."""


class Bethel(StepFamilies):
    """Bethel."""

    key = "bethel"
    title = "Bethel"
    source = "Cheney, Patience (1869), p. 131"
    summary = "Families climbing by ones, twos, threes and fours, with four piles to wait on."
    rules = rules_page(__package__, "bethel.md")
    zones = (
        Zone("s", Kind.STOCK, label="the pack"),
        Zone("w", Kind.CELL, label="the card turned", sources="s"),
        Zone("f", Kind.FOUNDATION, count=4, build=Build(steps=(1,), wrap=True)),
        Zone("t", Kind.TABLEAU, count=4, build=ANY_CARD, sources="w"),
    )
    place_first = True

    def take_out(self, cards: list[str], ctx: Ctx) -> list[str]:
        """The first ace, deuce, three and four."""
        return take_ranks(cards, (1, 2, 3, 4))

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """Ace, deuce, three and four taken out; the rest of the pack face down."""
        cards = list(deck)
        row = self.take_out(cards, ctx)
        layout = self.empty().put({self.index[f"f{k + 1}"]: (c,) for k, c in enumerate(row)}, {})
        return self.with_stock(layout, cards)

    def card_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """The turned card to a family or a pile; a pile's top card to a family."""
        out: list[str] = []
        found = self.of_kind[Kind.FOUNDATION]
        wants = [self.wanted(layout, f) for f in found]
        for src in (self.index["w"], *self.of_kind[Kind.TABLEAU]):
            pile = layout.piles[src]
            if not pile:
                continue
            r = rank(pile[-1])
            out += [
                f"move {self.ids[src]} {self.ids[f]}"
                for f, x in zip(found, wants, strict=True)
                if x == r
            ]
        if layout.piles[self.index["w"]]:
            out += [f"move w {self.ids[t]}" for t in self.of_kind[Kind.TABLEAU]]
        return out

    def weigh(self, layout: Layout, move: str, ctx: Ctx) -> int | None:
        """A turned card goes best on a pile whose top the families want after it."""
        words = move.split(" ")
        if words[0] != "move" or words[1] != "w" or not words[2].startswith("t"):
            return None
        card = layout.piles[self.index["w"]][-1]
        pile = layout.piles[self.index[words[2]]]
        if not pile:
            return 15
        gap = self.wait(layout, pile[-1]) - self.wait(layout, card)
        return 30 - gap if gap >= 0 else 2

    def wait(self, layout: Layout, card: str) -> int:
        """How many cards the nearest family must take before it takes this one."""
        best, r = 13, rank(card)
        for f, k in self.steps.items():
            pile = layout.piles[f]
            n = (r - rank(pile[-1])) * INVERSE[k] % 13 or 13
            if n <= 13 - len(pile):
                best = min(best, n)
        return best


SPECS = (Bethel,)
