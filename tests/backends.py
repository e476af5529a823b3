"""The two storage backends for tests: SQLite always, PostgreSQL when
`PARLOUR_TEST_POSTGRES` names a server (reported as skipped otherwise).

Each PostgreSQL test gets a schema of its own (`search_path` in the address), dropped
afterwards, so tests running in parallel never see each other's tables. A server named
but out of reach fails the test: CI sets the variable and must never skip silently.
"""

from __future__ import annotations

import contextlib
import os
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest

POSTGRES = os.environ.get("PARLOUR_TEST_POSTGRES", "").strip() or None
"""The PostgreSQL server the tests may use (an asyncpg address), or None."""

NO_POSTGRES = "PARLOUR_TEST_POSTGRES is not set: the PostgreSQL half of this test is skipped"

needs_postgres = pytest.mark.skipif(POSTGRES is None, reason=NO_POSTGRES)

BACKENDS = ["sqlite", pytest.param("postgres", marks=needs_postgres)]
"""Parametrise a test or fixture over both backends with this."""


def in_schema(dsn: str, schema: str) -> str:
    """`dsn` with `schema` first on its search path."""
    return f"{dsn}{'&' if '?' in dsn else '?'}search_path={schema}"


@contextlib.asynccontextmanager
async def pg_schema() -> AsyncIterator[str]:
    """A new, empty schema on the test server; yields its address, drops it afterwards."""
    assert POSTGRES is not None, NO_POSTGRES
    schema = f"t_{uuid.uuid4().hex[:16]}"
    conn = await asyncpg.connect(POSTGRES)
    try:
        await conn.execute(f"CREATE SCHEMA {schema}")
    finally:
        await conn.close()
    try:
        yield in_schema(POSTGRES, schema)
    finally:
        conn = await asyncpg.connect(POSTGRES)
        try:
            await conn.execute(f"DROP SCHEMA {schema} CASCADE")
        finally:
            await conn.close()


@contextlib.asynccontextmanager
async def target(backend: str, folder: Path, name: str = "parlour.db") -> AsyncIterator[str]:
    """Where a fresh database of `backend` lives: a file in `folder`, or a new schema."""
    if backend == "sqlite":
        yield str(folder / name)
        return
    async with pg_schema() as dsn:
        yield dsn
