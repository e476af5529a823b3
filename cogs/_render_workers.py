"""The render worker processes, each joined to the bot by one pipe read on the event loop.

A `concurrent.futures.ProcessPoolExecutor` hands a job to its worker through two threads
of the bot's process (its manager and its queue feeder) and takes the picture back through
the manager and `call_soon_threadsafe`: each of those hops waits for the GIL while the
event loop runs Python, and at 600 tables a picture spent 7.7 ms getting to its worker
and back for 2.5 ms of drawing (bench/RESULTS.md, "Issue 25: where an answer waits").
Here the loop writes a job straight into the worker's pipe and reads the answer when the
pipe is readable (`loop.add_reader`): no thread stands between them.

A worker draws its jobs one after another, in the order sent (`RenderPool` in
cogs/_render.py chooses which, and when: at most one waits in a worker's pipe behind the
one being drawn, so that a worker never idles while its answer travels back and the
loop gets round to sending the next); it answers `(True, picture)` or `(False, the
exception)` for each. A worker that dies
closes its end of the pipe, which the loop reads as its death; the bot's death closes the
bot's end, which ends the worker (and a thread in it checks for the bot's process too,
since a worker could otherwise wait on a pipe some other process also holds).
"""

from __future__ import annotations

import asyncio
import collections
import cProfile
import multiprocessing
import multiprocessing.connection
import multiprocessing.context
import multiprocessing.util
import os
import pickle
import struct
import threading
import time
from collections.abc import Callable
from typing import Any

from render.warm import warm

WORKER_NICE = 10
"""How much lower the workers' CPU priority is than the event loop's: when the machine
is busy, the loop (answers within 3 s, the gateway's heartbeat) runs first and the
pictures wait, rather than the other way round."""
ORPHAN_CHECK_S = 1.0
"""How often a render worker looks whether the bot that started it is still there."""
PROFILE_ENV = "PARLOUR_RENDER_PROFILE"
"""Opt-in, for benchmarks: a folder in which each render worker writes a cProfile of its
work (`render-PID.prof`) when it ends; set before the first picture is drawn."""
STOP_WAIT_S = 2.0
"""How long a stopping worker is given to end by itself before it is killed."""


READ_BYTES = 1 << 18
"""The most read from a worker's pipe at once: what it holds when the loop looks."""


class WorkerDied(Exception):
    """A render worker ended while it drew (killed by the system, say)."""


Answer = Callable[["Worker", Any, bool, Any], None]
"""Called on the event loop with a worker's answer: (the worker, the job answered, drawn,
the picture or the exception); drawn False with WorkerDied for each job it had when it
died."""


class Worker:
    """One render process, drawing the jobs sent to it in turn, its answers read on a
    loop."""

    def __init__(self, context: multiprocessing.context.ForkServerContext, answer: Answer) -> None:
        ours, theirs = context.Pipe(duplex=True)
        self.process = context.Process(
            target=serve, args=(theirs, os.getpid()), name="parlour-render", daemon=True
        )
        self.process.start()
        theirs.close()  # its death must close the pipe's last writing end
        self.conn = ours
        self.jobs: collections.deque[Any] = collections.deque()
        """What it was sent and has not answered yet (the pool's records), oldest first."""
        self.dead = False
        self._answer = answer
        self._frames = Frames()
        self._loop: asyncio.AbstractEventLoop | None = None

    @property
    def pid(self) -> int:
        """The worker's process id."""
        pid = self.process.pid
        assert pid is not None
        return pid

    def read_on(self, loop: asyncio.AbstractEventLoop) -> None:
        """Read the worker's answers on `loop` (from now on, not on any loop before it)."""
        if self._loop is loop or self.dead:
            return
        if self._loop is not None and not self._loop.is_closed():
            self._loop.remove_reader(self.conn.fileno())
        self._loop = loop
        loop.add_reader(self.conn.fileno(), self._readable)

    def give(self, job: Any, draw: Callable[[], Any]) -> None:
        """Send it a drawing, drawn after those it has; WorkerDied if it is gone, and a
        drawing that cannot be pickled raises as pickle does, nothing sent."""
        try:
            self.conn.send(draw)
        except OSError:  # a broken pipe: the worker has died
            self._gone()
            raise WorkerDied("the render worker has ended") from None
        self.jobs.append(job)

    def _readable(self) -> None:
        """Part of an answer came (or its end of the pipe closed: it died): take what the
        pipe holds now, and answer each job whose answer is whole."""
        try:
            data = os.read(self.conn.fileno(), READ_BYTES)
        except OSError:
            data = b""
        if not data:
            self._died()
            return
        for frame in self._frames.feed(data):
            try:
                drawn, value = pickle.loads(frame)
            except Exception as exc:  # an answer that cannot be unpickled here
                drawn, value = False, RuntimeError(f"the render worker's answer: {exc!r}")
            self._answer(self, self.jobs.popleft(), drawn, value)

    def _died(self) -> None:
        """Its end of the pipe closed: every job it had fails with WorkerDied."""
        self._gone()
        while self.jobs:
            died = WorkerDied("the render worker ended while drawing")
            self._answer(self, self.jobs.popleft(), False, died)

    def _gone(self) -> None:
        """Stop reading a dead worker's pipe and reap it."""
        if self.dead:
            return
        self.dead = True
        if self._loop is not None and not self._loop.is_closed():
            self._loop.remove_reader(self.conn.fileno())
        self.conn.close()
        self.process.join(0.1)

    def stop(self) -> None:
        """End the worker: its pipe closed (it ends by itself), else killed."""
        if not self.dead:
            self._gone()
        self.process.join(STOP_WAIT_S)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()


