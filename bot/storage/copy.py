"""Moving a server's data: `copy_database` copies every Parlour table from one database to
a new one, SQLite or PostgreSQL at either end, every row with its ids exactly.

The ledger's rules stay in force on the target: no trigger is switched off. The ledger
is rebuilt by its own transfers, replayed in order through the target's trigger, and
every balance must come out equal to the source's (`bot.storage._copy_rows`).
PostgreSQL's identity sequences are then moved past the largest id copied.

The source is read in one snapshot. A SQLite target is written in one transaction: a
copy that stops partway (an error, Ctrl-C, a killed process) commits nothing and leaves
the file as it was made, Parlour's tables all empty, which a second run fills. A
PostgreSQL target is written a page at a time (one transaction would grow slower with
every transfer), marked in `parlour_meta` as an unfinished copy of its source until the
last step: Parlour refuses to run on it meanwhile, and a second run from the same
source carries on from the last row committed. A target holding any other Parlour data
is refused before anything is written to it.

Once finished, the copy is checked against the source through the ordinary `Database`:
every table's row count, every account's balance, every open table's version and
digest, every table's action log length, and `check` (the ledger's invariant check,
given by the caller since storage does not know the ledger) on both ends.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from bot.storage._copy_io import TABLES, holding_data, reading, writing
from bot.storage._copy_rows import Progress, already_full, copy_rows, unfinished
from bot.storage._pg_tx import PgTx
from bot.storage.address import is_postgres, shown
from bot.storage.base import Database
from bot.storage.copy_compare import differences
from bot.storage.files import claim
from bot.storage.migrate import load_migrations
from bot.storage.opening import open_database
from bot.storage.pg_connect import connect
from bot.storage.pg_migrate import COPY_MARK, check_ours, pg_migrations
from bot.storage.tx import StorageError

Check = Callable[[Database], Awaitable[list[str]]]
"""An invariant check of a whole database: its problems in words, [] when sound."""

__all__ = ["TABLES", "Check", "CopyReport", "Progress", "copy_database"]


@dataclass(frozen=True, slots=True)
class CopyReport:
    """A finished copy: the rows copied per table, and how the copy differs from its
    source, in words (empty when they match and both ends check out)."""

    source: str
    target: str
    rows: dict[str, int]
    problems: list[str]


async def copy_database(
    source: str, target: str, *, check: Check | None = None, progress: Progress | None = None
) -> CopyReport:
    """Copy every Parlour table of `source` into `target`, which must hold no Parlour data.

    A refusal (a bad address, a database that is not Parlour's, a target with data, a
    source whose `check` fails, a row the target's rules refuse) is a `StorageError` or
    `DatabaseFileError` of one sentence, and leaves the target without a copied row.
    """
    _refuse_same(source, target)
    source_db = await open_database(source, read_only=True)
    try:
        await _require_sound(source_db, check)
        source_id = _identity(source)
        if not await _check_target(target, source_id):
            made = await open_database(target)
            await made.close()
        async with reading(source) as src, writing(target) as dst:
            ends = (source_db.path, _shown(target))
            rows = await copy_rows(src, dst, ends, source_id, progress or _quiet)
        problems = await _verify(source_db, target, check)
    finally:
        await source_db.close()
    return CopyReport(source_db.path, _shown(target), rows, problems)


def _quiet(table: str, rows: int, done: bool) -> None:
    """No progress shown."""


def _shown(where: str) -> str:
    """A database's address as it may be shown (no password)."""
    return shown(where) if is_postgres(where) else where


def _identity(source: str) -> str:
    """The source as an unfinished copy names it: its address, or its file's full path."""
    return shown(source) if is_postgres(source) else str(Path(source).resolve())


def _refuse_same(source: str, target: str) -> None:
    """Refuse an in-memory database, or a copy of a database onto itself."""
    if ":memory:" in (source, target):
        raise StorageError("A copy needs a database file or a PostgreSQL address, not :memory:.")
    # Both ends are read as addresses first, so that a bad one is refused before any work.
    postgres = (is_postgres(source), is_postgres(target))
    if any(postgres):
        same = source == target
    else:
        same = Path(source).resolve() == Path(target).resolve()
    if same:
        raise StorageError(f"{_shown(source)} cannot be copied onto itself.")


async def _require_sound(db: Database, check: Check | None) -> None:
    """Refuse a source of another Parlour's schema, or one whose ledger is broken."""
    known = pg_migrations() if db.dialect == "postgres" else load_migrations()
    latest = known[-1].version
    row = await db.fetchone("SELECT MAX(version) FROM schema_migrations")
    newest = int(row[0]) if row is not None and row[0] is not None else 0
    if newest < latest:
        raise StorageError(
            f"{db.path} was written by an older Parlour: run this Parlour on it once to"
            " bring it up to date, then copy it."
        )
    if newest > latest:
        raise StorageError(
            f"{db.path} was written by a newer Parlour (schema {newest}; this one knows up"
            f" to {latest}): copy it with that Parlour."
        )
    problems = await check(db) if check is not None else []
    if problems:
        first = problems[0].rstrip(".")
        raise StorageError(
            f"{db.path} fails {len(problems)} ledger check(s) (the first: {first}), so nothing"
            " was copied: `parlour ledger check` lists them all."
        )


async def _check_target(target: str, source_id: str) -> bool:
    """Refuse, writing nothing, a target that is not Parlour's or already holds data;
    return whether it holds an unfinished copy of this source, to be finished."""
    if is_postgres(target):
        conn = await connect(target)
        try:
            latest = pg_migrations()[-1].version
            if await check_ours(conn, shown(target), latest, new_ok=True, copying=True):
                return False
            marked = await conn.fetchval("SELECT value FROM parlour_meta WHERE key = $1", COPY_MARK)
            if marked is not None:
                unfinished(_shown(target), str(marked), source_id)
                return True
            full = await holding_data(PgTx(conn))
        finally:
            await conn.close()
    elif claim(Path(target), write=True):
        return False
    else:
        async with reading(target) as tx:
            full = await holding_data(tx)
    if full:
        raise already_full(_shown(target), full)
    return False


async def _verify(source_db: Database, target: str, check: Check | None) -> list[str]:
    """How the committed copy differs from its source, and its own broken invariants."""
    target_db = await open_database(target, read_only=True)
    try:
        problems = await differences(source_db, target_db)
        if check is not None:
            problems += [f"In the copy: {problem}" for problem in await check(target_db)]
    finally:
        await target_db.close()
    return problems
