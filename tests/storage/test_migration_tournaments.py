"""Migration 0010 (tournaments) on a database holding data from 0009: SQLite rebuilds
`accounts` and `transfers` (with foreign keys off around it, checked before the commit),
PostgreSQL alters them; on both, every row, id and balance survives, every trigger still
refuses what it refused, and the new kind and reasons are taken."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import aiosqlite
import asyncpg
import pytest

from bot.storage import MigrationError, load_migrations, migrate
from bot.storage.pg_migrate import pg_migrations
from tests.backends import BACKENDS, pg_schema

Run = Callable[[str], Awaitable[list[tuple[object, ...]]]]

SEED = [
    "INSERT INTO accounts (id, guild_id, kind) VALUES (1, 1, 'issuance'), (6, 2, 'issuance')",
    "INSERT INTO accounts (id, guild_id, kind, user_id)"
    " VALUES (2, 1, 'purse', 101), (3, 1, 'purse', 102), (7, 2, 'purse', 101)",
    "INSERT INTO accounts (id, guild_id, kind, table_id, seat) VALUES (4, 1, 'stake', 7, 0)",
    "INSERT INTO accounts (id, guild_id, kind, table_id) VALUES (5, 1, 'pot', 7)",
    "INSERT INTO transfers (id, guild_id, debit_account_id, credit_account_id, amount, reason,"
    " key, game, table_id) VALUES"
    " (10, 1, 1, 2, 1000, 'start', 'start:1:101', NULL, NULL),"
    " (20, 1, 1, 3, 1000, 'start', 'start:1:102', NULL, NULL),"
    " (30, 1, 2, 4, 100, 'buyin', 'buyin:7:0', 'tilters', 7),"
    " (40, 1, 4, 5, 100, 'settle', 'settle:7:1:0', 'tilters', 7),"
    " (50, 1, 5, 3, 100, 'cashout', 'cashout:7:1', 'tilters', 7),"
    " (60, 2, 6, 7, 500, 'daily', 'daily:2:101:1', NULL, NULL)",
    "INSERT INTO daily_claims (transfer_id, guild_id, user_id, claimed_at)"
    " VALUES (60, 2, 101, 1.5)",
    "UPDATE accounts SET closed_at = '2024-01-01T00:00:00.000Z' WHERE id IN (4, 5)",
]
BALANCES = [(1, -2000), (2, 900), (3, 1100), (4, 0), (5, 0), (6, -500), (7, 500)]
TRANSFERS = "SELECT id, debit_account_id, credit_account_id, amount, key FROM transfers ORDER BY id"
_INSERT = (
    "INSERT INTO transfers (guild_id, debit_account_id, credit_account_id, amount, reason, key)"
)
REFUSED = [
    (f"{_INSERT} VALUES (1, 2, 3, 5000, 'gift', 'over')", "no_overdraft"),
    ("UPDATE transfers SET amount = 1 WHERE id = 10", "append-only"),
    ("DELETE FROM transfers WHERE id = 60", "append-only"),
    (f"{_INSERT} VALUES (1, 2, 4, 5, 'topup', 'late')", "account closed"),
    (f"{_INSERT} VALUES (1, 2, 7, 5, 'gift', 'across')", "another server"),
    ("DELETE FROM accounts WHERE id = 3", "permanent"),
    ("UPDATE accounts SET user_id = 5 WHERE id = 2", "keeps its identity"),
    ("UPDATE accounts SET closed_at = 'now' WHERE id = 2", "only escrow closes"),
    ("UPDATE accounts SET closed_at = NULL WHERE id = 4", "stay closed"),
    (f"{_INSERT} VALUES (1, 2, 999, 5, 'gift', 'nowhere')", "FOREIGN KEY|foreign key"),
    (f"{_INSERT} VALUES (1, 2, 3, 5, 'bribe', 'why')", "CHECK|check"),
    ("INSERT INTO accounts (guild_id, kind, tournament_id) VALUES (1, 'pot', 3)", "account_shape"),
]


@pytest.fixture(params=BACKENDS)
async def runner(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Run]:
    """A database migrated to 0009, seeded, then migrated to 0010; yields a statement runner."""
    if request.param == "sqlite":
        async with aiosqlite.connect(tmp_path / "p.db", isolation_level=None) as conn:
            await conn.execute("PRAGMA foreign_keys = ON")
            await migrate(conn, [m for m in load_migrations() if m.version <= 9])
            for sql in SEED:
                await conn.execute(sql)
            assert await migrate(conn, [m for m in load_migrations() if m.version <= 10]) == [10]

            async def run_lite(sql: str) -> list[tuple[object, ...]]:
                return [tuple(r) for r in await conn.execute_fetchall(sql)]

            yield run_lite
        return
    async with pg_schema() as where:
        conn = await asyncpg.connect(where)
        try:
            for migration in pg_migrations():
                async with conn.transaction():
                    await conn.execute(migration.sql)
                if migration.version == 9:
                    for sql in SEED:
                        await conn.execute(sql)

            async def run_pg(sql: str) -> list[tuple[object, ...]]:
                return [tuple(r) for r in await conn.fetch(sql)]

            yield run_pg
        finally:
            await conn.close()


async def test_rows_ids_and_balances_survive(runner: Run) -> None:
    assert await runner("SELECT id, balance FROM accounts ORDER BY id") == BALANCES
    assert [row[0] for row in await runner(TRANSFERS)] == [10, 20, 30, 40, 50, 60]
    assert await runner("SELECT transfer_id, user_id FROM daily_claims") == [(60, 101)]
    closed = await runner("SELECT id FROM accounts WHERE closed_at IS NOT NULL ORDER BY id")
    assert closed == [(4,), (5,)]
    assert await runner("SELECT COUNT(*) FROM accounts WHERE tournament_id IS NOT NULL") == [(0,)]


async def test_every_trigger_still_refuses_what_it_refused(runner: Run) -> None:
    before = await runner(TRANSFERS)
    for sql, message in REFUSED:
        with pytest.raises((sqlite3.DatabaseError, asyncpg.PostgresError), match=message):
            await runner(sql)
    assert await runner(TRANSFERS) == before
    assert await runner("SELECT id, balance FROM accounts ORDER BY id") == BALANCES


async def test_the_entry_kind_and_new_reasons_are_taken(runner: Run) -> None:
    await runner(
        "INSERT INTO accounts (id, guild_id, kind, tournament_id) VALUES (8, 1, 'entry', 3)"
    )
    await runner(f"{_INSERT} VALUES (1, 2, 8, 50, 'entry', 'entry:3:101')")
    await runner(f"{_INSERT} VALUES (1, 8, 3, 50, 'prize', 'prize:3:102')")
    await runner(f"{_INSERT} VALUES (1, 1, 2, 70, 'lend', 'lend:1:a')")
    await runner(f"{_INSERT} VALUES (1, 2, 1, 70, 'repay', 'repay:1:a')")
    await runner("UPDATE accounts SET closed_at = 'now' WHERE id = 8")
    with pytest.raises((sqlite3.DatabaseError, asyncpg.PostgresError), match="account closed"):
        await runner(f"{_INSERT} VALUES (1, 2, 8, 5, 'entry', 'entry:3:late')")
    balances = await runner("SELECT id, balance FROM accounts WHERE id IN (2, 3, 8) ORDER BY id")
    assert balances == [(2, 850), (3, 1150), (8, 0)]


async def test_sqlite_foreign_keys_are_back_on_after_the_rebuild(tmp_path: Path) -> None:
    async with aiosqlite.connect(tmp_path / "p.db", isolation_level=None) as conn:
        await conn.execute("PRAGMA foreign_keys = ON")
        assert await migrate(conn) == [m.version for m in load_migrations()]
        assert list(await conn.execute_fetchall("PRAGMA foreign_keys")) == [(1,)]
        assert list(await conn.execute_fetchall("PRAGMA foreign_key_check")) == []


async def test_a_rebuild_leaving_a_dangling_row_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "migrations"
    folder.mkdir()
    (folder / "0001_a.sql").write_text(
        "CREATE TABLE parent (id INTEGER PRIMARY KEY);\n"
        "CREATE TABLE child (parent_id INTEGER REFERENCES parent (id));\n"
        "INSERT INTO parent VALUES (1);\nINSERT INTO child VALUES (1);\n",
        encoding="utf-8",
    )
    (folder / "0002_b.sql").write_text(
        "-- parlour: rebuilds tables\n"
        "CREATE TABLE parent_new (id INTEGER PRIMARY KEY, name TEXT);\n"
        "DROP TABLE parent;\nALTER TABLE parent_new RENAME TO parent;\n",
        encoding="utf-8",
    )
    async with aiosqlite.connect(tmp_path / "t.db", isolation_level=None) as conn:
        await conn.execute("PRAGMA foreign_keys = ON")
        with pytest.raises(MigrationError, match="0002_b failed: 1 rows point at nothing"):
            await migrate(conn, load_migrations(folder))
        columns = [r[1] for r in await conn.execute_fetchall("PRAGMA table_info(parent)")]
        assert columns == ["id"]  # rolled back: the old parent is still there
        assert list(await conn.execute_fetchall("SELECT id FROM parent")) == [(1,)]
        assert list(await conn.execute_fetchall("PRAGMA foreign_keys")) == [(1,)]
