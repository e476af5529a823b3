"""A hunter over the render pool (cogs/_render.py, cogs/_render_workers.py): answers and
table edits asked for in any order, edits taken back by newer ones as the presenter
does, askers giving up, time passing, and workers killed in the middle of it all.

Whatever the sequence, every drawing asked for ends: its picture, or Superseded for an
edit a newer one took back (and then it was never begun in a worker), or WorkerDied for
one whose workers died under it twice; no worker ever holds more than `DEPTH` jobs,
edits never occupy more than all workers but one, no more than `workers` processes run,
and `queued` counts exactly the drawings still waiting. Each example runs on an event
loop of its own, the pool carried over from the example before (as in a restart).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import tempfile
import time
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from cogs._render import DEPTH, RenderPool, Superseded, Ticket
from cogs._render_workers import WorkerDied
from render import Picture

WORKERS = 2
TABLES = 3
KILLS = 1
"""Workers killed at most in an example (each costs a new worker's start)."""


def begun_picture(notes: str, name: str, seconds: float) -> Picture:
    """In a worker: note that the drawing began, take `seconds`, and answer."""
    with open(notes, "a", encoding="utf-8") as out:
        out.write(name + "\n")
    time.sleep(seconds)
    return Picture(name.encode(), f"{name}.png", "image/png", 1, 1)


class PoolMachine(RuleBasedStateMachine):
    """Drawings asked of one pool, shared by every example."""

    pool: RenderPool
    killed = False
    """Whether a worker was killed in any example so far: a worker killed as an example
    ended may be found dead only in a later one."""

    def __init__(self) -> None:
        super().__init__()
        self.loop = asyncio.new_event_loop()
        handle, self.notes = tempfile.mkstemp(prefix="parlour-pool-")
        os.close(handle)
        self.tasks: dict[str, asyncio.Task[Picture]] = {}
        self.urgent: set[str] = set()
        self.tickets: dict[int, tuple[Ticket, str]] = {}
        self.withdrawn: set[str] = set()
        self.cancelled: set[str] = set()
        self.kills = 0
        self.count = 0

    def _run(self, seconds: float) -> None:
        self.loop.run_until_complete(asyncio.sleep(seconds))

    @rule(urgent=st.booleans(), table=st.none() | st.integers(0, TABLES - 1),
          ms=st.integers(0, 15))  # fmt: skip
    def draw(self, urgent: bool, table: int | None, ms: int) -> None:
        """An answer's picture, or an edit (of a table: taking back its previous one)."""
        name = f"d{self.count}"
        self.count += 1
        ticket = None
        if table is not None and not urgent:
            ticket, before = self.tickets.get(table, (Ticket(home=table), ""))
            if before and self.pool.withdraw(ticket):
                self.withdrawn.add(before)
            self.tickets[table] = (ticket, name)
        job = partial(begun_picture, self.notes, name, ms / 1000)
        drawing = self.pool.draw(job, urgent=urgent, ticket=ticket)
        self.tasks[name] = self.loop.create_task(drawing)
        if urgent:
            self.urgent.add(name)
        self._run(0)

    @rule(ms=st.integers(0, 25))
    def time_passes(self, ms: int) -> None:
        self._run(ms / 1000)

    @rule(which=st.integers(0, 63))
    def an_asker_gives_up(self, which: int) -> None:
        """An interaction cancelled while its picture is drawn or waits."""
        waiting = sorted(n for n, t in self.tasks.items() if not t.done())
        if waiting:
            name = waiting[which % len(waiting)]
            self.tasks[name].cancel()
            self.cancelled.add(name)
            self._run(0)

    @precondition(lambda self: self.kills < KILLS)
    @rule(which=st.integers(0, WORKERS - 1))
    def a_worker_is_killed(self, which: int) -> None:
        self.kills += 1  # counted whether or not a worker runs: the rules' data stays the same
        pids = self.pool.pids()
        if pids:
            with contextlib.suppress(ProcessLookupError):  # it died meanwhile
                os.kill(pids[which % len(pids)], signal.SIGKILL)
            PoolMachine.killed = True
            self._run(0.01)

    @invariant()
    def within_bounds(self) -> None:
        live = [w for w in self.pool._started if not w.dead]
        assert len(live) <= WORKERS
        assert all(len(w.jobs) <= DEPTH for w in live)
        edits = sum(j.rank for w in live for j in w.jobs)
        assert edits <= max(WORKERS - 1, 1)
        waiting = [j for j in self.pool._waiting if not j.withdrawn]
        assert self.pool.queued == len(waiting)

    def teardown(self) -> None:
        try:
            self._settle()
        finally:
            self.loop.close()
            Path(self.notes).unlink(missing_ok=True)

    def _settle(self) -> None:
        """Every drawing ends, each as the rules say it may."""
        tasks = list(self.tasks.values())
        if tasks:
            done = asyncio.wait(tasks, timeout=20)
            _, pending = self.loop.run_until_complete(done)
            assert not pending, f"{len(pending)} drawings never ended"
        begun = set(Path(self.notes).read_text(encoding="utf-8").split())
        for name, task in self.tasks.items():
            if task.cancelled():
                assert name in self.cancelled
                continue
            error = task.exception()
            if error is None:
                assert task.result().data == name.encode()
                assert name in begun
            elif isinstance(error, Superseded):
                assert name in self.withdrawn and name not in self.urgent
                assert name not in begun, f"{name} was taken back, yet drawn"
            else:
                assert isinstance(error, WorkerDied) and PoolMachine.killed, repr(error)


@pytest.fixture
def pool() -> Iterator[RenderPool]:
    """A pool of two workers for the whole hunt, stopped after it."""
    pool = RenderPool(workers=WORKERS)
    yield pool
    pool.shutdown()


def test_every_drawing_ends_as_it_should_whatever_happens(pool: RenderPool) -> None:
    PoolMachine.pool = pool
    run_state_machine_as_test(
        PoolMachine,
        settings=settings(
            max_examples=max(1, settings().max_examples // 3),
            stateful_step_count=20,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )
