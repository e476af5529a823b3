"""The PostgreSQL backend: one database shared by every Parlour process, through asyncpg.

Writes go through one writer connection per process in group commits: the writer task
takes every work queued so far, opens one transaction, runs each work in a savepoint of
its own (an atomic work without one) and commits once. A work that fails is rolled back
to its savepoint and its neighbours still commit; an atomic work that leaves the
transaction broken has it rolled back and the other works of the batch run again in
the next one (a work is a function of its `Tx` alone, so running it again is safe).

A work runs boldly first: its `attempt`s and inner savepoints cost no savepoint round
trips (`bot.storage._pg_tx.PgTx`). Should that leave its outcome in doubt (a refusal
it went on from), it is undone and run again carefully: back to its own savepoint, or,
an atomic work having none, the whole batch again, carefully. Consecutive atomic works
whose one statement is the same (concurrent `Ledger.transfer`s) are pipelined: sent in
one round trip (`bot.storage._pg_pipe`).
Reads come from a small pool of other connections and never wait for the writer.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable
from functools import partial

import asyncpg

from bot.storage._pg_pipe import Started, abandon, collect, finish, pipelinable, resumed, send
from bot.storage._pg_tx import PgTx, prepare, refusal
from bot.storage.address import shown
from bot.storage.base import Database, Job, fail
from bot.storage.pg_connect import (
    READ_ONLY,
    PgConnection,
    PgPool,
    connect,
    prepare_connection,
)
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

    def __init__(
        self, dsn: str, writer: PgConnection, pool: PgPool, *, read_only: bool = False
    ) -> None:
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
                # Carefully, so that a batch is undone at most once on their account.
                job.careful = True
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

    async def _run_works(self, conn: PgConnection, jobs: list[Job]) -> list[Job]:
        """Run each work of the batch; return those that succeeded."""
        done: list[Job] = []
        savepoint = False
        index = 0
        while index < len(jobs):
            job = jobs[index]
            if job.atomic and not job.careful:
                index += await self._run_atomic(conn, jobs[index:], done)
                continue
            if not job.atomic:
                await conn.execute(_MOVE_SAVEPOINT if savepoint else "SAVEPOINT work")
                savepoint = True
            await self._run_job(conn, job, done, jobs[index + 1 :])
            index += 1
        return done

    async def _run_atomic(self, conn: PgConnection, jobs: list[Job], done: list[Job]) -> int:
        """Run atomic works from the head of `jobs`, those parking the same statement in
        one round trip (`bot.storage._pg_pipe`), the others the usual way; how many ran
        (0 when a pipeline was undone: its works are to run again)."""
        started = collect(jobs, self.running, partial(_tx_for, conn))
        if not started:
            # The first awaited something else before its first statement.
            await self._run_job(conn, jobs[0], done, jobs[1:])
            return 1
        run = pipelinable(started)
        if len(run) < 2:
            run = []
        taken = 0  # the works handed on, whose coroutines are no longer ours to close
        try:
            if run:
                if not await self._pipeline(conn, run, done):
                    abandon(started)
                    return 0
                taken = len(run)
            for place in range(len(run), len(started)):
                taken = place + 1
                await self._run_job(conn, jobs[place], done, jobs[place + 1 :], started[place])
        except BaseException:
            abandon(started[taken:])
            raise
        return len(started)

    async def _pipeline(self, conn: PgConnection, run: list[Started], done: list[Job]) -> bool:
        """Send the run's parked statements in one round trip and finish its works;
        False if the run had to be undone (a refusal, or a work making another
        statement), its works then marked to run carefully or kept out of runs."""
        await conn.execute("SAVEPOINT pipe")
        try:
            rows = await send(conn, run)
        except asyncpg.PostgresError:
            # A refusal, most likely: these works go one by one, carefully.
            await conn.execute("ROLLBACK TO SAVEPOINT pipe")
            for one in run:
                one.job.careful = True
            return False
        outcomes = finish(run, rows, self.running)
        if isinstance(outcomes, int):
            await conn.execute("ROLLBACK TO SAVEPOINT pipe")
            run[outcomes].job.careful = True  # so that no run takes it in again
            return False
        for one, (succeeded, value) in zip(run, outcomes, strict=True):
            if succeeded:
                one.job.result = value
                done.append(one.job)
            else:
                fail(one.job, value)
        return True

    async def _run_job(
        self,
        conn: PgConnection,
        job: Job,
        done: list[Job],
        rest: list[Job],
        started: Started | None = None,
    ) -> None:
        """Run one work (from where it was stepped to, if it was; again, carefully, if its
        bold run is in doubt); settle a failure, or add it to `done`. `rest` are the
        batch's works after it."""
        tx, error = await self._run_one(conn, job, started)
        if tx.in_doubt(error):
            if job.atomic:
                # Nothing but the whole batch can undo it: all of it runs again.
                assert tx.gamble is not None
                raise BrokenBatch(tx.gamble, [*done, job, *rest])
            await conn.execute("ROLLBACK TO SAVEPOINT work")
            job.hooks.clear()
            job.careful = True
            tx, error = await self._run_one(conn, job)
        if error is None:
            done.append(job)
        elif not job.atomic:
            await conn.execute("ROLLBACK TO SAVEPOINT work")
            fail(job, error)
        elif tx.aborted:
            fail(job, error)
            raise BrokenBatch(error, [*done, *rest])
        else:
            fail(job, error)

    async def _run_one(
        self, conn: PgConnection, job: Job, started: Started | None = None
    ) -> tuple[PgTx, Exception | None]:
        """Run one work (boldly, unless the job is to be careful), or go on with one
        stepped by hand; its Tx, and the exception it ended with (None: succeeded)."""
        if started is None:
            tx = _tx_for(conn, job)
            call: Awaitable[object] = job.work(tx)
        elif started.outcome is not None:
            # It ended while stepped, having made no statement.
            succeeded, value = started.outcome
            job.result = value if succeeded else None
            return started.tx.live, None if succeeded else value
        else:
            tx, call = started.tx.live, resumed(started)
        try:
            with self.running(job):
                job.result = await call
            error: Exception | None = None
            if tx.aborted and tx.gamble is None:
                error = RuntimeError("A unit of work went on after a refused statement.")
        except Exception as exc:
            error = exc
        return tx, error

    async def _rollback(self, conn: PgConnection) -> None:
        """Roll the batch back; a connection gone wrong is closed, to be opened anew."""
        try:
            await conn.execute("ROLLBACK")
        except Exception:
            _LOG.warning("PostgreSQL rollback failed; the writer connection will be renewed")
            conn.terminate()


def _tx_for(conn: PgConnection, job: Job) -> PgTx:
    """The Tx a work of `job` is run with the usual way: bold, unless to be careful."""
    return PgTx(conn, careful=job.careful, undoable=not job.atomic)
