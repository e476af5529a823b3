"""The SQLite database: connections, migrations, and the group-commit unit of work.

One writer connection does every write. Callers hand `Database.write` a *work* (an
async function of the writer connection); a single writer task takes all the works
queued so far, opens one `BEGIN IMMEDIATE` transaction, runs them one after another,
each inside its own savepoint, and commits once for the whole batch. Under load that
turns hundreds of small transactions into one commit, and a work that raises is rolled
back alone while the rest of its batch still commits.

Every statement of an async work is a round trip to the connection's worker thread.
Hot paths can instead hand `write_sync` a plain function of the sqlite3 connection:
consecutive such works of a batch run on the worker thread in one round trip between
them. Inside an async work, `run_sync` does the same for one function.

A second connection serves reads (`fetchall`, `fetchone`); in WAL mode it sees the last
committed state and never waits for the writer. An in-memory database has no second
connection to share it, so there reads are queued behind the writes instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import pathlib
import sqlite3
from collections.abc import Awaitable, Callable, Mapping, Sequence
from functools import partial
from typing import Any, TypeVar, cast

import aiosqlite

from bot.storage._connect import mark, open_connection
from bot.storage._jobs import (
    MOVE_SAVEPOINT,
    OPEN_SAVEPOINT,
    WORK,
    BrokenTransactionError,
    Job,
    fail,
    next_group,
    run_sync_works,
    settle_ran,
)
from bot.storage._writer import Prelude, WriterConnection
from bot.storage.files import claim, guard
from bot.storage.migrate import migrate

T = TypeVar("T")
Work = Callable[[aiosqlite.Connection], Awaitable[T]]
SyncWork = Callable[[sqlite3.Connection], T]
Params = Sequence[object] | Mapping[str, object]

CHECKPOINT_PAUSE_S = 0.2
_LOG = logging.getLogger(__name__)
_OTHER_ROLES = ("reader", "checkpointer")


class Database:
    """A SQLite file (or `:memory:`) with one writer task and a reader connection."""

    def __init__(
        self,
        path: str,
        writer: WriterConnection,
        reader: aiosqlite.Connection | None,
        checkpointer: aiosqlite.Connection | None,
    ) -> None:
        """Start the writer (and checkpointer) tasks over connections already open."""
        self._path = path
        self._writer = writer
        self._reader = reader
        self._checkpointer = checkpointer
        self._committed = asyncio.Event()
        self._queue: list[Job] = []
        self._wake = asyncio.Event()
        self._closing = False
        self._current: Job | None = None
        self._writer_task = asyncio.create_task(self._run_writer(), name="parlour-db-writer")
        self._checkpoint_task: asyncio.Task[None] | None = None
        if checkpointer is not None:
            self._checkpoint_task = asyncio.create_task(
                self._run_checkpointer(checkpointer), name="parlour-db-checkpointer"
            )

    @classmethod
    async def open(cls, path: str | pathlib.Path, *, read_only: bool = False) -> Database:
        """Open (creating if needed) the database at `path` and apply pending migrations.

        A file that is not Parlour's is refused with a `DatabaseFileError` before anything
        is written to it. `read_only` opens an existing Parlour database without
        migrating it; its reads work and every write fails.
        """
        where = str(path)
        if where != ":memory:":
            claim(pathlib.Path(where), write=not read_only)
        with guard(where):
            return await cls._connect_all(where, read_only)

    @classmethod
    async def _connect_all(cls, where: str, read_only: bool) -> Database:
        """Open the writer, mark and migrate the file, then open the other connections."""
        writer = WriterConnection(partial(open_connection, where, "writer", read_only=read_only))
        await writer
        others: list[aiosqlite.Connection] = []
        roles = () if where == ":memory:" else ("reader",) if read_only else _OTHER_ROLES
        try:
            if not read_only:
                await mark(writer)
                await migrate(writer)
            for role in roles:
                connect = partial(open_connection, where, role, read_only=read_only)
                others.append(await aiosqlite.Connection(connect, 64))
        except BaseException:
            for conn in (writer, *others):
                await conn.close()
            raise
        reader = others[0] if others else None
        checkpointer = others[1] if len(others) > 1 else None
        return cls(where, writer, reader, checkpointer)

    @property
    def path(self) -> str:
        """The path the database was opened with (`:memory:` for an in-memory one)."""
        return self._path

    async def write(self, work: Work[T], *, atomic: bool = False) -> T:
        """Run `work(tx)` in the next group commit and return its result once committed.

        `atomic=True` promises that a work which raises has changed nothing (it makes
        one change statement at most, which SQLite undoes by itself when it fails, or
        it keeps its own savepoint). Such a work is run without a savepoint of its own.
        """
        return cast(T, await self._submit(work, sync=False, atomic=atomic))

    async def write_sync(self, work: SyncWork[T], *, atomic: bool = False) -> T:
        """Like `write`, for a plain function of the sqlite3 connection, run on its thread.

        Consecutive sync works of a batch share one round trip to the worker thread,
        which makes them the cheapest kind of write. Running off the event loop, a sync
        work must not touch asyncio, and has no use for `on_commit`: its caller resumes
        only once the batch has committed.
        """
        return cast(T, await self._submit(work, sync=True, atomic=atomic))

    async def run_sync(self, tx: aiosqlite.Connection, fn: SyncWork[T]) -> T:
        """Inside an async work, call `fn(sqlite3_connection)` on the writer's thread."""
        if tx is not self._writer or self._current is None:
            raise RuntimeError("run_sync() needs the tx of the unit of work that is running.")
        return await self._writer.run(fn)

    def on_commit(self, callback: Callable[[], None]) -> None:
        """Call `callback` once the running work's batch commits (never if it rolls back)."""
        job = self._current
        if job is None:
            raise RuntimeError("on_commit() is only meaningful inside a unit of work.")
        job.hooks.append(callback)

    async def fetchall(self, sql: str, params: Params = ()) -> list[sqlite3.Row]:
        """Run a query on committed data and return every row."""
        if self._reader is not None:
            return list(await self._reader.execute_fetchall(sql, params))
        if asyncio.current_task() is self._writer_task:
            return list(await self._writer.execute_fetchall(sql, params))
        return await self.write_sync(partial(_fetchall, sql=sql, params=params), atomic=True)

    async def fetchone(self, sql: str, params: Params = ()) -> sqlite3.Row | None:
        """Run a query on committed data and return its first row, or None."""
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def close(self) -> None:
        """Finish the queued works, then close every connection."""
        if self._closing:
            return
        self._closing = True
        self._wake.set()
        try:
            await self._writer_task
        finally:
            if self._checkpoint_task is not None:
                # Closing the last connection checkpoints the WAL anyway.
                self._checkpoint_task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await self._checkpoint_task
            for conn in (self._writer, self._reader, self._checkpointer):
                if conn is not None:
                    await conn.close()

    async def _submit(self, work: Callable[[Any], Any], *, sync: bool, atomic: bool) -> Any:
        """Queue a work for the writer task and wait for its batch to commit."""
        if self._closing:
            raise RuntimeError("The database is closed.")
        if asyncio.current_task() is self._writer_task:
            raise RuntimeError("A unit of work cannot start another; use the tx it was given.")
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._queue.append(Job(work, future, sync=sync, atomic=atomic))
        self._wake.set()
        return await future

    async def _run_writer(self) -> None:
        """The writer task: take every queued work as one batch, until closed and drained."""
        while True:
            if not self._queue:
                if self._closing:
                    return
                self._wake.clear()
                await self._wake.wait()
                continue
            batch, self._queue = self._queue, []
            # Callers that gave up (cancelled) before their turn are skipped.
            jobs = [job for job in batch if not job.future.done()]
            if jobs:
                await self._run_batch(jobs)

    async def _run_checkpointer(self, conn: aiosqlite.Connection) -> None:
        """Copy committed WAL frames into the database file, after commits, until closed."""
        while True:
            await self._committed.wait()
            self._committed.clear()
            try:
                # PASSIVE never blocks the writer or readers; frames still in use by a
                # reader wait for the next round.
                await conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
            except sqlite3.Error:
                _LOG.exception("A WAL checkpoint failed")
            # Let a few batches' frames gather: fewer, larger checkpoints.
            await asyncio.sleep(CHECKPOINT_PAUSE_S)

    async def _run_batch(self, jobs: list[Job]) -> None:
        """Run one batch in one transaction; settle every job's future."""
        try:
            await self._writer.execute("BEGIN IMMEDIATE")
        except Exception as exc:
            await self._abandon(jobs, exc)
            return
        done: list[Job] = []
        savepoint_open = False
        start = 0
        while start < len(jobs):
            group = next_group(jobs, start)
            try:
                savepoint_open = await self._run_group(group, savepoint_open, done)
            except BrokenTransactionError as broken:
                await self._abandon([*done, *group], broken.__cause__ or broken)
                # These never ran: they can still go into the next batch.
                self._queue[:0] = jobs[start + len(group) :]
                return
            except BaseException as exc:
                # The writer task itself is stopping (cancelled, interrupted): nothing
                # queued will run, so nobody may be left waiting.
                stopped = RuntimeError("The database writer stopped.")
                stopped.__cause__ = exc
                await self._abandon([*done, *jobs[start:], *self._queue], stopped)
                self._queue.clear()
                raise
            start += len(group)
        await self._commit(done)

    async def _run_group(self, group: list[Job], savepoint_open: bool, done: list[Job]) -> bool:
        """Run one async work, or a run of sync works; return whether a savepoint is open."""
        if group[0].sync:
            run = partial(run_sync_works, group, savepoint_open)
            try:
                outcomes, savepoint_open = await self._writer.run(run)
            except Exception as exc:
                raise BrokenTransactionError("a savepoint statement failed") from exc
            for job, (succeeded, value) in zip(group, outcomes, strict=True):
                settle_ran(job, succeeded, value, done)
            return savepoint_open
        return await self._run_async_work(group[0], savepoint_open, done)

    async def _run_async_work(self, job: Job, savepoint_open: bool, done: list[Job]) -> bool:
        """Run one async work in its own savepoint; return whether a savepoint is open."""
        writer = self._writer
        if not job.atomic:
            # The savepoint (and the release of the previous one) travels with the
            # work's first statement, in the same round trip to the worker thread.
            writer.arm(MOVE_SAVEPOINT if savepoint_open else OPEN_SAVEPOINT)
        self._current = job
        try:
            job.result = await job.work(writer)
        except Exception as exc:
            fail(job, exc)
            state = writer.disarm()
            await self._undo(state)
            return savepoint_open or state is Prelude.RAN
        finally:
            self._current = None
        state = writer.disarm()
        if state is Prelude.SENT:
            raise BrokenTransactionError("a savepoint statement failed")
        done.append(job)
        # A work that issued no statement never opened its savepoint.
        return savepoint_open or state is Prelude.RAN

    async def _undo(self, state: Prelude) -> None:
        """Roll back the async work that just failed, whose prelude ended in `state`."""
        if state is Prelude.SENT:
            raise BrokenTransactionError("a savepoint statement failed")
        if state is Prelude.RAN:
            try:
                await self._writer.execute(f"ROLLBACK TO {WORK}")
            except sqlite3.Error as exc:
                # SQLite may already have rolled the whole transaction back (disk full,
                # I/O error); nothing of this batch is left to commit.
                raise BrokenTransactionError("could not roll back a failed work") from exc

    async def _commit(self, done: list[Job]) -> None:
        """Commit the batch, then run its on-commit hooks and resolve its callers."""
        try:
            await self._writer.execute("COMMIT")
        except Exception as exc:
            await self._abandon(done, exc)
            return
        self._committed.set()
        for job in done:
            for hook in job.hooks:
                try:
                    hook()
                except Exception:
                    _LOG.exception("An on-commit hook failed")
            if not job.future.done():
                job.future.set_result(job.result)

    async def _abandon(self, jobs: Sequence[Job], error: BaseException) -> None:
        """Roll the batch back and hand `error` to every caller in `jobs` still waiting."""
        with contextlib.suppress(sqlite3.Error):
            await self._writer.execute("ROLLBACK")
        for job in jobs:
            fail(job, error)


def _fetchall(conn: sqlite3.Connection, *, sql: str, params: Params) -> list[sqlite3.Row]:
    """Run a query on the writer's thread (reads of an in-memory database)."""
    return conn.execute(sql, params).fetchall()
