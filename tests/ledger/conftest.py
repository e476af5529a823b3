"""Fixtures for the ledger tests: a fresh database and ledger, checked after every test."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.ledger import Ledger
from bot.storage import Database

GUILD = 1
OTHER_GUILD = 2
ALICE, BOB, CAROL = 101, 102, 103
TABLE = 7
GAME = "black-joke"


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    """A migrated database in a temporary directory."""
    database = await Database.open(tmp_path / "parlour.db")
    yield database
    await database.close()


@pytest.fixture
async def ledger(db: Database) -> AsyncIterator[Ledger]:
    """A ledger with 1,000 starting chips; every invariant must hold when the test ends."""
    book = Ledger(db, starting_chips=1000)
    yield book
    assert await book.check() == []
