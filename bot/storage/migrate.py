"""Numbered SQL migrations: `bot/storage/migrations/NNNN_name.sql`, applied in order.

Each file is applied once, in its own transaction, and recorded in `schema_migrations`.
Files must not contain transaction statements of their own (BEGIN, COMMIT, SAVEPOINT):
the runner wraps each one so that a failing migration leaves the schema as it was.
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
    """Apply one migration unless another process already did; return whether it ran."""
    statements = split_statements(migration.sql)
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
        await conn.execute(
            "INSERT INTO schema_migrations (version, name) VALUES (?, ?)",
            (migration.version, migration.name),
        )
        await conn.execute("COMMIT")
    except sqlite3.Error as exc:
        await _rollback_quietly(conn)
        label = f"{migration.version:04d}_{migration.name}"
        raise MigrationError(f"Migration {label} failed: {exc}") from exc
    return True


async def _rollback_quietly(conn: aiosqlite.Connection) -> None:
    """Roll back, ignoring the error SQLite gives when it already rolled back by itself."""
    with contextlib.suppress(sqlite3.OperationalError):
        await conn.execute("ROLLBACK")
