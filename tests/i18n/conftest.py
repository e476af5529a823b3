"""Fixtures for the languages tests: a fresh migrated database per test, on each backend."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import Database, open_database
from tests.backends import BACKENDS, target


@pytest.fixture(params=BACKENDS)
async def db(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Database]:
    """A migrated database, on each backend in turn."""
    async with target(request.param, tmp_path) as where:
        database = await open_database(where)
        yield database
        await database.close()
