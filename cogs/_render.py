"""Rendering off the event loop, in worker processes, answers to people first.

Drawing a table is CPU work in Python and in Pillow; in a thread it still competes with
the event loop for the GIL, which showed as 100 ms+ loop stalls with many tables in play
(bench/RESULTS.md). Worker processes draw in parallel with the loop instead; each keeps
its own sprite cache and its own pieces of the tables it drew. The workers are started as
the bot starts (or on first use, outside the bot) and shared by the whole process
(cogs/_render_workers.py).

Jobs do not go straight to a worker: with 200 tables playing, a first-come queue held
300+ pictures (table messages, hand DMs), and a player's "My hand" waited behind all of
them for 30 s. Here a worker has at most `DEPTH` jobs at once (the one it draws and the
next), and the rest wait in a queue where a job someone is waiting on (`urgent=True`: a
private answer) goes before table edits and DMs, which are coalesced and can wait. A
worker that died is replaced, and its jobs are tried once more on the new one. A table
edit's drawing comes with a `Ticket`: while it still waits in the queue, a newer edit of
that table takes it back (it is never drawn) and is drawn in its place in the queue.
"""

from __future__ import annotations

import asyncio
import functools
import heapq
import itertools
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cogs._render_workers import PROFILE_ENV, WORKER_NICE, Worker, WorkerDied, new_context
from render import Picture, render_hand

__all__ = ["PROFILE_ENV", "WORKER_NICE", "RenderPool", "Superseded", "Ticket", "WorkerDied"]

WORKERS = 2
DEPTH = 2
"""Jobs sent to a worker at once for answers: the one it draws and the one it draws
next, so it never idles while its picture goes back and the loop sends it more. Table
edits and DMs have one at a time, on all but one worker."""


@dataclass(order=True)
class _Job:
    """A picture to draw, ordered by urgency, then by arrival."""

    rank: int
    seq: int
    draw: Callable[[], Picture] = field(compare=False)
    done: asyncio.Future[Picture] = field(compare=False)
    home: int = field(default=-1, compare=False)
    """The worker it is best drawn by (its index), -1 for any: see `Ticket.home`."""
    tries: int = field(default=0, compare=False)
    unsent: int = field(default=0, compare=False)
    """Times a worker was found dead as the job was sent to it (not the job's fault)."""
    begun: bool = field(default=False, compare=False)
    """Given to a worker (it can no longer be taken back)."""
    withdrawn: bool = field(default=False, compare=False)
    """Taken back while it waited; it stays in the heap, skipped, until it comes up."""


class Superseded(Exception):
    """A drawing taken back while it still waited for a worker: a newer one takes its
    place (`RenderPool.withdraw`)."""


_TAKEN_BACK = Picture(b"", "taken-back.png", "image/png", 0, 0)
"""What the future of a drawing taken back holds. Not the exception itself: a future's
exception, once raised where it is awaited, holds the awaiting frames, which hold the
future, and every such cycle (with the table's state in its frames) waited for the
garbage collector's full pass: the 100-290 ms loop stalls of the tournament bench."""


@dataclass
class Ticket:
    """One table edit's drawing, which may be taken back while it waits in the queue and
    drawn again from newer parts in the same place in the queue."""

    job: _Job | None = None
    hurried: bool = False
    """Someone now waits on the drawing: drawn as urgent, even if asked for as not."""
    home: int = -1
    """A number for the table (its id): its edits go to the same worker when that one
    is free, since a worker keeps the pieces of the pictures it drew and draws a move
    from the last picture it drew of the table (render/_tiles.py)."""


