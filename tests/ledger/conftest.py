"""Fixtures for the ledger tests: a fresh database and ledger, checked after every test."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.ledger import Ledger
from bot.storage import Database, open_database
from tests.backends import BACKENDS, target

GUILD = 1
OTHER_GUILD = 2
ALICE, BOB, CAROL = 101, 102, 103
TABLE = 7
GAME = "black-joke"


@pytest.fixture(params=BACKENDS)
async def db(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Database]:
    """A migrated database, on each backend in turn."""
    async with target(request.param, tmp_path) as where:
        database = await open_database(where)
        yield database
        await database.close()


@pytest.fixture
async def ledger(db: Database) -> AsyncIterator[Ledger]:
    """A ledger with 1,000 starting chips; every invariant must hold when the test ends."""
    book = Ledger(db, starting_chips=1000)
    yield book
    assert await book.check() == []
