"""Parlour's schema on PostgreSQL: the numbered migrations of `migrations/postgres/`,
numbered and named as SQLite's, applied in order under an advisory lock (so processes
starting together migrate once), and a database that is not Parlour's left alone."""

from __future__ import annotations

import importlib.resources

import asyncpg

from bot.storage.migrate import Migration, MigrationError, load_migrations
from bot.storage.pg_connect import PgConnection
from bot.storage.tx import StorageError, as_int, as_str, as_str_or_none

MIGRATION_LOCK = 0x50524C52
"""The first key of the advisory lock ("PRLR") taken while migrating."""

# The lock is this schema's alone: Parlours in other schemas of the database migrate freely.
_LOCK = "SELECT pg_advisory_xact_lock($1, hashtext(current_schema()))"

APPLICATION = "parlour"
COPY_MARK = "unfinished_copy_of"
"""The `parlour_meta` key a copy under way (`bot.storage.copy`) sets to its source's
address: nothing but that copy may use the database until it is finished."""
_NOW = "to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')"
_TRACKING = f"""
CREATE TABLE IF NOT EXISTS schema_migrations (
    version    BIGINT PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at TEXT NOT NULL DEFAULT ({_NOW})
);
CREATE TABLE IF NOT EXISTS parlour_meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
INSERT INTO parlour_meta (key, value) VALUES ('application', '{APPLICATION}')
    ON CONFLICT (key) DO NOTHING;
"""


def pg_migrations() -> list[Migration]:
    """The packaged PostgreSQL migrations, in order."""
    folder = importlib.resources.files("bot.storage").joinpath("migrations", "postgres")
    return load_migrations(folder)


async def migrate_pg(
    conn: PgConnection, where: str, *, apply: bool = True, migrations: list[Migration] | None = None
) -> list[int]:
    """Refuse a database that is not Parlour's or is newer; apply what is missing."""
    known = pg_migrations() if migrations is None else migrations
    latest = known[-1].version if known else 0
    async with conn.transaction():
        await conn.execute(_LOCK, MIGRATION_LOCK)
        await check_ours(conn, where, latest, new_ok=apply)
        if not apply:
            return []
        await conn.execute(_TRACKING)
        done = await applied_versions(conn)
    applied = []
    for migration in known:
        if migration.version not in done and await _apply(conn, migration):
            applied.append(migration.version)
    return applied


async def applied_versions(conn: PgConnection) -> set[int]:
    """The migrations a Parlour database records as applied."""
    return {as_int(r[0]) for r in await conn.fetch("SELECT version FROM schema_migrations")}


async def check_ours(
    conn: PgConnection, where: str, latest: int, *, new_ok: bool, copying: bool = False
) -> bool:
    """Refuse, in one sentence, a database holding another application's tables, a
    newer Parlour's schema or (unless `copying`) an unfinished copy; return whether it
    holds nothing yet."""
    names = {
        as_str(r[0])
        for r in await conn.fetch(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
        )
    }
    if not names:
        if new_ok:
            return True
        raise StorageError(f"PostgreSQL at {where} holds no Parlour data yet.")
    mark = None
    if "parlour_meta" in names:
        mark = await conn.fetchval("SELECT value FROM parlour_meta WHERE key = 'application'")
    if mark != APPLICATION:
        listed = ", ".join(sorted(names)[:3]) + (", ..." if len(names) > 3 else "")
        raise StorageError(
            f"PostgreSQL at {where} holds another application's tables ({listed}),"
            " so Parlour leaves it alone: give Parlour a database of its own."
        )
    newest = max(await applied_versions(conn), default=0)
    if newest > latest:
        raise StorageError(
            f"PostgreSQL at {where} was written by a newer Parlour (schema {newest}; this"
            f" one knows up to {latest}): upgrade Parlour before running it on this database."
        )
    source = as_str_or_none(
        await conn.fetchval("SELECT value FROM parlour_meta WHERE key = $1", COPY_MARK)
    )
    if source is not None and not copying:
        raise StorageError(
            f"PostgreSQL at {where} holds an unfinished copy of {source}: run"
            " `parlour db copy` from it again to finish the copy before using this database."
        )
    return False


async def _apply(conn: PgConnection, migration: Migration) -> bool:
    """Apply one migration unless another process already did; return whether it ran."""
    label = f"{migration.version:04d}_{migration.name}"
    try:
        async with conn.transaction():
            await conn.execute(_LOCK, MIGRATION_LOCK)
            seen = await conn.fetchval(
                "SELECT 1 FROM schema_migrations WHERE version = $1", migration.version
            )
            if seen:
                return False
            await conn.execute(migration.sql)
            await conn.execute(
                "INSERT INTO schema_migrations (version, name) VALUES ($1, $2)",
                migration.version,
                migration.name,
            )
    except asyncpg.PostgresError as exc:
        raise MigrationError(f"Migration {label} failed: {exc}") from exc
    return True
