"""The search itself: depth first over a `Problem`'s positions, each position seen once
(a transposition set of the 64-bit hashes of canonical keys), within a `Budget` of
positions, seconds and bytes. Two positions whose keys' hashes collide count as one,
so a "lost" is exact but for that chance: about n * n / 2**65 for n positions, one in
37 million at a million (the price of 128 bytes a position rather than a key's
own size).

It knows nothing of cards: a problem says what follows a position (its moves in the
order to try them; one move alone when the problem knows it cannot be wrong), which
positions are won, and the key under which equivalent positions are one. The verdict
is "won" with the line that wins, "lost" when every reachable position was searched
without a win, or "unknown" when the budget ran out first, with how far it got.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

S = TypeVar("S")
Clock = Callable[[], float]
"""Seconds from some fixed point (the caller's `time.perf_counter`: the rules keep no
clock of their own)."""

WON, LOST, UNKNOWN = "won", "lost", "unknown"

ENTRY_BYTES = 128
"""What one position costs in the transposition set at most: a 64-bit hash as a Python
int (32 bytes) and its share of the set's table, whose 16-byte slots are 2 to 4 for each
entry after the set grows and, while it grows, the old table's too (up to 16 / 0.6 +
64 bytes), rounded up. bench/bench_solver.py measures it ("memory"): a solve stopped by
its memory budget held less resident memory than the budget."""
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


@dataclass
class _Run(Generic[S]):
    """One search's counters."""

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
    """Depth first from `start`: each position's children in the problem's order, a
    position already seen (by its key's hash) skipped, until a won position, the end of
    every line, or the budget (its seconds by `clock`). `start` and every position are
    left as they were.

    `lost`, when given, holds the hashes of positions already proved lost (by earlier
    searches of the same problem): they are skipped as seen, and when this search too
    ends "lost" every position it saw is added to them (all of them are then proved
    lost: each was searched to its end)."""
    run: _Run[S] = _Run(budget, clock, clock())
    key, won, children = problem.key, problem.won, problem.children
    seen: set[int] = {hash(key(start))}
    known = lost if lost is not None else set()
    if seen <= known:
        return run.verdict(LOST)
    remember = seen.add
    run.positions = 1
    if won(start):
        return run.verdict(WON)
    path: list[str] = []
    stack: list[Iterator[tuple[str, S]]] = [children(start)]
    while stack:
        step = next(stack[-1], None)
        if step is None:
            stack.pop()
            if path:
                path.pop()
            continue
        move, child = step
        code = hash(key(child))
        if code in seen or code in known:
            continue
        remember(code)
        run.positions += 1
        path.append(move)
        if len(path) > run.depth:
            run.depth = len(path)
        if won(child):
            return run.verdict(WON, tuple(path))
        if run.spent(len(path)):
            return run.verdict(UNKNOWN)
        stack.append(children(child))
    if lost is not None:
        lost |= seen
    return run.verdict(LOST)
