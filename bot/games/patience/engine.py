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

The values (cards, zones, the layout) and the shared helpers live in model.py and are
re-exported here; `Spec`'s move finder lives in the `_finder.py` mixin and its words (pile
names, refusals) in the `_words.py` mixin.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from bot.games.errors import IllegalAction
from bot.games.patience._finder import _Finder
from bot.games.patience._words import _Words
from bot.games.patience.model import (
    ANY_CARD,
    RANK_OF,
    RANK_TEXT,
    RANK_WORDS,
    SUIT_WORDS,
    Build,
    Ctx,
    Group,
    Key,
    Kind,
    Layout,
    T,
    TargetRow,
    Zone,
    _pack,
    _upper,
    build_keys,
    draw_out,
    keys_of,
    lay,
    name,
    rank,
    rank_name,
    red,
    reshuffled,
    suit,
    take_up,
)
from bot.games.rng import rng_for

__all__ = [
    "ANY_CARD",
    "RANK_OF",
    "RANK_TEXT",
    "RANK_WORDS",
    "SUIT_WORDS",
    "Build",
    "Ctx",
    "Group",
    "Key",
    "Kind",
    "Layout",
    "Spec",
    "T",
    "TargetRow",
    "Zone",
    "build_keys",
    "draw_out",
    "keys_of",
    "lay",
    "name",
    "rank",
    "rank_name",
    "red",
    "reshuffled",
    "suit",
    "take_up",
]


class Spec(_Finder, _Words):
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

    def shuffled_pack(self, seed: int, ctx: Ctx) -> tuple[str, ...]:
        """The cards in their opening order (top first), shuffled from the seed. The cards
        the deal takes out first (`take_out`) come on top and only the rest is shuffled
        again, as Cheney says (take them out, then shuffle): otherwise the other copies of
        those cards would fall late in the pack."""
        rng = rng_for(seed, 0)
        cards = list(self.pack())
        rng.shuffle(cards)
        named = self.take_out(cards, ctx)
        if named:
            rng.shuffle(cards)
        return (*named, *cards)

    def take_out(self, cards: list[str], ctx: Ctx) -> list[str]:
        """Take out of `cards` (top first) the cards the deal lays down before the rest (a
        named card, or the first of a rank) and return them in the order taken; by
        default none."""
        return []

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


_TARGETS = (Kind.FOUNDATION, Kind.TABLEAU, Kind.CELL)
