"""The patience engine (rules/PATIENCE.md §5): named zones of piles, building rules as
data, a deal script, moves, redeals and privileges, with small named hooks for the odd
rules of particular games.

A layout is an immutable value: a tuple of piles (bottom card first, top card last),
how many cards at the bottom of each pile lie face down, and a few counters. A game is a
`Spec`: its zones, its deal, and what its stock does; `Spec` methods are the hooks a
game overrides when its rules leave the plain stack model (a forced chain, a grid, a
closing line, a privilege). Nothing here knows Discord, chips or the clock.

Pile ids are the zone's name, numbered from 1 when the zone has several piles: `s` the
stock (Cheney's "pack"), `w` the waste (her "stock"), `f1`..`f8` foundations (her
"families"), `t1`.. tableau piles (rows, lots, beds, wings), `r1`.. reserves. Moves are
`move <from> <to>` (the top card) or `move <from> <to> <n>` (n cards together), `deal`,
`redeal`, and whatever a game adds.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from itertools import pairwise
from typing import Any, TypeVar

from bot.games._rng import rng_for
from bot.games.errors import IllegalAction

T = TypeVar("T")

RANK_OF = {r: i for i, r in enumerate(("A", "2", "3", "4", "5", "6", "7", "8", "9", "10"), 1)}
RANK_OF |= {"J": 11, "Q": 12, "K": 13}
RANK_TEXT = {v: k for k, v in RANK_OF.items()}
RANK_WORDS = {1: "ace", 11: "knave", 12: "queen", 13: "king"}
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def rank(card: str) -> int:
    """A French card's rank, ace 1 to king 13."""
    return RANK_OF[card[:-1]]


def suit(card: str) -> str:
    """A card's suit letter."""
    return card[-1]


def red(card: str) -> bool:
    """Hearts and diamonds."""
    return card[-1] in "HD"


@functools.cache
def name(card: str) -> str:
    """'the queen of hearts', 'the 7 of clubs'."""
    r = rank(card)
    return f"the {RANK_WORDS.get(r, str(r))} of {SUIT_WORDS[suit(card)]}"


def rank_name(r: int) -> str:
    """'ace', '7', 'king'."""
    return RANK_WORDS.get(r, str(r))


class Kind(StrEnum):
    """What a zone is for."""

    STOCK = "stock"
    """Cheney's "pack": face down, dealt from."""
    WASTE = "waste"
    """Cheney's "stock": cards that could not be used; its top card is free."""
    FOUNDATION = "foundation"
    """Cheney's "families", built from a base towards completion."""
    TABLEAU = "tableau"
    """Rows, piles, lots, beds, wings: built on by "marriages"."""
    RESERVE = "reserve"
    """Cards waiting to be used (a divan, the Fool, a bouquet); nothing is built on them."""
    CELL = "cell"
    """A place holding one card at most (sails, a picture's squares)."""
    INDICATOR = "indicator"
    """Cards that only show something (Musical's indicator row); never move."""
    DISCARD = "discard"
    """Cards out of play (pairs removed, the set-aside)."""


@dataclass(frozen=True, slots=True)
class Build:
    """How a card may be laid on another: its rank minus the host's rank is one of
    `steps` (taken modulo 13 when `wrap`), and its suit relates to the host's by `suit`:
    "same", "alt" (other colour), "any"."""

    steps: tuple[int, ...] = (-1,)
    suit: str = "any"
    wrap: bool = False

    def fits(self, host: str, card: str) -> bool:
        """Whether `card` may be laid on `host`."""
        diff = rank(card) - rank(host)
        if self.wrap:
            ok = any((diff - s) % 13 == 0 for s in self.steps)
        else:
            ok = diff in self.steps
        if not ok:
            return False
        if self.suit == "same":
            return suit(card) == suit(host)
        if self.suit == "alt":
            return red(card) != red(host)
        return True

    def words(self) -> str:
        """The rule in words, for refusals: 'one lower, in suit'."""
        return _build_words(self)

    def _words(self) -> str:
        steps = sorted(set(self.steps))
        if steps == [-1]:
            way = "one lower"
        elif steps == [1]:
            way = "one higher"
        elif steps == [-1, 1]:
            way = "one higher or one lower"
        elif steps == [0]:
            way = "of the same rank"
        else:
            way = " or ".join(f"{s:+d}" for s in steps) + " in rank"
        how = {"same": ", in suit", "alt": ", in the other colour"}.get(self.suit, "")
        return way + how + (" (round the corner)" if self.wrap else "")


ANY_CARD = Build(steps=tuple(range(-12, 13)))
"""Any card on any card (a pile that is only a place to keep cards)."""


