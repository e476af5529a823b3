"""The search itself: dives depth first over a `Problem`'s positions, first with few
moves off the problem's preferred order allowed, then more, the last dive with no limit
(`LADDER`), each dive seeing a position once (a transposition table of the 64-bit hashes
of canonical keys), all within one `Budget` of positions, seconds and bytes. Two
positions whose keys' hashes collide count as one, so a "lost" is exact but for that
chance: about n * n / 2**65 for n positions, one in 37 million at a million (the price
of 128 bytes a position rather than a key's own size).

It knows nothing of cards: a problem says what follows a position (its moves in the
order to try them; one move alone when the problem knows it cannot be wrong), which
positions are won, and the key under which equivalent positions are one. The verdict
is "won" with the line that wins, "lost" when a dive searched every reachable position
(one whose limit cut no line, or the last) without a win, or "unknown" when the budget
ran out first, with how far it got.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

S = TypeVar("S")
Clock = Callable[[], float]
"""Seconds from some fixed point (the caller's `time.perf_counter`: the rules keep no
clock of their own)."""

WON, LOST, UNKNOWN = "won", "lost", "unknown"

ENTRY_BYTES = 128
"""What one position costs in a dive's transposition table at most: a 64-bit hash as a
Python int (32 bytes) and its share of the dict (a 24-byte entry, its index slots, and
while it grows the old table's too; 78 bytes measured at a million entries, 88 at the
peak of a resize), and the discrepancies left, a small int the interpreter shares,
rounded up, and charged for every position of every dive (see `_Run`).
bench/bench_solver.py measures it ("memory"): a solve stopped by its memory budget held
less resident memory than it."""
LEVEL_BYTES = 2048
"""What one level of the path costs: its position (mostly shared with its parent) and
the moves still to try there."""
CHECK_EVERY = 16
"""Positions between two looks at the clock."""

MEASURE = "knowing every card, as the server does (the 'thoughtful' measure)"
"""How a verdict is reached, in words, to show beside it wherever it is shown."""


@dataclass(frozen=True, slots=True)
class Budget:
    """How much a solve may spend: positions searched, seconds, and bytes of memory
    (the transposition set and the path, as estimated by `ENTRY_BYTES`)."""

    positions: int = 1_000_000
    seconds: float = 60.0
    bytes: int = 200 * 1024 * 1024

    def held(self, positions: int, depth: int) -> int:
        """The bytes a search holds with this many positions seen, this deep."""
        return positions * ENTRY_BYTES + depth * LEVEL_BYTES


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a solve found: "won" (with the winning line, moves from the position
    solved), "lost" (every reachable position searched), or "unknown" (the budget ran
    out: `stopped` says which part of it)."""

    result: str
    line: tuple[str, ...] = ()
    positions: int = 0
    seconds: float = 0.0
    depth: int = 0
    """The longest line searched."""
    stopped: str = ""
    """For "unknown": "positions", "seconds" or "memory"."""
    bytes: int = 0
    """The memory the search held at most, as estimated."""
    notes: tuple[str, ...] = field(default=())

    @property
    def decided(self) -> bool:
        """Whether the deal was decided: won or lost, not unknown."""
        return self.result != UNKNOWN

    def words(self) -> str:
        """The verdict in one sentence, with how it was reached."""
        rate = f"{self.positions:,} positions in {self.seconds:.2f} s"
        if self.result == WON:
            head = f"Won: a winning line of {len(self.line)} moves"
        elif self.result == LOST:
            head = "Lost: no line wins (every reachable position searched)"
        else:
            head = f"Unknown: the {self.stopped} budget ran out before an answer"
        return f"{head}; {rate}, {MEASURE}."


class Problem(Protocol[S]):
    """What the search asks of a game."""

    def children(self, state: S) -> Iterator[tuple[str, S]]:
        """The moves from a position and the positions they make, best first (one alone
        when it cannot be wrong to play it); nothing when no move is left."""
        ...

    def won(self, state: S) -> bool:
        """Whether the position is won."""
        ...

    def key(self, state: S) -> Hashable:
        """The position's canonical key: equal for positions that are the same game."""
        ...


LADDER: tuple[int | None, ...] = (0, 1, 2, 3, 4, 6, 8, 12, 16, None)
"""The dives' discrepancy limits, in order (None: no limit, the whole space). A dive
with limit k follows the problem's order but for at most k moves that are not a
position's first choice: most won deals are found by the first few, at a fraction of
the cost of a depth-first search that must first exhaust the subtree of an early wrong
move (limited discrepancy search, Harvey and Ginsberg 1995)."""


