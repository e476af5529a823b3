"""The patience engine's move finder (see engine.py): `Spec.card_moves` worked out by
indexing the free cards by key and looking up, for each target pile, the cards it takes,
with the tables it needs built once per game. The fourth layer of a `Spec`
(see spec_data.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from bot.games.patience._hooks import Hooks
from bot.games.patience.model import (
    KEYS_OF,
    RANK_OF,
    Ctx,
    Group,
    Key,
    Kind,
    Layout,
    T,
    TargetRow,
    Zone,
    build_keys,
    rank,
    suit,
)

Free = tuple[list[Group], dict[Key, list[Group]], dict[int, list[Group]]]
"""The free groups: all of them, by their bottom card's keys, and by the pile they leave."""
Check = Callable[[Layout, int, tuple[str, ...], int, Ctx], bool]
"""Whether a group may go from one pile to another (`_allows` or `_accepts_ok`)."""


class Finder(Hooks):
    """A patience game's move finder: which cards may go where, found quickly. Its checks
    of whether a game overrides a hook compare against the defaults in `Hooks`."""

    def __init__(self) -> None:
        super().__init__()
        self._move_tables()

    def _move_tables(self) -> None:
        """What the move generator can know before the game starts: which hooks the game
        keeps, the piles whose top card may leave by the engine's `movable` (and whether
        only that card), the sources each target takes from (when the rules' check is
        known to ask), and the targets whose `takes` is the zone's own."""
        self._plain_moves = type(self).movable is Hooks.movable
        self._own_takes = type(self).takes is not Finder.takes
        self._feeders: list[tuple[int, bool]] = _feeder_piles(self.zone_of)
        self._fed: list[frozenset[int] | None] = [self._feeding(z) for z in self.zone_of]
        self._keyed: list[bool] = [self._zone_keyed(z) for z in self.zone_of]
        self._host_keys: list[dict[str, tuple[Key, ...]]] = [{} for _ in self.zone_of]
        self._all_rows = [self._target_row(i) for i in self.move_targets]
        feeders = {i for i, _ in self._feeders}
        self._target_rows = [r for r in self._all_rows if r.fed is None or r.fed & feeders]
        """The targets a card can reach when only top cards move (see `find_moves`)."""

    def _feeding(self, zone: Zone) -> frozenset[int] | None:
        """The piles of the zones a zone takes cards from (None: any, or the rules' own
        check may not ask)."""
        if not zone.sources or not (self._generic() or self.narrows):
            return None
        names = zone.sources.split("+")
        return frozenset(j for j, y in enumerate(self.zone_of) if y.name in names)

    def _zone_keyed(self, zone: Zone) -> bool:
        """Whether the zone's own rules say which cards its piles take (see `_row_keys`)."""
        if self.narrows:
            return True
        plain_home = zone.kind is not Kind.FOUNDATION or self._plain_foundation()
        return self._generic() and plain_home

    def _target_row(self, i: int) -> TargetRow:
        """What the finder knows of target pile `i` before the game starts."""
        z = self.zone_of[i]
        return TargetRow(
            dst=i,
            fed=self._fed[i],
            keyed=self._keyed[i],
            any_rank=_any_rank(z),
            full=_full(z),
            table=None if z.build is None or z.kind is Kind.CELL else self._host_keys[i],
            sure=self._sure(z),
        )

    def kept(self, slot: str, layout: Layout, ctx: Ctx, work: Callable[[Layout, Ctx], T]) -> T:
        """`work(layout, ctx)`, kept (in `slot`) for the last layout asked about: the same
        object while the layout is, so copy it before changing it. `work` must depend on
        the layout and the context alone."""
        last = self._kept.get(slot)
        if last is not None and last[0] is layout and last[1] is ctx:
            found: T = last[2]
            return found
        found = work(layout, ctx)
        self._kept[slot] = (layout, ctx, found)
        return found

    def find_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """`card_moves` worked out afresh (see there): the movable groups indexed by their
        bottom card's keys, then for each target the groups that answer its keys."""
        plain = self._plain_moves
        groups = self._tops(layout) if plain else list(self._groups(layout))
        if not groups:
            return []
        index, by_src = _indexed(groups)
        allows = self._allows if self._generic() else self._accepts_ok
        out: list[str] = []
        for row in self._target_rows if plain else self._all_rows:
            found = self._found(layout, row, ctx, (groups, index, by_src))
            if found:
                out += self._row_moves(layout, row, ctx, found, allows)
        return out

    def _found(self, layout: Layout, row: TargetRow, ctx: Ctx, free: Free) -> Sequence[Group]:
        """The free groups that may answer a target now: those of the keys it takes, or
        (when it cannot say) every group from the piles that feed it."""
        groups, index, by_src = free
        keys = self.takes(layout, row.dst, ctx) if self._own_takes else self._row_keys(layout, row)
        if keys is None:
            fed = row.fed
            return groups if fed is None else [g for i in fed for g in by_src.get(i, ())]
        if len(keys) == 1:
            return index.get(keys[0], ())
        return [g for key in keys for g in index.get(key, ())]

    def _row_moves(
        self, layout: Layout, row: TargetRow, ctx: Ctx, found: Sequence[Group], allows: Check
    ) -> list[str]:
        """The moves of the groups found for one target that the rules allow."""
        dst, fed, ids = row.dst, row.fed, self.ids
        # On a started pile a card found by its key fits the build: the engine's own
        # check could refuse only a run (to a family, or past a pile's size limit).
        most = row.sure if layout.piles[dst] else 0
        out: list[str] = []
        for src, n, cards in found:
            if src == dst or (fed is not None and src not in fed):
                continue
            if n <= most or allows(layout, src, cards, dst, ctx):
                out.append(f"move {ids[src]} {ids[dst]}" + (f" {n}" if n > 1 else ""))
        return out

    def _row_keys(self, layout: Layout, row: TargetRow) -> tuple[Key, ...] | None:
        """The keys of the cards a target takes now; None: ask the rules of every group
        (its zone cannot say); `_SKIP`: it takes nothing now."""
        pile = layout.piles[row.dst]
        if not row.keyed:
            return None
        if not pile:
            return self.zone_takes(layout, row.dst)
        if len(pile) >= row.full or row.table is None:
            return _SKIP  # a full cell or family, or nothing is built on it
        if row.any_rank is not None:
            if layout.down[row.dst] >= len(pile):
                return _SKIP  # a tableau pile's top card lies face down
            if row.any_rank:
                return None
        return row.table.get(pile[-1]) or self.keys_on(row.dst, pile[-1])

    def _tops(self, layout: Layout) -> list[Group]:
        """The groups the engine's own `movable` gives: the face-up top card of every pile
        that gives one up, and runs where the zone allows them."""
        out: list[Group] = []
        piles, down = layout.piles, layout.down
        for src, single in self._feeders:
            pile = piles[src]
            if pile and down[src] < len(pile):
                if single:
                    out.append((src, 1, pile[-1:]))
                else:
                    out += [(src, n, cards) for n, cards in self.movable(layout, src)]
        return out

    def _groups(self, layout: Layout) -> Iterable[Group]:
        """(pile, how many, the cards) of every group the game's `movable` lets leave."""
        for src in range(len(self.ids)):
            for n, cards in self.movable(layout, src):
                yield src, n, cards

    def takes(self, layout: Layout, dst: int, ctx: Ctx) -> tuple[Key, ...] | None:
        """The cards a target pile may take now, as distinct (rank, suit letter, colour
        "R"/"B" or "*") keys covering every card `accepts` allows there (None: it cannot
        say, so every free card is tried). By default the zone's rules say, when the game
        keeps the engine's `accepts` and (for a family) `fits_foundation`, or `narrows`;
        a game that changes them otherwise overrides this to keep the generator quick."""
        if self.narrows:
            return self.zone_takes(layout, dst)
        if not self._generic():
            return None
        if self.zone_of[dst].kind is Kind.FOUNDATION and not self._plain_foundation():
            return None
        return self.zone_takes(layout, dst)

    def zone_takes(self, layout: Layout, dst: int) -> tuple[Key, ...] | None:
        """`takes` as the zone's own rules say: a family's base or the card its build
        takes, a tableau pile's build on its top card, nothing on a full cell (None for
        an empty pile with no fixed base)."""
        zone, pile = self.zone_of[dst], layout.piles[dst]
        kind = zone.kind
        if kind is Kind.FOUNDATION:
            return self._home_takes(layout, dst)
        if kind is Kind.TABLEAU and pile:
            if zone.build is None or layout.down[dst] >= len(pile):
                return ()
            return self.keys_on(dst, pile[-1])
        if kind is Kind.CELL and pile:
            return ()
        return None

    def _home_takes(self, layout: Layout, dst: int) -> tuple[Key, ...] | None:
        """`zone_takes` for a family: its base when empty, else what its build takes."""
        zone, pile = self.zone_of[dst], layout.piles[dst]
        if not pile:
            first = self.base_card(layout, dst)
            if first is not None:
                return ((rank(first), suit(first)),)
            base = self.base_rank(layout, dst)
            return None if base is None else ((base, "*"),)
        if len(pile) >= zone.length or zone.build is None:
            return ()
        return self.keys_on(dst, pile[-1])

    def _sure(self, zone: Zone) -> int:
        """How many cards found by their key on a started pile of the zone may be moved
        there without asking `accepts` (when the engine's own rules decide)."""
        if not self._generic() or self.narrows or type(self).takes is not Finder.takes:
            return 0
        if zone.kind is Kind.FOUNDATION:
            return 1 if self._plain_foundation() else 0
        if zone.kind is Kind.TABLEAU:
            return 1 if zone.max_cards else 10**9
        return 0

    def keys_on(self, dst: int, host: str) -> tuple[Key, ...]:
        """The keys of the cards the build of dst's zone lets be laid on `host`."""
        table = self._host_keys[dst]
        keys = table.get(host)
        if keys is None:
            build = self.zone_of[dst].build
            assert build is not None
            keys = table[host] = build_keys(build, host)
        return keys

    def _generic(self) -> bool:
        """Whether the game keeps the engine's own `accepts` (so the fast check is exact)."""
        return type(self).accepts is Hooks.accepts

    def _accepts_ok(
        self, layout: Layout, src: int, cards: tuple[str, ...], dst: int, ctx: Ctx
    ) -> bool:
        return self.accepts(layout, src, cards, dst, ctx) is None

    def _allows(self, layout: Layout, src: int, cards: tuple[str, ...], dst: int, ctx: Ctx) -> bool:
        """`accepts(...) is None` without writing the reasons (the move generator's path);
        the game's own fits_foundation and fits_empty hooks are still asked."""
        zone, pile = self.zone_of[dst], layout.piles[dst]
        if zone.sources and self.zone_of[src].name not in zone.sources.split("+"):
            return False
        kind = zone.kind
        if kind is Kind.FOUNDATION:
            return len(cards) == 1 and self._fits_home(layout, dst, cards[0], ctx)
        if kind is Kind.CELL:
            return not pile and len(cards) == 1
        return kind is Kind.TABLEAU and self._lays_on(layout, src, cards, dst, ctx)

    def _fits_home(self, layout: Layout, dst: int, card: str, ctx: Ctx) -> bool:
        """Whether one card may go to family `dst` (the `_allows` of a family)."""
        if not self._plain_foundation():
            return self.fits_foundation(layout, dst, card, ctx) is None
        zone, pile = self.zone_of[dst], layout.piles[dst]
        if not pile:
            first = self.base_card(layout, dst)
            if first is not None:
                return card == first
            base = self.base_rank(layout, dst)
            return base is None or rank(card) == base
        build = zone.build
        return len(pile) < zone.length and build is not None and build.fits(pile[-1], card)

    def _lays_on(
        self, layout: Layout, src: int, cards: tuple[str, ...], dst: int, ctx: Ctx
    ) -> bool:
        """Whether a group may go to tableau pile `dst` (the `_allows` of a tableau)."""
        zone, pile = self.zone_of[dst], layout.piles[dst]
        if zone.max_cards and len(pile) + len(cards) > zone.max_cards:
            return False
        if not pile:
            return self.fits_empty(layout, src, cards, dst, ctx) is None
        build = zone.build
        return build is not None and layout.down[dst] < len(pile) and build.fits(pile[-1], cards[0])

    def _plain_foundation(self) -> bool:
        return type(self).fits_foundation is Hooks.fits_foundation


