"""The PostgreSQL backend: one database shared by every Parlour process, through asyncpg.

Writes go through one writer connection per process in group commits: the writer task
takes every work queued so far, opens one transaction, runs each work in a savepoint of
its own (an atomic work without one) and commits once. A work that fails is rolled back
to its savepoint and its neighbours still commit; an atomic work that leaves the
transaction broken has it rolled back and the other works of the batch run again in
the next one (a work is a function of its `Tx` alone, so running it again is safe).
Reads come from a small pool of other connections and never wait for the writer.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import asyncpg

from bot.storage._pg_tx import PgTx, prepare, refusal
from bot.storage.base import Database, Job, fail
from bot.storage.pg_connect import READ_ONLY, connect, prepare_connection, shown
from bot.storage.pg_migrate import migrate_pg
from bot.storage.tx import Dialect, Params, Row

READ_POOL_SIZE = 4
_LOG = logging.getLogger(__name__)
_MOVE_SAVEPOINT = "RELEASE SAVEPOINT work; SAVEPOINT work"


class BrokenBatch(Exception):
    """The batch's transaction can no longer commit; `rerun` may go into the next one."""

    def __init__(self, cause: BaseException, rerun: list[Job]) -> None:
        super().__init__(str(cause))
        self.cause = cause
        self.rerun = rerun


class PostgresDatabase(Database):
    """A PostgreSQL database with one writer task and a pool of readers."""

    dialect: Dialect = "postgres"

    def __init__(self, dsn: str, writer: Any, pool: Any, *, read_only: bool = False) -> None:
        """Start the writer task over connections already open and migrated."""
        super().__init__()
        self._dsn = dsn
        self._read_only = read_only
        self._writer = writer
        self._pool = pool
        self._writer_task = asyncio.create_task(self._run_writer(), name="parlour-pg-writer")

    @classmethod
    async def open(cls, dsn: str, *, read_only: bool = False) -> PostgresDatabase:
        """Connect, check the database is Parlour's (or empty), migrate it, open the pool.

        Every refusal is a `StorageError` of one sentence. `read_only` skips migrating,
        and PostgreSQL then refuses every write, as SQLite does a read-only file's. The
        readers' connections refuse writes always: what they run goes around the writer.
        """
        writer = await connect(dsn, read_only=read_only)
        try:
            await migrate_pg(writer, shown(dsn), apply=not read_only)
            pool = await asyncpg.create_pool(
                dsn,
                min_size=1,
                max_size=READ_POOL_SIZE,
                init=prepare_connection,
                server_settings=READ_ONLY,
            )
        except BaseException:
            await writer.close()
            raise
        return cls(dsn, writer, pool, read_only=read_only)

    @property
    def path(self) -> str:
        """The database's address without its password."""
        return shown(self._dsn)

    @property
    def dsn(self) -> str:
        """The database's address as given (for a second connection of the same process)."""
        return self._dsn

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        """Run a query on committed data (a pooled connection) and return every row."""
        text, values = prepare(sql, params)
        return list(await self._pool.fetch(text, *values))

    async def close(self) -> None:
        """Finish the queued works, then close every connection."""
        if self._closing:
            return
        self._closing = True
        self._wake.set()
        try:
            await self._writer_ended()
        finally:
            with contextlib.suppress(Exception):
                await self._writer.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._pool.close(), 5)

    async def _run_batch(self, jobs: list[Job]) -> None:
        """Run one batch in one transaction; settle every job."""
        if self._writer.is_closed():
            try:
                self._writer = await connect(self._dsn, read_only=self._read_only)
            except Exception as exc:
                for job in jobs:
                    fail(job, exc)
                return
        conn = self._writer
        try:
            await conn.execute("BEGIN")
            done = await self._run_works(conn, jobs)
            await conn.execute("COMMIT")
        except BrokenBatch as broken:
            await self._rollback(conn)
            for job in broken.rerun:
                job.hooks.clear()
            self._queue[:0] = broken.rerun
            return
        except Exception as exc:
            await self._rollback(conn)
            if isinstance(exc, asyncpg.IntegrityConstraintViolationError):
                exc = refusal(exc)  # a deferred constraint, refused at COMMIT
            for job in jobs:
                fail(job, exc)
            return
        self._settle(done)

    async def _run_works(self, conn: Any, jobs: list[Job]) -> list[Job]:
        """Run each work of the batch; return those that succeeded."""
        done: list[Job] = []
        savepoint = False
        for index, job in enumerate(jobs):
            if not job.atomic:
                await conn.execute(_MOVE_SAVEPOINT if savepoint else "SAVEPOINT work")
                savepoint = True
            tx = PgTx(conn)
            try:
                with self.running(job):
                    job.result = await job.work(tx)
                error: Exception | None = None
                if tx.aborted:
                    error = RuntimeError("A unit of work went on after a refused statement.")
            except Exception as exc:
                error = exc
            if error is None:
                done.append(job)
            elif not job.atomic:
                await conn.execute("ROLLBACK TO SAVEPOINT work")
                fail(job, error)
            elif tx.aborted:
                fail(job, error)
                raise BrokenBatch(error, [*done, *jobs[index + 1 :]])
            else:
                fail(job, error)
        return done

    async def _rollback(self, conn: Any) -> None:
        """Roll the batch back; a connection gone wrong is closed, to be opened anew."""
        try:
            await conn.execute("ROLLBACK")
        except Exception:
            _LOG.warning("PostgreSQL rollback failed; the writer connection will be renewed")
            conn.terminate()
