"""Benchmark of replays (issue 23), written to bench/RESULTS.md "## Issue 23: replays".

A table of 400 logged actions (a Pip-Pip! game of 5 seats, played at random, stored as the
service stores it), opened as a replay, then jumps to random steps: `view_at` alone
(the public view and a seat's own), and `view_at` with the table picture of the public
scene rendered in-process (`render_table`), p50 and p99 against the 100 ms p99 target;
beside them, one jump rebuilt from the start (what the snapshots save), stepping on one
by one, and the time to open the replay (load, rebuild and verify every state).

Run: .venv/bin/python bench/bench_replay.py [--jumps N]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench._results import write_section  # noqa: E402
from bot.storage import open_database  # noqa: E402
from bot.tables.recovery import apply_entry, start_state  # noqa: E402
from bot.tables.replay import SNAPSHOT_EVERY, Replay  # noqa: E402
from bot.tables.replays import Replays  # noqa: E402
from render import render_table  # noqa: E402
from tests.tables.stored import store_table  # noqa: E402

ACTIONS = 400
TARGET_MS = 100.0


def pct(values: list[float], q: float) -> float:
    """The q-quantile of timings, in ms."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def timed(work: object, runs: list[int]) -> list[float]:
    """Seconds per call of work(step) over the steps."""
    out = []
    for step in runs:
        start = time.perf_counter()
        work(step)  # type: ignore[operator]
        out.append(time.perf_counter() - start)
    return out


async def measure(jumps: int) -> list[str]:
    """Every figure, as the section's lines."""
    db = await open_database(":memory:")
    played = await store_table(db, "pip-pip", 5, 7, limit=ACTIONS, close=False)
    start = time.perf_counter()
    replay = await Replays(db).open(played.table_id)
    opened = time.perf_counter() - start
    await db.close()
    assert replay.verified and replay.last == ACTIONS, (replay.problem, replay.last)
    rng = random.Random(23)
    steps = [rng.randrange(replay.last + 1) for _ in range(jumps)]
    alone = timed(lambda s: replay.view_at(s, 1), steps)
    drawn = timed(lambda s: render_table(replay.view_at(s, 1).public["scene"], replay.names), steps)
    scratch = timed(lambda s: from_start(replay, s), steps[: max(20, jumps // 10)])
    onward = timed(lambda s: replay.view_at(s, 1), list(range(1, replay.last + 1)))
    ok = "met" if pct(drawn, 0.99) <= TARGET_MS else "NOT met"
    return [
        f"A Pip-Pip! table of 5 seats, {ACTIONS} logged actions; {jumps} jumps to random steps;"
        f" a state kept whole every {SNAPSHOT_EVERY} steps.",
        "",
        "| measure | p50 ms | p99 ms |",
        "| --- | ---: | ---: |",
        f"| `view_at` (public + one seat's own view), random jump | {pct(alone, 0.5):.2f} |"
        f" {pct(alone, 0.99):.2f} |",
        f"| `view_at` + `render_table` of the public scene, random jump | {pct(drawn, 0.5):.2f} |"
        f" {pct(drawn, 0.99):.2f} |",
        f"| `view_at`, stepping on one by one (the ▶ button) | {pct(onward, 0.5):.2f} |"
        f" {pct(onward, 0.99):.2f} |",
        f"| the same jump rebuilt from the start (no snapshots) | {pct(scratch, 0.5):.2f} |"
        f" {pct(scratch, 0.99):.2f} |",
        "",
        f"Opening the replay (load, rebuild and verify all {ACTIONS} states, a public view of"
        f" each for deals and tricks): {opened * 1000:.0f} ms, once per table and version"
        " (then cached by `Replays`).",
        f"Target: the next picture in ≤ {TARGET_MS:.0f} ms p99, render included: {ok}.",
    ]


def from_start(replay: Replay, step: int) -> None:
    """A jump without snapshots: every entry applied from the first state."""
    table = replay._table  # private on purpose: the bench compares against the naive way
    state = start_state(table)
    for entry in replay._entries[:step]:
        state = apply_entry(replay.game, state, entry)
    replay.game.view(state, None)
    replay.game.view(state, 1)


def main() -> None:
    """Measure and write the section."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--jumps", type=int, default=400)
    args = parser.parse_args()
    lines = asyncio.run(measure(args.jumps))
    print("\n".join(lines))
    write_section("Issue 23: replays", lines)


if __name__ == "__main__":
    main()