@dataclass(frozen=True, slots=True)
class Zone:
    """A named group of piles and the rules for them."""

    name: str
    kind: Kind
    count: int = 1
    label: str = ""
    build: Build | None = None
    """Tableau: the marriage rule (None: the player builds nothing on it).
    Foundation: the family rule."""
    base: int | None = None
    """Foundation: the rank an empty one takes (None: see `bases` or the game's hook)."""
    bases: tuple[str, ...] = ()
    """Foundation: the exact card each pile of the zone starts with (Honors, the Sultan)."""
    length: int = 13
    """Foundation: the cards of a complete family."""
    max_cards: int = 0
    """Tableau: the most cards a pile may hold (0: no limit)."""
    unit: str = "top"
    """Tableau: what may be moved off it: "top" (one card), "run" (a sequence that
    follows `build`), "any" (any number of face-up cards)."""
    empty: str = "any"
    """Tableau: what an empty pile takes: "any", "king", "none", or zone names joined
    by '+' that may fill it ("w+s": from the waste or the stock)."""
    sources: str = ""
    """Zones that may feed this one, joined by '+' ('' = any zone whose cards are free)."""
    takeback: bool = False
    """Foundation: its top card may be taken back to the tableau."""
    hidden: bool = False
    """Only the top card of each pile may be looked at (Cheney's strict rule)."""

    def ids(self) -> list[str]:
        """The pile ids of the zone."""
        if self.count == 1:
            return [self.name]
        return [f"{self.name}{i}" for i in range(1, self.count + 1)]


@dataclass(frozen=True, slots=True)
class Layout:
    """The cards on the table and the counters of a game in progress."""

    piles: tuple[tuple[str, ...], ...]
    down: tuple[int, ...]
    """How many cards at the bottom of each pile lie face down."""
    passes: int = 0
    """Redeals made."""
    shuffles: int = 0
    """Reshuffles made (each draws from its own seeded generator)."""
    used: tuple[int, ...] = ()
    """Uses made of each privilege, in the spec's order."""
    marks: tuple[int, ...] = ()
    """Small numbers a game keeps (a base rank fixed by the first card, a phase ...)."""

    def put(self, changes: Mapping[int, tuple[str, ...]], downs: Mapping[int, int]) -> Layout:
        """The layout with some piles (and face-down counts) replaced."""
        piles, down = list(self.piles), list(self.down)
        for i, cards in changes.items():
            piles[i] = cards
            down[i] = min(down[i], len(cards))
        for i, d in downs.items():
            down[i] = d
        return replace(self, piles=tuple(piles), down=tuple(down))

    def mark(self, index: int, value: int) -> Layout:
        """The layout with one mark set."""
        marks = list(self.marks)
        marks[index] = value
        return replace(self, marks=tuple(marks))

    def spend(self, slot: int) -> Layout:
        """The layout with one more use of privilege number `slot` counted."""
        used = list(self.used)
        used[slot] += 1
        return replace(self, used=tuple(used))


@dataclass(frozen=True, slots=True)
class Ctx:
    """What a game's rules may consult besides the layout: its seed and options."""

    seed: int
    options: Mapping[str, Any] = field(default_factory=dict)

    def rng(self, shuffles: int) -> random.Random:
        """The generator of the game's nth reshuffle (recorded by its number)."""
        return rng_for(self.seed, 1000 + shuffles)


