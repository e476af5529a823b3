"""Bridal Wreath (Cheney p. 139; its rules page beside it).

A wreath of 21 overlapping cards, of which only the end card (the last laid) is free, and
ten bridesmaids, five on each side, all free. Eight families are built up regardless of
suit, round the corner, from the wreath's end card, the bridesmaids and the waste. A
bridesmaid's place is refilled only from the top of the waste. No redeal.

- [OUR CHOICE] eight families, all from the same base rank: before the
  first move the player chooses `take next card` (the pack's next card starts the first
  family and fixes the base) or `wait for aces`. No option: it is the player's choice
  at the table.
"""

from __future__ import annotations

from bot.games.errors import IllegalAction
from bot.games.patience.engine import RANK_OF, Build, Ctx, Kind, Layout, Spec, Zone, rank
from bot.games.rules_text import rules_page

WREATH, MAIDS = 21, 10
CHOICES = ("take next card", "wait for aces")


class BridalWreath(Spec):
    """Bridal Wreath."""

    key = "bridal-wreath"
    title = "Bridal Wreath"
    packs = 2
    source = "Cheney, Patience (1869), p. 139"
    summary = "Free a wreath of 21 cards, end card first, onto eight families."
    rules = rules_page(__package__, "bridal-wreath.md")
    zones = (
        Zone("s", Kind.STOCK, label="the pack"),
        Zone("w", Kind.WASTE),
        Zone("r", Kind.RESERVE, label="the wreath"),
        Zone("b", Kind.CELL, count=MAIDS, label="bridesmaid", sources="w"),
        Zone("f", Kind.FOUNDATION, count=8, length=13, build=Build(steps=(1,), wrap=True)),
    )
    marks = (0,)
    """The base rank of the families (0 until the player chooses)."""
    figure = "wreath"

    def __init__(self) -> None:
        super().__init__()
        self.families = self.of_kind[Kind.FOUNDATION]
        self.maids = [self.index[f"b{k}"] for k in range(1, MAIDS + 1)]
        self.free = [self.index["r"], self.index["w"], *self.maids]

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """The wreath (its end card on top), the bridesmaids, the pack."""
        maids = {self.index[f"b{k + 1}"]: (c,) for k, c in enumerate(deck[WREATH : WREATH + MAIDS])}
        layout = self.empty().put({self.index["r"]: deck[:WREATH], **maids}, {})
        return self.with_stock(layout, deck[WREATH + MAIDS :])

    def base_rank(self, layout: Layout, dst: int) -> int | None:
        """The base the player chose."""
        return layout.marks[0]

    def card_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """Free cards to the families, the waste's top card to an empty bridesmaid's place;
        nothing until the base is chosen."""
        base = layout.marks[0]
        if not base:
            return []
        piles, out = layout.piles, []
        wants: dict[int, list[str]] = {}
        for f in self.families:
            pile = piles[f]
            if len(pile) < 13:
                want = RANK_OF[pile[-1][:-1]] % 13 + 1 if pile else base
                wants.setdefault(want, []).append(self.ids[f])
        for src in self.free:
            if piles[src] and (dsts := wants.get(RANK_OF[piles[src][-1][:-1]])):
                out += [f"move {self.ids[src]} {d}" for d in dsts]
        if piles[self.index["w"]]:
            out += [f"move w {self.ids[b]}" for b in self.maids if not piles[b]]
        return out

    def can_deal(self, layout: Layout, ctx: Ctx) -> bool:
        """Dealing starts once the base is chosen."""
        return bool(layout.marks[0]) and super().can_deal(layout, ctx)

    def extra_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """The choice of base, before the first move."""
        return [] if layout.marks[0] else list(CHOICES)

    def apply_extra(self, layout: Layout, action: str, ctx: Ctx) -> Layout:
        """`take next card` or `wait for aces`."""
        if action not in CHOICES:
            raise IllegalAction(self.usage())
        if layout.marks[0]:
            raise IllegalAction("The families' base is already chosen.")
        if action == CHOICES[1]:
            return layout.mark(0, 1)
        s = self.index["s"]
        stock = layout.piles[s]
        first = self.index["f1"]
        taken = layout.put({s: stock[:-1], first: stock[-1:]}, {s: len(stock) - 1})
        return taken.mark(0, rank(stock[-1]))

    def weigh(self, layout: Layout, move: str, ctx: Ctx) -> int | None:
        """Hints prefer the wreath's end card, then a bridesmaid, for the families."""
        words = move.split(" ")
        if words[0] == "move" and words[2].startswith("f"):
            return {"r": 120, "w": 100}.get(words[1], 110)
        if words[0] == "take":
            return 30  # the next card is as good a base as any, and saves waiting
        return None

    def no_deal(self, layout: Layout) -> str:
        """Why `deal` is refused."""
        if not layout.marks[0]:
            return "First choose the families' base: 'take next card' or 'wait for aces'."
        return super().no_deal(layout)

    def usage(self) -> str:
        """How to write a move."""
        return (
            "First choose 'take next card' or 'wait for aces'; then write a move as "
            "'move r f1' (the wreath's end card to family f1) or 'move w b3', or deal."
        )


SPECS = (BridalWreath,)
