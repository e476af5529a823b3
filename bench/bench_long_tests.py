"""The suite's randomised tests at length, written to bench/RESULTS.md.

The test suite runs its hunters at a size that keeps the whole suite to a few minutes
(tests/conftest.py, tests/test_conformance.py, tests/hunt/test_kill.py). This runs the
same tests, unchanged, at length:

- the Hypothesis state machines and property tests (the table service's hunter, the
  ledger's model, the chip arithmetic) at the "long" profile (1,000 examples each);
- the conformance suite at 12 seeds a game (the suite plays 4);
- the kill -9 hunter with 40 kills (the suite makes 8);
- the web's privacy hunter at 4 seeds a game and seat count (the suite plays 1).

Any failure is printed by pytest and makes the run exit 1.

Run: .venv/bin/python bench/bench_long_tests.py [--seeds N] [--kills N] [--jobs N]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench._results import write_section  # noqa: E402

HYPOTHESIS_TESTS = [
    "tests/hunt/test_service_machine.py",
    "tests/tournaments/service/test_tournament_machine.py",
    "tests/ledger/test_ledger_machine.py",
    "tests/games/test_chips.py",
    "tests/cogs/test_render_pool_machine.py",
]


def run_pytest(name: str, paths: list[str], env: dict[str, str], jobs: int) -> str:
    """One part: its tests run by pytest on `jobs` workers; a line for RESULTS."""
    started = time.perf_counter()
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", str(jobs)]
    done = subprocess.run(
        [*command, *paths], cwd=ROOT, env={**os.environ, **env}, capture_output=True, text=True
    )
    seconds = time.perf_counter() - started
    tail = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else "no output"
    print(f"{name}: {tail}", flush=True)
    if done.returncode != 0:
        print(done.stdout[-20_000:], done.stderr[-5_000:], sep="\n", file=sys.stderr)
        raise SystemExit(1)
    settings = ", ".join(f"{k}={v}" for k, v in env.items())
    workers = "1 worker" if jobs == 1 else f"{jobs} workers"
    return f"- {name} ({settings}): {tail.strip('= ')}; {seconds:,.0f} s on {workers}."


def main() -> int:
    """Run the four parts and write the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=12)
    parser.add_argument("--kills", type=int, default=40)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    lines = [
        run_pytest(
            "Hypothesis machines and properties",
            HYPOTHESIS_TESTS,
            {"PARLOUR_HYPOTHESIS": "long"},
            args.jobs,
        ),
        run_pytest(
            "conformance suite",
            ["tests/test_conformance.py"],
            {"PARLOUR_CONFORMANCE_SEEDS": str(args.seeds)},
            args.jobs,
        ),
        run_pytest(
            "web privacy hunter",
            ["tests/web/test_privacy.py"],
            {"PARLOUR_WEB_PRIVACY_SEEDS": "4", "PARLOUR_WEB_PRIVACY_LONG": "1"},
            args.jobs,
        ),
        run_pytest(
            "kill -9 hunter",
            ["tests/hunt/test_kill.py"],
            {"PARLOUR_CRASH_KILLS": str(args.kills)},
            1,
        ),
    ]
    if not args.no_write:
        body = [
            "`bench/bench_long_tests.py` (the suite's randomised tests at length, unchanged; "
            "any failure stops the run and exits 1).",
            "",
            *lines,
        ]
        write_section("The suite's randomised tests at length (issue 20)", body)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
