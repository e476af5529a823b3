"""The search behind Swiss pairing: split a ranked list into tables of given sizes so that
the repeated meetings (pairs of players who have sat together before, counted once per
earlier meeting) cost the least.

A depth-first search takes the best-ranked unseated player and tries companions in rank
order, nearest first, within a budget of repeats; failed positions are remembered. The
budget grows (0, 1, 2, 4, ...) until a seating is found, then a bisection between the last
budget proven impossible and the cost found makes the result exact. Each search stops after
`WORK_LIMIT` companions weighed, so a huge field never hangs: the answer is then the least found.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

Pair = tuple[int, int]
Group = tuple[int, ...]

WORK_LIMIT = 30_000
"""Companions weighed per search before it gives up (a field of 1,024 with five rounds
behind it needs about 520 at two seats, 800 at four)."""


class _OutOfWork(Exception):
    """The search weighed `WORK_LIMIT` companions without an answer."""


_UNBOUNDED = 1 << 60


def pair(a: int, b: int) -> Pair:
    """The key of two players' meeting count, whichever way round."""
    return (a, b) if a < b else (b, a)


def _groups(
    remaining: Group, size: int, left: int, meets: Mapping[Pair, int], work: list[int]
) -> Iterator[tuple[Group, int]]:
    """Every table for the first of `remaining` with companions in rank order, costing at
    most `left` repeats, with its cost; `work` counts the companions weighed."""
    first, pool = remaining[0], remaining[1:]

    def extend(group: Group, cost: int, start: int) -> Iterator[tuple[Group, int]]:
        if len(group) == size:
            yield group, cost
            return
        for i in range(start, len(pool) - (size - len(group)) + 1):
            work[0] += 1
            if work[0] > WORK_LIMIT:
                raise _OutOfWork
            extra = sum(meets.get(pair(pool[i], q), 0) for q in group)
            if cost + extra <= left:
                yield from extend((*group, pool[i]), cost + extra, i + 1)

    return extend((first,), 0, 0)


def _cost(groups: Sequence[Group], meets: Mapping[Pair, int]) -> int:
    """The repeats of a whole seating."""
    return sum(
        meets.get(pair(g[i], g[j]), 0) for g in groups for i in range(len(g)) for j in range(i)
    )


def _search(
    order: Group, sizes: Sequence[int], meets: Mapping[Pair, int], budget: int
) -> list[Group] | bool:
    """A seating within `budget` repeats; False if there is none, True if the search ran out
    of nodes before it could tell."""
    failed: set[tuple[Group, int]] = set()
    chosen: list[Group] = []
    work = [0]
    frames = [(order, budget, _groups(order, sizes[0], budget, meets, work))]
    while frames:
        remaining, left, options = frames[-1]
        try:
            step = next(options, None)
        except _OutOfWork:
            return True
        if step is None:
            failed.add((remaining, left))
            frames.pop()
            if chosen:
                chosen.pop()
            continue
        group, cost = step
        rest = tuple(p for p in remaining if p not in group)
        if not rest:
            return [*chosen, group]
        if (rest, left - cost) in failed:
            continue
        chosen.append(group)
        frames.append(
            (rest, left - cost, _groups(rest, sizes[len(chosen)], left - cost, meets, work))
        )
    return False


def seat(order: Group, sizes: Sequence[int], meets: Mapping[Pair, int]) -> list[Group]:
    """Tables of `sizes` (in order) from the ranked `order`, with the fewest repeats found."""
    assert sum(sizes) == len(order), "the table sizes must seat everyone"
    if not order:
        return []
    impossible, budget, best = -1, 0, None
    while best is None:
        found = _search(order, sizes, meets, budget)
        if isinstance(found, list):
            best = found
        elif found is False:
            impossible = budget
        budget = _UNBOUNDED if budget >= 64 else max(1, budget * 2)
    cost = _cost(best, meets)
    while impossible + 1 < cost:
        middle = (impossible + 1 + cost) // 2
        found = _search(order, sizes, meets, middle)
        if isinstance(found, list):
            best, cost = found, _cost(found, meets)
        elif found is False:
            impossible = middle
        else:
            break
    return best
