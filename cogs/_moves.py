"""Which of a player's legal moves their private message offers, and how.

Discord allows 25 options in a select. Most turns have fewer moves and all are offered.
When a game allows more (a bid of any amount up to the stake, a console of any amount up
to the pot), the menu keeps every move that carries no number ("pass", "call") and, for
each kind of numbered move ("bid N", "console N"), its lowest amounts in a run and then
amounts spread evenly up to the highest, so every kind of move, its smallest and its
largest are always offered; the rest can be typed in "Other move...".

A turn of a few one-word choices ("call" or "pass") is offered as buttons instead.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

MAX_SELECT = 25
MAX_BUTTONS = 5
_NUMBER = re.compile(r"[0-9]+")
_WORD = re.compile(r"[a-z]{1,20}")


@functools.lru_cache(maxsize=4096)
def natural_key(action: str) -> tuple[tuple[int, int | str], ...]:
    """Sort key that orders numbers within moves by value: 'bid 9' before 'bid 10' (kept
    for the moves seen last: every hand of a game lists much the same ones)."""
    return tuple((1, int(w)) if w.isdigit() else (0, w) for w in action.split())


def as_buttons(legal: Sequence[str]) -> bool:
    """Whether the moves are a few single words, best offered as buttons."""
    return 0 < len(legal) <= MAX_BUTTONS and all(_WORD.fullmatch(a) for a in legal)


def menu(legal: Sequence[str], limit: int = MAX_SELECT) -> list[str]:
    """At most `limit` of the moves, in natural order: all of them if they fit; else
    every move without a number plus a spread of each numbered kind (see the module)."""
    ordered = sorted(legal, key=natural_key)
    if len(ordered) <= limit:
        return ordered
    kinds: dict[str, list[str]] = {}
    plain: list[str] = []
    for action in ordered:
        if _NUMBER.search(action):
            kinds.setdefault(_NUMBER.sub("#", action), []).append(action)
        else:
            plain.append(action)
    room = max(limit - len(plain), 0)
    chosen = plain[:limit]
    shares = _shares(room, [len(v) for v in kinds.values()])
    for moves, share in zip(kinds.values(), shares, strict=True):
        chosen += _spread(moves, share)
    return sorted(chosen, key=natural_key)


def _shares(room: int, sizes: list[int]) -> list[int]:
    """`room` slots shared among kinds of these sizes: evenly, none above its size, the
    slots a small kind cannot use going to the others."""
    shares = [0] * len(sizes)
    left = room
    while left > 0:
        open_ = [i for i, n in enumerate(sizes) if shares[i] < n]
        if not open_:
            break
        each = max(left // len(open_), 1)
        for i in open_:
            give = min(each, sizes[i] - shares[i], left)
            shares[i] += give
            left -= give
            if left == 0:
                break
    return shares


def _spread(moves: list[str], k: int) -> list[str]:
    """k of the moves (in order): the first half of k in a run from the lowest, the rest
    spread evenly over the remainder, ending with the highest."""
    n = len(moves)
    if k >= n:
        return list(moves)
    if k <= 0:
        return []
    if k == 1:
        return [moves[0]]
    run = k // 2
    rest = k - run
    tail = moves[run:]
    picks = [tail[round(i * (len(tail) - 1) / (rest - 1))] for i in range(rest)] if rest > 1 else []
    if rest == 1:
        picks = [tail[-1]]
    return moves[:run] + picks
