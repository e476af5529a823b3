"""Shared mechanics of Staircase, Game of Seven, Fours, Intervale and the Queen's Cotillon
(each with its rules page beside its module): a move finder that looks each free card up
among the cards the piles want, instead of trying every pile against every other.

`LookupMoves.card_moves` lists the same moves as the engine's general search (a test
compares the two): it only narrows the candidates, and the game's `accepts` has the last
word on each. It assumes what these games share: every family is built in suit by fixed
steps up from a base rank or an exact base card, and a tableau pile with cards takes
only what its zone's `build` allows.
"""

from __future__ import annotations

import functools

from bot.games.patience.engine import RANK_OF, RANK_TEXT, Build, Ctx, Kind, Layout, Spec

SUITS_FOR = {
    "same": {s: s for s in "SHDC"},
    "alt": {s: "CS" if s in "HD" else "HD" for s in "SHDC"},
}


@functools.cache
def host_wants_card(build: Build, top: str) -> tuple[str, ...]:
    """The cards a tableau card takes by a building rule (no wrap)."""
    r, s = RANK_OF[top[:-1]], top[-1]
    suits = SUITS_FOR.get(build.suit, {}).get(s, "SHDC")
    return tuple(RANK_TEXT[r + k] + t for k in build.steps if 1 <= r + k <= 13 for t in suits)


@functools.cache
def fits(build: Build, host: str, card: str) -> bool:
    """`build.fits(host, card)`, remembered (the move finder asks it very often)."""
    return build.fits(host, card)


