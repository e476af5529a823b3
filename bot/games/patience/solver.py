"""Hints and the greedy player: which move makes progress, and never one that loses.

A move makes progress when it puts a card on a family, turns up a face-down card, empties
a pile, brings a card out of the waste or a reserve, or deals; a move between tableau
piles counts only when it does one of these or lets a card go to a family next. So a
player who follows hints never goes round in circles. Of the moves that make progress,
the hint is the best-weighted one that does not leave the game stuck (unless every one
does, or it wins). The solver that decides whether a deal comes out is search/; it
orders its moves by `weigh`.
"""

from __future__ import annotations

from bot.games.patience.engine import Ctx, Kind, Layout, Spec

_WEIGHT = {"home": 100, "reveal": 50, "empty": 20, "unwaste": 12, "enable": 30, "deal": 5}


def weigh(spec: Spec, layout: Layout, move: str, ctx: Ctx) -> int:
    """How much a move helps (0: it makes no progress)."""
    own = spec.weigh(layout, move, ctx)
    if own is not None:
        return own
    words = move.split(" ")
    if words[0] == "deal":
        return _WEIGHT["deal"]
    if words[0] == "redeal":
        return 1
    if words[0] != "move":
        return 10
    src, dst = spec.index[words[1]], spec.index[words[2]]
    n = int(words[3]) if len(words) == 4 else 1
    src_zone, dst_zone = spec.zone_of[src], spec.zone_of[dst]
    if dst_zone.kind is Kind.FOUNDATION:
        return _WEIGHT["home"]
    pile = layout.piles[src]
    left = len(pile) - n
    score = 0
    if left > 0 and layout.down[src] >= left:
        score += _WEIGHT["reveal"]
    if src_zone.kind in (Kind.WASTE, Kind.RESERVE):
        score += _WEIGHT["unwaste"]
    if left == 0 and layout.piles[dst] and src_zone.kind is Kind.TABLEAU:
        score += _WEIGHT["empty"]
    if src_zone.kind is Kind.CELL and dst_zone.kind is Kind.TABLEAU:
        score += 1
    if score == 0 and dst_zone.kind is Kind.TABLEAU and left > 0:
        after = spec.transfer(layout, src, dst, n)
        if _homes(spec, after, src, ctx) - _homes(spec, layout, src, ctx):
            score += _WEIGHT["enable"]
    return score


def _homes(spec: Spec, layout: Layout, src: int, ctx: Ctx) -> set[int]:
    """The families the top card of pile `src` may go to: exactly the targets of the
    moves `move <src> <family>` among the layout's card moves, found without listing
    every other pile's moves."""
    top = dict(spec.movable(layout, src)).get(1)
    if top is None:
        return set()
    return {
        f
        for f in spec.of_kind.get(Kind.FOUNDATION, [])
        if spec.accepts(layout, src, top, f, ctx) is None
    }


def hint(spec: Spec, layout: Layout, ctx: Ctx) -> str | None:
    """The move to suggest, or None if no move makes progress."""
    choice = _choose(spec, layout, ctx, spec.moves(layout, ctx))
    return None if choice is None else choice[0]


Choice = tuple[str, Layout, list[str]]
"""A move, the layout after it, and the moves of that layout."""


def _choose(spec: Spec, layout: Layout, ctx: Ctx, moves: list[str]) -> Choice | None:
    """The hint among `moves` (the layout's moves), with what follows from it."""
    ordered = sorted(moves)
    if spec.forced:
        if not ordered:
            return None
        after = spec.apply(layout, ordered[0], ctx)
        return ordered[0], after, spec.moves(after, ctx)
    weights = {m: weigh(spec, layout, m, ctx) for m in ordered}
    scored = sorted((m for m in ordered if weights[m] > 0), key=lambda m: -weights[m])
    first: Choice | None = None
    for move in scored:
        after = spec.apply(layout, move, ctx)
        following = spec.moves(after, ctx)
        if following or spec.won(after):
            return move, after, following
        first = first or (move, after, following)
    return first


def play_greedy(spec: Spec, layout: Layout, ctx: Ctx, limit: int = 5000) -> tuple[Layout, int]:
    """Follow the hints to the end (or `limit` moves): the last layout and the moves made."""
    made = 0
    moves = spec.moves(layout, ctx)
    while made < limit and not spec.won(layout):
        choice = _choose(spec, layout, ctx, moves)
        if choice is None:
            break
        _, layout, moves = choice
        made += 1
    return layout, made