class Frames:
    """The messages of a `multiprocessing.connection.Connection` (a 4-byte big-endian
    length, or -1 then an 8-byte one, then the bytes), cut from the pieces of a stream.

    `Connection.recv` waits until a whole message has come: reading a picture of a few
    hundred KB from a worker that the system paused halfway through writing it (the
    workers run at a lower priority, so a busy machine pauses them first) stopped the
    event loop for up to 300 ms at 400 tables (bench/RESULTS.md, "Issue 32: from a cold
    start"). The loop now takes only what the pipe holds each time it is readable."""

    def __init__(self) -> None:
        self._buffer = bytearray()

    def feed(self, data: bytes) -> list[bytes]:
        """Add what was read; the messages now whole, in order."""
        self._buffer += data
        whole: list[bytes] = []
        while (cut := self._cut()) is not None:
            start, end = cut
            whole.append(bytes(self._buffer[start:end]))
            del self._buffer[:end]
        return whole

    def _cut(self) -> tuple[int, int] | None:
        """Where the first whole message's bytes begin and end, if it is all here."""
        if len(self._buffer) < 4:
            return None
        (size,) = struct.unpack_from("!i", self._buffer)
        start = 4
        if size == -1:
            if len(self._buffer) < 12:
                return None
            (size,) = struct.unpack_from("!Q", self._buffer, 4)
            start = 12
        end = start + size
        return (start, end) if len(self._buffer) >= end else None


def serve(conn: multiprocessing.connection.Connection, bot_pid: int) -> None:
    """A worker's life: draw each job that comes down the pipe and send back its picture,
    or the exception it raised, until the bot closes the pipe."""
    _start_worker(bot_pid)
    while True:
        try:
            draw = conn.recv()
        except (EOFError, OSError):
            return  # the bot closed its end, or is gone
        try:
            answer: tuple[bool, Any] = (True, draw())
        except Exception as exc:  # the bot's, to say or log
            answer = (False, exc)
        try:
            conn.send(answer)
        except (OSError, ValueError):
            return
        except Exception as exc:  # an answer that cannot be pickled
            conn.send((False, RuntimeError(f"the render worker's answer: {exc!r}")))


def _start_worker(bot_pid: int) -> None:
    """In each new worker: yield the CPU to the event loop's process, end with it, and
    draw every card before the first job (`render.warm`: a cold worker's first hands took
    125-150 ms each, and answers queued behind them)."""
    os.nice(WORKER_NICE)
    threading.Thread(target=_end_with, args=(bot_pid,), daemon=True).start()
    folder = os.environ.get(PROFILE_ENV)
    if folder:
        _profile_into(folder)
    warm()


def _profile_into(folder: str) -> None:
    """Profile this worker's drawing, the stats written to `folder` as the worker ends
    (a worker whose pipe closes ends through multiprocessing's finalizers)."""
    profiler = cProfile.Profile(time.thread_time)
    path = os.path.join(folder, f"render-{os.getpid()}.prof")
    # no weak owner: the finalizer's own reference keeps the profiler for the worker's life
    multiprocessing.util.Finalize(None, profiler.dump_stats, args=(path,), exitpriority=10)
    profiler.enable()


def _end_with(bot_pid: int) -> None:
    """In a worker's own thread: exit once the bot's process is gone. A bot killed outright
    (SIGKILL, a crash) never stops its workers, and one whose pipe some other process
    still held open would otherwise wait for work forever."""
    while True:
        time.sleep(ORPHAN_CHECK_S)
        try:
            os.kill(bot_pid, 0)
        except ProcessLookupError:
            os._exit(0)
        except PermissionError:  # the pid was taken by another user's process
            os._exit(0)


def new_context() -> multiprocessing.context.ForkServerContext:
    """forkserver: never fork the event loop's process with its threads and sockets."""
    context = multiprocessing.get_context("forkserver")
    assert isinstance(context, multiprocessing.context.ForkServerContext)
    return context