class RenderPool:
    """The worker processes and the urgency queue in front of them (one per process)."""

    def __init__(self, workers: int = WORKERS) -> None:
        self.workers = workers
        self._started: list[Worker] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        self._waiting: list[_Job] = []
        self._withdrawn = 0
        self._seq = itertools.count()

    def _adopt(self, loop: asyncio.AbstractEventLoop) -> None:
        """Serve `loop` from now on (a restart in tests makes a new one): the old loop's
        waiting jobs died with it, and a picture still being drawn for it is dropped when
        it comes back."""
        if loop is self._loop:
            return
        self._loop, self._waiting, self._withdrawn = loop, [], 0
        for worker in self._started:
            worker.read_on(loop)

    async def draw(
        self, job: Callable[[], Picture], *, urgent: bool, ticket: Ticket | None = None
    ) -> Picture:
        """Queue a drawing and wait for its picture; with a `ticket` it may be taken back
        while it waits (Superseded), and a drawing on a ticket taken back that way keeps
        the place in the queue the first one had."""
        loop = asyncio.get_running_loop()
        self._adopt(loop)
        done: asyncio.Future[Picture] = loop.create_future()
        before = ticket.job if ticket is not None else None
        seq = before.seq if before is not None else next(self._seq)
        home = ticket.home if ticket is not None else -1
        hurried = ticket is not None and ticket.hurried
        entry = _Job(0 if urgent or hurried else 1, seq, job, done, home)
        if ticket is not None:
            ticket.job = entry
        heapq.heappush(self._waiting, entry)
        self._pump()
        picture = await done
        if picture is _TAKEN_BACK:
            raise Superseded()
        return picture

    def withdraw(self, ticket: Ticket) -> bool:
        """Take back the ticket's drawing if no worker has begun it (its waiter gets
        Superseded); False when it is being drawn, or done."""
        job = ticket.job
        if job is None or job.begun or job.done.done() or job.withdrawn:
            return False
        # left in the heap (taking it out would cost a heapify of the whole queue at
        # every update of a busy process); `_pump` drops it when it comes up
        job.withdrawn = True
        self._withdrawn += 1
        job.done.set_result(_TAKEN_BACK)
        return True

    @property
    def queued(self) -> int:
        """Jobs waiting for a worker (not counting those being drawn, or taken back)."""
        return len(self._waiting) - self._withdrawn

    def pids(self) -> list[int]:
        """The process ids of the workers running now (none before the first picture)."""
        return [w.pid for w in self._started if not w.dead and w.process.is_alive()]

    def _pump(self) -> None:
        """Hand waiting jobs to workers while one can take the first. Table edits and
        DMs are drawn by at most all but one worker, each on a worker with nothing else
        to draw, so an answer never waits behind more than one of them, and they leave
        the rest of the machine to the event loop (under load, each table's message is
        then edited less often, its latest state winning)."""
        while self._waiting:
            first = self._waiting[0]
            if first.withdrawn or first.done.done():
                heapq.heappop(self._waiting)  # taken back, or its asker gave up
                self._withdrawn -= first.withdrawn
                continue
            worker = self._worker_for(first)
            if worker is None:
                return
            self._give(heapq.heappop(self._waiting), worker)

    def _worker_for(self, job: _Job) -> Worker | None:
        """The worker to draw a job: for an answer, one with room for it (`DEPTH`),
        the least busy, an idle one before one drawing an edit; for an edit, an idle
        one (its table's own if that is idle) while fewer than `workers - 1` edits are
        being drawn. A worker is started when every live one is busy and there are
        fewer than `workers`; None: the job waits."""
        self._started = [w for w in self._started if not w.dead]
        live = self._started
        if job.rank == 0:
            room = [w for w in live if len(w.jobs) < DEPTH]
            best = min(room, key=_load, default=None)
        else:
            edits = sum(j.rank for w in live for j in w.jobs)
            if edits >= max(self.workers - 1, 1):
                return None
            own = job.home % self.workers if job.home >= 0 else -1
            if 0 <= own < len(live) and not live[own].jobs:
                best = live[own]
            else:
                best = next((w for w in live if not w.jobs), None)
        if (best is None or best.jobs) and len(live) < self.workers:
            best = self._new_worker()
        return best

    def start(self) -> None:
        """Start every worker now, as the bot starts: one started on demand, while the
        tables play, took a second to start and warm (`render.warm`) with a player's
        picture waiting on it."""
        self._adopt(asyncio.get_running_loop())
        self._started = [w for w in self._started if not w.dead]
        while len(self._started) < self.workers:
            self._new_worker()

    def _new_worker(self) -> Worker:
        """A new worker, read on the pool's loop and counted among the started."""
        worker = Worker(new_context(), self._answered)
        assert self._loop is not None
        worker.read_on(self._loop)
        self._started.append(worker)
        return worker

    def _give(self, job: _Job, worker: Worker) -> None:
        """Send the job to the worker; a worker found dead on the way is replaced and
        the job tried once more."""
        job.begun = True
        try:
            worker.give(job, job.draw)
        except WorkerDied as exc:
            # a worker that died while idle, not yet seen: the job never reached it, so it
            # is not a try of its own, unless workers keep dying as they start
            job.unsent += 1
            if job.unsent <= self.workers:
                job.begun = False
                heapq.heappush(self._waiting, job)
            else:
                self._answered_dead(job, exc)
        except Exception as exc:  # a drawing that cannot be sent (pickled): its asker's
            job.done.set_exception(exc)

    def _answered(self, worker: Worker, job: _Job, drawn: bool, value: Any) -> None:
        """On the loop: a worker's answer to a job (or its death before answering)."""
        if isinstance(value, WorkerDied):
            self._answered_dead(job, value)
        elif job.done.done() or job.done.get_loop() is not self._loop:
            pass  # its asker gave up, or its loop is gone (a restart in tests)
        elif drawn:
            job.done.set_result(value)
        else:
            job.done.set_exception(value)
        self._pump()

    def _answered_dead(self, job: _Job, error: WorkerDied) -> None:
        """A job whose worker died: queued once more, or failed the second time."""
        job.begun = False
        if job.done.done() or job.done.get_loop() is not self._loop:
            return
        if job.tries == 0:
            job.tries += 1
            heapq.heappush(self._waiting, job)
        else:
            job.done.set_exception(error)

    def hurry(self, ticket: Ticket) -> None:
        """Make the ticket's drawing urgent if it still waits (someone now waits on it)."""
        ticket.hurried = True
        job = ticket.job
        if job is None or job.begun or job.withdrawn or job.done.done() or job.rank == 0:
            return
        job.rank = 0
        heapq.heapify(self._waiting)
        self._pump()

    def shutdown(self) -> None:
        """Stop the workers (when the bot closes; a later render starts new ones)."""
        workers, self._started = self._started, []
        for worker in workers:
            worker.stop()
        for job in self._waiting:
            if not job.done.done() and not job.done.get_loop().is_closed():
                job.done.cancel()  # a closed loop's waiters are gone with it
        self._waiting, self._loop, self._withdrawn = [], None, 0


