"""The two storage backends for tests: SQLite always, PostgreSQL when
`PARLOUR_TEST_POSTGRES` names a server (reported as skipped otherwise).

Each PostgreSQL test gets a schema of its own (`search_path` in the address), dropped
afterwards, so tests running in parallel never see each other's tables. A server named
but out of reach fails the test: CI sets the variable and must never skip silently.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import tempfile
import uuid
from collections.abc import AsyncIterator, Coroutine
from pathlib import Path
from typing import Any, TypeVar

import asyncpg
import pytest
from hypothesis import settings

T = TypeVar("T")
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
async def pg_schema(server: str | None = None) -> AsyncIterator[str]:
    """A new, empty schema on `server` (the test server by default); yields its address,
    drops it afterwards."""
    server = server or POSTGRES
    assert server is not None, NO_POSTGRES
    schema = f"t_{uuid.uuid4().hex[:16]}"
    conn = await asyncpg.connect(server)
    try:
        await conn.execute(f"CREATE SCHEMA {schema}")
    finally:
        await conn.close()
    try:
        yield in_schema(server, schema)
    finally:
        conn = await asyncpg.connect(server)
        try:
            await conn.execute(f"DROP SCHEMA {schema} CASCADE")
        finally:
            await conn.close()


@contextlib.asynccontextmanager
async def target(
    backend: str, folder: Path, name: str = "parlour.db", server: str | None = None
) -> AsyncIterator[str]:
    """Where a fresh database of `backend` lives: a file in `folder`, or a new schema (on
    `server`, the test server by default)."""
    if backend == "sqlite":
        yield str(folder / name)
        return
    async with pg_schema(server) as dsn:
        yield dsn


class MachinePlace:
    """A fresh database for a synchronous test (a Hypothesis state machine's example): an
    event loop of its own, a temporary folder, and `where`, a file in it or a new schema."""

    def __init__(self, backend: str, name: str = "parlour.db") -> None:
        self.loop = asyncio.new_event_loop()
        self.folder = tempfile.TemporaryDirectory()
        self._made = contextlib.AsyncExitStack()
        at = target(backend, Path(self.folder.name), name)
        self.where = self.run(self._made.enter_async_context(at))

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        """Run one coroutine on the place's event loop."""
        return self.loop.run_until_complete(coro)

    def close(self) -> None:
        """Drop the schema (PostgreSQL), close the loop, remove the folder."""
        try:
            self.run(self._made.aclose())
        finally:
            self.loop.close()
            self.folder.cleanup()


POSTGRES_EXAMPLES = 3
"""A state machine on PostgreSQL tries this many times fewer examples (`machine_settings`):
each needs a fresh schema, created and migrated in about a tenth of a second (the
ledger's triggers refuse to clear one), and a round trip costs several times SQLite's."""


def machine_settings(base: settings, backend: str, *, steps_on_postgres: int) -> settings:
    """A Hypothesis state machine's settings on `backend`: `base` on SQLite; on PostgreSQL
    a third of its examples, each `steps_on_postgres` steps long, so that the machine still
    walks far while its time stays near SQLite's."""
    if backend == "sqlite":
        return base
    return settings(
        base,
        max_examples=max(1, base.max_examples // POSTGRES_EXAMPLES),
        stateful_step_count=steps_on_postgres,
    )
