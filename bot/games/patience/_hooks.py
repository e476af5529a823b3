"""The rules of a patience game that a game may override (rules: games/<key>.md): the
pack and the deal, which cards may leave a pile, what a pile accepts, what deal and
redeal may do, and a game's own moves. The third layer of a `Spec` (see spec_data.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from bot.games.patience._words import Words
from bot.games.patience.model import (
    Ctx,
    Kind,
    Layout,
    Zone,
    capitalised,
    full_pack,
    name,
    rank,
    rank_name,
)
from bot.games.rng import rng_for


class Hooks(Words):
    """The overridable rules of a patience game, with the plain stack model's defaults."""

    # -- the deal --------------------------------------------------------------------------

    def pack(self) -> tuple[str, ...]:
        """The cards of the game: one or two packs, full or piquet."""
        return full_pack(self.packs, self.piquet)

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
            out += self._groups_under(zone, pile, up)
        return out

    def _groups_under(
        self, zone: Zone, pile: tuple[str, ...], up: int
    ) -> list[tuple[int, tuple[str, ...]]]:
        """`movable`'s groups of two cards or more from a pile of `up` face-up cards:
        any of them, or the runs. With the engine's own `is_run`, a run of n is the run
        of n - 1 and one more card that fits under it, checked one pair at a time."""
        out: list[tuple[int, tuple[str, ...]]] = []
        plain = type(self).is_run is Hooks.is_run
        build = zone.build
        for n in range(2, up + 1):
            run = pile[-n:]
            if zone.unit == "run":
                if plain and (build is None or not build.fits(run[0], run[1])):
                    break
                if not plain and not self.is_run(zone, run):
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
            sources = self.zones_words(zone.sources)
            return f"{capitalised(self.label(dst))} takes cards only from {sources}."
        card = cards[0]
        if zone.kind is Kind.FOUNDATION:
            if len(cards) > 1:
                return "Cards go to the families one at a time."
            return self.fits_foundation(layout, dst, card, ctx)
        if zone.kind is Kind.CELL:
            if pile or len(cards) > 1:
                return f"{capitalised(self.label(dst))} holds one card."
            return None
        if zone.kind is not Kind.TABLEAU:
            return f"Nothing may be laid on {self.label(dst)}."
        return self._tableau_refusal(layout, src, cards, dst, ctx)

    def _tableau_refusal(
        self, layout: Layout, src: int, cards: tuple[str, ...], dst: int, ctx: Ctx
    ) -> str | None:
        """`accepts` for a tableau pile: its size limit, then an empty pile's rule or the
        build on its face-up top card."""
        zone, pile = self.zone_of[dst], layout.piles[dst]
        if zone.max_cards and len(pile) + len(cards) > zone.max_cards:
            return f"A pile here holds at most {zone.max_cards} cards."
        if not pile:
            return self.fits_empty(layout, src, cards, dst, ctx)
        if zone.build is None:
            return f"Nothing may be built on {self.label(dst)}."
        if layout.down[dst] >= len(pile):
            return f"The top card of {self.label(dst)} is face down."
        if not zone.build.fits(pile[-1], cards[0]):
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
                    else f"{capitalised(self.label(dst))} starts with {name(first)}."
                )
            base = self.base_rank(layout, dst)
            if base is not None and rank(card) != base:
                return f"A family starts with a {rank_name(base)}."
            return None
        if len(pile) >= zone.length:
            return f"{capitalised(self.label(dst))} is complete."
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

    def gathered(self) -> list[int]:
        """The piles taken up by a redeal: the waste by default."""
        return [self.index["w"]] if "w" in self.index else self.of_kind.get(Kind.TABLEAU, [])
