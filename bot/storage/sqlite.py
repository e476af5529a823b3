"""The SQLite backend: the embedded default, one file (or `:memory:`), one process.

One writer connection does every write, on its own thread. The writer task takes every
work queued so far and hands the whole batch to that thread in one call
(`bot.storage._sqlite_batch`): one `BEGIN IMMEDIATE`, each work in a savepoint, one
`COMMIT`. Under load that turns hundreds of small transactions into one commit and one
round trip between the event loop and the thread.

A second connection serves reads; in WAL mode it sees the last committed state and
never waits for the writer. An in-memory database has no second connection to share
it, so there reads are queued behind the writes instead. A third, the checkpointer,
copies the WAL into the file off to the side, so that no commit stalls on it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import pathlib
import sqlite3
from functools import partial
from typing import cast

import aiosqlite

from bot.storage._connect import mark, open_connection
from bot.storage._sqlite_batch import Batch, SqliteTx, run_batch
from bot.storage._writer import WriterConnection
from bot.storage.base import Database, Job, fail
from bot.storage.files import claim, guard
from bot.storage.migrate import migrate
from bot.storage.tx import Dialect, Params, Row, Tx

CHECKPOINT_PAUSE_S = 0.2
_LOG = logging.getLogger(__name__)
_OTHER_ROLES = ("reader", "checkpointer")


class SqliteDatabase(Database):
    """A SQLite file (or `:memory:`) with one writer task and a reader connection."""

    dialect: Dialect = "sqlite"

    def __init__(
        self,
        path: str,
        writer: WriterConnection,
        reader: aiosqlite.Connection | None,
        checkpointer: aiosqlite.Connection | None,
    ) -> None:
        """Start the writer (and checkpointer) tasks over connections already open."""
        super().__init__()
        self._path = path
        self._writer = writer
        self._tx = SqliteTx(writer.sqlite)
        self._reader = reader
        self._checkpointer = checkpointer
        self._committed = asyncio.Event()
        self._writer_task = asyncio.create_task(self._run_writer(), name="parlour-db-writer")
        self._checkpoint_task: asyncio.Task[None] | None = None
        if checkpointer is not None:
            self._checkpoint_task = asyncio.create_task(
                self._run_checkpointer(checkpointer), name="parlour-db-checkpointer"
            )

    @classmethod
    async def open(cls, path: str | pathlib.Path, *, read_only: bool = False) -> SqliteDatabase:
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
    async def _connect_all(cls, where: str, read_only: bool) -> SqliteDatabase:
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

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        """Run a query on committed data and return every row."""
        if self._reader is not None:
            return list(await self._reader.execute_fetchall(sql, params))

        async def read(tx: Tx) -> list[Row]:
            return await tx.fetchall(sql, params)

        return await self.write(read, atomic=True)

    async def close(self) -> None:
        """Finish the queued works, then close every connection."""
        if self._closing:
            return
        self._closing = True
        self._wake.set()
        try:
            await self._writer_ended()
        finally:
            if self._checkpoint_task is not None:
                # Closing the last connection checkpoints the WAL anyway.
                self._checkpoint_task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await self._checkpoint_task
            for conn in (self._writer, self._reader, self._checkpointer):
                if conn is not None:
                    await conn.close()

    async def _run_batch(self, jobs: list[Job]) -> None:
        """Run one batch in one transaction on the writer thread; settle every job."""
        batch = await self._writer.run(
            partial(run_batch, jobs=jobs, tx=self._tx, running=self.running)
        )
        if batch.broken is not None:
            self._after_rollback(jobs, batch)
            return
        self._committed.set()
        done = []
        for job, (succeeded, value) in zip(jobs, batch.outcomes, strict=True):
            if succeeded:
                job.result = value
                done.append(job)
            else:
                fail(job, value)
        self._settle(done)

    def _after_rollback(self, jobs: list[Job], batch: Batch) -> None:
        """A batch rolled back: a work that failed by itself keeps its error, the one that
        broke the batch (every one, if BEGIN or COMMIT failed) gets the batch's, and the
        rest go into the next batch."""
        again = []
        for index, job in enumerate(jobs):
            if index < len(batch.outcomes) and not batch.outcomes[index][0]:
                fail(job, batch.outcomes[index][1])
            elif batch.culprit is None or index == batch.culprit:
                fail(job, cast(BaseException, batch.broken))
            else:
                job.hooks.clear()
                again.append(job)
        self._queue[:0] = again

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
