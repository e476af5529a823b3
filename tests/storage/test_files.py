"""Which files `Database.open` takes as Parlour's: its own, new ones and empty ones; never
another application's, which it leaves byte for byte as they were."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import aiosqlite
import pytest

from bot.storage import open_database
from bot.storage.files import APPLICATION_ID, DatabaseFileError, claim, guard


def _mark(path: Path) -> int:
    with sqlite3.connect(path) as conn:
        value: int = conn.execute("PRAGMA application_id").fetchone()[0]
    conn.close()
    return value


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


async def test_a_new_or_empty_file_becomes_parlours_and_is_marked(tmp_path: Path) -> None:
    empty = tmp_path / "empty.db"
    empty.touch()
    for path in (tmp_path / "new.db", empty):
        db = await open_database(path)
        await db.close()
        assert _mark(path) == APPLICATION_ID
        assert claim(path, write=False) is False  # now a Parlour ledger


async def test_another_applications_database_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "theirs.db"
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA application_id = 1234")
        conn.execute("CREATE TABLE schema_migrations (version INTEGER, name TEXT)")
    conn.close()
    digest = _digest(path)
    for read_only in (False, True):
        with pytest.raises(DatabaseFileError, match="another application's database"):
            await open_database(path, read_only=read_only)
    assert _digest(path) == digest
    assert not (tmp_path / "theirs.db-wal").exists()
    assert not (tmp_path / "theirs.db-journal").exists()


async def test_an_unmarked_database_with_foreign_tables_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "theirs.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE accounts (id INTEGER PRIMARY KEY)")
    conn.close()
    digest = _digest(path)
    with pytest.raises(DatabaseFileError, match="another application's"):
        await open_database(path)
    assert _digest(path) == digest


async def test_an_empty_sqlite_file_with_a_user_version_is_someone_elses(tmp_path: Path) -> None:
    path = tmp_path / "theirs.db"
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA user_version = 3")
    conn.close()
    with pytest.raises(DatabaseFileError, match="another application's"):
        await open_database(path)


async def test_a_parlour_database_from_before_the_mark_is_recognised_and_marked(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.db"
    db = await open_database(path)
    await db.close()
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA application_id = 0")
    conn.close()
    assert claim(path, write=True) is False
    db = await open_database(path, read_only=True)
    await db.close()
    assert _mark(path) == 0  # a read-only open writes nothing, not even the mark
    db = await open_database(path)
    await db.close()
    assert _mark(path) == APPLICATION_ID


async def test_a_read_only_open_reads_and_refuses_every_write(tmp_path: Path) -> None:
    path = tmp_path / "parlour.db"
    db = await open_database(path)
    await db.close()
    digest = _digest(path)
    db = await open_database(path, read_only=True)
    try:
        rows = await db.fetchall("SELECT version FROM schema_migrations")
        assert rows[0][0] == 1

        async def scribble(tx: aiosqlite.Connection) -> None:
            await tx.execute("DELETE FROM schema_migrations")

        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            await db.write(scribble)
    finally:
        await db.close()
    assert _digest(path) == digest


def _raise_not_a_database() -> None:
    error = sqlite3.DatabaseError("file is not a database")
    error.sqlite_errorname = "SQLITE_NOTADB"  # type: ignore[attr-defined]
    raise RuntimeError("The database writer stopped.") from error


def _fill(conn: sqlite3.Connection) -> None:
    conn.execute("PRAGMA max_page_count = 1")
    conn.execute("CREATE TABLE t (x)")
    conn.execute("INSERT INTO t VALUES (zeroblob(100000))")


def test_guard_names_file_problems_and_lets_bugs_through(tmp_path: Path) -> None:
    path = tmp_path / "p.db"
    damaged = r"p\.db is damaged \(file is not a database\)"
    with pytest.raises(DatabaseFileError, match=damaged), guard(path):
        _raise_not_a_database()
    conn = sqlite3.connect(":memory:")
    with pytest.raises(DatabaseFileError, match=r"The disk holding .* is full"), guard(path):
        _fill(conn)
    with pytest.raises(sqlite3.OperationalError, match="no such table"), guard(path):
        conn.execute("SELECT * FROM nowhere")
    conn.close()
