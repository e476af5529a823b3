"""The games as the search sees them (see core.py's `Problem`): any patience spec, with
no code of its own, and Sympathy's two hands.

A spec's position is its `Layout`. Its key is the layout with the piles of each group
the spec calls alike (`Spec.alike`) in sorted order, so those piles in another order,
and an empty one among them, count once; the moves to such a group's empty piles are
tried for the first of them alone. When a move is dominant (`Spec.dominant`: by
default a safe card going home that has no other move) it is the only child: it cannot
be wrong to play it. The other moves are tried in the order of the hints' weights
(solver.py's `weigh`), best first, and every one of them is tried, the moves the hints
think idle last.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator

from bot.games.patience.engine import Ctx, Layout, Spec
from bot.games.patience.solver import weigh
from bot.games.patience.sympathy.game import Sympathy, SympathyState


class SpecProblem:
    """A patience spec's positions, moves and wins, for the search."""

    def __init__(self, spec: Spec, ctx: Ctx) -> None:
        self.spec, self.ctx = spec, ctx
        self.groups = spec.alike()
        grouped = {i for g in self.groups for i in g}
        self.rest = tuple(i for i in range(len(spec.ids)) if i not in grouped)
        self.first_of = {i: g for g in self.groups for i in g}
        """For each pile in an alike group, its group."""
        self.use_safe = spec.auto_ok and not spec.forced
        if type(spec).dominant is Spec.dominant and spec.packs != 1:
            self.use_safe = False  # the engine's rule finds no dominant move with two packs
        self.trusted = type(spec).apply is Spec.apply and type(spec).apply_move is Spec.apply_move
        """Whether a card move the spec listed may be played without its checks (the
        engine's own `apply` and `apply_move`: they only check what the finder did)."""
        self._parsed: dict[str, tuple[int, int, int] | None] = {}

    def key(self, layout: Layout) -> Hashable:
        """The layout, with each alike group's piles (and face-down counts) sorted."""
        if not self.groups:
            return layout
        piles, down = layout.piles, layout.down
        return (
            tuple(piles[i] for i in self.rest),
            tuple(down[i] for i in self.rest),
            tuple(tuple(sorted((piles[i], down[i]) for i in g)) for g in self.groups),
            layout.passes,
            layout.shuffles,
            layout.used,
            layout.marks,
        )

    def won(self, layout: Layout) -> bool:
        """Whether the spec says the layout is won."""
        return self.spec.won(layout)

    def children(self, layout: Layout) -> Iterator[tuple[str, Layout]]:
        """The moves in order (see `ordered`), each with the layout it makes."""
        for move in self.ordered(layout):
            yield move, self.after(layout, move)

    def after(self, layout: Layout, move: str) -> Layout:
        """The layout after one of its listed moves: a card move of a spec that keeps the
        engine's own `apply` played by its `transfer` and `settle` alone (the checks
        passed when the move was listed: tests/games/patience/test_search.py compares the
        two), any other move by the spec's `apply`."""
        spec, ctx = self.spec, self.ctx
        if self.trusted:
            if move in self._parsed:
                parsed = self._parsed[move]
            else:
                parsed = self._parsed[move] = self._parse(move)
            if parsed is not None:
                src, dst, n = parsed
                return spec.settle(spec.transfer(layout, src, dst, n), ctx)
        return spec.apply(layout, move, ctx)

    def _parse(self, move: str) -> tuple[int, int, int] | None:
        """A card move's piles and count (None for any other move)."""
        words = move.split(" ")
        if words[0] != "move" or len(words) not in (3, 4):
            return None
        n = int(words[3]) if len(words) == 4 else 1
        return self.spec.index[words[1]], self.spec.index[words[2]], n

    def ordered(self, layout: Layout) -> list[str]:
        """The layout's moves to try: a safe one alone, else every move but those to a
        second empty pile of an alike group, by the hints' weights, best first (ties in
        the moves' own order, so a search is the same every time)."""
        spec, ctx = self.spec, self.ctx
        moves = sorted(spec.moves(layout, ctx))
        if len(moves) <= 1:
            return moves
        if self.use_safe:
            for move in moves:
                if spec.dominant(layout, move, ctx, moves):
                    return [move]
        if self.groups:
            moves = self._one_empty(layout, moves)
        weights = {m: weigh(spec, layout, m, ctx) for m in moves}
        return sorted(moves, key=lambda m: -weights[m])

    def _one_empty(self, layout: Layout, moves: list[str]) -> list[str]:
        """The moves without those that fill an empty pile of an alike group when the
        same cards could fill an earlier empty pile of that group."""
        index, piles = self.spec.index, layout.piles
        filled: set[tuple[str, tuple[int, ...], str]] = set()
        out: list[str] = []
        for move in moves:
            words = move.split(" ")
            if words[0] == "move" and len(words) >= 3:
                dst = index[words[2]]
                group = self.first_of.get(dst)
                if group is not None and not piles[dst]:
                    what = (words[1], group, words[3] if len(words) == 4 else "1")
                    if what in filled:
                        continue
                    filled.add(what)
            out.append(move)
        return out


class SympathyProblem:
    """Sympathy's positions for the search: both hands' piles and whose turn it is; a
    move is the turn of one of the player's piles (or her grace card), tried first where
    it throws out the most cards."""

    def __init__(self, game: Sympathy) -> None:
        self.game = game

    def key(self, state: SympathyState) -> Hashable:
        """The piles, the face-down counts and the turn (the cards out follow from them)."""
        return state.piles, state.down, state.turn

    def won(self, state: SympathyState) -> bool:
        """Every card thrown out."""
        return len(state.out) == 104

    def children(self, state: SympathyState) -> Iterator[tuple[str, SympathyState]]:
        """Each pile the player may turn, the turns that throw out most first."""
        game, seat = self.game, state.turn
        if seat < 0:
            return iter(())
        made = [(m, game.apply(state, seat, m)) for m in game.legal_actions(state, seat)]
        made.sort(key=lambda step: -len(step[1].out))
        return iter(made)
