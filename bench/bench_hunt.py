"""The long hunt of the money path, written to bench/RESULTS.md.

- fuzz: a million random requests of every kind (tables made, joined and started, AI
  seats, legal, junk, stale and strangers' moves, top-ups, leaves at any moment, stops,
  clocks, restarts) across every chip game and Tilters, in shards of fresh databases run
  side by side; the ledger and every escrow checked every few hundred requests, and every
  table stopped at the end of a shard, each of which must close with its escrow empty;
- kills: a thousand kill -9 restarts of a process making such requests (restarts
  excluded: the kills are the restarts), each start recovering every table with the
  ledger whole;
- start-ups: a few hundred starts of the bot on the fake Discord with tables that cannot
  be rebuilt and Discord failing as a seeded plan says while their channels are told
  (`tests/hunt/startup.py`): every start completes, and every notice is sent once.

Any failure is printed and makes the run exit 1.

`--backend postgres` runs the fuzz and the kills on PostgreSQL (the server `--postgres`
names, else PARLOUR_TEST_POSTGRES), each shard and each chain of kills in a schema of its
own, dropped afterwards; the start-ups need the bot to open PostgreSQL, which its settings
do not yet allow, so they are left out. Its figures go to a section of their own.

Run: .venv/bin/python bench/bench_hunt.py [--requests N] [--kills N] [--startups N] [--jobs N]
     [--backend sqlite|postgres] [--postgres ADDRESS]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench._results import write_section  # noqa: E402
from tests.backends import target  # noqa: E402
from tests.hunt.driver import Hunt, random_request  # noqa: E402
from tests.hunt.killer import KillReport, kill_run  # noqa: E402
from tests.hunt.startup import random_plan, run_plan  # noqa: E402

CHECK_EVERY = 250
TITLES = {"sqlite": "Money path under faults", "postgres": "Money path under faults (PostgreSQL)"}


@dataclass(frozen=True)
class Place:
    """Where the shards' databases go: files in `folder`, or schemas on `server`."""

    backend: str
    folder: str
    server: str | None = None


async def _fuzz(requests: int, seed: int, place: Place) -> tuple[Counter[str], int, int, int]:
    """One shard: requests, refusals, tables, restarts."""
    async with target(place.backend, Path(place.folder), f"fuzz-{seed}.db", place.server) as at:
        return await _fuzz_at(at, requests, seed)


async def _fuzz_at(where: str, requests: int, seed: int) -> tuple[Counter[str], int, int, int]:
    """One shard on the database `where`."""
    hunt = Hunt(where)
    await hunt.open()
    rng = random.Random(seed)
    made, name, args = 0, "", []
    try:
        for made in range(1, requests + 1):
            name, args = random_request(hunt, rng)
            await hunt.request(name, *args)
            if made % CHECK_EVERY == 0:
                await hunt.check()
        await hunt.close_all()
    except AssertionError as exc:
        raise AssertionError(f"shard {seed}, request {made} ({name} {args}): {exc}") from None
    finally:
        await hunt.close()
    tally = hunt.tally
    return tally.requests, tally.refused, tally.tables, tally.restarts


def fuzz_shard(requests: int, seed: int, place: Place) -> tuple[Counter[str], int, int, int]:
    """A shard in its own process."""
    return asyncio.run(_fuzz(requests, seed, place))


def kill_shard(kills: int, seed: int, place: Place) -> KillReport:
    """A chain of kills on its own database."""

    async def chain() -> KillReport:
        async with target(place.backend, Path(place.folder), f"kill-{seed}.db", place.server) as at:
            return await asyncio.to_thread(kill_run, at, kills, seed)

    return asyncio.run(chain())


