"""Fixtures for the tournament service: a database on each backend, its ledger, a table
service with a fake clock, and a tournament service whose host records the news and
numbers the threads it opens."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import Database, open_database
from tests.backends import BACKENDS, target
from tests.tournaments.service.playing import FakeClock, Place, RecordingHost, open_place


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture(params=BACKENDS)
async def where(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """Where a fresh database lives, on each backend in turn."""
    async with target(request.param, tmp_path) as found:
        yield found


@pytest.fixture
async def db(where: str) -> AsyncIterator[Database]:
    database = await open_database(where)
    yield database
    await database.close()


@pytest.fixture
def host() -> RecordingHost:
    return RecordingHost()


@pytest.fixture
async def place(db: Database, clock: FakeClock, host: RecordingHost) -> AsyncIterator[Place]:
    """The services over the database, recovered as at start-up."""
    found = await open_place(db, clock, host)
    yield found
    await found.tournaments.settle()
