"""The patience engine's values (rules: games/<key>.md): cards and their words, the kinds
of zone, building rules, zones, the layout and the context, and the small functions over
them that games share (taking up piles, drawing a card out, reshuffling, laying piles).

Plain data and plain functions; the rules that use them live on `Spec` in engine.py,
which re-exports every name here (games import them from there).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import NamedTuple, TypeVar

from bot.games.options import OptionValue
from bot.games.rng import rng_for

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
        """The layout with some piles (and face-down counts) replaced (built directly,
        not by `dataclasses.replace`: the solver makes millions of these)."""
        piles, down = list(self.piles), list(self.down)
        for i, cards in changes.items():
            piles[i] = cards
            down[i] = min(down[i], len(cards))
        for i, d in downs.items():
            down[i] = d
        return Layout(tuple(piles), tuple(down), self.passes, self.shuffles, self.used, self.marks)

    def mark(self, index: int, value: int) -> Layout:
        """The layout with one mark set."""
        marks = list(self.marks)
        marks[index] = value
        return Layout(self.piles, self.down, self.passes, self.shuffles, self.used, tuple(marks))

    def spend(self, slot: int) -> Layout:
        """The layout with one more use of privilege number `slot` counted."""
        used = list(self.used)
        used[slot] += 1
        return Layout(self.piles, self.down, self.passes, self.shuffles, tuple(used), self.marks)


@dataclass(frozen=True, slots=True)
class Ctx:
    """What a game's rules may consult besides the layout: its seed and options."""

    seed: int
    options: Mapping[str, OptionValue] = field(default_factory=dict)

    def rng(self, shuffles: int) -> random.Random:
        """The generator of the game's nth reshuffle (recorded by its number)."""
        return rng_for(self.seed, 1000 + shuffles)


def capitalised(text: str) -> str:
    """The text with its first letter capitalised (the rest untouched)."""
    return text[:1].upper() + text[1:]


Key = tuple[int, str]
"""A card as a pile wants it: (rank, suit letter, colour "R"/"B", or "*" for any)."""
Group = tuple[int, int, tuple[str, ...]]
"""Cards that may leave a pile together: (the pile, how many, the cards bottom first)."""


class TargetRow(NamedTuple):
    """What the move finder knows of one pile cards may be moved onto, before the game."""

    dst: int
    """The pile."""
    fed: frozenset[int] | None
    """The piles it takes cards from; None: any pile."""
    keyed: bool
    """Whether `zone_takes` says exactly which cards it takes."""
    any_rank: bool | None
    """For a tableau pile, whether its build lays any card on any card; else None."""
    full: int
    """How many cards fill it."""
    table: dict[str, tuple[Key, ...]] | None
    """Its keys by top card, filled as they are asked for; None: nothing is built on it."""
    sure: int
    """How many cards found by key may go there without asking the rules' check."""


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
def full_pack(packs: int, piquet: bool) -> tuple[str, ...]:
    """The cards of `packs` packs, full or piquet (sevens to aces)."""
    ranks = ("7", "8", "9", "10", "J", "Q", "K", "A") if piquet else tuple(RANK_OF)
    return tuple(r + s for s in "SHDC" for r in ranks) * packs


KEYS_OF = {c: keys_of(c) for c in full_pack(1, False)}
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