class Spec:
    """A patience game. Subclasses set the class attributes and override the hooks."""

    key: str = ""
    title: str = ""
    packs: int = 1
    piquet: bool = False
    """A 32-card pack (sevens to aces) instead of the full 52."""
    summary: str = ""
    rules: str = ""
    source: str = ""
    zones: tuple[Zone, ...] = ()
    deal_to: str = "w"
    """What `deal` does: "w" turns cards onto the waste, "t" lays one on each tableau pile,
    "" means the game has no deal button (everything is laid out at once)."""
    deal_count: int = 1
    narrows: bool = False
    """The game's own `accepts` and `fits_foundation` only refuse more than the zones'
    rules, never allow more: the move generator may look cards up by what the zones take
    (`zone_takes`)."""
    place_first: bool = False
    """The card turned must be placed before the next is turned (`deal` waits for an
    empty waste)."""
    redeals: int = 0
    """Times the waste (or the piles) may be taken up and laid again."""
    reshuffle: bool = False
    privileges: tuple[tuple[str, int], ...] = ()
    """Named one-off moves and how many times each may be used."""
    forced: bool = False
    """A Clock-like game: at most one move at each step (auto-play only when asked)."""
    auto_ok: bool = True
    """Whether Auto may play safe cards to the foundations (False where Cheney makes each
    foundation move a choice)."""
    marks: tuple[int, ...] = ()
    """The starting marks."""
    options: tuple[Any, ...] = ()
    """The game's named options (bot.games.options.Option)."""
    figure: str = ""
    """A layout picture of its own: "clock", "windmill", "square", "wreath", "semicircle"."""

    def __init__(self) -> None:
        self.ids: list[str] = [pid for z in self.zones for pid in z.ids()]
        self.index: dict[str, int] = {pid: i for i, pid in enumerate(self.ids)}
        self.zone_of: list[Zone] = [z for z in self.zones for _ in z.ids()]
        self.of_kind: dict[Kind, list[int]] = {}
        for i, z in enumerate(self.zone_of):
            self.of_kind.setdefault(z.kind, []).append(i)
        self.move_targets: list[int] = [i for i, z in enumerate(self.zone_of) if z.kind in _TARGETS]
        """The piles cards may be moved onto."""
        self._kept: dict[str, tuple[Layout, Ctx, Any]] = {}
        self._move_tables()

    def _move_tables(self) -> None:
        """What the move generator can know before the game starts: the piles whose top
        card may leave by the engine's `movable` (and whether only that card), the
        sources each target takes from (when the rules' check is known to ask), and
        the targets whose `takes` is the zone's own."""
        shut = (Kind.STOCK, Kind.INDICATOR, Kind.DISCARD)
        self._feeders: list[tuple[int, bool]] = [
            (i, z.kind is not Kind.TABLEAU or z.unit == "top")
            for i, z in enumerate(self.zone_of)
            if z.kind not in shut and (z.kind is not Kind.FOUNDATION or z.takeback)
        ]
        trusted = self._generic() or self.narrows
        self._fed: list[frozenset[int] | None] = [
            frozenset(j for j, y in enumerate(self.zone_of) if y.name in z.sources.split("+"))
            if z.sources and trusted
            else None
            for z in self.zone_of
        ]
        self._keyed: list[bool] = [
            self.narrows
            or (self._generic() and (z.kind is not Kind.FOUNDATION or self._plain_foundation()))
            for z in self.zone_of
        ]
        self._host_keys: list[dict[str, tuple[Key, ...]]] = [{} for _ in self.zone_of]
        self._any_rank: list[bool] = [
            z.kind is Kind.TABLEAU
            and z.build is not None
            and z.build.suit == "any"
            and all(len(build_keys(z.build, f"{r}S")) == 13 for r in RANK_OF)
            for z in self.zone_of
        ]
        """Tableau piles whose build lays any card on any card."""
        self._all_rows: list[TargetRow] = [
            (
                i,
                self._fed[i],
                self._keyed[i],
                self._any_rank[i] if z.kind is Kind.TABLEAU else None,
                1
                if z.kind is Kind.CELL
                else z.length
                if z.kind is Kind.FOUNDATION
                else z.max_cards or 10**9,
                None if z.build is None or z.kind is Kind.CELL else self._host_keys[i],
                self._sure(z),
            )
            for i, z in ((i, self.zone_of[i]) for i in self.move_targets)
        ]
        feeders = {i for i, _ in self._feeders}
        self._target_rows = [r for r in self._all_rows if r[1] is None or r[1] & feeders]
        """Each target: its pile, the sources it is fed by, whether `zone_takes` is exact
        for it, for a tableau pile whether it takes any card, the cards that fill it, its
        keys by top card (None: nothing is built on it), how many cards found by key may
        go there unasked."""

    # -- the deal --------------------------------------------------------------------------

    def pack(self) -> tuple[str, ...]:
        """The cards of the game: one or two packs, full or piquet."""
        return _pack(self.packs, self.piquet)

    def empty(self) -> Layout:
        """A layout with every pile empty."""
        n = len(self.ids)
        return Layout(
            piles=((),) * n,
            down=(0,) * n,
            used=(0,) * len(self.privileges),
            marks=tuple(self.marks),
        )

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """The opening layout from the shuffled cards (top card first). By default every
        card goes to the stock, face down."""
        return self.with_stock(self.empty(), deck)

    def with_stock(self, layout: Layout, cards: Sequence[str]) -> Layout:
        """The layout with these cards (top card first) as the face-down stock."""
        s = self.index["s"]
        return layout.put({s: tuple(reversed(cards))}, {s: len(cards)})

    # -- what the player may do ------------------------------------------------------------

    def moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """Every legal move (unsorted)."""
        out = self.card_moves(layout, ctx)
        if self.can_deal(layout, ctx):
            out.append("deal")
        if self.can_redeal(layout, ctx):
            out.append("redeal")
        out += self.extra_moves(layout, ctx)
        return out

    def card_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """Every legal move of cards from pile to pile: the movable groups are indexed by
        their bottom card and each target looks up the cards it `takes` (a target that
        cannot say tries every group); the rules' own check has the last word. The list
        is kept for the last layout asked about (the hints ask many times over)."""
        return list(self.kept("card_moves", layout, ctx, self.find_moves))

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
        """`card_moves` worked out afresh (see there)."""
        index: dict[Key, list[Group]] = {}
        groups: list[Group] = []
        by_src: dict[int, list[Group]] = {}
        plain = type(self).movable is Spec.movable
        piles, down = layout.piles, layout.down
        for group in self._tops(layout) if plain else self._groups(layout):
            groups.append(group)
            if group[0] in by_src:
                by_src[group[0]].append(group)
            else:
                by_src[group[0]] = [group]
            for key in _KEYS_OF[group[2][0]]:
                if key in index:
                    index[key].append(group)
                else:
                    index[key] = [group]
        if not groups:
            return []
        out: list[str] = []
        ids = self.ids
        allows = self._allows if self._generic() else self._accepts_ok
        own_takes = type(self).takes is not Spec.takes
        rows = self._target_rows if plain else self._all_rows
        for dst, fed, keyed, any_rank, full, table, sure in rows:
            pile = piles[dst]
            keys: tuple[Key, ...] | None
            if own_takes:
                keys = self.takes(layout, dst, ctx)
            elif not keyed:
                keys = None
            elif not pile:
                keys = self.zone_takes(layout, dst)
            elif len(pile) >= full or table is None:
                continue  # a full cell or family, or nothing is built on it
            elif any_rank is not None:
                if down[dst] >= len(pile):
                    continue  # a tableau pile's top card lies face down
                keys = None if any_rank else table.get(pile[-1]) or self.keys_on(dst, pile[-1])
            else:
                keys = table.get(pile[-1]) or self.keys_on(dst, pile[-1])
            if keys is None:
                found = groups if fed is None else [g for i in fed for g in by_src.get(i, ())]
            elif len(keys) == 1:
                found = index.get(keys[0], [])
            else:
                found = [g for key in keys for g in index.get(key, ())]
            # On a started pile a card found by its key fits the build: the engine's own
            # check could refuse only a run (to a family, or past a pile's size limit).
            most = sure if pile else 0
            for src, n, cards in found:
                if src == dst or (fed is not None and src not in fed):
                    continue
                if n <= most or allows(layout, src, cards, dst, ctx):
                    out.append(f"move {ids[src]} {ids[dst]}" + (f" {n}" if n > 1 else ""))
        return out

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
            if not pile:
                first = self.base_card(layout, dst)
                if first is not None:
                    return ((rank(first), suit(first)),)
                base = self.base_rank(layout, dst)
                return None if base is None else ((base, "*"),)
            if len(pile) >= zone.length or zone.build is None:
                return ()
            return self.keys_on(dst, pile[-1])
        if kind is Kind.TABLEAU and pile:
            if zone.build is None or layout.down[dst] >= len(pile):
                return ()
            return self.keys_on(dst, pile[-1])
        if kind is Kind.CELL and pile:
            return ()
        return None

    def _sure(self, zone: Zone) -> int:
        """How many cards found by their key on a started pile of the zone may be moved
        there without asking `accepts` (when the engine's own rules decide)."""
        if not self._generic() or self.narrows or type(self).takes is not Spec.takes:
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
        return type(self).accepts is Spec.accepts

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
            if len(cards) > 1:
                return False
            if self._plain_foundation():
                if not pile:
                    first = self.base_card(layout, dst)
                    if first is not None:
                        return cards[0] == first
                    base = self.base_rank(layout, dst)
                    return base is None or rank(cards[0]) == base
                build = zone.build
                return (
                    len(pile) < zone.length and build is not None and build.fits(pile[-1], cards[0])
                )
            return self.fits_foundation(layout, dst, cards[0], ctx) is None
        if kind is Kind.CELL:
            return not pile and len(cards) == 1
        if kind is not Kind.TABLEAU:
            return False
        if zone.max_cards and len(pile) + len(cards) > zone.max_cards:
            return False
        if not pile:
            return self.fits_empty(layout, src, cards, dst, ctx) is None
        build = zone.build
        return build is not None and layout.down[dst] < len(pile) and build.fits(pile[-1], cards[0])

    def _plain_foundation(self) -> bool:
        return type(self).fits_foundation is Spec.fits_foundation

    def movable(self, layout: Layout, src: int) -> list[tuple[int, tuple[str, ...]]]:
        """The card groups that may leave a pile: (how many, the cards bottom first)."""
        zone, pile = self.zone_of[src], layout.piles[src]
        up = len(pile) - layout.down[src]
        if not pile or up <= 0:
            return []
        if zone.kind in (Kind.STOCK, Kind.INDICATOR, Kind.DISCARD):
            return []
        if zone.kind is Kind.FOUNDATION and not zone.takeback:
            return []
        out = [(1, pile[-1:])]
        if zone.kind is Kind.TABLEAU and zone.unit != "top":
            for n in range(2, up + 1):
                run = pile[-n:]
                if zone.unit == "run" and not self.is_run(zone, run):
                    break
                out.append((n, run))
        return out

    def is_run(self, zone: Zone, cards: Sequence[str]) -> bool:
        """Whether the cards (bottom first) follow the zone's building rule."""
        build = zone.build
        return build is not None and all(build.fits(a, b) for a, b in pairwise(cards))

    def accepts(
        self, layout: Layout, src: int, cards: tuple[str, ...], dst: int, ctx: Ctx
    ) -> str | None:
        """None if the cards (bottom first) may go from src onto dst, else the reason."""
        zone, pile = self.zone_of[dst], layout.piles[dst]
        if zone.sources and self.zone_of[src].name not in zone.sources.split("+"):
            return (
                f"{_upper(self.label(dst))} takes cards only from {self.zones_words(zone.sources)}."
            )
        card = cards[0]
        if zone.kind is Kind.FOUNDATION:
            if len(cards) > 1:
                return "Cards go to the families one at a time."
            return self.fits_foundation(layout, dst, card, ctx)
        if zone.kind is Kind.CELL:
            if pile or len(cards) > 1:
                return f"{_upper(self.label(dst))} holds one card."
            return None
        if zone.kind is not Kind.TABLEAU:
            return f"Nothing may be laid on {self.label(dst)}."
        if zone.max_cards and len(pile) + len(cards) > zone.max_cards:
            return f"A pile here holds at most {zone.max_cards} cards."
        if not pile:
            return self.fits_empty(layout, src, cards, dst, ctx)
        if zone.build is None:
            return f"Nothing may be built on {self.label(dst)}."
        if layout.down[dst] >= len(pile):
            return f"The top card of {self.label(dst)} is face down."
        if not zone.build.fits(pile[-1], card):
            return f"On {name(pile[-1])} you may lay a card {zone.build.words()}."
        return None

    def fits_foundation(self, layout: Layout, dst: int, card: str, ctx: Ctx) -> str | None:
        """None if the card may go on this foundation, else why not."""
        zone, pile = self.zone_of[dst], layout.piles[dst]
        if not pile:
            first = self.base_card(layout, dst)
            if first is not None:
                return (
                    None
                    if card == first
                    else f"{_upper(self.label(dst))} starts with {name(first)}."
                )
            base = self.base_rank(layout, dst)
            if base is not None and rank(card) != base:
                return f"A family starts with a {rank_name(base)}."
            return None
        if len(pile) >= zone.length:
            return f"{_upper(self.label(dst))} is complete."
        assert zone.build is not None
        if not zone.build.fits(pile[-1], card):
            return f"On {name(pile[-1])} this family takes a card {zone.build.words()}."
        return None

    def base_card(self, layout: Layout, dst: int) -> str | None:
        """The exact card an empty foundation takes, if the game names one."""
        zone = self.zone_of[dst]
        if not zone.bases:
            return None
        return zone.bases[dst - self.index[zone.ids()[0]]]

    def base_rank(self, layout: Layout, dst: int) -> int | None:
        """The rank an empty foundation takes (None: any card)."""
        return self.zone_of[dst].base

    def fits_empty(
        self, layout: Layout, src: int, cards: tuple[str, ...], dst: int, ctx: Ctx
    ) -> str | None:
        """None if an empty tableau pile may take these cards, else why not."""
        rule = self.zone_of[dst].empty
        if rule == "any":
            return None
        if rule == "none":
            return f"An empty place in {self.label(dst)} stays empty."
        if rule == "king":
            return None if rank(cards[0]) == 13 else "Only a king may fill an empty pile."
        if self.zone_of[src].name in rule.split("+"):
            return None
        return f"An empty pile is filled only from {self.zones_words(rule)}."

    def can_deal(self, layout: Layout, ctx: Ctx) -> bool:
        """Whether `deal` is possible now."""
        if self.place_first and layout.piles[self.index["w"]]:
            return False
        return bool(self.deal_to) and "s" in self.index and bool(layout.piles[self.index["s"]])

    def can_redeal(self, layout: Layout, ctx: Ctx) -> bool:
        """Whether `redeal` is possible now: the stock is out and redeals are left."""
        if layout.passes >= self.redeals or "s" not in self.index:
            return False
        if layout.piles[self.index["s"]]:
            return False
        return any(layout.piles[i] for i in self.gathered())

    def extra_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """A game's own moves (privileges, removals, jumps)."""
        return []

    # -- doing it --------------------------------------------------------------------------

    def apply(self, layout: Layout, action: str, ctx: Ctx) -> Layout:
        """The layout after a move, or IllegalAction saying why it is not allowed."""
        words = action.split(" ")
        if words[0] == "move":
            after = self.apply_move(layout, words, ctx)
        elif action == "deal":
            if not self.can_deal(layout, ctx):
                raise IllegalAction(self.no_deal(layout))
            after = self.do_deal(layout, ctx)
        elif action == "redeal":
            if not self.can_redeal(layout, ctx):
                raise IllegalAction(self.no_redeal(layout))
            after = self.do_redeal(layout, ctx)
        else:
            after = self.apply_extra(layout, action, ctx)
        return self.settle(after, ctx)

    def apply_move(self, layout: Layout, words: list[str], ctx: Ctx) -> Layout:
        """Move cards from pile to pile, after checking the rules."""
        if len(words) not in (3, 4):
            raise IllegalAction("Write a move as 'move t3 f1', or 'move t3 t5 2' for 2 cards.")
        src, dst = self._pile(words[1]), self._pile(words[2])
        n = 1
        if len(words) == 4:
            if not words[3].isdigit() or int(words[3]) < 1:
                raise IllegalAction("The number of cards to move is a whole number, 1 or more.")
            n = int(words[3])
        if src == dst:
            raise IllegalAction("Choose two different piles.")
        groups = dict(self.movable(layout, src))
        if n not in groups:
            raise IllegalAction(self.no_take(layout, src, n))
        reason = self.accepts(layout, src, groups[n], dst, ctx)
        if reason is not None:
            raise IllegalAction(reason)
        return self.transfer(layout, src, dst, n)

    def transfer(self, layout: Layout, src: int, dst: int, n: int) -> Layout:
        """Move the top n cards of src onto dst (face up), with no checks."""
        moving = layout.piles[src][-n:]
        rest = layout.piles[src][:-n]
        return layout.put({src: rest, dst: layout.piles[dst] + moving}, {})

    def do_deal(self, layout: Layout, ctx: Ctx) -> Layout:
        """Deal from the stock: onto the waste, or one card onto each tableau pile."""
        s = self.index["s"]
        stock = list(layout.piles[s])
        if self.deal_to == "w":
            w = self.index["w"]
            take = stock[-self.deal_count :][::-1]
            stock = stock[: len(stock) - len(take)]
            return layout.put({s: tuple(stock), w: layout.piles[w] + tuple(take)}, {s: len(stock)})
        return self.deal_round(layout, self.of_kind[Kind.TABLEAU])

    def deal_round(self, layout: Layout, targets: Sequence[int], each: int = 1) -> Layout:
        """Deal from the stock `each` cards onto every target pile in turn (face up), as far
        as the stock goes."""
        s = self.index["s"]
        stock = list(layout.piles[s])
        changes: dict[int, tuple[str, ...]] = {}
        for t in targets:
            if not stock:
                break
            take = stock[-each:][::-1]
            del stock[len(stock) - len(take) :]
            changes[t] = changes.get(t, layout.piles[t]) + tuple(take)
        changes[s] = tuple(stock)
        return layout.put(changes, {s: len(stock)})

    def gathered(self) -> list[int]:
        """The piles taken up by a redeal: the waste by default."""
        return [self.index["w"]] if "w" in self.index else self.of_kind.get(Kind.TABLEAU, [])

    def do_redeal(self, layout: Layout, ctx: Ctx) -> Layout:
        """Take up the waste (turned over, so its bottom card is dealt first; or
        reshuffled) as the new stock."""
        cleared, cards = take_up(layout, self.gathered(), ctx, self.reshuffle, turned=True)
        return self.relay(cleared, cards, ctx)

    def relay(self, layout: Layout, cards: list[str], ctx: Ctx) -> Layout:
        """Lay the gathered cards (top first) again: by default as the stock."""
        return self.with_stock(layout, cards)

    def apply_extra(self, layout: Layout, action: str, ctx: Ctx) -> Layout:
        """A game's own move; by default every other action is unknown."""
        raise IllegalAction(self.usage())

    def settle(self, layout: Layout, ctx: Ctx) -> Layout:
        """What happens by itself after every move: a tableau pile whose cards are all face
        down turns its top card up."""
        downs = {
            i: len(layout.piles[i]) - 1
            for i in self.of_kind.get(Kind.TABLEAU, [])
            if layout.piles[i] and layout.down[i] >= len(layout.piles[i])
        }
        return layout.put({}, downs) if downs else layout

    # -- the end ---------------------------------------------------------------------------

    def won(self, layout: Layout) -> bool:
        """Whether the game is won: by default every card is on the foundations."""
        home = sum(len(layout.piles[i]) for i in self.of_kind.get(Kind.FOUNDATION, []))
        return home == len(self.pack())

    def score(self, layout: Layout) -> int:
        """How far the game got: by default the cards on the foundations."""
        return sum(len(layout.piles[i]) for i in self.of_kind.get(Kind.FOUNDATION, []))

    def result_words(self, layout: Layout, won: bool) -> str:
        """The result in a sentence."""
        total = len(self.pack())
        if won:
            return f"Won: all {total} cards are home."
        return f"{self.score(layout)} of {total} cards reached the families."

    # -- help for the player ---------------------------------------------------------------

    def safe(self, layout: Layout, move: str, ctx: Ctx) -> bool:
        """Whether Auto may play the move without asking: a card to a foundation that no
        tableau pile could still want to build on."""
        words = move.split(" ")
        if words[0] != "move" or len(words) != 3:
            return False
        src, dst = self.index[words[1]], self.index[words[2]]
        if self.zone_of[dst].kind is not Kind.FOUNDATION:
            return False
        card = layout.piles[src][-1]
        builds = [z.build for z in self.zones if z.kind is Kind.TABLEAU and z.build is not None]
        if not builds:
            return True
        home = Counter(c for i in self.of_kind[Kind.FOUNDATION] for c in layout.piles[i])
        waiting = Counter(self.pack()) - home
        return not any(b.fits(card, c) for b in builds for c in waiting if c != card)

    def weigh(self, layout: Layout, move: str, ctx: Ctx) -> int | None:
        """A game's own weight for a hint (None: the solver's general rule)."""
        return None

    def zones_words(self, names: str) -> str:
        """Zone names joined by '+' in words: 'w+s' -> 'the waste or the pack'."""
        words = []
        for zname in names.split("+"):
            zone = next((z for z in self.zones if z.name == zname), None)
            if zone is None:
                words.append(zname)
            elif zone.count == 1:
                words.append(self.label(self.index[zone.name]))
            else:
                words.append(f"the {zone.label or zone.kind.value} piles")
        return " or ".join(words)

    def describe(self, action: str) -> str:
        """A game's own action in words (moves are described by the game object)."""
        return {
            "deal": "Deal",
            "redeal": "Redeal",
            "undo": "Undo",
            "redo": "Redo",
            "hint": "Hint",
            "auto": "Auto",
            "resign": "Give up",
        }.get(action, action.capitalize())

    def label(self, index: int) -> str:
        """A pile's name in words: 'pile t3', 'the waste'."""
        labels = self.__dict__.get("_labels")
        if labels is None:
            labels = self.__dict__["_labels"] = [self._label(i) for i in range(len(self.ids))]
        return str(labels[index])

    def _label(self, index: int) -> str:
        pid, zone = self.ids[index], self.zone_of[index]
        if zone.label and zone.count == 1:
            return zone.label
        words = {
            Kind.STOCK: "the pack",
            Kind.WASTE: "the waste",
            Kind.FOUNDATION: "family",
            Kind.TABLEAU: "pile",
            Kind.RESERVE: "reserve",
            Kind.CELL: "place",
            Kind.INDICATOR: "indicator",
            Kind.DISCARD: "the discards",
        }
        base = zone.label or words[zone.kind]
        return base if zone.count == 1 else f"{base} {pid}"

    def usage(self) -> str:
        """How to write a move, for refusals of unknown actions."""
        return (
            "Write a move as 'move t3 f1' (pile t3 to family f1) or 'move t3 t5 2' (two "
            "cards), or deal, redeal, undo, redo, hint, auto, resign."
        )

    def no_take(self, layout: Layout, src: int, n: int) -> str:
        """Why n cards cannot be taken from a pile."""
        zone, pile = self.zone_of[src], layout.piles[src]
        if not pile:
            return f"{self.label(src).capitalize()} is empty."
        if zone.kind is Kind.STOCK:
            return "Cards come from the pack only by dealing."
        if zone.kind is Kind.FOUNDATION:
            return "A card on a family stays there."
        if zone.kind in (Kind.INDICATOR, Kind.DISCARD):
            return f"The cards of {self.label(src)} never move."
        if layout.down[src] >= len(pile):
            return f"The top card of {self.label(src)} is face down."
        if n > 1:
            return f"You cannot move {n} cards together from {self.label(src)}."
        return f"That card of {self.label(src)} is not free."

    def no_deal(self, layout: Layout) -> str:
        """Why `deal` is refused."""
        if not self.deal_to or "s" not in self.index:
            return "This game has no dealing: every card is already laid out."
        return "The pack is used up." + (" You may redeal." if self.redeals else "")

    def no_redeal(self, layout: Layout) -> str:
        """Why `redeal` is refused."""
        if not self.redeals:
            return "This game allows no redeal."
        if layout.passes >= self.redeals:
            return f"You have used all {self.redeals} redeals."
        return "Deal out the pack first; you may redeal when it is used up."

    def _pile(self, pid: str) -> int:
        index = self.index.get(pid)
        if index is None:
            raise IllegalAction(f"There is no pile '{pid}'. The piles are {', '.join(self.ids)}.")
        return index


