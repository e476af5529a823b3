"""Salique Law (Cheney p. 44; its rules page beside it).

Two packs. A king is taken out and laid down (t1); the pack is dealt one card at a time
(`deal`) onto the newest king's pile, except that an ace starts a family in the lower row
(f1-f8, built up regardless of suit to the knave, eleven cards), a queen goes to the middle
row (q1-q8, where it stays), and a king starts a new pile in the upper row, taking the
cards from then on. The top card of any king's pile may go to a family at any time, so a
card dealt that fits is used "at once" by moving it up. When the pack is out, a bare king
may take the top card of another pile; last, one card may be drawn from anywhere in the
upper piles to a family (`draw t3 2 f5`: the second card from the top of t3). Every card
may be looked at (Cheney allows it in this game).
"""

from __future__ import annotations

from bot.games.errors import IllegalAction
from bot.games.patience.engine import Build, Ctx, Kind, Layout, Zone, rank
from bot.games.patience.games._step_families import take_ranks
from bot.games.patience.games._wants import Wants, drawn, draws, following, parse_draw
from bot.games.rules_text import rules_page

KINGS = 8


class SaliqueLaw(Wants):
    """Salique Law."""

    by_suit = False

    key = "salique-law"
    title = "Salique Law"
    source = "Cheney, Patience (1869), p. 44"
    summary = "Two packs: kings hold the stock, queens look on, aces climb to the knaves."
    rules = rules_page(__package__, "salique-law.md")
    packs = 2
    zones = (
        Zone("s", Kind.STOCK, label="the pack"),
        Zone("t", Kind.TABLEAU, count=KINGS, label="king's pile", empty="none"),
        Zone("q", Kind.INDICATOR, count=KINGS, label="queen"),
        Zone("f", Kind.FOUNDATION, count=8, base=1, length=11, build=Build(steps=(1,))),
    )
    deal_to = "t"
    privileges = (("draw one", 1),)

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """The first king to t1; the rest is the pack."""
        cards = list(deck)
        king = self.take_out(cards, ctx)
        return self.with_stock(self.empty().put({self.index["t1"]: tuple(king)}, {}), cards)

    def take_out(self, cards: list[str], ctx: Ctx) -> list[str]:
        """The first king."""
        return take_ranks(cards, (13,))

    def do_deal(self, layout: Layout, ctx: Ctx) -> Layout:
        """The next card to its row: ace, queen, king, or the newest king's pile."""
        s = self.index["s"]
        card = layout.piles[s][-1]
        r = rank(card)
        zone = {1: "f", 12: "q", 13: "t"}.get(r)
        if zone is None:
            dst = max(t for t in self.of_kind[Kind.TABLEAU] if layout.piles[t])
        else:
            dst = next(i for i in self.ids_of(zone) if not layout.piles[i])
        return layout.put({s: layout.piles[s][:-1], dst: layout.piles[dst] + (card,)}, {})

    def ids_of(self, zone: str) -> list[int]:
        """The pile indexes of a zone."""
        return [i for i, z in enumerate(self.zone_of) if z.name == zone]

    def pack_out(self, layout: Layout) -> bool:
        """Whether the pack is used up."""
        return not layout.piles[self.index["s"]]

    def movable(self, layout: Layout, src: int) -> list[tuple[int, tuple[str, ...]]]:
        """The top card of a king's pile; never the king himself."""
        if self.zone_of[src].kind is Kind.TABLEAU and len(layout.piles[src]) < 2:
            return []
        return super().movable(layout, src)

    def accepts(
        self, layout: Layout, src: int, cards: tuple[str, ...], dst: int, ctx: Ctx
    ) -> str | None:
        """A bare king takes a top card once the pack is out."""
        if self.zone_of[dst].kind is Kind.TABLEAU:
            if not self.pack_out(layout) or len(layout.piles[dst]) != 1:
                return "Only a bare king takes a card, and only once the pack is out."
            return None
        return super().accepts(layout, src, cards, dst, ctx)

    def card_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """Top cards to the families; once the pack is out, to bare kings."""
        out: list[str] = []
        tabs = self.of_kind[Kind.TABLEAU]
        bare = [t for t in tabs if len(layout.piles[t]) == 1] if self.pack_out(layout) else []
        loaded = [t for t in tabs if len(layout.piles[t]) > 1]
        out += self.homes(layout, loaded)
        for src in loaded:
            out += [f"move {self.ids[src]} {self.ids[b]}" for b in bare]
        return out

    def want(self, layout: Layout, dst: int) -> str | None:
        """An ace on an empty family, then one up to the knave."""
        pile = layout.piles[dst]
        if not pile:
            return "A"
        return following(pile[-1], 1, False) if len(pile) < 11 else None

    def extra_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """The last draw, once the pack is out."""
        if not self.pack_out(layout) or layout.used[0]:
            return []
        return draws(self, layout)  # a king fits no family, so none is drawn

    def apply_extra(self, layout: Layout, action: str, ctx: Ctx) -> Layout:
        """`draw t3 2 f5`: the last privilege."""
        if not action.startswith("draw "):
            raise IllegalAction(
                "Write a move as 'move t3 f1', or deal, 'draw t3 2 f5' (the last privilege), "
                "undo, redo, hint, auto, resign."
            )
        src, depth, dst = parse_draw(self, action)
        if not self.pack_out(layout):
            raise IllegalAction("The draw comes last, once the pack is out.")
        if layout.used[0]:
            raise IllegalAction("You have used your draw.")
        if depth >= len(layout.piles[src]):
            raise IllegalAction("Draw a card lying on the king, not the king himself.")
        reason = self.fits_foundation(layout, dst, layout.piles[src][-depth], ctx)
        if reason is not None:
            raise IllegalAction(reason)
        return drawn(layout, src, depth, dst).spend(0)

    def won(self, layout: Layout) -> bool:
        """The eight families at their knaves."""
        return self.score(layout) == 8 * 11

    def result_words(self, layout: Layout, won: bool) -> str:
        """The result in a sentence."""
        if won:
            return "Won: the kings at the head, the queens below, the knaves over the rest."
        return f"{self.score(layout)} of 88 cards reached the families."

    def weigh(self, layout: Layout, move: str, ctx: Ctx) -> int | None:
        """The draw only when nothing else helps."""
        return 2 if move.startswith("draw") else None


SPECS = (SaliqueLaw,)