_SKIP: tuple[Key, ...] = ()
"""`_row_keys` for a target that takes nothing now: no card answers it."""


def _indexed(groups: list[Group]) -> tuple[dict[Key, list[Group]], dict[int, list[Group]]]:
    """The groups by each key of their bottom card, and by the pile they leave."""
    index: dict[Key, list[Group]] = {}
    by_src: dict[int, list[Group]] = {}
    for group in groups:
        by_src.setdefault(group[0], []).append(group)
        for key in KEYS_OF[group[2][0]]:
            index.setdefault(key, []).append(group)
    return index, by_src


def _feeder_piles(zones: Sequence[Zone]) -> list[tuple[int, bool]]:
    """The piles whose top card may leave by the engine's `movable`, each with whether
    only that card may (not a run)."""
    return [
        (i, z.kind is not Kind.TABLEAU or z.unit == "top") for i, z in enumerate(zones) if _gives(z)
    ]


def _gives(zone: Zone) -> bool:
    """Whether a zone's top cards may leave by the engine's `movable`."""
    if zone.kind in (Kind.STOCK, Kind.INDICATOR, Kind.DISCARD):
        return False
    return zone.kind is not Kind.FOUNDATION or zone.takeback


def _any_rank(zone: Zone) -> bool | None:
    """For a tableau zone, whether its build lays any rank on any card (then its keys say
    nothing worth looking up); None for other zones."""
    if zone.kind is not Kind.TABLEAU:
        return None
    build = zone.build
    return (
        build is not None
        and build.suit == "any"
        and all(len(build_keys(build, f"{r}S")) == 13 for r in RANK_OF)
    )


def _full(zone: Zone) -> int:
    """How many cards a pile of the zone holds at most (a cell one, a family its length)."""
    if zone.kind is Kind.CELL:
        return 1
    return zone.length if zone.kind is Kind.FOUNDATION else zone.max_cards or 10**9