_TARGETS = (Kind.FOUNDATION, Kind.TABLEAU, Kind.CELL)


def _upper(text: str) -> str:
    """The text with its first letter capitalised (the rest untouched)."""
    return text[:1].upper() + text[1:]


Key = tuple[int, str]
"""A card as a pile wants it: (rank, suit letter, colour "R"/"B", or "*" for any)."""
Group = tuple[int, int, tuple[str, ...]]
"""Cards that may leave a pile together: (the pile, how many, the cards bottom first)."""
TargetRow = tuple[
    int, frozenset[int] | None, bool, bool | None, int, dict[str, tuple[Key, ...]] | None, int
]


def keys_of(card: str) -> tuple[Key, Key, Key]:
    """The keys a card answers to: its suit, its colour, any."""
    r = rank(card)
    return (r, suit(card)), (r, "R" if red(card) else "B"), (r, "*")


@functools.cache
def build_keys(build: Build, host: str) -> tuple[Key, ...]:
    """The keys of the cards `build` lets be laid on `host`."""
    hr = rank(host)
    tag = {"same": suit(host), "alt": "B" if red(host) else "R"}.get(build.suit, "*")
    ranks = [(hr + s - 1) % 13 + 1 if build.wrap else hr + s for s in build.steps]
    return tuple(dict.fromkeys((r, tag) for r in ranks if 1 <= r <= 13))