@dataclass
class _Run(Generic[S]):
    """One search's counters: `positions` over every dive. The memory is charged for all
    of them, not for the current dive's table alone: a dive's table is let go when the
    next starts, but the process keeps much of what it held (bench/bench_solver.py saw a
    solve charged by its current table reach 218 MB resident under a 200 MB budget)."""

    budget: Budget
    clock: Clock
    started: float
    positions: int = 0
    depth: int = 0
    stopped: str = ""

    def spent(self, depth: int) -> bool:
        """Whether the budget has run out (the clock and the memory looked at every
        `CHECK_EVERY` positions)."""
        budget = self.budget
        if self.positions >= budget.positions:
            self.stopped = "positions"
        elif self.positions % CHECK_EVERY == 0:
            # Before the next look both may grow by CHECK_EVERY (a position deepens the
            # path by one at most): stop while the bound still holds.
            if budget.held(self.positions + CHECK_EVERY, depth + CHECK_EVERY) > budget.bytes:
                self.stopped = "memory"
            elif self.clock() - self.started >= budget.seconds:
                self.stopped = "seconds"
        return bool(self.stopped)

    def verdict(self, result: str, line: tuple[str, ...] = ()) -> Verdict:
        """The verdict with this run's counters."""
        return Verdict(
            result,
            line,
            self.positions,
            self.clock() - self.started,
            self.depth,
            self.stopped,
            self.budget.held(self.positions, self.depth),
        )


def search(
    problem: Problem[S],
    start: S,
    budget: Budget,
    clock: Clock,
    lost: set[int] | None = None,
) -> Verdict:
    """Dives from `start` with a rising discrepancy limit (`LADDER`), the last without
    one, until a won position, a dive that cut no line (then every reachable position
    was searched: lost), or the budget (its seconds by `clock`). `start` and every
    position are left as they were.

    `lost`, when given, holds the hashes of positions already proved lost (by earlier
    searches of the same problem): they are skipped as seen, and when this search too
    ends "lost" every position its last dive saw is added to them (all of them are then
    proved lost: each was searched to its end)."""
    run: _Run[S] = _Run(budget, clock, clock())
    run.positions = 1
    known = lost if lost is not None else set()
    if hash(problem.key(start)) in known:
        return run.verdict(LOST)
    if problem.won(start):
        return run.verdict(WON)
    for limit in LADDER:
        result, line = _dive(problem, start, limit, run, known)
        if result != UNKNOWN or run.stopped:
            return run.verdict(result, line)
    raise AssertionError("the ladder ends with a dive without a limit")


def _dive(
    problem: Problem[S], start: S, limit: int | None, run: _Run[S], lost: set[int]
) -> tuple[str, tuple[str, ...]]:
    """One dive: depth first in the problem's order, a position skipped when seen
    before in this dive with at least as many discrepancies left, a move past a
    position's first taken only while the limit allows, one in `lost` not at all. "won"
    with its line; "lost" when no line was cut by the limit (its positions then join
    `lost`); "unknown" when one was, or the budget ran out."""
    key, won, children = problem.key, problem.won, problem.children
    limited = limit is not None
    seen: dict[int, int] = {hash(key(start)): limit or 0}
    path: list[str] = []
    # each level: its children, the discrepancies left there, whether its first is taken
    stack: list[list[Any]] = [[children(start), limit or 0, False]]
    cut = False
    while stack:
        level = stack[-1]
        step = next(level[0], None)
        if step is None:
            stack.pop()
            if path:
                path.pop()
            continue
        left = level[1] - level[2]
        level[2] = limited  # without a limit no move costs a discrepancy
        if left < 0:
            cut = True  # this and every later move here would pass the limit
            stack.pop()
            if path:
                path.pop()
            continue
        move, child = step
        code = hash(key(child))
        if seen.get(code, -1) >= left or code in lost:
            continue
        seen[code] = left
        run.positions += 1
        path.append(move)
        if len(path) > run.depth:
            run.depth = len(path)
        if won(child):
            return WON, tuple(path)
        if run.spent(len(path)):
            return UNKNOWN, ()
        stack.append([children(child), left, False])
    if cut:
        return UNKNOWN, ()
    lost.update(seen)
    return LOST, ()
