"""Rendering off the event loop, in worker processes, answers to people first.

Drawing a table is CPU work in Python and in Pillow; in a thread it still competes with
the event loop for the GIL, which showed as 100 ms+ loop stalls with many tables in play
(bench/RESULTS.md). Worker processes draw in parallel with the loop instead; each keeps
its own sprite cache. The pool is made on first use and shared by the whole process.

Jobs do not go straight to the pool: with 200 tables playing, the pool's own first-come
queue held 300+ pictures (table messages, hand DMs), and a player's "My hand" waited
behind all of them for 30 s. Here at most `WORKERS` jobs are in the pool at once, and
the rest wait in a queue where a job someone is waiting on (`urgent=True`: a private
answer) goes before table edits and DMs, which are coalesced and can wait. A pool whose
worker died is replaced, and the job is tried once more on the new one. A table edit's
drawing comes with a `Ticket`: while it still waits in the queue, a newer edit of that
table takes it back (it is never drawn) and is drawn in its place in the queue.
"""

from __future__ import annotations

import asyncio
import contextlib
import cProfile
import functools
import heapq
import itertools
import multiprocessing
import multiprocessing.util
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from render import Picture, render_hand

WORKERS = 2
WORKER_NICE = 10
"""How much lower the workers' CPU priority is than the event loop's: when the machine
is busy, the loop (answers within 3 s, the gateway's heartbeat) runs first and the
pictures wait, rather than the other way round."""
ORPHAN_CHECK_S = 1.0
"""How often a render worker looks whether the bot that started it is still there."""
PROFILE_ENV = "PARLOUR_RENDER_PROFILE"
"""Opt-in, for benchmarks: a folder in which each render worker writes a cProfile of its
work (`render-PID.prof`) when it ends; set before the first picture is drawn."""


@dataclass(order=True)
class _Job:
    """A picture to draw, ordered by urgency, then by arrival."""

    rank: int
    seq: int
    draw: Callable[[], Picture] = field(compare=False)
    done: asyncio.Future[Picture] = field(compare=False)
    tries: int = field(default=0, compare=False)
    pool: ProcessPoolExecutor | None = field(default=None, compare=False)
    withdrawn: bool = field(default=False, compare=False)
    """Taken back while it waited; it stays in the heap, skipped, until it comes up."""


class Superseded(Exception):
    """A drawing taken back while it still waited for a worker: a newer one takes its
    place (`RenderPool.withdraw`)."""


@dataclass
class Ticket:
    """One table edit's drawing, which may be taken back while it waits in the queue and
    drawn again from newer parts in the same place in the queue."""

    job: _Job | None = None


class RenderPool:
    """The worker processes and the urgency queue in front of them (one per process)."""

    def __init__(self, workers: int = WORKERS) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._waiting: list[_Job] = []
        self._withdrawn = 0
        self._running = 0
        self._seq = itertools.count()

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # forkserver: never fork the event loop's process with its threads and sockets
            context = multiprocessing.get_context("forkserver")
            self._pool = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=context,
                initializer=_start_worker,
                initargs=(os.getpid(),),
            )
        return self._pool

    async def draw(
        self, job: Callable[[], Picture], *, urgent: bool, ticket: Ticket | None = None
    ) -> Picture:
        """Queue a drawing and wait for its picture; with a `ticket` it may be taken back
        while it waits (Superseded), and a drawing on a ticket taken back that way keeps
        the place in the queue the first one had."""
        loop = asyncio.get_running_loop()
        if loop is not self._loop:
            # a new event loop (a restart in tests): the old loop's jobs died with it
            self._loop, self._waiting, self._running, self._withdrawn = loop, [], 0, 0
        done: asyncio.Future[Picture] = loop.create_future()
        before = ticket.job if ticket is not None else None
        seq = before.seq if before is not None else next(self._seq)
        entry = _Job(0 if urgent else 1, seq, job, done)
        if ticket is not None:
            ticket.job = entry
        heapq.heappush(self._waiting, entry)
        self._pump()
        return await done

    def withdraw(self, ticket: Ticket) -> bool:
        """Take back the ticket's drawing if no worker has begun it (its waiter gets
        Superseded); False when it is being drawn, or done."""
        job = ticket.job
        if job is None or job.pool is not None or job.done.done() or job.withdrawn:
            return False
        # left in the heap (taking it out would cost a heapify of the whole queue at
        # every update of a busy process); `_pump` drops it when it comes up
        job.withdrawn = True
        self._withdrawn += 1
        job.done.set_exception(Superseded())
        return True

    @property
    def queued(self) -> int:
        """Jobs waiting for a worker (not counting those being drawn, or taken back)."""
        return len(self._waiting) - self._withdrawn

    def _pump(self) -> None:
        """Hand waiting jobs to the pool while it has a free worker. One worker is kept
        for urgent jobs: table edits and DMs never take them all, so an answer waits at
        most for other answers, and edits use at most the other workers' share of the
        machine, leaving the rest to the event loop (under load, each table's message is
        then edited less often, its latest state winning)."""
        while self._waiting:
            limit = self.workers if self._waiting[0].rank == 0 else max(self.workers - 1, 1)
            if self._running >= limit:
                return
            job = heapq.heappop(self._waiting)
            if job.withdrawn:  # a newer drawing took its place
                self._withdrawn -= 1
                continue
            if job.done.done():  # its asker gave up (a cancelled interaction)
                continue
            self._running += 1
            try:
                submitted = self._executor().submit(job.draw)
            except BrokenProcessPool:  # a worker died while the pool was idle
                self._replace_broken()
                submitted = self._executor().submit(job.draw)
            job.pool = self._pool
            loop = self._loop
            assert loop is not None
            submitted.add_done_callback(functools.partial(_back, self, job, loop))

    def finish(self, job: _Job, result: Future[Picture], loop: asyncio.AbstractEventLoop) -> None:
        """A job came back: pass its picture on, or retry it once on a fresh pool."""
        current = loop is self._loop
        if current:
            self._running -= 1
        error = None if result.cancelled() else result.exception()
        if current and isinstance(error, BrokenProcessPool) and job.tries == 0:
            if job.pool is self._pool:  # not yet replaced for another job it broke
                self._replace_broken()
            job.tries += 1
            heapq.heappush(self._waiting, job)
        elif job.done.done():
            pass  # its asker gave up
        elif result.cancelled():
            job.done.cancel()
        elif error is not None:
            job.done.set_exception(error)
        else:
            job.done.set_result(result.result())
        if current:
            self._pump()

    def _replace_broken(self) -> None:
        """Drop a pool whose worker died; the next job starts a new one."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=False)
            self._pool = None

    def shutdown(self) -> None:
        """Stop the workers (when the bot closes; a later render starts new ones)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
        for job in self._waiting:
            job.done.cancel()
        self._waiting, self._running, self._loop, self._withdrawn = [], 0, None, 0