@functools.cache
def _build_words(build: Build) -> str:
    return build._words()


@functools.cache
def _pack(packs: int, piquet: bool) -> tuple[str, ...]:
    ranks = ("7", "8", "9", "10", "J", "Q", "K", "A") if piquet else tuple(RANK_OF)
    return tuple(r + s for s in "SHDC" for r in ranks) * packs


_KEYS_OF = {c: keys_of(c) for c in _pack(1, False)}
"""Every card's keys, looked up."""


def take_up(
    layout: Layout, piles: Sequence[int], ctx: Ctx, shuffle: bool = False, turned: bool = False
) -> tuple[Layout, list[str]]:
    """Take up these piles in order, each with its top card first (or turned over, its
    bottom card first), shuffled if asked (`reshuffled`): the layout with them cleared and
    one more pass counted, and the cards, top first."""
    if turned:
        cards = [c for i in piles for c in layout.piles[i]]
    else:
        cards = [c for i in piles for c in reversed(layout.piles[i])]
    cleared = replace(layout.put(dict.fromkeys(piles, ()), {}), passes=layout.passes + 1)
    return (reshuffled(cleared, cards, ctx) if shuffle else cleared), cards


def draw_out(layout: Layout, src: int, at: int, dst: int) -> Layout:
    """The layout with the card at index `at` of pile src (0 at the bottom) drawn out
    and laid on dst (a privilege's move: the cards above it close up)."""
    pile = layout.piles[src]
    return layout.put({src: pile[:at] + pile[at + 1 :], dst: layout.piles[dst] + (pile[at],)}, {})


def reshuffled(layout: Layout, cards: list[str], ctx: Ctx) -> Layout:
    """Shuffle the cards in place with the game's next seeded reshuffle: the layout with
    the reshuffle counted (so undo and replay draw the same order)."""
    ctx.rng(layout.shuffles).shuffle(cards)
    return replace(layout, shuffles=layout.shuffles + 1)


def lay(layout: Layout, spec: Spec, piles: Mapping[str, Iterable[str]], down: int = 0) -> Layout:
    """The layout with these piles (bottom card first) laid, the bottom `down` cards of each
    (all but the top one if down < 0) face down."""
    changes = {spec.index[p]: tuple(c) for p, c in piles.items()}
    downs = {i: (max(len(c) - 1, 0) if down < 0 else min(down, len(c))) for i, c in changes.items()}
    return layout.put(changes, downs)
