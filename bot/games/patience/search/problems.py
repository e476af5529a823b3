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
        spec, ctx = self.spec, self.ctx
        for move in self.ordered(layout):
            yield move, spec.apply(layout, move, ctx)

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
