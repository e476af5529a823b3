"""Benchmark of Swiss pairing (issue 24), written to the "## Issue 24: pairing" section of
bench/RESULTS.md.

A field of 1,024 players plays five Swiss rounds (each table's winner drawn from a seed);
then the sixth round is paired, `--rounds` times from the same history, and the p50 and
max time of one `swiss_round` call are reported, for tables of 2 and of 4 seats, with
byes (1,023 players) and with AI seats filling short tables. Each case also reports the
repeated meetings in the sixth round (0 means nobody met anyone twice). Target: <= 100 ms.

Run: .venv/bin/python bench/bench_pairing.py [--rounds N] [--quick (no RESULTS.md)]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench._results import write_section  # noqa: E402
from bot.tournaments import Round, repeated_meetings, swiss_round  # noqa: E402

HISTORY_ROUNDS = 5
TARGET_MS = 100.0
CASES = (
    ("1,024 players, 2 seats", 1024, 2, False),
    ("1,023 players, 2 seats (a bye)", 1023, 2, False),
    ("1,024 players, 4 seats", 1024, 4, False),
    ("1,022 players, 4 seats (2 byes)", 1022, 4, False),
    ("1,022 players, 4 seats (AI fills)", 1022, 4, True),
)


def history(players: int, seats: int, fill: bool, seed: int) -> tuple[Counter[int], list[Round]]:
    """Five rounds played, winners drawn: the points and the rounds."""
    rng = random.Random(seed)
    points: Counter[int] = Counter()
    rounds: list[Round] = []
    for _ in range(HISTORY_ROUNDS):
        done = swiss_round(range(players), points, rounds, seats, seed, fill)
        for table in done.tables:
            points[rng.choice(table.players)] += 3
        for who in done.byes:
            points[who] += 3
        rounds.append(done)
    return points, rounds


def measure(players: int, seats: int, fill: bool, repeats: int) -> tuple[float, float, int]:
    """p50 and max ms of pairing round six, and the repeats in it."""
    points, rounds = history(players, seats, fill, seed=7)
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        done = swiss_round(range(players), points, rounds, seats, 7, fill)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), max(times), repeated_meetings(done, rounds)


def main() -> None:
    """Run the cases, print them, and write them to RESULTS.md unless --quick."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    lines = [
        f"Pairing the sixth round of a Swiss after {HISTORY_ROUNDS} rounds of history "
        f"(`swiss_round`, {args.rounds} runs each); load average at the start "
        f"{os.getloadavg()[0]:.2f} (other work shared the machine).",
        "",
        "| field | p50 ms | max ms | repeated meetings |",
        "| --- | ---: | ---: | ---: |",
    ]
    worst = 0.0
    for name, players, seats, fill in CASES:
        p50, top, again = measure(players, seats, fill, args.rounds)
        worst = max(worst, top)
        lines.append(f"| {name} | {p50:.1f} | {top:.1f} | {again} |")
        print(lines[-1], flush=True)
    verdict = "met" if worst <= TARGET_MS else "NOT met"
    lines += ["", f"Target: pairing 1,024 players <= {TARGET_MS:.0f} ms: {verdict}."]
    if not args.quick:
        write_section("Issue 24: pairing", lines)


if __name__ == "__main__":
    main()
