"""Numbered migrations: applied once, in order, each in its own transaction, and tracked."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from bot.storage import MigrationError, load_migrations, migrate, open_database
from bot.storage.migrate import split_statements


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
