"""Pipelining on PostgreSQL: consecutive atomic works whose one statement is the same
go to the server in one round trip (asyncpg's `fetchmany`) instead of one each.

The writer steps each work by hand, with a `PipeTx`, up to its first statement, which
is parked rather than sent. A run of works parked on the same statement is then sent
at once, each execution's rows tagged with its place in the run (a `WITH` around the
statement), and each work is resumed with its own rows. The statements run in the
works' order, so this is the same as running the works one after another, as long as
each makes no other statement. One that does (a replayed transfer looking up the
first, say) or awaits anything else, or a refusal anywhere in the run, has the run
rolled back to its savepoint and its works run again the usual way: works may run more
than once (`bot.storage.tx`). Only statements with a RETURNING clause are pipelined
(the WITH needs rows to tag), and only through `attempt`, `fetchall` or `fetchone`.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Coroutine, Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn, cast

from bot.storage._pg_tx import prepare
from bot.storage.base import Job
from bot.storage.tx import Dialect, Params, Row

Track = Callable[[Job | None], None]
_RETURNING = re.compile(r"\bRETURNING\b", re.IGNORECASE)


class Deviation(BaseException):
    """A work did what a pipelined work may not: it is to run the usual way instead."""


class _Parked:
    """A statement waiting to be sent; awaiting it hands it to whoever steps the work."""

    __slots__ = ("sql", "values")

    def __init__(self, sql: str, values: Sequence[object]) -> None:
        self.sql = sql
        self.values = values

    def __await__(self) -> Generator[Any, Any, list[Row]]:
        rows: list[Row] = yield self
        return rows


class PipeTx:
    """The `Tx` of a work being pipelined: its first statement is parked; anything else
    (another statement, a savepoint) raises `Deviation`."""

    dialect: Dialect = "postgres"

    def __init__(self) -> None:
        self.parked = False
        self.deviated = False

    async def execute(self, sql: str, params: Params = ()) -> int:
        """Not pipelined (its row count is not returned): a deviation."""
        self._deviate()

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        """Not pipelined: a deviation."""
        self._deviate()

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        """The work's one statement, parked until the run is sent."""
        if self.parked or not _RETURNING.search(sql):
            self._deviate()
        self.parked = True
        text, values = prepare(sql, params)
        return await _Parked(text, values)

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        """The work's one statement, parked; its first row."""
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def attempt(self, sql: str, params: Params = ()) -> list[Row]:
        """The work's one statement, parked (a refusal undoes the whole run)."""
        return await self.fetchall(sql, params)

    def savepoint(self, name: str) -> NoReturn:
        """Not pipelined: a deviation."""
        self._deviate()

    def _deviate(self) -> NoReturn:
        self.deviated = True
        raise Deviation


@dataclass
class Started:
    """A work stepped up to its parked statement."""

    job: Job
    coro: Coroutine[Any, Any, Any]
    tx: PipeTx
    parked: _Parked


def collect(jobs: list[Job], track: Track) -> list[Started]:
    """Step the atomic works at the head of `jobs` up to their statements, as long as
    each parks the same statement as the first; the others are left unstarted."""
    run: list[Started] = []
    for job in jobs:
        if not job.atomic or job.careful:
            break
        started = _start(job, track)
        if started is None:
            break
        if run and started.parked.sql != run[0].parked.sql:
            abandon([started])
            break
        run.append(started)
    return run


def _start(job: Job, track: Track) -> Started | None:
    """Step one work up to its first statement; None (and unwound) if it cannot be."""
    tx = PipeTx()
    coro = cast(Coroutine[Any, Any, Any], job.work(tx))
    track(job)
    try:
        yielded = coro.send(None)
    except (Exception, Deviation):
        # Done, failed or deviated before any statement: it runs the usual way.
        yielded = None
    finally:
        track(None)
    if isinstance(yielded, _Parked) and not tx.deviated:
        return Started(job, coro, tx, yielded)
    abandon([Started(job, coro, tx, _Parked("", ()))])
    return None


def abandon(run: Iterable[Started]) -> None:
    """Unwind works that will run the usual way, forgetting their on-commit hooks."""
    for started in run:
        with contextlib.suppress(Exception):
            started.coro.close()
        started.job.hooks.clear()


async def send(conn: Any, run: list[Started]) -> list[list[Row]]:
    """Run the run's parked statements in one round trip; each work's rows, in order."""
    first = run[0].parked
    tag = len(first.values) + 1
    sql = f"WITH pipe_rows AS ({first.sql}) SELECT ${tag}::int, pipe_rows.* FROM pipe_rows"
    records = await conn.fetchmany(sql, [(*s.parked.values, n) for n, s in enumerate(run)])
    rows: list[list[Row]] = [[] for _ in run]
    for record in records:
        rows[record[0]].append(_Tail(record))
    return rows


def finish(run: list[Started], rows: list[list[Row]], track: Track) -> list[tuple[bool, Any]] | int:
    """Resume each work with its rows: each one's (succeeded, result or exception), in
    order; or the place of the first that deviated (made another statement, or awaited
    something else), the run then to be undone."""
    outcomes: list[tuple[bool, Any]] = []
    for index, (started, mine) in enumerate(zip(run, rows, strict=True)):
        track(started.job)
        try:
            started.coro.send(mine)
        except StopIteration as stop:
            outcomes.append((True, stop.value))
        except Exception as exc:
            outcomes.append((False, exc))
        except Deviation:
            return index
        else:
            return index
        finally:
            track(None)
        if started.tx.deviated:
            return index
    return outcomes


class _Tail:
    """A row as the statement gave it, without the run's leading tag column."""

    __slots__ = ("_record",)

    def __init__(self, record: Any) -> None:
        self._record = record

    def __getitem__(self, key: int | str) -> Any:
        if isinstance(key, int):
            if key < 0:
                key += len(self)
            if not 0 <= key < len(self):
                raise IndexError("row index out of range")
            key += 1
        return self._record[key]

    def __len__(self) -> int:
        return len(self._record) - 1

    def __iter__(self) -> Iterator[Any]:
        values: Iterator[Any] = iter(self._record)
        next(values)
        return values
