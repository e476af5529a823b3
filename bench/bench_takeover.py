"""Takeover: a process holding every shard of a PostgreSQL database dies; how soon does a
replacement serve its tables again?

The first process is a sharded bot (shards 0-1 of 2) on an in-process fake Discord with
a guild on each shard; through its table service it opens 200 black-joke tables (a
player and an AI each, half in each guild) and plays a few moves at each, writes every
table's version and state digest down, says "ready" and carries on running (its turn
clock ticking). It is then killed with SIGKILL. The replacement is the same bot on a
fake of its own, started on the same shards; `fake.start` logs it in, which runs
`setup_hook`: open the database, claim the shards, load the cogs, rebuild every table
(`TableService.recover`).

- cold: the replacement is started once the first is dead; measured from its start
  (the parent's clock just before spawning it, so Python's start-up and imports count)
  to every table rebuilt;
- standby: the replacement is started beforehand and waits for the shards; measured
  from the kill to every table rebuilt.

Target: at most 5 s for 200 tables. After the takeover every table's version and digest
must equal those written down before the kill, and the ledger check must pass.

Run: .venv/bin/python bench/bench_takeover.py [--postgres ADDRESS] [--runs N] [--write]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench._places import Place, fresh_database, load_average, postgres_server  # noqa: E402
from bench._results import write_section  # noqa: E402
from bench._takeover_bot import replace_first, serve_first  # noqa: E402
from bot.storage import open_database  # noqa: E402

TITLE = "Takeover of 200 tables on PostgreSQL"
TARGET_S = 5.0
SCRIPT = str(Path(__file__).resolve())


async def _spawn(*args: str) -> Any:
    """This script in another process, in one of its roles, in a process group of its
    own (with the render workers it starts); stdout piped."""
    return await asyncio.create_subprocess_exec(
        sys.executable, SCRIPT, *args, stdout=asyncio.subprocess.PIPE, start_new_session=True
    )


async def _line(process: Any, expected: str) -> None:
    """Wait for the process to print `expected`."""
    line = (await process.stdout.readline()).decode().strip()
    if line != expected:
        await process.wait()
        raise RuntimeError(f"expected {expected!r} of a process, got {line!r}")


async def _kill(process: Any) -> float:
    """SIGKILL the process and its render workers, as when its machine or container
    dies (a worker outlives a killed bot otherwise); the moment it was sent."""
    killed = time.time()
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    await process.wait()
    return killed


async def run(mode: str, args: argparse.Namespace, folder: str) -> dict[str, Any]:
    """One takeover (`mode` cold or standby) on a fresh schema."""
    load = load_average()
    state = str(Path(folder) / "before.json")
    async with fresh_database("postgres", postgres_server(args.postgres)) as database:
        db = await open_database(database)
        await db.close()
        common = ("--database", database, "--state", state)
        sizes = ("--tables", str(args.tables), "--moves", str(args.moves))
        first = await _spawn("--role", "first", *common, *sizes)
        replacement = None
        try:
            await _line(first, "ready")
            if mode == "standby":
                started = time.time()
                replacement = await _spawn("--role", "replacement", *common, str(started))
                await _line(replacement, "claiming")
                await asyncio.sleep(1.0)  # it is polling for the shards by now
                since = await _kill(first)
            else:
                await _kill(first)
                started = since = time.time()
                replacement = await _spawn("--role", "replacement", *common, str(started))
            out, _ = await replacement.communicate()
        finally:
            for process in (first, replacement):
                if process is not None:
                    await _kill(process)
    found: dict[str, Any] = json.loads(out.decode().strip().splitlines()[-1])
    took = found["marks"]["recovered"] - since
    marks = {k: v - started for k, v in found.pop("marks").items()}
    return found | {"mode": mode, "load": load, "marks": marks, "seconds": took}


def report(results: list[dict[str, Any]]) -> list[str]:
    """The RESULTS.md lines of these takeovers."""
    lines = [
        f"`bench/bench_takeover.py`: {len(results)} takeovers, each on a fresh PostgreSQL"
        " schema: a sharded bot holding shards 0-1 of 2 opens"
        f" {results[0]['before']} black-joke tables (a"
        " player and an AI each, in two guilds, one per shard) through its table service"
        " and plays moves at each, writes every table's version and digest down, and is"
        " killed with SIGKILL while running. *cold*: a replacement is started after the"
        " kill, timed from its spawn (Python start-up and imports included); *standby*: it"
        " was started beforehand and waits for the shards, timed from the kill. The"
        " replacement is the same bot on an in-process fake Discord; rebuilt = its"
        " `setup_hook` has claimed the shards and `TableService.recover` returned.",
        "",
        "| mode | load (1 min) | tables rebuilt (actions) | imports done | shards claimed"
        " | recover took | **every table rebuilt** (≤ 5 s) | versions & digests as before"
        " | ledger check |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in results:
        m = r["marks"]
        same = f"{r['same']} of {r['before']}"
        ledger = "passes" if not r["ledger"] else "; ".join(r["ledger"])
        lines.append(
            f"| {r['mode']} | {r['load'].split(',')[0]} | {r['tables']} ({r['actions']:,})"
            f" | {m['imported']:.2f} s | {m['claimed']:.2f} s | {r['recover_s']:.2f} s"
            f" | **{r['seconds']:.2f} s** | {same} | {ledger} |"
        )
    return lines


def _role(args: argparse.Namespace) -> int:
    """Run as the first process or the replacement."""
    place = Place(args.database, 2, (0, 1))
    if args.role == "first":
        asyncio.run(serve_first(place, args.tables, args.moves, Path(args.state)))
        return 0
    found = asyncio.run(replace_first(place, Path(args.state), float(args.started)))
    print(json.dumps(found), flush=True)
    return 0


async def runs(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Alternate cold and standby takeovers."""
    results = []
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(args.runs):
            for mode in ("cold", "standby"):
                results.append(await run(mode, args, folder))
                print(json.dumps(results[-1]), flush=True)
    return results


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--postgres", help="the PostgreSQL server (an asyncpg address)")
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--moves", type=int, default=6, help="the player's moves at each table")
    parser.add_argument("--runs", type=int, default=1, help="takeovers of each mode")
    parser.add_argument("--write", action="store_true", help="write bench/RESULTS.md")
    parser.add_argument("--role", choices=("first", "replacement"), help=argparse.SUPPRESS)
    parser.add_argument("--database", help=argparse.SUPPRESS)
    parser.add_argument("--state", help=argparse.SUPPRESS)
    parser.add_argument("started", nargs="?", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.role:
        return _role(args)
    results = asyncio.run(runs(args))
    lines = report(results)
    print("\n".join(lines))
    if args.write:
        write_section(TITLE, lines)
    bad = [r for r in results if r["seconds"] > TARGET_S or r["ledger"] or r["same"] != r["before"]]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
