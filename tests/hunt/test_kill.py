"""The kill -9 hunter, CI-sized: a process making random requests of every kind (moves,
leaves, top-ups, stops, clocks) is killed again and again; each restart must bring every
table back with the ledger whole, on each backend (on PostgreSQL every start opens the
same schema). `bench/bench_hunt.py` runs it a thousand times."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

from tests.backends import BACKENDS, target
from tests.hunt.driver import Hunt
from tests.hunt.killer import kill_run

KILLS = int(os.environ.get("PARLOUR_CRASH_KILLS", "8"))


@pytest.mark.parametrize("backend", BACKENDS)
async def test_killed_processes_recover_every_table_and_keep_every_chip(
    backend: str, tmp_path: Path
) -> None:
    async with target(backend, tmp_path, "kill.db") as db:
        report = await asyncio.to_thread(kill_run, db, KILLS, 2026)
        assert report.failures == []
        assert report.kills == KILLS
        assert report.tables_recovered >= 1  # some kill landed with a table open
        hunt = Hunt(db)
        assert await hunt.open() == []
        try:
            await hunt.close_all()
        finally:
            await hunt.close()
