"""Shared mechanics of the two-pack "kings down, aces up" games of Cheney's book
(its rules page beside it): eight families, one king and one
ace of each suit, the kings built down and the aces up, following suit.

The families are one zone `f` of eight piles: f1..f4 start with the kings of spades,
hearts, diamonds and clubs and go down; f5..f8 start with the aces and go up. Each family
holds thirteen cards, so the eight of them take all 104 cards.
"""

from __future__ import annotations

from bot.games.patience.engine import (
    RANK_TEXT,
    Build,
    Ctx,
    Kind,
    Layout,
    Spec,
    Zone,
    name,
    rank,
    suit,
)

SUITS = "SHDC"
KING_BASES = tuple(f"K{s}" for s in SUITS)
ACE_BASES = tuple(f"A{s}" for s in SUITS)
FAMILIES = Zone(
    "f",
    Kind.FOUNDATION,
    count=8,
    label="family",
    bases=KING_BASES + ACE_BASES,
    build=Build(steps=(-1, 1), suit="same"),
)
"""Kings down (f1..f4) and aces up (f5..f8), in suit."""


class TwoWay(Spec):
    """A game with the eight kings-down, aces-up families of `FAMILIES`."""

    empty_worth = False
    """Whether emptying a pile helps (a space that takes any card)."""

    def __init__(self) -> None:
        super().__init__()
        shut = (Kind.STOCK, Kind.FOUNDATION, Kind.INDICATOR, Kind.DISCARD)
        self.feeders = [i for i, z in enumerate(self.zone_of) if z.kind not in shut]
        self.targets = self.of_kind.get(Kind.TABLEAU, []) + self.of_kind.get(Kind.CELL, [])
        self.target_set = set(self.targets)
        everyone = {z.name for z in self.zones}
        self.fed_by = [set(z.sources.split("+")) if z.sources else everyone for z in self.zone_of]
        self._wanted: tuple[tuple[tuple[str, ...], ...], dict[str, list[int]]] | None = None

    def fits_foundation(self, layout: Layout, dst: int, card: str, ctx: Ctx) -> str | None:
        """A king's family goes down in suit, an ace's up in suit."""
        pile = layout.piles[dst]
        if not pile:
            return super().fits_foundation(layout, dst, card, ctx)
        top = pile[-1]
        step = -1 if self.descending(dst) else 1
        if suit(card) == suit(top) and rank(card) == rank(top) + step:
            return None
        if len(pile) >= 13:
            return f"{self.label(dst).capitalize()} is complete."
        way = "one lower" if step < 0 else "one higher"
        return f"On {name(top)} this family takes the card {way} in the same suit."

    def wanted(self, layout: Layout) -> dict[str, list[int]]:
        """The cards the families take now, and which families take each (remembered for
        the last layout asked about: the hints ask many times over)."""
        last = self._wanted
        if last is not None and last[0] is layout.piles:
            return last[1]
        out: dict[str, list[int]] = {}
        first = self.index["f1"]
        for k, base in enumerate(FAMILIES.bases):
            pile = layout.piles[first + k]
            if not pile:
                out.setdefault(base, []).append(first + k)
            elif len(pile) < 13:
                r = rank(pile[-1]) + (-1 if k < 4 else 1)
                out.setdefault(RANK_TEXT[r] + pile[-1][-1], []).append(first + k)
        self._wanted = (layout.piles, out)
        return out

    def homes(self, layout: Layout, card: str) -> list[int]:
        """The families this card fits now (a quick test, before `accepts`)."""
        return self.wanted(layout).get(card, [])

    def card_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """Every legal move of a top card, testing only the piles it could fit (the
        engine's general search tries every pile against every other: too slow for
        hints). Every pile of these games gives up its top card only."""
        out: list[str] = []
        piles = layout.piles
        wanted = self.wanted(layout)
        by_rank = self._by_rank(layout)
        for src in self.feeders:
            pile = piles[src]
            if not pile:
                continue
            r = rank(pile[-1])
            near = by_rank.get(-1, []) + by_rank.get(r - 1, []) + by_rank.get(r + 1, [])
            homes = wanted.get(pile[-1], [])
            if near or homes:
                out += self._moves_to(layout, src, homes + near, ctx)
        return out

    def _by_rank(self, layout: Layout) -> dict[int, list[int]]:
        """The tableau piles and cells by their top card's rank (-1: empty ones that may
        be filled)."""
        piles = layout.piles
        by_rank: dict[int, list[int]] = {}
        for t in self.targets:
            if piles[t]:
                by_rank.setdefault(rank(piles[t][-1]), []).append(t)
            elif self.zone_of[t].empty != "none":
                by_rank.setdefault(-1, []).append(t)
        return by_rank

    def _moves_to(self, layout: Layout, src: int, targets: list[int], ctx: Ctx) -> list[str]:
        """The moves of pile src's top card to those of `targets` that take it."""
        groups = self.movable(layout, src)
        if not groups:
            return []
        out: list[str] = []
        piles, cards, card = layout.piles, groups[0][1], layout.piles[src][-1]
        zone = self.zone_of[src].name
        # A marriage between piles is just the build rule (no game here adds to it).
        plain = self.zone_of[src].kind is Kind.TABLEAU
        for t in targets:
            if t == src or zone not in self.fed_by[t]:
                continue
            onto, build = piles[t], self.zone_of[t].build
            if onto and t in self.target_set:
                if build is None or not build.fits(onto[-1], card):
                    continue
                if plain and not layout.down[t]:
                    out.append(f"move {self.ids[src]} {self.ids[t]}")
                    continue
            if self.accepts(layout, src, cards, t, ctx) is None:
                out.append(f"move {self.ids[src]} {self.ids[t]}")
        return out

    def weigh(self, layout: Layout, move: str, ctx: Ctx) -> int | None:
        """A marriage counts when it frees a card for a family (or empties a pile, in games
        where an empty pile is worth having); the general rule is too slow here."""
        words = move.split(" ")
        if words[0] != "move":
            return None
        src, dst = self.index[words[1]], self.index[words[2]]
        if self.zone_of[dst].kind is Kind.FOUNDATION:
            return None
        if self.zone_of[src].kind is not Kind.TABLEAU:
            return None
        n = int(words[3]) if len(words) == 4 else 1
        pile = layout.piles[src]
        if len(pile) == n:
            return 20 if self.empty_worth and layout.piles[dst] else 0
        beneath = pile[-n - 1]
        freed = any(
            self.accepts(layout, src, (beneath,), f, ctx) is None
            for f in self.homes(layout, beneath)
        )
        if freed:
            return 30
        # Toward a space: a short pile given to a longer one (never back, so no loops).
        short = self.empty_worth and len(pile) <= 2 < len(layout.piles[dst])
        return 10 if short else 0

    def descending(self, dst: int) -> bool:
        """Whether a family is one of the kings' (built down)."""
        return dst - self.index["f1"] < 4
