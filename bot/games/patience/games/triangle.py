"""Triangle (Cheney p. 117, an 1894 addition; its rules page beside it): one pack in a
triangle of seven piles, with the rest of the pack spread out and every card of it free.
Not PySolFC's Triangle (a Pyramid game), nor the two-pack game one secondary source gives
under this name (that is Cheney's Staircase).

Twenty-eight cards make the triangle: seven rows, the first of seven cards, each next row
one card shorter and starting one place further right, the first card of every row face
up and the others face down; so pile k (`t1`..`t7`) holds k cards with only its top card
face up. A face-up card may go up to a family or be married onto a card one higher of the
other colour, one card at a time; the card beneath is then turned up. A space takes any
face-up card. The aces start families to the right as they come, built up in suit. The
other twenty-four cards are laid out in order (`r1`..`r24`) and any of them may be used
on the triangle or the families at any time. The top card of a family may be taken back
to the triangle.

[OUR CHOICE] A face-down card whose covering card has gone is turned up by itself. A card
taken back from a family goes onto the triangle, never onto another family.
"""

from __future__ import annotations

from bot.games.patience.engine import RANK_OF, RANK_TEXT, Build, Ctx, Kind, Layout, Spec, Zone
from bot.games.rules_text import rules_page

PILES, SPREAD = 7, 24


class Triangle(Spec):
    """Triangle."""

    key = "triangle"
    title = "Triangle"
    source = "Cheney, Patience (3rd ed., 1894), p. 117"
    summary = "Seven piles in a triangle, alternating colours, and the rest of the pack all free."
    rules = rules_page(__package__, "triangle.md")
    zones = (
        Zone(
            "f",
            Kind.FOUNDATION,
            count=4,
            label="family",
            base=1,
            build=Build(steps=(1,), suit="same"),
            takeback=True,
        ),
        Zone("t", Kind.TABLEAU, count=PILES, build=Build(suit="alt")),
        Zone("r", Kind.RESERVE, count=SPREAD, label="spread card"),
    )
    deal_to = ""

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """Row by row: row k has its face-up card on pile k and face-down cards on the piles
        to its right; then the spread."""
        cards = iter(deck)
        piles: list[list[str]] = [[] for _ in range(PILES)]
        for row in range(PILES):
            for col in range(row, PILES):
                piles[col].append(next(cards))
        changes = {self.index[f"t{k + 1}"]: tuple(p) for k, p in enumerate(piles)}
        downs = {self.index[f"t{k + 1}"]: k for k in range(PILES)}
        spread = {self.index[f"r{k + 1}"]: (c,) for k, c in enumerate(cards)}
        return self.empty().put({**changes, **spread}, downs)

    def accepts(
        self, layout: Layout, src: int, cards: tuple[str, ...], dst: int, ctx: Ctx
    ) -> str | None:
        """The plain rules, and a card taken back from a family goes to the triangle."""
        if self.zone_of[src].kind is Kind.FOUNDATION is self.zone_of[dst].kind:
            return "A card taken back from a family goes onto the triangle."
        return super().accepts(layout, src, cards, dst, ctx)

    def card_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """The moves `accepts` allows, found directly."""
        piles, ids, out = layout.piles, self.ids, []
        wants: dict[str, list[int]] = {}
        for f in self.of_kind[Kind.FOUNDATION]:
            pile = piles[f]
            if not pile:
                for s in "SHDC":
                    wants.setdefault("A" + s, []).append(f)
            elif len(pile) < 13:
                # a family built up from its ace has as many cards as its top card's rank
                wants.setdefault(RANK_TEXT[len(pile) + 1] + pile[-1][-1], []).append(f)
        tableau = self.of_kind[Kind.TABLEAU]
        free = [i for i in (*tableau, *self.of_kind[Kind.RESERVE]) if piles[i]]
        for src in free:
            out += [f"move {ids[src]} {ids[f]}" for f in wants.get(piles[src][-1], ())]
        by_card: dict[tuple[int, bool], list[int]] = {}
        for src in free + [f for f in self.of_kind[Kind.FOUNDATION] if piles[f]]:
            card = piles[src][-1]
            by_card.setdefault((RANK_OF[card[:-1]], card[-1] in "HD"), []).append(src)
        for t in tableau:
            if piles[t]:
                top = piles[t][-1]
                fits = by_card.get((RANK_OF[top[:-1]] - 1, top[-1] not in "HD"), [])
            else:
                fits = [i for srcs in by_card.values() for i in srcs]
            out += [f"move {ids[i]} {ids[t]}" for i in fits if i != t]
        return out

    def weigh(self, layout: Layout, move: str, ctx: Ctx) -> int | None:
        """Hints bring a spread card onto a pile with nothing face down in it first: on a
        pile still hiding cards it only adds to what must be moved off them."""
        words = move.split(" ")
        if words[0] != "move" or words[1][0] != "r" or words[2][0] != "t":
            return None
        return 12 if not layout.down[self.index[words[2]]] else 4


SPECS = (Triangle,)
