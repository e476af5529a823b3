"""Fifteen in a Row (Cheney p. 96; its rules page beside it).

All 104 cards lie face up in rows of fifteen (the last row fourteen), each row half over
the one above: fifteen columns (`t1`..`t15`, seven deep, the last six) whose lowest card
is independent. One ace and one king of each suit start families ([OUR CHOICE], rules/
its rules page beside it), aces up and kings down, following suit. Independent cards marry up or
down in suit, one at a time. A column cleared from top to bottom is a street: any
independent card may go there and be built on.

The opening: until a king and an ace have both started families, only kings and aces go
to the families; marriages may be made to uncover them, and an ace or a king lying just
above a column's lowest card may be lifted out (`lift t3 f5`), the lowest card closing up
in its place (Cheney: "take them from the sixth row, and fill the spaces left by them
with the cards immediately below them"). [OUR CHOICE] The lift is allowed whenever the
opening lasts, even where a marriage could have uncovered the card.
"""

from __future__ import annotations

from bot.games.errors import IllegalAction
from bot.games.patience.engine import Build, Ctx, Kind, Layout, Zone, rank
from bot.games.patience.games._kings_and_aces import FAMILIES, TwoWay
from bot.games.rules_text import rules_page

COLUMNS = 15


class FifteenInARow(TwoWay):
    """Fifteen in a Row."""

    key = "fifteen-in-a-row"
    title = "Fifteen in a Row"
    packs = 2
    source = "Cheney, Patience (1869), p. 96"
    summary = "All the cards in fifteen lapping columns; marry in suit and find a street."
    rules = rules_page(__package__, "fifteen-in-a-row.md")
    zones = (
        FAMILIES,
        Zone(
            "t",
            Kind.TABLEAU,
            count=COLUMNS,
            label="column",
            build=Build(steps=(-1, 1), suit="same"),
        ),
    )
    deal_to = ""
    empty_worth = True

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """Rows of fifteen, row by row, into the columns."""
        columns = self.of_kind[Kind.TABLEAU]
        piles = {t: tuple(deck[k::COLUMNS]) for k, t in enumerate(columns)}
        return self.empty().put(piles, {})

    def opening(self, layout: Layout) -> bool:
        """Whether a king and an ace have not yet both started families."""
        fams = [layout.piles[i] for i in self.of_kind[Kind.FOUNDATION]]
        return not (any(fams[:4]) and any(fams[4:]))

    def fits_foundation(self, layout: Layout, dst: int, card: str, ctx: Ctx) -> str | None:
        """In the opening only kings and aces go to the families."""
        if rank(card) not in (1, 13) and self.opening(layout):
            return "Until a king and an ace have started families, only they go there."
        return super().fits_foundation(layout, dst, card, ctx)

    def extra_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """Lifting an ace or king from under a column's lowest card, in the opening."""
        if not self.opening(layout):
            return []
        out = []
        for t in self.of_kind[Kind.TABLEAU]:
            pile = layout.piles[t]
            if len(pile) >= 2 and rank(pile[-2]) in (1, 13):
                out += [f"lift {self.ids[t]} {self.ids[f]}" for f in self.homes(layout, pile[-2])]
        return out

    def apply_extra(self, layout: Layout, action: str, ctx: Ctx) -> Layout:
        """`lift t3 f5`: the card above the lowest one to a family; the column closes up."""
        words = action.split(" ")
        if words[0] != "lift" or len(words) != 3:
            raise IllegalAction(self.usage())
        src, dst = self._pile(words[1]), self._pile(words[2])
        if self.zone_of[src].kind is not Kind.TABLEAU or self.zone_of[dst].kind is not (
            Kind.FOUNDATION
        ):
            raise IllegalAction("Lift a card from a column (t1 ...) to a family (f1 ... f8).")
        if not self.opening(layout):
            raise IllegalAction("Cards are lifted only until a king and an ace are out.")
        pile = layout.piles[src]
        if len(pile) < 2:
            raise IllegalAction(f"{self.label(src).capitalize()} has no card above its lowest.")
        reason = self.fits_foundation(layout, dst, pile[-2], ctx)
        if reason is not None:
            raise IllegalAction(reason)
        return layout.put({src: pile[:-2] + pile[-1:], dst: layout.piles[dst] + pile[-2:-1]}, {})

    def usage(self) -> str:
        """Moves, and the opening's lift."""
        return super().usage() + " In the opening, 'lift t3 f5' lifts an ace or king."

    def describe(self, action: str) -> str:
        """The lift in words."""
        words = action.split(" ")
        if words[0] == "lift" and len(words) == 3:
            return f"Lift the card above the lowest of column {words[1]} to family {words[2]}"
        return super().describe(action)


SPECS = (FifteenInARow,)
