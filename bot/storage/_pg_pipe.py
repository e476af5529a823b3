"""Pipelining on PostgreSQL: consecutive atomic works whose one statement is the same
go to the server in one round trip (asyncpg's `fetchmany`) instead of one each.

The writer steps each atomic work by hand, with a `PipeTx`, up to its first call of
its `Tx`. A statement that can be pipelined is parked there rather than sent. A run of
works parked on the same statement is sent at once, each execution's rows tagged with
its place in the run (a `WITH` around the statement), and each work is resumed with its
own rows. The statements run in the works' order, so this is the same as running the
works one after another, as long as each makes no other statement. One that does (a
replayed transfer looking up the first, say), or a refusal anywhere in the run, has the
run rolled back to its savepoint and its works run again the usual way: works may run
more than once (`bot.storage.tx`). A work stepped but not pipelined (alone, or its first
call not one to pipeline) goes on from where it stopped, the usual way, on the event
loop (`resumed`). Only statements with a RETURNING clause are pipelined (the WITH needs
rows to tag), and only through `attempt`, `fetchall` or `fetchone`.
"""

from __future__ import annotations

import contextlib
import re
import types
from collections.abc import (
    AsyncIterator,
    Callable,
    Coroutine,
    Generator,
    Iterable,
    Iterator,
    Sequence,
)
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import NoReturn, cast

from bot.storage._pg_tx import PgTx, prepare
from bot.storage.base import Job, Outcome
from bot.storage.pg_connect import PgConnection
from bot.storage.tx import Dialect, Params, Row, SqlValue, as_int

Running = Callable[[Job], AbstractContextManager[None]]
"""`Database.running`: marks the work running, for its `on_commit` calls."""

_RETURNING = re.compile(r"\bRETURNING\b", re.IGNORECASE)


class Deviation(BaseException):
    """A pipelined work made a second statement: the run is to be undone."""


class _Step:
    """Where a work stepped by hand stopped: a statement parked (`sql`), or a call that
    goes the usual way (`sql` None). Resumed with rows (pipelined) or None (go on)."""

    __slots__ = ("sql", "values")

    def __init__(self, sql: str | None, values: Sequence[object]) -> None:
        self.sql = sql
        self.values = values

    def __await__(self) -> Generator[_Step, list[Row] | None, list[Row] | None]:
        rows: list[Row] | None = yield self
        return rows


class PipeTx:
    """The `Tx` of an atomic work that may be pipelined. Its first statement, if one to
    pipeline, is parked; the work is resumed with the statement's rows (pipelined; any
    further call is then a `Deviation`) or with None, and then every call is `live`'s."""

    dialect: Dialect = "postgres"

    def __init__(self, live: PgTx) -> None:
        self.live = live
        self._state = "stepped"  # then "live" or "piped"
        self.deviated = False

    async def execute(self, sql: str, params: Params = ()) -> int:
        """Run one statement the usual way; return how many rows it changed."""
        await self._go_live()
        return await self.live.execute(sql, params)

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        """Run one statement for each row of parameters, the usual way."""
        await self._go_live()
        await self.live.executemany(sql, rows)

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        """Run one statement (perhaps in a pipeline) and return every row it gives."""
        rows = await self._park(sql, params)
        return rows if rows is not None else await self.live.fetchall(sql, params)

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        """Run one statement (perhaps in a pipeline) and return its first row, or None."""
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def attempt(self, sql: str, params: Params = ()) -> list[Row]:
        """One statement that may be refused (in a pipeline, a refusal undoes the run)."""
        rows = await self._park(sql, params)
        return rows if rows is not None else await self.live.attempt(sql, params)

    @contextlib.asynccontextmanager
    async def savepoint(self, name: str) -> AsyncIterator[None]:
        """An all-or-nothing block, the usual way."""
        await self._go_live()
        async with self.live.savepoint(name):
            yield

    async def _go_live(self) -> None:
        """From here on, the usual way: a stepped work stops to say so."""
        if self._state == "stepped":
            self._state = "live"
            await _Step(None, ())
        elif self._state == "piped":
            self._deviate()

    async def _park(self, sql: str, params: Params) -> list[Row] | None:
        """A statement's rows if it went in a pipeline; None if it is to go the usual way."""
        if self._state == "stepped" and _RETURNING.search(sql):
            text, values = prepare(sql, params)
            rows = await _Step(text, values)
            self._state = "live" if rows is None else "piped"
            return rows
        await self._go_live()
        return None

    def _deviate(self) -> NoReturn:
        self.deviated = True
        raise Deviation


