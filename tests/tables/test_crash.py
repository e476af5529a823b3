"""The crash test: a real process playing tables is killed with SIGKILL at random points;
after each restart every open table must rebuild to its stored state and the ledger's
invariants must hold."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from bot.ledger import Ledger
from bot.storage import Database
from bot.tables import ServiceSettings, TableService

ROOT = Path(__file__).resolve().parents[2]
KILLS = int(os.environ.get("PARLOUR_CRASH_KILLS", "6"))


def _start(db: Path, seed: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.tables.crash_worker", str(db), str(seed)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _recovery_line(proc: subprocess.Popen[str]) -> dict[str, object]:
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert line, proc.stderr.read() if proc.stderr else "worker died"
    report: dict[str, object] = json.loads(line)
    return report


def _play_and_kill(db_path: Path) -> int:
    """Start, wait a random moment, SIGKILL, again and again; the tables recovered."""
    rng = random.Random(2026)
    recovered = 0
    for run in range(KILLS + 1):
        proc = _start(db_path, run)
        report = _recovery_line(proc)
        assert report["abandoned"] == [], report
        assert report["problems"] == [], report
        recovered += int(report["tables"])  # type: ignore[call-overload]
        if run == KILLS:
            proc.kill()
            proc.wait()
            break
        time.sleep(rng.uniform(0.05, 0.6))
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    return recovered


async def test_killed_processes_recover_exactly_and_keep_the_ledger_whole(
    tmp_path: Path,
) -> None:
    db_path = tmp_path / "crash.db"
    recovered = await asyncio.to_thread(_play_and_kill, db_path)
    assert recovered >= 1  # some kill landed mid-game
    db = await Database.open(db_path)
    try:
        ledger = Ledger(db)
        service = TableService(db, ledger, ServiceSettings(turn_timeout_s=None))
        report_after = await service.recover()
        assert report_after.abandoned == []
        assert await ledger.check() == []
        games = await db.fetchall("SELECT COUNT(*) AS n FROM actions")
        assert games[0]["n"] > 0
    finally:
        await db.close()
