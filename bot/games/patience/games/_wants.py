"""Shared mechanics of Grandfathers and Honors (its rules page beside it), and
helpers other games use too: `Wants` (families that each want one card or
rank next, looked up rather than tried one by one, which keeps the greedy player fast),
a draw of a buried card, and a foundation move that has only one home.

Grandfathers and Honors share the play: eight families of one suit each, four built up
and four down; twenty places in two rows of ten, each taking the card turned from the
pack, at most two deep; then the privileges. [OUR CHOICE] "Lay off three
more" is three turned cards laid one by one on places of the player's choice past the
two-deep limit (`lay t5`), allowed when every place already holds two cards; "draw one"
takes one buried card of a place up to a family (`draw t5 2 f3`: the second card from the
top of t5 to family f3). The privileges need not be used in the book's order.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

from bot.games.errors import IllegalAction
from bot.games.patience.engine import (
    ANY_CARD,
    RANK_TEXT,
    Build,
    Ctx,
    Kind,
    Layout,
    Spec,
    Zone,
    draw_out,
    name,
    rank,
)

ROWS = 20
DEEP = 2


def parse_draw(spec: Spec, action: str) -> tuple[int, int, int]:
    """'draw t5 2 f3' -> (pile index, depth from the top, family index), or IllegalAction."""
    words = action.split(" ")
    if (
        len(words) != 4
        or not words[2].isdigit()
        or words[1] not in spec.index
        or words[3] not in spec.index
    ):
        raise IllegalAction(
            "Write a draw as 'draw t5 2 f3': the second card from the top of t5 to family f3."
        )
    src, depth, dst = spec.index[words[1]], int(words[2]), spec.index[words[3]]
    if spec.zone_of[src].kind is not Kind.TABLEAU or spec.zone_of[dst].kind is not Kind.FOUNDATION:
        raise IllegalAction("A draw takes a card from a pile of the table to a family.")
    if depth < 2:
        raise IllegalAction("Draw a card lying under the top card: 2 is the one just beneath.")
    return src, depth, dst


def drawn(layout: Layout, src: int, depth: int, dst: int) -> Layout:
    """The layout with the card `depth` from the top of src moved onto dst."""
    return draw_out(layout, src, len(layout.piles[src]) - depth, dst)


def draws(spec: Wants, layout: Layout) -> list[str]:
    """Every draw of a buried face-up card of a tableau pile to a family that wants it."""
    table = spec.want_table(layout)
    out = []
    for t in spec.of_kind[Kind.TABLEAU]:
        pile = layout.piles[t]
        for depth in range(2, len(pile) - layout.down[t] + 1):
            for f in table.get(spec.wanted_as(pile[-depth]), ()):
                out.append(f"draw {spec.ids[t]} {depth} {f}")
    return out


def fits_one(spec: Spec, layout: Layout, move: str, ctx: Ctx) -> bool:
    """Whether a move to a family takes a card that fits no other family (Auto may make
    it: the choice of family is the player's otherwise)."""
    words = move.split(" ")
    if words[0] != "move" or len(words) != 3:
        return False
    if spec.zone_of[spec.index[words[2]]].kind is not Kind.FOUNDATION:
        return False
    card = layout.piles[spec.index[words[1]]][-1]
    homes = [
        f
        for f in spec.of_kind[Kind.FOUNDATION]
        if spec.fits_foundation(layout, f, card, ctx) is None
    ]
    return len(homes) == 1


class Wants(Spec, ABC):
    """A game whose families each want one card (or rank) next: `want` names it, and the
    move generator looks the free cards up instead of trying every family."""

    by_suit = True
    """Whether a family wants an exact card ('7H'); otherwise a rank ('7')."""
    _wanted: tuple[Layout, dict[str, list[str]]] | None = None

    @abstractmethod
    def want(self, layout: Layout, dst: int) -> str | None:
        """The card (or rank) this family takes next (None: it is complete or closed)."""

    def wanted_as(self, card: str) -> str:
        """The card as a family's want names it."""
        return card if self.by_suit else card[:-1]

    def goes(self, layout: Layout, dst: int, card: str) -> bool:
        """Whether the card may go on this family."""
        return self.want(layout, dst) == self.wanted_as(card)

    def want_table(self, layout: Layout) -> dict[str, list[str]]:
        """The ids of the families wanting each card (or rank), kept for the last layout
        asked about (a pure function of it: the move generator asks several times)."""
        last = self._wanted
        if last is not None and last[0] is layout:
            return last[1]
        table: dict[str, list[str]] = {}
        for f in self.of_kind[Kind.FOUNDATION]:
            wanted = self.want(layout, f)
            if wanted is not None:
                table.setdefault(wanted, []).append(self.ids[f])
        self._wanted = (layout, table)
        return table

    def homes(self, layout: Layout, srcs: Sequence[int]) -> list[str]:
        """The moves of the free top cards of these piles to the families."""
        table = self.want_table(layout)
        suited = self.by_suit
        out = []
        piles, down, ids = layout.piles, layout.down, self.ids
        for src in srcs:
            pile = piles[src]
            if pile and down[src] < len(pile):
                hits = table.get(pile[-1] if suited else pile[-1][:-1])
                if hits:
                    out += [f"move {ids[src]} {f}" for f in hits]
        return out

    def fits_foundation(self, layout: Layout, dst: int, card: str, ctx: Ctx) -> str | None:
        """None if the family wants the card, else the engine's reason (or a plain one)."""
        if self.goes(layout, dst, card):
            return None
        reason = super().fits_foundation(layout, dst, card, ctx)
        return reason or f"{self.label(dst).capitalize()} does not take {name(card)} now."


def following(card: str, step: int, wrap: bool) -> str | None:
    """The rank text one step from a card's rank (None past the ace or the king)."""
    r = rank(card) + step
    if wrap:
        r = (r - 1) % 13 + 1
    return RANK_TEXT[r] if 1 <= r <= 13 else None


class TwoRows(Wants):
    """The play of Grandfathers and Honors; subclasses give the families and the deal."""

    packs = 2
    zones = (
        Zone("s", Kind.STOCK, label="the pack"),
        Zone("w", Kind.CELL, label="the card turned"),
        Zone("f", Kind.FOUNDATION, count=8),
        Zone("t", Kind.TABLEAU, count=ROWS, build=ANY_CARD, sources="w", max_cards=DEEP),
    )
    place_first = True
    wrap = False
    privileges: tuple[tuple[str, int], ...] = (("lay off three", 3), ("draw one", 1))

    def family_build(self, dst: int) -> Build:
        """f1-f4 are built up in suit, f5-f8 down."""
        up = dst - self.index["f1"] < 4
        return Build(steps=(1,) if up else (-1,), suit="same", wrap=self.wrap)

    def want(self, layout: Layout, dst: int) -> str | None:
        """The base card; then one up (f1-f4) or down (f5-f8) in suit, 13 cards."""
        pile = layout.piles[dst]
        k = dst - self.index["f1"]
        if not pile:
            return self.zone_of[dst].bases[k]
        if len(pile) >= 13:
            return None
        step = 1 if k < 4 else -1
        nxt = following(pile[-1], step, self.wrap)
        return None if nxt is None else nxt + pile[-1][-1]

    def fits_foundation(self, layout: Layout, dst: int, card: str, ctx: Ctx) -> str | None:
        """The base card on an empty family; then one up (or down) in suit, 13 cards."""
        pile = layout.piles[dst]
        if self.goes(layout, dst, card) or not pile:
            return super().fits_foundation(layout, dst, card, ctx)
        if len(pile) >= 13:
            return f"{self.label(dst).capitalize()} is complete."
        build = self.family_build(dst)
        return f"On {name(pile[-1])} this family takes a card {build.words()}."

    def card_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """Free cards to the families; the turned card to a place with room."""
        out: list[str] = []
        w = self.index["w"]
        out += self.homes(layout, (w, *self.of_kind[Kind.TABLEAU]))
        if layout.piles[w]:
            out += [f"move w {self.ids[t]}" for t in self.rooms(layout)]
        return out

    def rooms(self, layout: Layout) -> list[int]:
        """The places with room for the turned card."""
        return [t for t in self.of_kind[Kind.TABLEAU] if len(layout.piles[t]) < DEEP]

    def extra_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """The privileges still open."""
        out: list[str] = []
        if self.may_lay(layout):
            out += [f"lay {self.ids[t]}" for t in self.of_kind[Kind.TABLEAU]]
        if self.draw_slot(layout) is not None:
            out += draws(self, layout)
        return out

    def may_lay(self, layout: Layout) -> bool:
        """Lay off past the limit: a card is turned, every place is full, uses remain."""
        return (
            bool(layout.piles[self.index["w"]])
            and layout.used[0] < self.privileges[0][1]
            and not self.rooms(layout)
        )

    def draw_slot(self, layout: Layout) -> int | None:
        """Which privilege a draw would use now (None: no draw is left)."""
        if layout.used[1] < 1:
            return 1
        return None

    def apply_extra(self, layout: Layout, action: str, ctx: Ctx) -> Layout:
        """`lay t5` (a card past the limit) or `draw t5 2 f3` (a buried card home)."""
        words = action.split(" ")
        if words[0] == "lay" and len(words) == 2 and words[1] in self.index:
            dst = self.index[words[1]]
            if self.zone_of[dst].kind is not Kind.TABLEAU:
                raise IllegalAction("Lay the turned card on one of the places t1 to t20.")
            if not self.may_lay(layout):
                raise IllegalAction(
                    "You may lay a card past two deep only when every place is full, three "
                    "times in all, with a card turned."
                )
            return self.transfer(layout, self.index["w"], dst, 1).spend(0)
        if words[0] == "draw":
            src, depth, dst = parse_draw(self, action)
            slot = self.draw_slot(layout)
            if slot is None:
                raise IllegalAction("You have no draw left.")
            if depth > len(layout.piles[src]):
                raise IllegalAction(f"{self.label(src).capitalize()} has no card that deep.")
            reason = self.fits_foundation(layout, dst, layout.piles[src][-depth], ctx)
            if reason is not None:
                raise IllegalAction(reason)
            return drawn(layout, src, depth, dst).spend(slot)
        raise IllegalAction(
            "Write a move as 'move w t5' or 'move t5 f1', or deal, 'lay t5' (a privilege), "
            "'draw t5 2 f3' (a draw), undo, redo, hint, auto, resign."
        )

    def safe(self, layout: Layout, move: str, ctx: Ctx) -> bool:
        """A card that has one family only may go home by itself."""
        return fits_one(self, layout, move, ctx)

    def weigh(self, layout: Layout, move: str, ctx: Ctx) -> int | None:
        """Privileges only when nothing else helps; the turned card goes first to an empty
        place, then over the card its family will want last."""
        words = move.split(" ")
        if words[0] == "lay":
            return 3
        if words[0] == "draw":
            return 2
        if words[0] == "move" and words[1] == "w" and words[2].startswith("t"):
            pile = layout.piles[self.index[words[2]]]
            return 20 if not pile else 1 + min(self.wait(layout, pile[-1]), 12)
        return None

    def wait(self, layout: Layout, card: str) -> int:
        """How many cards its nearest family still needs before it takes this card."""
        best = 13
        for f in self.of_kind[Kind.FOUNDATION]:
            pile = layout.piles[f]
            k = f - self.index["f1"]
            if not pile:
                start = self.zone_of[f].bases[k]
                if start[-1] == card[-1]:
                    best = min(best, self.steps(start, card, k) + 1)
            elif pile[-1][-1] == card[-1] and len(pile) < 13:
                gap = self.steps(pile[-1], card, k)
                if 0 < gap <= 13 - len(pile):
                    best = min(best, gap - 1)
        return best

    def steps(self, start: str, card: str, k: int) -> int:
        """How far the card lies from `start` in family k's direction."""
        diff = rank(card) - rank(start)
        diff = diff if k < 4 else -diff
        return diff % 13 if self.wrap else (diff if diff >= 0 else 99)