class LookupMoves(Spec):
    """A game whose card moves are found by looking up the cards the piles want."""

    def __init__(self) -> None:
        super().__init__()
        self.feeds = [frozenset(z.sources.split("+")) if z.sources else None for z in self.zone_of]
        shut = (Kind.STOCK, Kind.INDICATOR, Kind.DISCARD)
        self.sources = [
            i
            for i, z in enumerate(self.zone_of)
            if z.kind not in shut and (z.kind is not Kind.FOUNDATION or z.takeback)
        ]
        self._families: tuple[tuple[tuple[str, ...], ...], dict[str, list[int]]] | None = None

    def family_wants(self, layout: Layout) -> dict[str, list[int]]:
        """The exact cards the families take now, and which families take each (kept for
        the last layout asked about: the hints ask many times over)."""
        last = self._families
        if last is not None and last[0] is layout.piles:
            return last[1]
        out: dict[str, list[int]] = {}
        for f in self.of_kind.get(Kind.FOUNDATION, []):
            pile, zone = layout.piles[f], self.zone_of[f]
            if not pile:
                first = self.base_card(layout, f)
                base = self.base_rank(layout, f)
                wanted = [first] if first else [RANK_TEXT[base] + s for s in "SHDC"] if base else []
            elif len(pile) < zone.length and zone.build is not None:
                r = RANK_OF[pile[-1][:-1]]
                wanted = [RANK_TEXT[r + k] + pile[-1][-1] for k in zone.build.steps if r + k <= 13]
            else:
                wanted = []
            for card in wanted:
                out.setdefault(card, []).append(f)
        self._families = (layout.piles, out)
        return out

    def host_wants(self, layout: Layout) -> tuple[dict[str, list[int]], list[int]]:
        """The cards the tableau piles take, and the empty piles that may take some."""
        wants: dict[str, list[int]] = {}
        spaces: list[int] = []
        for t in self.of_kind.get(Kind.TABLEAU, []) + self.of_kind.get(Kind.CELL, []):
            pile, zone = layout.piles[t], self.zone_of[t]
            if not pile:
                if zone.kind is Kind.CELL or zone.empty != "none":
                    spaces.append(t)
            elif zone.kind is Kind.TABLEAU and zone.build and layout.down[t] < len(pile):
                for card in host_wants_card(zone.build, pile[-1]):
                    wants.setdefault(card, []).append(t)
        return wants, spaces

    def rule(self, layout: Layout, src: int, cards: tuple[str, ...], dst: int) -> str | None:
        """A game's own refusal on top of the plain rules (None: no objection)."""
        return None

    def accepts(
        self, layout: Layout, src: int, cards: tuple[str, ...], dst: int, ctx: Ctx
    ) -> str | None:
        """The game's own rule, then the plain rules."""
        return self.rule(layout, src, cards, dst) or super().accepts(layout, src, cards, dst, ctx)

    def free_groups(self, layout: Layout, src: int) -> int:
        """How many cards of a pile are free to move together at most (the top card
        alone, or a run); 0 if none. Must agree with `movable`."""
        zone = self.zone_of[src]
        if zone.kind is Kind.TABLEAU and zone.unit == "run" and zone.build is not None:
            return self._run(layout, src)
        groups = self.movable(layout, src)
        return groups[-1][0] if groups else 0

    def movable(self, layout: Layout, src: int) -> list[tuple[int, tuple[str, ...]]]:
        """The engine's rule, with a tableau's runs found in one pass down the pile."""
        zone, pile = self.zone_of[src], layout.piles[src]
        if zone.kind is not Kind.TABLEAU or zone.unit != "run" or zone.build is None:
            return super().movable(layout, src)
        return [(n, pile[-n:]) for n in range(1, self._run(layout, src) + 1)]

    def _run(self, layout: Layout, src: int) -> int:
        """The length of the run at the top of a tableau pile (face-up cards only)."""
        pile, build = layout.piles[src], self.zone_of[src].build
        assert build is not None
        up = len(pile) - layout.down[src]
        n = 1 if up > 0 else 0
        while n < up and fits(build, pile[-n - 1], pile[-n]):
            n += 1
        return n

    def card_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """Every legal move of cards from pile to pile, found by lookup: a family or a
        space has the last word through `accepts`, a marriage found by lookup through
        the game's own `rule`."""
        families = self.family_wants(layout)
        hosts, spaces = self.host_wants(layout)
        out: list[str] = []
        ids, feeds, piles = self.ids, self.feeds, layout.piles
        for src in self.sources:
            most = self.free_groups(layout, src)
            zone = self.zone_of[src].name
            for n in range(1, most + 1):
                card = piles[src][-n]
                found = hosts.get(card, [])
                fam = families.get(card, []) if n == 1 else []
                if not (found or fam or spaces):
                    continue
                cards = piles[src][-n:]
                tail = f" {n}" if n > 1 else ""
                for dst in found:
                    fed = feeds[dst]
                    if dst == src or (fed is not None and zone not in fed):
                        continue
                    if self.rule(layout, src, cards, dst) is None:
                        out.append(f"move {ids[src]} {ids[dst]}{tail}")
                for dst in fam + spaces:
                    fed = feeds[dst]
                    if dst == src or (fed is not None and zone not in fed):
                        continue
                    if self.accepts(layout, src, cards, dst, ctx) is None:
                        out.append(f"move {ids[src]} {ids[dst]}{tail}")
        return out

    def weigh(self, layout: Layout, move: str, ctx: Ctx) -> int | None:
        """A move between tableau piles (None for any other: the solver's rule). It counts
        when it turns up a face-down card, empties a pile onto another, frees a card for
        a family, or moves cards off a card they do not fit; never when it covers a card
        that could go home now. So no run of such moves comes back to where it began,
        even when the hints shun a family move that would leave the game stuck."""
        words = move.split(" ")
        if words[0] != "move":
            return None
        src, dst = self.index[words[1]], self.index[words[2]]
        if self.zone_of[src].kind is Kind.FOUNDATION:
            return 0
        if self.zone_of[src].kind is not Kind.TABLEAU or self.zone_of[dst].kind is not Kind.TABLEAU:
            return None
        homes = self.family_wants(layout)
        onto = layout.piles[dst]
        if onto and self._goes_home(layout, dst, onto[-1], homes, ctx):
            return 0
        pile = layout.piles[src]
        n = int(words[3]) if len(words) == 4 else 1
        left = len(pile) - n
        if left == 0:
            return 20 if onto else 0
        if layout.down[src] >= left:
            return 50
        if self._goes_home(layout, src, pile[left - 1], homes, ctx):
            return 30
        build = self.zone_of[src].build
        if build is not None and build.fits(pile[left - 1], pile[left]):
            return 0
        return 8 if onto else 3

    def _goes_home(
        self, layout: Layout, src: int, card: str, homes: dict[str, list[int]], ctx: Ctx
    ) -> bool:
        """Whether a card of a pile fits a family now."""
        return any(self.accepts(layout, src, (card,), f, ctx) is None for f in homes.get(card, ()))