@dataclass
class Started:
    """An atomic work stepped by hand up to its first call of its Tx (`step`), or to its
    end (`outcome`: succeeded, and its result or exception)."""

    job: Job
    coro: Coroutine[object, list[Row] | None, object]
    tx: PipeTx
    step: _Step | None = None
    outcome: Outcome | None = None

    @property
    def parked(self) -> str | None:
        """The statement it parked, if any."""
        return self.step.sql if self.step is not None else None


def collect(jobs: list[Job], running: Running, live: Callable[[Job], PgTx]) -> list[Started]:
    """Step the atomic works at the head of `jobs` in turn, up to the first that parks
    no statement or another statement than the first's (stepped too, and last)."""
    started: list[Started] = []
    for job in jobs:
        if not job.atomic or job.careful:
            break
        one = _start(job, running, live(job))
        if one is None:
            break
        started.append(one)
        if one.parked is None or one.parked != started[0].parked:
            break
    return started


def _start(job: Job, running: Running, live: PgTx) -> Started | None:
    """Step one work up to its first call of its Tx, or its end; None (and unwound) if
    it awaited anything else first."""
    tx = PipeTx(live)
    # A work is an async function, resumed here with its statement's rows (or None).
    one = Started(job, cast(Coroutine[object, list[Row] | None, object], job.work(tx)), tx)
    try:
        with running(job):
            step = one.coro.send(None)
    except StopIteration as stop:
        one.outcome = (True, stop.value)
        return one
    except Exception as exc:
        one.outcome = (False, exc)
        return one
    if isinstance(step, _Step):
        one.step = step
        return one
    abandon([one])
    return None


def pipelinable(started: list[Started]) -> list[Started]:
    """The works at the head of `started` that parked the same statement."""
    run: list[Started] = []
    for one in started:
        if one.parked is None or one.parked != started[0].parked:
            break
        run.append(one)
    return run


@types.coroutine
def resumed(one: Started) -> Generator[object, list[Row] | None, object]:
    """Go on with a work stepped by hand (resumed with None: the usual way), on the event
    loop from where it stopped; its result."""
    # `types.coroutine` lets a generator delegate to a coroutine, which mypy cannot see.
    return (yield from cast(Generator[object, list[Row] | None, object], one.coro))


def abandon(started: Iterable[Started]) -> None:
    """Unwind works that will run again from the start, forgetting their hooks."""
    for one in started:
        with contextlib.suppress(Exception):
            one.coro.close()
        one.job.hooks.clear()


async def send(conn: PgConnection, run: list[Started]) -> list[list[Row]]:
    """Run the run's parked statements in one round trip; each work's rows, in order."""
    steps = [one.step for one in run if one.step is not None]
    tag = len(steps[0].values) + 1
    sql = f"WITH pipe_rows AS ({steps[0].sql}) SELECT ${tag}::int, pipe_rows.* FROM pipe_rows"
    records = await conn.fetchmany(sql, [(*step.values, n) for n, step in enumerate(steps)])
    rows: list[list[Row]] = [[] for _ in run]
    for record in records:
        rows[as_int(record[0])].append(_Tail(record))
    return rows


def finish(run: list[Started], rows: list[list[Row]], running: Running) -> list[Outcome] | int:
    """Resume each pipelined work with its rows: each one's (succeeded, result or
    exception), in order; or the place of the first that deviated (made another
    statement, or awaited anything else), the run then to be undone."""
    outcomes: list[Outcome] = []
    for index, (one, mine) in enumerate(zip(run, rows, strict=True)):
        try:
            with running(one.job):
                one.coro.send(mine)
        except StopIteration as stop:
            outcomes.append((True, stop.value))
        except Exception as exc:
            outcomes.append((False, exc))
        except Deviation:
            return index
        else:
            return index
        if one.tx.deviated:
            return index
    return outcomes


class _Tail:
    """A row as the statement gave it, without the run's leading tag column."""

    __slots__ = ("_record",)

    def __init__(self, record: Row) -> None:
        self._record = record

    def __getitem__(self, key: int | str) -> SqlValue:
        if isinstance(key, int):
            if key < 0:
                key += len(self)
            if not 0 <= key < len(self):
                raise IndexError("row index out of range")
            key += 1
        return self._record[key]

    def __len__(self) -> int:
        return len(self._record) - 1

    def __iter__(self) -> Iterator[SqlValue]:
        values = iter(self._record)
        next(values)
        return values