def _load(worker: Worker) -> tuple[int, int]:
    """How busy a worker is: its jobs, then those of them that are edits."""
    return len(worker.jobs), sum(j.rank for j in worker.jobs)


POOL = RenderPool()
"""The process's one render pool."""

_HANDS: OrderedDict[tuple[tuple[str, ...], str, str], Picture] = OrderedDict()
HANDS_KEPT = 512
"""Hand pictures kept: "My hand" and the answer to a move often show the same hand."""
_DRAWING: dict[tuple[tuple[str, ...], str, str], tuple[Ticket, asyncio.Future[Picture]]] = {}
"""Hand pictures being drawn, each with its drawing's ticket (to make it urgent)."""


async def hand_picture(cards: Sequence[str], pack: str, title: str, *, urgent: bool) -> Picture:
    """A hand's picture, drawn once for each (cards, pack, title) while it is kept. Asked
    for while it is being drawn, the drawing under way is shared, and made urgent if this
    asker is waiting on it: a player's "My hand" as the bot starts found their hand's DM
    queued behind every table's, and waited up to a second for a second copy."""
    key = (tuple(cards), pack, title)
    found = _HANDS.get(key)
    if found is not None:
        _HANDS.move_to_end(key)
        return found
    drawing = _DRAWING.get(key)
    if drawing is None or drawing[1].get_loop() is not asyncio.get_running_loop():
        ticket = Ticket()
        task = asyncio.ensure_future(
            rendered(render_hand, list(cards), pack, title=title, urgent=urgent, ticket=ticket)
        )
        drawing = _DRAWING[key] = (ticket, task)
        task.add_done_callback(functools.partial(_hand_drawn, key))
    elif urgent:
        POOL.hurry(drawing[0])
    return await asyncio.shield(drawing[1])


def _hand_drawn(key: tuple[tuple[str, ...], str, str], task: asyncio.Future[Picture]) -> None:
    """A hand's drawing is over: kept if it was drawn, forgotten either way."""
    if _DRAWING.get(key, (None, None))[1] is task:
        del _DRAWING[key]
    if task.cancelled() or task.exception() is not None:
        return
    _HANDS[key] = task.result()
    if len(_HANDS) > HANDS_KEPT:
        _HANDS.popitem(last=False)


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
    return POOL.pids()


def start() -> None:
    """Start the render workers (the bot starting)."""
    POOL.start()


def shutdown() -> None:
    """Stop the render workers."""
    POOL.shutdown()
