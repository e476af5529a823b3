"""The patience engine (rules: games/<key>.md): named zones of piles, building rules as
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

from bot.games.errors import IllegalAction
from bot.games.patience._finder import Finder
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
    build_keys,
    draw_out,
    keys_of,
    name,
    rank,
    rank_name,
    red,
    reshuffled,
    suit,
    take_up,
)
from bot.games.patience.spec_data import lay

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


class Spec(Finder):
    """A patience game. Subclasses set the class attributes (spec_data.py) and override
    the hooks (_hooks.py); this last layer plays the moves."""

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

    def dominant(self, layout: Layout, move: str, ctx: Ctx, moves: Sequence[str]) -> bool:
        """Whether the solver may play the move without trying the others (`moves`, the
        layout's moves): it cannot be wrong. By default a `safe` move of a card to a
        family in a one-pack game whose families keep their cards, when no other move
        takes that card anywhere. With two packs the twin card, and with two families
        for a card the other family, make the choice matter, so they never are."""
        words = move.split(" ")
        if self.packs != 1 or words[0] != "move" or len(words) != 3:
            return False
        if any(z.takeback for z in self.zones if z.kind is Kind.FOUNDATION):
            return False
        if self.zone_of[self.index[words[2]]].kind is not Kind.FOUNDATION:
            return False
        src = words[1]
        if any(m != move and m.split(" ")[1:2] == [src] for m in moves):
            return False
        return self.safe(layout, move, ctx)

    def alike(self) -> tuple[tuple[int, ...], ...]:
        """Groups of piles the solver may treat as interchangeable: a position is the
        same game with the piles of a group in any order (so their empty piles are one).
        By default the piles of each tableau, cell, reserve or plain foundation zone of
        several piles, in a game that keeps every rule where a pile's place could
        matter (`_PLACED`), does not deal round the tableau and gathers only a waste;
        a game may say more (or less) of its own."""
        if any(getattr(type(self), h) is not getattr(Spec, h) for h in _PLACED):
            return ()
        if self.deal_to == "t" or (self.redeals and "w" not in self.index):
            return ()
        return tuple(
            tuple(self.index[p] for p in z.ids())
            for z in self.zones
            if z.count > 1 and z.kind in _ALIKE and not z.bases
        )

    def weigh(self, layout: Layout, move: str, ctx: Ctx) -> int | None:
        """A game's own weight for a hint (None: the solver's general rule)."""
        return None


_ALIKE = (Kind.TABLEAU, Kind.CELL, Kind.RESERVE, Kind.FOUNDATION)
"""The kinds of zone whose piles may be alike (see `Spec.alike`)."""
_PLACED = (
    "movable",
    "accepts",
    "fits_empty",
    "fits_foundation",
    "base_card",
    "base_rank",
    "card_moves",
    "extra_moves",
    "apply_extra",
    "apply_move",
    "transfer",
    "settle",
    "do_deal",
    "deal_round",
    "do_redeal",
    "relay",
    "gathered",
    "can_deal",
    "can_redeal",
    "takes",
    "won",
    "score",
)
"""The hooks in which a game could make a pile's place matter: a game that overrides
one of them gets no alike piles by default."""
