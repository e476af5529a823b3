"""Helpers for the tests of the PostgreSQL schema: the packaged migration files, a fresh
schema holding all of them, and a refusal check.

A test that needs the server takes `migrated_schema()`; it skips the test unless
PARLOUR_TEST_POSTGRES holds an asyncpg DSN (e.g. `postgresql:///test`).
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.resources
import os
import re
import uuid
from collections.abc import AsyncIterator

import asyncpg
import pytest

DSN_VARIABLE = "PARLOUR_TEST_POSTGRES"
GUILD = 900_000_000_000_000_001  # Discord ids need all 64 bits
OTHER_GUILD = 900_000_000_000_000_002
USER = 800_000_000_000_000_001
FRIEND = 800_000_000_000_000_002
CHANNEL = 700_000_000_000_000_001


def migrations(*parts: str) -> dict[str, str]:
    """The packaged migration files of a folder under bot/storage/migrations, by name."""
    folder = importlib.resources.files("bot.storage").joinpath("migrations", *parts)
    return {
        entry.name: entry.read_text(encoding="utf-8")
        for entry in folder.iterdir()
        if entry.is_file() and entry.name.endswith(".sql")
    }


@contextlib.asynccontextmanager
async def migrated_schema() -> AsyncIterator[asyncpg.Connection]:
    """A connection whose search_path is a fresh schema holding every PostgreSQL
    migration, each applied in a transaction of its own; the schema is dropped after."""
    dsn = os.environ.get(DSN_VARIABLE)
    if not dsn:
        pytest.skip(f"{DSN_VARIABLE} is not set, so there is no PostgreSQL to test against.")
    conn = await asyncpg.connect(dsn)
    schema = f"schema_test_{uuid.uuid4().hex}"
    try:
        await conn.execute(f"CREATE SCHEMA {schema}")
        await conn.execute(f"SET search_path TO {schema}")
        for _, sql in sorted(migrations("postgres").items()):
            async with conn.transaction():
                await conn.execute(sql)
        yield conn
    finally:
        await conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        await conn.close()


async def refused(conn: asyncpg.Connection, message: str, sql: str, *args: object) -> None:
    """Check that PostgreSQL refuses a statement with an integrity error (SQLSTATE class
    23) whose message holds `message`; the statement's transaction is rolled back."""
    with pytest.raises(asyncpg.IntegrityConstraintViolationError, match=re.escape(message)):
        async with conn.transaction():
            await conn.execute(sql, *args)


async def second_connection(conn: asyncpg.Connection) -> asyncpg.Connection:
    """Another connection to the same database, with the same search_path."""
    schema = await conn.fetchval("SHOW search_path")
    return await asyncpg.connect(os.environ[DSN_VARIABLE], server_settings={"search_path": schema})


async def until_waiting(watcher: asyncpg.Connection, other: asyncpg.Connection) -> None:
    """Return once `other` waits for a lock (pg_locks is read live, even in a transaction)."""
    pid = other.get_server_pid()
    for _ in range(500):
        if await watcher.fetchval("SELECT bool_or(NOT granted) FROM pg_locks WHERE pid = $1", pid):
            return
        await asyncio.sleep(0.002)
    raise AssertionError("the other connection never waited for a lock")
