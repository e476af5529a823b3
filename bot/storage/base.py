"""What every backend's database offers: group-committed writes, reads that never wait
for the writer, on-commit hooks, and closing. `bot.storage.opening` picks the backend."""

from __future__ import annotations

import abc
import asyncio
import contextlib
import contextvars
import logging
from collections.abc import Callable, Iterator
from typing import Any, TypeVar, cast

from bot.storage.tx import Dialect, Params, Row, Work

T = TypeVar("T")
_LOG = logging.getLogger(__name__)

# Any: the second item is the result or the Exception as the first says, and mypy cannot
# narrow one item of a tuple by another, so each reader would need a cast instead.
Outcome = tuple[bool, Any]
"""How a work ended: (True, what it returned) or (False, the Exception it raised)."""


class Job:
    """One caller's work, its future, and what it asked to run once committed."""

    __slots__ = ("atomic", "careful", "future", "hooks", "result", "work")

    def __init__(self, work: Work[object], future: asyncio.Future[object], *, atomic: bool) -> None:
        """Wrap `work` with the future its caller awaits."""
        self.work = work
        self.future = future
        self.atomic = atomic
        # Run with real savepoints throughout (PostgreSQL; see bot.storage._pg_tx).
        self.careful = False
        self.hooks: list[Callable[[], None]] = []
        self.result: object = None


_RUNNING: contextvars.ContextVar[tuple[Database, Job] | None] = contextvars.ContextVar(
    "parlour_running_work", default=None
)
"""The work running here, and its database: set on the writer task (PostgreSQL) or the
writer thread (SQLite) while the work runs, and seen nowhere else."""


def fail(job: Job, exc: BaseException) -> None:
    """Hand `exc` to the job's caller unless the caller has gone."""
    if not job.future.done():
        job.future.set_exception(exc)


class Database(abc.ABC):
    """A Parlour database: SQLite (a file, or `:memory:`) or PostgreSQL.

    `write` runs a work in the next group commit: every work queued meanwhile shares one
    transaction, each in a savepoint of its own (so one failing work is undone alone
    while its neighbours commit), and the caller resumes once the batch has committed.
    `atomic=True` promises that a work which raises has changed nothing (one change
    statement, or statements made with `Tx.attempt`): it is run without a savepoint.
    A COMMIT the database refuses (a deferred constraint) fails every caller of the
    batch with an `IntegrityError`, as a refused statement fails its work's.
    """

    dialect: Dialect
    _writer_task: asyncio.Task[None]

    def __init__(self) -> None:
        self._queue: list[Job] = []
        self._wake = asyncio.Event()
        self._closing = False
        self._stopped: BaseException | None = None

    @property
    @abc.abstractmethod
    def path(self) -> str:
        """Where the database is, as the person who named it wrote it (no password)."""

    async def write(self, work: Work[T], *, atomic: bool = False) -> T:
        """Run `work(tx)` in the next group commit and return its result once committed."""
        if _RUNNING.get() is not None:
            # It would wait for a batch that cannot begin before this one ends.
            raise RuntimeError("A unit of work cannot start another: call its function instead.")
        if self._closing:
            raise RuntimeError("The database is closed.")
        if self._stopped is not None:
            raise RuntimeError("The database writer stopped.") from self._stopped
        future: asyncio.Future[object] = asyncio.get_running_loop().create_future()
        self._queue.append(Job(work, future, atomic=atomic))
        self._wake.set()
        # The future is settled with what `work` returned (`_settle`), a T.
        return cast(T, await future)

    def on_commit(self, callback: Callable[[], None]) -> None:
        """Call `callback` once the running work's batch commits (never if it rolls back)."""
        running = _RUNNING.get()
        if running is None or running[0] is not self:
            raise RuntimeError("on_commit() is only meaningful inside a unit of work.")
        running[1].hooks.append(callback)

    @contextlib.contextmanager
    def running(self, job: Job) -> Iterator[None]:
        """Mark `job` as the work running in this context while the block runs."""
        token = _RUNNING.set((self, job))
        try:
            yield
        finally:
            _RUNNING.reset(token)

    @abc.abstractmethod
    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        """Run a query on committed data and return every row."""

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        """Run a query on committed data and return its first row, or None."""
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    @abc.abstractmethod
    async def close(self) -> None:
        """Finish the queued works, then close every connection."""

    @abc.abstractmethod
    async def _run_batch(self, jobs: list[Job]) -> None:
        """Run one batch in one transaction and settle every job."""

    async def _run_writer(self) -> None:
        """The writer task: take every queued work as one batch, until closed and drained."""
        while (jobs := await self._next_batch()) is not None:
            try:
                await self._run_batch(jobs)
            except BaseException as exc:
                # The writer task itself is stopping (cancelled, interrupted, or a work
                # raised what is not an Exception): nothing queued will run, so nobody may
                # be left waiting, and every later write is refused at once.
                self._stopped = exc
                stopped = RuntimeError("The database writer stopped.")
                stopped.__cause__ = exc
                for job in (*jobs, *self._queue):
                    fail(job, stopped)
                self._queue.clear()
                raise

    async def _writer_ended(self) -> None:
        """Wait for the writer task to drain the queue and end. If it stopped instead,
        its callers were told, so closing goes on; if closing is cancelled, so is it."""
        try:
            await asyncio.wait([self._writer_task])
        except asyncio.CancelledError:
            self._writer_task.cancel()
            raise
        if not self._writer_task.cancelled() and self._writer_task.exception() is not None:
            _LOG.error("The database writer stopped", exc_info=self._writer_task.exception())

    async def _next_batch(self) -> list[Job] | None:
        """Wait for queued works and take them all (callers that gave up are skipped);
        None once closing with nothing left."""
        while True:
            if not self._queue:
                if self._closing:
                    return None
                self._wake.clear()
                await self._wake.wait()
                continue
            batch, self._queue = self._queue, []
            jobs = [job for job in batch if not job.future.done()]
            if jobs:
                return jobs

    def _settle(self, done: list[Job]) -> None:
        """After a commit: run each job's on-commit hooks, then resolve its caller."""
        for job in done:
            for hook in job.hooks:
                try:
                    hook()
                except Exception:
                    _LOG.exception("An on-commit hook failed")
            if not job.future.done():
                job.future.set_result(job.result)
