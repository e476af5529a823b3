"""The Trios, a variation of Paternal (Cheney p. 31; its rules page beside it).

The whole pack is laid in fans of three, the last four cards in two fans of two, all face
up; only top cards are used. The aces are the bases of the families, built up in suit. A
card marries the next higher card regardless of suit (never higher on lower), and a king
may go on a king, a queen on a queen, a knave on a knave; no fan ever holds more than
three cards. No relay and no draw.

[OUR CHOICE] An ace goes to its family by itself as soon as it is on top of a fan
(its rules page beside it); an emptied fan stays empty.
"""

from __future__ import annotations

from bot.games.patience.engine import Build, Ctx, Kind, Layout, Zone, name, rank
from bot.games.patience.games._quick import QuickSpec
from bot.games.rules_text import rules_page

COURTS = (11, 12, 13)


class Trios(QuickSpec):
    """The Trios."""

    key = "trios"
    title = "The Trios"
    source = "Cheney, Patience (1869), p. 31"
    summary = "Fans of three; marry down regardless of suit, courts on courts, three at most."
    rules = rules_page(__package__, "trios.md")
    zones = (
        Zone("f", Kind.FOUNDATION, count=4, base=1, build=Build(steps=(1,), suit="same")),
        Zone(
            "t",
            Kind.TABLEAU,
            count=18,
            label="fan",
            build=Build(steps=(-1, 0)),  # the same rank for court cards only: see accepts
            max_cards=3,
            empty="none",
        ),
    )
    deal_to = ""

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """Sixteen threes, then the last four in twos (the first card at the bottom)."""
        sizes = [3] * 16 + [2, 2]
        fans, at = {}, 0
        for k, size in enumerate(sizes):
            fans[self.index[f"t{k + 1}"]] = tuple(deck[at : at + size])
            at += size
        return self.empty().put(fans, {})

    def accepts(
        self, layout: Layout, src: int, cards: tuple[str, ...], dst: int, ctx: Ctx
    ) -> str | None:
        """Down regardless of suit, or a court card on one of its rank."""
        pile = layout.piles[dst]
        if self.zone_of[dst].kind is Kind.TABLEAU and pile and len(pile) < 3:
            if rank(cards[0]) == rank(pile[-1]) and rank(cards[0]) in COURTS:
                return None
            if rank(cards[0]) != rank(pile[-1]) - 1:
                return (
                    f"On {name(pile[-1])} you may lay a card one lower, or a court card "
                    "of the same rank."
                )
        return super().accepts(layout, src, cards, dst, ctx)

    def rests(self, src: int, below: str, card: str) -> bool:
        """A card one lower, or a court card on one of its rank."""
        step = rank(below) - rank(card)
        return step == 1 or (step == 0 and rank(card) in COURTS)

    def settle(self, layout: Layout, ctx: Ctx) -> Layout:
        """Aces on top of a fan go up to the families at once."""
        layout = super().settle(layout, ctx)
        for t in self.of_kind[Kind.TABLEAU]:
            pile = layout.piles[t]
            while pile and rank(pile[-1]) == 1:
                f = next(i for i in self.of_kind[Kind.FOUNDATION] if not layout.piles[i])
                layout = layout.put({t: pile[:-1], f: (pile[-1],)}, {})
                pile = layout.piles[t]
        return layout


SPECS = (Trios,)
