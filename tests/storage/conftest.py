"""Fixtures for the storage tests: a fresh database file per test."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import aiosqlite
import pytest

from bot.storage import Database


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    """A migrated database in a temporary directory, with a scratch table `notes`."""
    database = await Database.open(tmp_path / "parlour.db")

    async def create(tx: aiosqlite.Connection) -> None:
        await tx.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE)")

    await database.write(create)
    yield database
    await database.close()
