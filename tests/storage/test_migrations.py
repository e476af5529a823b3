"""Numbered migrations: applied once, in order, each in its own transaction, and tracked,
on SQLite and on PostgreSQL (whose half is skipped unless PARLOUR_TEST_POSTGRES is set)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from bot.storage import MigrationError, StorageError, load_migrations, migrate, open_database
from bot.storage.migrate import split_statements
from bot.storage.pg_connect import connect
from bot.storage.pg_migrate import MIGRATION_LOCK, migrate_pg, pg_migrations
from tests.backends import needs_postgres, pg_schema
from tests.storage.sentences import one_sentence


async def test_packaged_migrations_are_applied_once_and_tracked(tmp_path: Path) -> None:
    packaged = [m.version for m in load_migrations()]
    assert packaged[0] == 1
    path = tmp_path / "parlour.db"
    db = await open_database(path)
    first = [tuple(r) for r in await db.fetchall("SELECT * FROM schema_migrations")]
    await db.close()

    db = await open_database(path)
    again = [tuple(r) for r in await db.fetchall("SELECT * FROM schema_migrations")]
    tables = {r[0] for r in await db.fetchall("SELECT name FROM sqlite_master")}
    await db.close()

    assert [row[0] for row in first] == packaged
    assert again == first  # same rows, same applied_at: nothing ran twice
    assert {"accounts", "transfers"} <= tables


def _write(folder: Path, name: str, sql: str) -> None:
    (folder / name).write_text(sql, encoding="utf-8")


async def test_files_run_in_number_order_and_new_ones_are_picked_up(tmp_path: Path) -> None:
    folder = tmp_path / "migrations"
    folder.mkdir()
    _write(folder, "0010_c.sql", "INSERT INTO log VALUES ('c');")
    _write(folder, "0001_a.sql", "CREATE TABLE log (step TEXT);\nINSERT INTO log VALUES ('a');")
    _write(folder, "0002_b.sql", "INSERT INTO log VALUES ('b'); -- a comment; with a semicolon")
    _write(folder, "README.txt", "not a migration")
    _write(folder, "0003_Bad-Name.sql", "this is ignored")
    async with aiosqlite.connect(tmp_path / "t.db", isolation_level=None) as conn:
        assert [m.version for m in load_migrations(folder)] == [1, 2, 10]
        assert await migrate(conn, load_migrations(folder)) == [1, 2, 10]
        _write(folder, "0011_d.sql", "INSERT INTO log VALUES ('d');")
        assert await migrate(conn, load_migrations(folder)) == [11]
        steps = [r[0] for r in await conn.execute_fetchall("SELECT step FROM log")]
    assert steps == ["a", "b", "c", "d"]


async def test_a_failing_migration_changes_nothing(tmp_path: Path) -> None:
    folder = tmp_path / "migrations"
    folder.mkdir()
    _write(folder, "0001_ok.sql", "CREATE TABLE kept (x INTEGER);")
    _write(
        folder, "0002_bad.sql", "CREATE TABLE half (x INTEGER);\nINSERT INTO nowhere VALUES (1);"
    )
    async with aiosqlite.connect(tmp_path / "t.db", isolation_level=None) as conn:
        with pytest.raises(MigrationError, match="0002_bad"):
            await migrate(conn, load_migrations(folder))
        names = {r[0] for r in await conn.execute_fetchall("SELECT name FROM sqlite_master")}
        done = [r[0] for r in await conn.execute_fetchall("SELECT version FROM schema_migrations")]
    assert "kept" in names
    assert "half" not in names
    assert done == [1]


def test_two_files_with_one_number_are_refused(tmp_path: Path) -> None:
    _write(tmp_path, "0001_a.sql", "SELECT 1;")
    _write(tmp_path, "0001_b.sql", "SELECT 2;")
    with pytest.raises(MigrationError, match="0001"):
        load_migrations(tmp_path)


def test_statements_split_at_real_semicolons_only() -> None:
    script = """
    -- leading comment; still a comment
    CREATE TABLE t (x TEXT DEFAULT ';');
    CREATE TRIGGER t_ins AFTER INSERT ON t BEGIN
        SELECT 1; SELECT 2;
    END;
    INSERT INTO t VALUES ('a;b');
    """
    statements = split_statements(script)
    assert len(statements) == 3
    assert statements[1].startswith("CREATE TRIGGER") and statements[1].endswith("END;")


def test_an_unfinished_statement_is_refused() -> None:
    with pytest.raises(MigrationError, match="incomplete"):
        split_statements("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1)")


# PostgreSQL: the same migrations, numbered and named alike, in a schema of each test's own.


def test_both_backends_number_and_name_their_migrations_alike() -> None:
    sqlite = [(m.version, m.name) for m in load_migrations()]
    assert sqlite == [(m.version, m.name) for m in pg_migrations()]
    assert [version for version, _ in sqlite] == list(range(1, len(sqlite) + 1))


@needs_postgres
async def test_postgres_records_what_sqlite_records_and_migrates_once(tmp_path: Path) -> None:
    lite = await open_database(tmp_path / "parlour.db")
    recorded = [
        tuple(r) for r in await lite.fetchall("SELECT version, name FROM schema_migrations")
    ]
    await lite.close()
    async with pg_schema() as dsn:
        db = await open_database(dsn)
        first = [tuple(r) for r in await db.fetchall("SELECT * FROM schema_migrations")]
        await db.close()
        conn = await connect(dsn)
        try:
            assert await migrate_pg(conn, dsn) == []  # migrating again applies nothing
            again = [tuple(r) for r in await conn.fetch("SELECT * FROM schema_migrations")]
        finally:
            await conn.close()
    assert [row[:2] for row in first] == recorded
    assert again == first  # same rows, same applied_at


_SCHEMA_LOCK = "SELECT pg_advisory_{verb}($1, hashtext(current_schema()))"


async def _lock_waiters(watcher: Any) -> int:
    """How many connections wait for an advisory lock."""
    count: int = await watcher.fetchval(
        "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
    )
    return count


@needs_postgres
async def test_two_connections_migrating_at_once_apply_each_migration_once() -> None:
    versions = [m.version for m in pg_migrations()]
    async with pg_schema() as dsn:
        holder, first, second = [await connect(dsn) for _ in range(3)]
        try:
            # Hold the schema's migration lock (as pg_migrate keys it) so that both start
            # before either may go on.
            await holder.execute(_SCHEMA_LOCK.format(verb="lock"), MIGRATION_LOCK)
            racing = asyncio.gather(migrate_pg(first, dsn), migrate_pg(second, dsn))
            for _ in range(500):
                if await _lock_waiters(holder) >= 2:
                    break
                await asyncio.sleep(0.002)
            assert await _lock_waiters(holder) >= 2
            await holder.execute(_SCHEMA_LOCK.format(verb="unlock"), MIGRATION_LOCK)
            mine, theirs = await racing
            rows = await holder.fetch("SELECT version FROM schema_migrations ORDER BY version")
        finally:
            for conn in (holder, first, second):
                await conn.close()
    assert sorted(mine + theirs) == versions
    assert [row["version"] for row in rows] == versions


async def _tables(dsn: str) -> set[str]:
    """The tables of the schema `dsn` names first."""
    conn = await connect(dsn)
    try:
        rows = await conn.fetch(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
        )
    finally:
        await conn.close()
    return {row[0] for row in rows}


@needs_postgres
async def test_a_schema_of_another_application_is_refused_and_left_alone() -> None:
    async with pg_schema() as dsn:
        conn = await connect(dsn)
        try:
            await conn.execute("CREATE TABLE users (id INTEGER PRIMARY KEY)")
        finally:
            await conn.close()
        with pytest.raises(StorageError) as refused:
            await open_database(dsn)
        assert await _tables(dsn) == {"users"}
    sentence = one_sentence(refused.value)
    assert "another application's tables (users)" in sentence
    assert "database of its own" in sentence


@needs_postgres
async def test_a_schema_written_by_a_newer_parlour_is_refused() -> None:
    newest = pg_migrations()[-1].version
    async with pg_schema() as dsn:
        db = await open_database(dsn)
        await db.close()
        conn = await connect(dsn)
        try:
            await conn.execute(
                "INSERT INTO schema_migrations (version, name) VALUES ($1, 'from_the_future')",
                newest + 1,
            )
        finally:
            await conn.close()
        for read_only in (False, True):
            with pytest.raises(StorageError) as refused:
                await open_database(dsn, read_only=read_only)
            sentence = one_sentence(refused.value)
            assert "newer Parlour" in sentence and "upgrade Parlour" in sentence
            assert f"schema {newest + 1}" in sentence


@needs_postgres
async def test_read_only_needs_a_parlour_schema_already_there() -> None:
    async with pg_schema() as dsn:
        with pytest.raises(StorageError) as refused:
            await open_database(dsn, read_only=True)
        assert await _tables(dsn) == set()  # nothing was written
        db = await open_database(dsn)
        await db.close()
        db = await open_database(dsn, read_only=True)
        try:
            row = await db.fetchone("SELECT count(*) AS n FROM schema_migrations")
        finally:
            await db.close()
    assert "holds no Parlour data yet" in one_sentence(refused.value)
    assert row is not None and row["n"] == len(pg_migrations())
