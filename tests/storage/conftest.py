"""Fixtures for the storage tests: a fresh database per test, on each backend."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import Database, Tx, open_database
from tests.backends import BACKENDS, target


@pytest.fixture(params=BACKENDS)
async def db(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Database]:
    """A migrated database with a scratch table `notes`, on each backend in turn."""
    async with target(request.param, tmp_path) as where:
        database = await open_database(where)

        async def create(tx: Tx) -> None:
            await tx.execute(
                "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE)"
            )

        await database.write(create)
        yield database
        await database.close()
