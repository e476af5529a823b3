"""Numbered SQL migrations: `bot/storage/migrations/NNNN_name.sql`, applied in order.

Each file is applied once, in its own transaction, and recorded in `schema_migrations`.
Files must not contain transaction statements of their own (BEGIN, COMMIT, SAVEPOINT):
the runner wraps each one so that a failing migration leaves the schema as it was.

SQLite cannot alter a CHECK or a foreign key, so such a change rebuilds the table by
SQLite's documented procedure (create the new table, copy the rows, drop the old, rename
the new, recreate its indexes and triggers). A table that others refer to can only be
rebuilt with foreign keys off, and that pragma is a no-op inside a transaction; so a
file whose first line is exactly `-- parlour: rebuilds tables` (`REBUILDS_TABLES`) is
run with foreign keys off around its transaction, refused unless
`PRAGMA foreign_key_check` finds nothing before the commit, and foreign keys are then
set back as they were.
"""

from __future__ import annotations

import contextlib
import importlib.resources
import re
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from importlib.resources.abc import Traversable

import aiosqlite

REBUILDS_TABLES = "-- parlour: rebuilds tables"
"""The first line of a SQLite migration that rebuilds tables others refer to."""

_FILE_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")

_CREATE_TRACKING = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT
"""


class MigrationError(Exception):
    """A migration file is misnamed, duplicated, or failed to apply."""


@dataclass(frozen=True, slots=True)
class Migration:
    """One migration file: its number, its name, and its SQL."""

    version: int
    name: str
    sql: str

    @property
    def rebuilds_tables(self) -> bool:
        """Whether the file's first line marks it as rebuilding tables (`REBUILDS_TABLES`)."""
        return self.sql.split("\n", 1)[0].strip() == REBUILDS_TABLES


def load_migrations(folder: Traversable | None = None) -> list[Migration]:
    """Read the `NNNN_name.sql` files of `folder` (default: the packaged ones), in order."""
    if folder is None:
        folder = importlib.resources.files(__package__).joinpath("migrations")
    found: dict[int, Migration] = {}
    for entry in folder.iterdir():
        match = _FILE_NAME.match(entry.name)
        if match is None or not entry.is_file():
            continue
        version = int(match.group(1))
        if version in found:
            raise MigrationError(f"Two migrations are numbered {version:04d}.")
        found[version] = Migration(version, match.group(2), entry.read_text(encoding="utf-8"))
    return [found[version] for version in sorted(found)]


def split_statements(script: str) -> list[str]:
    """Split a SQL script into complete statements (trigger bodies stay whole)."""
    statements: list[str] = []
    pending = ""
    *pieces, tail = script.split(";")
    for piece in pieces:
        pending += piece + ";"
        # A semicolon inside a string, a comment or a trigger body does not end the
        # statement; sqlite3 knows which ones do.
        if sqlite3.complete_statement(pending):
            if _has_code(pending):
                statements.append(pending.strip())
            pending = ""
    if _has_code(pending + tail):
        raise MigrationError(f"The script ends with an incomplete statement: {pending + tail!r}")
    return statements


def _has_code(sql: str) -> bool:
    """Whether `sql` holds anything besides comments, whitespace and semicolons."""
    lines = (line.split("--", 1)[0] for line in sql.splitlines())
    return any(line.strip(" \t;") for line in lines)


async def migrate(
    conn: aiosqlite.Connection, migrations: Iterable[Migration] | None = None
) -> list[int]:
    """Apply the migrations not yet recorded, each in its own transaction; return their numbers."""
    await conn.execute(_CREATE_TRACKING)
    applied: list[int] = []
    for migration in load_migrations() if migrations is None else migrations:
        if await _apply(conn, migration):
            applied.append(migration.version)
    return applied


async def _apply(conn: aiosqlite.Connection, migration: Migration) -> bool:
    """Apply one migration unless another process already did; return whether it ran.

    A migration that rebuilds tables runs with foreign keys off (set back afterwards)."""
    if not migration.rebuilds_tables:
        return await _apply_in_transaction(conn, migration)
    rows = list(await conn.execute_fetchall("PRAGMA foreign_keys"))
    was_on = bool(rows[0][0])
    await conn.execute("PRAGMA foreign_keys = OFF")
    try:
        return await _apply_in_transaction(conn, migration)
    finally:
        if was_on:
            await conn.execute("PRAGMA foreign_keys = ON")


async def _apply_in_transaction(conn: aiosqlite.Connection, migration: Migration) -> bool:
    """Apply one migration in a transaction of its own unless it is recorded already."""
    statements = split_statements(migration.sql)
    label = f"{migration.version:04d}_{migration.name}"
    # IMMEDIATE takes the write lock first, so checking and applying cannot race with
    # another process opening the same file.
    await conn.execute("BEGIN IMMEDIATE")
    try:
        seen = await conn.execute_fetchall(
            "SELECT 1 FROM schema_migrations WHERE version = ?", (migration.version,)
        )
        if list(seen):
            await conn.execute("ROLLBACK")
            return False
        for statement in statements:
            await conn.execute(statement)
        if migration.rebuilds_tables:
            await _check_foreign_keys(conn, label)
        await conn.execute(
            "INSERT INTO schema_migrations (version, name) VALUES (?, ?)",
            (migration.version, migration.name),
        )
        await conn.execute("COMMIT")
    except MigrationError:
        await _rollback_quietly(conn)
        raise
    except sqlite3.Error as exc:
        await _rollback_quietly(conn)
        raise MigrationError(f"Migration {label} failed: {exc}") from exc
    return True


async def _check_foreign_keys(conn: aiosqlite.Connection, label: str) -> None:
    """Refuse a rebuild that left a row pointing at nothing (foreign keys were off)."""
    broken = list(await conn.execute_fetchall("PRAGMA foreign_key_check"))
    if broken:
        first = tuple(broken[0])
        raise MigrationError(
            f"Migration {label} failed: {len(broken)} rows point at nothing"
            f" (the first: table {first[0]}, row {first[1]}, refers to {first[2]})."
        )


async def _rollback_quietly(conn: aiosqlite.Connection) -> None:
    """Roll back, ignoring the error SQLite gives when it already rolled back by itself."""
    with contextlib.suppress(sqlite3.OperationalError):
        await conn.execute("ROLLBACK")