def run_fuzz(
    total: int, shards: int, jobs: int, place: Place
) -> tuple[list[str], dict[str, object]]:
    """The fuzzing part: lines for RESULTS and the figures."""
    started = time.perf_counter()
    size = -(-total // shards)
    requests: Counter[str] = Counter()
    refused = tables = restarts = 0
    with ProcessPoolExecutor(jobs) as pool:
        futures = [pool.submit(fuzz_shard, size, seed, place) for seed in range(shards)]
        for future in futures:
            made, no, made_tables, made_restarts = future.result()
            requests += made
            refused, tables, restarts = refused + no, tables + made_tables, restarts + made_restarts
    seconds = time.perf_counter() - started
    count = sum(requests.values())
    kinds = ", ".join(f"{k} {n:,}" for k, n in sorted(requests.items()))
    lines = [
        f"- fuzz: **{count:,} requests** in {shards} shards ({seconds:,.0f} s, "
        f"{count / seconds:,.0f} requests/s on {jobs} processes): {tables:,} tables made, "
        f"{restarts:,} restarts, {count - refused:,} accepted and {refused:,} refused "
        "in plain words; every table stopped at the end of its shard closed with its "
        "escrow empty. **0 failures**: no chip minted, lost or locked.",
        f"  - requests by kind: {kinds}",
    ]
    return lines, {"requests": count, "tables": tables, "restarts": restarts}


def run_kills(kills: int, jobs: int, place: Place) -> tuple[list[str], KillReport]:
    """The kill part: lines for RESULTS and the combined report."""
    started = time.perf_counter()
    per = -(-kills // jobs)
    total = KillReport()
    with ProcessPoolExecutor(jobs) as pool:
        for report in pool.map(kill_shard, [per] * jobs, range(1, jobs + 1), [place] * jobs):
            total.kills += report.kills
            total.tables_recovered += report.tables_recovered
            total.failures += report.failures
    seconds = time.perf_counter() - started
    lines = [
        f"- kill -9: **{total.kills:,} kills** and restarts on {jobs} databases "
        f"({seconds:,.0f} s), {total.tables_recovered:,} open tables recovered, "
        f"**{len(total.failures)} failed start-ups**, 0 tables set aside, the ledger whole "
        "at every start."
    ]
    return lines, total


def run_startups(count: int, folder: str) -> list[str]:
    """The start-up part: lines for RESULTS (a failure raises, naming its plan)."""
    started = time.perf_counter()
    rng = random.Random(20)
    kinds: Counter[str] = Counter()
    for n in range(count):
        plan = random_plan(rng)
        kinds.update(plan.kinds)
        where = Path(folder) / f"startup-{n}"
        where.mkdir()
        try:
            asyncio.run(run_plan(plan, where))
        except AssertionError as exc:
            raise AssertionError(f"start-up {n} ({plan}): {exc}") from None
    seconds = time.perf_counter() - started
    told = ", ".join(f"{k} {n:,}" for k, n in sorted(kinds.items()))
    return [
        f"- start-ups: **{count:,} starts** on the fake Discord ({seconds:,.0f} s) with "
        f"tables set aside and Discord failing as planned ({told} channels): every start "
        "completed, and every notice was sent once when Discord answered again."
    ]


def main() -> int:
    """Run the hunts and write the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=1_000_000)
    parser.add_argument("--shards", type=int, default=40)
    parser.add_argument("--kills", type=int, default=1000)
    parser.add_argument("--startups", type=int, default=300)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--backend", choices=sorted(TITLES), default="sqlite")
    parser.add_argument("--postgres", help="the PostgreSQL server (default PARLOUR_TEST_POSTGRES)")
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    server = args.postgres or os.environ.get("PARLOUR_TEST_POSTGRES", "").strip() or None
    if args.backend == "postgres" and server is None:
        parser.error(
            "--backend postgres needs a server: pass --postgres or set PARLOUR_TEST_POSTGRES."
        )
    with tempfile.TemporaryDirectory() as folder:
        place = Place(args.backend, folder, server)
        fuzz_lines, figures = run_fuzz(args.requests, args.shards, args.jobs, place)
        print("\n".join(fuzz_lines), flush=True)
        kill_lines, kills = run_kills(args.kills, args.jobs, place)
        print("\n".join(kill_lines), flush=True)
        startup_lines = []
        if args.backend == "sqlite":
            startup_lines = run_startups(args.startups, folder)
            print("\n".join(startup_lines), flush=True)
    if kills.failures:
        print("\n".join(kills.failures), file=sys.stderr)
        return 1
    if not args.no_write:
        body = [
            "`bench/bench_hunt.py"
            + ("" if args.backend == "sqlite" else " --backend postgres")
            + "` (the hunters of `tests/hunt/` at length; any failure stops the run and exits 1).",
            "",
            *fuzz_lines,
            *kill_lines,
            *startup_lines,
        ]
        write_section(TITLES[args.backend], body)
    print(figures)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
