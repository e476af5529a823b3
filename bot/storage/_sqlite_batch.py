"""A SQLite group commit, run whole on the writer thread: one round trip per batch.

Every work's `await tx.…` completes at once on SQLite (`SqliteTx` calls sqlite3
directly), so a work's coroutine is driven to its end with a single `send` — no event
loop needed, and none touched. The batch is `BEGIN IMMEDIATE`, each work in its own
savepoint (unless atomic), and one `COMMIT`. A work that breaks the transaction (ends
its savepoint, or an error made SQLite roll everything back) fails alone: the batch is
rolled back and the other works run again in the next one, as on PostgreSQL.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Iterable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import TypeVar, cast

from bot.storage.base import Job, Outcome
from bot.storage.tx import Dialect, IntegrityError, Params, Row

WORK = "work"


class SqliteTx:
    """The `Tx` of SQLite: sqlite3 calls that finish before the coroutine would yield.

    `aborted` is set once a statement was refused outside `attempt`. SQLite itself would
    let the work go on, but PostgreSQL would not, so neither does this backend: a work
    that goes on after a refusal fails, here as there.
    """

    dialect: Dialect = "sqlite"

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn
        self.aborted = False

    async def execute(self, sql: str, params: Params = ()) -> int:
        """Run one statement; return how many rows it changed."""
        try:
            return self._conn.execute(sql, params).rowcount
        except sqlite3.IntegrityError as exc:
            self.aborted = True
            raise IntegrityError(str(exc)) from exc

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        """Run one statement for each row of parameters."""
        try:
            self._conn.executemany(sql, rows)
        except sqlite3.IntegrityError as exc:
            self.aborted = True
            raise IntegrityError(str(exc)) from exc

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        """Run one statement and return every row it gives."""
        try:
            return self._conn.execute(sql, params).fetchall()
        except sqlite3.IntegrityError as exc:
            self.aborted = True
            raise IntegrityError(str(exc)) from exc

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        """Run one statement and return its first row, or None."""
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def attempt(self, sql: str, params: Params = ()) -> list[Row]:
        """One statement that may be refused: SQLite undoes a refused statement alone."""
        try:
            return self._conn.execute(sql, params).fetchall()
        except sqlite3.IntegrityError as exc:
            raise IntegrityError(str(exc)) from exc

    @contextlib.asynccontextmanager
    async def savepoint(self, name: str) -> AsyncIterator[None]:
        """A block that is all-or-nothing, in a savepoint of its own."""
        aborted = self.aborted
        self._conn.execute(f"SAVEPOINT {name}")
        try:
            yield
        except BaseException:
            self._conn.execute(f"ROLLBACK TO {name}")
            self._conn.execute(f"RELEASE {name}")
            self.aborted = aborted
            raise
        self._conn.execute(f"RELEASE {name}")


T = TypeVar("T")


def drive(awaitable: Awaitable[T]) -> T:
    """Run a coroutine that never suspends to its end, and return its value."""
    # A work is an async function, so what it returns is a coroutine.
    coro = cast(Coroutine[object, None, T], awaitable)
    try:
        coro.send(None)
    except StopIteration as stop:
        return cast(T, stop.value)  # StopIteration carries what the coroutine returned
    coro.close()
    raise RuntimeError("A SQLite unit of work awaited something besides its tx.")


class WentOn(RuntimeError):
    """A work went on after a refused statement (one not made with `attempt`)."""


class BrokenBatch(Exception):
    """A work left the batch's transaction unable to go on; its cause is the work's error."""


@dataclass
class Batch:
    """What became of a batch: each work that ran, and the error that broke it, if any."""

    outcomes: list[Outcome] = field(default_factory=list)
    broken: BaseException | None = None
    culprit: int | None = None
    """The work that broke the batch (the others may run again); None if BEGIN or COMMIT
    failed, which no one work is to blame for."""


Running = Callable[[Job], AbstractContextManager[None]]


def run_batch(conn: sqlite3.Connection, jobs: list[Job], tx: SqliteTx, running: Running) -> Batch:
    """On the writer thread: run every work of the batch in one transaction and commit."""
    batch = Batch()
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.Error as exc:
        batch.broken = exc
        return batch
    try:
        for index, job in enumerate(jobs):
            batch.culprit = index
            batch.outcomes.append(_run_one(conn, job, tx, running))
        batch.culprit = None
        conn.execute("COMMIT")
    except (sqlite3.Error, BrokenBatch) as exc:
        if conn.in_transaction:
            with contextlib.suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
        batch.broken = exc.__cause__ if isinstance(exc, BrokenBatch) else exc
        if isinstance(exc, sqlite3.IntegrityError):
            # A deferred constraint, refused at COMMIT: said as any refusal is.
            batch.broken = IntegrityError(str(exc))
            batch.broken.__cause__ = exc
    return batch


def _run_one(conn: sqlite3.Connection, job: Job, tx: SqliteTx, running: Running) -> Outcome:
    """Run one work in its savepoint; return (succeeded, result or exception)."""
    if not job.atomic:
        conn.execute(f"SAVEPOINT {WORK}")
    tx.aborted = False
    try:
        with running(job):
            value = drive(job.work(tx))
        if tx.aborted:
            raise WentOn("A unit of work went on after a refused statement.")
    except Exception as exc:
        if not job.atomic:
            conn.execute(f"ROLLBACK TO {WORK}")
            conn.execute(f"RELEASE {WORK}")
        elif not conn.in_transaction:
            # SQLite rolled the whole transaction back by itself (disk full, I/O error).
            raise BrokenBatch("the transaction was rolled back") from exc
        elif isinstance(exc, WentOn):
            # Without a savepoint, only rolling the batch back undoes what it did.
            raise BrokenBatch("an atomic work went on after a refusal") from exc
        return False, exc
    if not job.atomic:
        conn.execute(f"RELEASE {WORK}")
    return True, value