def _start_worker(bot_pid: int) -> None:
    """In each new worker: yield the CPU to the event loop's process, and end with it."""
    os.nice(WORKER_NICE)
    threading.Thread(target=_end_with, args=(bot_pid,), daemon=True).start()
    folder = os.environ.get(PROFILE_ENV)
    if folder:
        _profile_into(folder)


def _profile_into(folder: str) -> None:
    """Profile this worker's drawing, the stats written to `folder` as the worker ends
    (a pool shut down ends its workers through multiprocessing's finalizers)."""
    profiler = cProfile.Profile(time.thread_time)
    path = os.path.join(folder, f"render-{os.getpid()}.prof")
    # no weak owner: the finalizer's own reference keeps the profiler for the worker's life
    multiprocessing.util.Finalize(None, profiler.dump_stats, args=(path,), exitpriority=10)
    profiler.enable()


def _end_with(bot_pid: int) -> None:
    """In a worker's own thread: exit once the bot's process is gone. A bot killed outright
    (SIGKILL, a crash) never shuts its pool down, and the workers (children of the
    forkserver, not of the bot) would otherwise wait for work forever."""
    while True:
        time.sleep(ORPHAN_CHECK_S)
        try:
            os.kill(bot_pid, 0)
        except ProcessLookupError:
            os._exit(0)
        except PermissionError:  # the pid was taken by another user's process
            os._exit(0)


def _back(
    pool: RenderPool, job: _Job, loop: asyncio.AbstractEventLoop, result: Future[Picture]
) -> None:
    """In the pool's thread: take a finished job back to its event loop."""
    # a closed loop refuses the call: nobody waits for the picture any more
    with contextlib.suppress(RuntimeError):
        loop.call_soon_threadsafe(pool.finish, job, result, loop)


POOL = RenderPool()
"""The process's one render pool."""

_HANDS: OrderedDict[tuple[tuple[str, ...], str, str], Picture] = OrderedDict()
HANDS_KEPT = 512
"""Hand pictures kept: "My hand" and the answer to a move often show the same hand."""


async def hand_picture(cards: Sequence[str], pack: str, title: str, *, urgent: bool) -> Picture:
    """A hand's picture, drawn once for each (cards, pack, title) while it is kept."""
    key = (tuple(cards), pack, title)
    found = _HANDS.get(key)
    if found is None:
        found = await rendered(render_hand, list(cards), pack, title=title, urgent=urgent)
        _HANDS[key] = found
        if len(_HANDS) > HANDS_KEPT:
            _HANDS.popitem(last=False)
    else:
        _HANDS.move_to_end(key)
    return found


async def rendered(
    draw: Callable[..., Picture],
    *args: Any,
    urgent: bool = False,
    ticket: Ticket | None = None,
    **kwargs: Any,
) -> Picture:
    """The picture `draw(*args, **kwargs)` makes, drawn in a worker process; `urgent`
    when a person is waiting on it (a private answer), so it goes before table edits
    and DMs; a `ticket` lets a newer edit take it back while it waits (Superseded)."""
    job = functools.partial(draw, *args, **kwargs)
    return await POOL.draw(job, urgent=urgent, ticket=ticket)


def worker_pids() -> list[int]:
    """The process ids of the render workers running now (none before the first
    picture), for a benchmark to read their CPU time."""
    pool = POOL._pool
    return [] if pool is None else list(pool._processes)


def shutdown() -> None:
    """Stop the render workers."""
    POOL.shutdown()
