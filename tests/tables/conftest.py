"""Fixtures for the table service: a file database, its ledger, a fake clock."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.ledger import Ledger
from bot.storage import Database, open_database
from bot.tables import RecordingPresenter, ServiceSettings, TableService
from tests.backends import BACKENDS, target

GUILD = 10
CHANNEL = 20
ALICE, BOB, CAROL = 101, 102, 103
START = 1000


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture(params=BACKENDS)
async def db(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Database]:
    """A migrated database, on each backend in turn."""
    async with target(request.param, tmp_path) as where:
        database = await open_database(where)
        yield database
        await database.close()


@pytest.fixture
def ledger(db: Database) -> Ledger:
    return Ledger(db, starting_chips=START)


@pytest.fixture
def recorder() -> RecordingPresenter:
    return RecordingPresenter()


@pytest.fixture
def service(
    db: Database, ledger: Ledger, clock: FakeClock, recorder: RecordingPresenter
) -> TableService:
    settings = ServiceSettings(default_buy_in=100, turn_timeout_s=60.0, handover_after=3)
    return TableService(db, ledger, settings, clock=clock, presenters=[recorder])
