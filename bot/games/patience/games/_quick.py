"""Shared mechanics of Paternal, the Trios, the Egyptian, Brunette and Blonde, the Square,
the Queen's Party, Napoleon and the Pet Game, and the Old Stager: the "draw one card"
privilege, lapped columns dealt by rows, and `QuickSpec`, a spec whose cards move one at
a time, with a quicker move finder than the engine's (each free card is looked up among
the cards the piles want, and the answer is kept while the piles other than the stock
and the waste are unchanged) and hint weights for piles whose cards all lie face up.

A draw is written `draw <pile> <n> <to>`: the nth card from the bottom of a pile (one that
is not free) goes to a family, or in marriage onto a free card, once per game.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter

from bot.games.errors import IllegalAction
from bot.games.patience.engine import (
    RANK_OF,
    Build,
    Ctx,
    Kind,
    Layout,
    Spec,
    draw_out,
    rank,
)

DRAW = "draw"


def draw_moves(spec: QuickSpec, layout: Layout, ctx: Ctx, priv: int) -> list[str]:
    """Every legal use of the draw privilege (number `priv` in the spec's privileges)."""
    if layout.used[priv] >= spec.privileges[priv][1]:
        return []
    return list(spec.kept(DRAW, layout, ctx, lambda lay, c: _draw_moves(spec, lay, c)))


def _draw_moves(spec: QuickSpec, layout: Layout, ctx: Ctx) -> list[str]:
    wanted, _ = wants(spec, layout, ctx)
    out: list[str] = []
    for src in spec.of_kind.get(Kind.TABLEAU, []):
        pile = layout.piles[src]
        for pos in range(1, len(pile)):
            for dst in candidates(wanted, pile[pos - 1]):
                if dst != src and _fits(spec, layout, src, pile[pos - 1], dst, ctx):
                    out.append(f"{DRAW} {spec.ids[src]} {pos} {spec.ids[dst]}")
    return out


def _fits(spec: Spec, layout: Layout, src: int, card: str, dst: int, ctx: Ctx) -> bool:
    """A drawn card goes home, or onto a card (never into an empty place)."""
    if spec.zone_of[dst].kind is Kind.TABLEAU and not layout.piles[dst]:
        return False
    return spec.accepts(layout, src, (card,), dst, ctx) is None


def apply_draw(spec: QuickSpec, layout: Layout, action: str, ctx: Ctx, priv: int) -> Layout:
    """Draw a buried card out of its pile onto a family or a free card."""
    words = action.split(" ")
    if len(words) != 4 or not words[2].isdigit():
        raise IllegalAction("Write a draw as 'draw t3 1 f2': pile, place from the bottom, target.")
    if layout.used[priv] >= spec.privileges[priv][1]:
        raise IllegalAction("You have already drawn your one card.")
    src, dst = spec.index.get(words[1]), spec.index.get(words[3])
    if src is None or dst is None or spec.zone_of[src].kind is not Kind.TABLEAU:
        raise IllegalAction("Draw a card from a pile of the table onto a family or a pile.")
    pile, pos = layout.piles[src], int(words[2])
    if not 1 <= pos < len(pile):
        raise IllegalAction(
            "Draw a covered card: count from 1 at the bottom, below the top card "
            "(the top card moves without the privilege)."
        )
    if src == dst or not _fits(spec, layout, src, pile[pos - 1], dst, ctx):
        raise IllegalAction("The drawn card must go on a family or on a card it marries.")
    return draw_out(layout, src, pos - 1, dst).spend(priv)


def columns(cards: Sequence[str], rows: int, cols: int) -> list[tuple[str, ...]]:
    """Cards laid by rows of `cols`, each row lapping the one above: the columns, top row
    first (so the lowest row's card is the top of each pile)."""
    return [tuple(cards[r * cols + c] for r in range(rows)) for c in range(cols)]


Wanted = dict[tuple[int, str], list[int]]
"""The cards the piles want, as (rank, suit or colour or '*') -> piles."""


def wants(spec: QuickSpec, layout: Layout, ctx: Ctx) -> tuple[Wanted, list[int]]:
    """The cards the piles want, and the empty piles whose wants are left to `accepts`."""
    table = _table(spec, layout, ctx)
    return table[0], table[1]


def _table(spec: QuickSpec, layout: Layout, ctx: Ctx) -> tuple[Wanted, list[int], list[str]]:
    """What the piles want and the moves among them (all but the stock and the waste).
    These are kept while those piles are unchanged: turning cards onto the waste, the
    most common move, leaves them as they were."""
    key = spec.watch(layout.piles)
    kept = spec.quick
    if kept is not None and kept[1] is ctx and kept[0] == key:
        return kept[2]
    wanted: Wanted = {}
    open_piles: list[int] = []
    piles = layout.piles
    for dst, build, base in spec.quick_targets:
        pile = piles[dst]
        if pile:
            if build is not None:
                for want in spec.keys_on(dst, pile[-1]):
                    wanted.setdefault(want, []).append(dst)
        elif base is not None:
            wanted.setdefault(base, []).append(dst)
        elif spec.may_fill(layout, dst, ctx):
            open_piles.append(dst)
    table = (
        wanted,
        open_piles,
        _moves_from(spec, layout, ctx, spec.fixed_sources, wanted, open_piles),
    )
    spec.quick = (key, ctx, table)
    return table


def candidates(wanted: Wanted, card: str) -> list[int]:
    """The piles that may want a card."""
    r, s = RANK_OF[card[:-1]], card[-1]
    return (
        wanted.get((r, s), [])
        + wanted.get((r, "R" if s in "HD" else "B"), [])
        + wanted.get((r, "*"), [])
    )


def quick_moves(spec: QuickSpec, layout: Layout, ctx: Ctx) -> list[str]:
    """The engine's card moves for games that move one card at a time, found by looking up
    each free card among the cards the piles want (the engine's `accepts` has the last
    word), rather than trying every pile against every other."""
    wanted, open_piles, fixed = _table(spec, layout, ctx)
    return fixed + _moves_from(spec, layout, ctx, spec.loose_sources, wanted, open_piles)


def _moves_from(
    spec: QuickSpec,
    layout: Layout,
    ctx: Ctx,
    sources: list[int],
    wanted: Wanted,
    open_piles: list[int],
) -> list[str]:
    """The moves of the free cards of some piles."""
    out: list[str] = []
    ids = spec.ids
    for src in sources:
        pile = layout.piles[src]
        if not pile or layout.down[src] >= len(pile):
            continue
        card = pile[-1]
        zone = spec.zone_of[src].name
        for dst in candidates(wanted, card) + open_piles:
            feeds = spec.quick_feeds[dst]
            if dst == src or (feeds and zone not in feeds):
                continue
            if spec.accepts(layout, src, (card,), dst, ctx) is None:
                out.append(f"move {ids[src]} {ids[dst]}")
    return out


_NEVER_FREE = (Kind.STOCK, Kind.INDICATOR, Kind.DISCARD)
_LOOSE = (Kind.STOCK, Kind.WASTE)


def fan_weigh(spec: QuickSpec, layout: Layout, move: str, ctx: Ctx) -> int | None:
    """A hint weight for a move between face-up piles, where the solver's rule (which
    values turning up a face-down card) sees no progress. A card moves when it leaves a
    card it does not fit for one it fits, when it empties a pile, or when it uncovers a
    card that can go home; into an empty pile only from a card it does not fit. So the
    pair (cards home, cards resting on a card they fit, empty piles) only grows, and the
    greedy player cannot go round in circles. None: the solver's rule."""
    words = move.split(" ")
    if words[0] != "move" or len(words) != 3:
        return None
    src, dst = spec.index[words[1]], spec.index[words[2]]
    if spec.zone_of[src].kind is not Kind.TABLEAU or spec.zone_of[dst].kind is not Kind.TABLEAU:
        return None
    pile = layout.piles[src]
    card = pile[-1]
    resting = len(pile) == 1 or spec.rests(src, pile[-2], card)
    score = 0
    if len(pile) > 1 and _goes_home(spec, layout, pile[-2], ctx):
        score += 30
    if not layout.piles[dst]:
        return score + (0 if resting or len(pile) == 1 else 3)
    if len(pile) == 1:
        score += 20
    elif not resting:
        score += 8
    return score


def _goes_home(spec: QuickSpec, layout: Layout, card: str, ctx: Ctx) -> bool:
    """Whether a card fits some family now."""
    wanted, open_piles = wants(spec, layout, ctx)
    near = candidates(wanted, card) + open_piles
    if not any(spec.zone_of[i].kind is Kind.FOUNDATION for i in near):
        return False
    return any(
        spec.fits_foundation(layout, f, card, ctx) is None for f in spec.of_kind[Kind.FOUNDATION]
    )


class QuickSpec(Spec):
    """A spec whose cards move one at a time: the quick move finder and the face-up
    hint weights above. Its families' bases (`base_card`, `base_rank`) must not change in
    play, and whether a card may go from one pile to another (other than the waste) must
    depend on those piles' cards alone (not on face-down counts, marks or privileges)."""

    def __init__(self) -> None:
        super().__init__()
        targets = (Kind.FOUNDATION, Kind.TABLEAU, Kind.CELL)
        self.quick_targets: list[tuple[int, Build | None, tuple[int, str] | None]] = [
            (i, None if z.kind is Kind.CELL else z.build, self._empty_want(i))
            for i, z in enumerate(self.zone_of)
            if z.kind in targets
        ]
        self.quick_sources: list[int] = [
            i
            for i, z in enumerate(self.zone_of)
            if z.kind not in _NEVER_FREE and (z.kind is not Kind.FOUNDATION or z.takeback)
        ]
        self.quick_feeds: list[frozenset[str]] = [
            frozenset(z.sources.split("+")) if z.sources else frozenset() for z in self.zone_of
        ]
        watched = [i for i, z in enumerate(self.zone_of) if z.kind not in _LOOSE]
        self.watch = itemgetter(*watched)
        self.fixed_sources = [i for i in self.quick_sources if i in watched]
        self.loose_sources = [i for i in self.quick_sources if i not in watched]
        self.quick: tuple[object, Ctx, tuple[Wanted, list[int], list[str]]] | None = None

    def card_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """Every legal move of a card from pile to pile."""
        return quick_moves(self, layout, ctx)

    def _empty_want(self, dst: int) -> tuple[int, str] | None:
        """What an empty family wants: an exact card or a rank (None: left to `accepts`).
        A quick spec's bases do not change in play."""
        if self.zone_of[dst].kind is not Kind.FOUNDATION:
            return None
        first = self.base_card(self.empty(), dst)
        if first is not None:
            return (rank(first), first[-1])
        base = self.base_rank(self.empty(), dst)
        return None if base is None else (base, "*")

    def rests(self, src: int, below: str, card: str) -> bool:
        """Whether a card lies where it could have been built (the hints move it only to
        free the card below)."""
        build = self.zone_of[src].build
        return build is not None and build.fits(below, card)

    def may_fill(self, layout: Layout, dst: int, ctx: Ctx) -> bool:
        """Whether an empty pile may take any card at all now (a quick filter)."""
        zone = self.zone_of[dst]
        return zone.kind is not Kind.TABLEAU or zone.empty != "none"

    def weigh(self, layout: Layout, move: str, ctx: Ctx) -> int | None:
        """Face-up piles: see fan_weigh."""
        return fan_weigh(self, layout, move, ctx)
