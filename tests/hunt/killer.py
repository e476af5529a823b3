"""The kill -9 hunt, shared by the test suite and the long run: start a worker on a
database (a SQLite file, or a PostgreSQL schema's address that every start opens again),
let it make a random number of requests, SIGKILL it, and again; every start must recover
every table (none set aside) with the ledger whole and every escrow equal to its game's
stacks."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class KillReport:
    """What a run of kills found."""

    kills: int = 0
    tables_recovered: int = 0
    failures: list[str] = field(default_factory=list)


def _start(db: str | Path, seed: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.hunt.kill_worker", str(db), str(seed)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _report(proc: subprocess.Popen[str]) -> dict[str, object] | str:
    """The worker's recovery line, or what went wrong instead."""
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if not line:
        proc.wait()
        return proc.stderr.read() if proc.stderr else "the worker died"
    found: dict[str, object] = json.loads(line)
    return found


def _strike(proc: subprocess.Popen[str], after: int) -> str | None:
    """Let the worker make about `after` requests, then SIGKILL it; what went wrong, if
    it died on its own first."""
    assert proc.stdout is not None
    for line in proc.stdout:
        if int(line) >= after:
            break
    else:
        proc.wait()
        return proc.stderr.read() if proc.stderr else "the worker died"
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    return None


def kill_run(db: str | Path, kills: int, seed: int, most: int = 120) -> KillReport:
    """`kills` starts and kills on one database, then a last start to check it."""
    rng = random.Random(seed)
    report = KillReport()
    for run in range(kills + 1):
        proc = _start(db, seed * 100_003 + run)
        found = _report(proc)
        if isinstance(found, str):
            report.failures.append(f"start {run}: {found}")
            break
        report.tables_recovered += int(str(found["tables"]))
        if found["abandoned"] or found["problems"]:
            report.failures.append(f"start {run}: {found}")
        if run == kills:
            proc.kill()
            proc.wait()
            break
        died = _strike(proc, rng.randrange(5, most))
        if died is not None:
            report.failures.append(f"run {run} died: {died}")
            break
        report.kills += 1
    return report
