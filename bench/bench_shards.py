"""Two processes x 200 tables on one PostgreSQL database, each holding one gateway shard.

Each process is `bench/bench_discord.py --database ADDRESS --shard K --shard-count 2`: a
sharded bot on an in-process fake Discord of its own, holding shard K of 2, its 200
tables in a guild on that shard, playing the benchmark's load (players take 2-8 s a
move, every move a real interaction, pictures rendered, hands DMed). Both run on the
same schema at the same time: their play starts together, once both have opened their
tables. Each must hold the line bench_discord holds alone (loop lag p99 <= 20 ms, every
answer, answer p99 <= 1 s). Against it, one process alone on a schema of its own (shard
0 of 2, the same 200 tables); the runs alternate. Combined moves/s is every move of both
divided by the time from the first start of play to the last end.

Exits non-zero when a process misses a target or fails.

Run: .venv/bin/python bench/bench_shards.py [--postgres ADDRESS] [--runs N] [--write]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench._places import fresh_database, load_average, postgres_server  # noqa: E402
from bench._results import write_section  # noqa: E402
from bot.storage import open_database  # noqa: E402

TITLE = "Two processes x 200 tables on one PostgreSQL (fake Discord)"
COUNT = 2


async def _spawn(database: str, shard: int, args: argparse.Namespace) -> Any:
    """A bench_discord process playing as shard `shard`, its stdin and stdout piped."""
    command = [sys.executable, str(ROOT / "bench" / "bench_discord.py"), "--database", database]
    command += ["--shard", str(shard), "--shard-count", str(COUNT)]
    command += ["--tables", str(args.tables), "--moves", str(args.moves), "--think", args.think]
    return await asyncio.create_subprocess_exec(
        *command, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE
    )


async def _ready(process: Any) -> None:
    """Wait for the process to say its tables are open."""
    line = await process.stdout.readline()
    if line.strip() != b"ready":
        await process.wait()
        raise RuntimeError(f"a shard process failed before play (exit {process.returncode})")


async def _finish(process: Any) -> dict[str, Any]:
    """The figures the process printed last; its exit code is kept beside them."""
    out, _ = await process.communicate()
    lines = out.decode().strip().splitlines()
    if not lines:
        raise RuntimeError(f"a shard process printed nothing (exit {process.returncode})")
    return dict(json.loads(lines[-1])) | {"exit": process.returncode}


async def run(shards: tuple[int, ...], args: argparse.Namespace) -> dict[str, Any]:
    """Processes on these shards, on one fresh schema, their play started together."""
    load = load_average()
    async with fresh_database("postgres", postgres_server(args.postgres)) as database:
        db = await open_database(database)  # migrated once, before either starts
        await db.close()
        processes = [await _spawn(database, shard, args) for shard in shards]
        try:
            await asyncio.gather(*(_ready(p) for p in processes))
            for process in processes:
                process.stdin.write(b"go\n")
                await process.stdin.drain()
            figures = list(await asyncio.gather(*(_finish(p) for p in processes)))
        finally:
            for process in processes:
                if process.returncode is None:
                    process.kill()
                    await process.wait()
    span = max(f["ended"] for f in figures) - min(f["began"] for f in figures)
    moves = sum(f["moves"] for f in figures)
    return {"load": load, "shards": shards, "each": figures, "moves_per_s": moves / span}


def _cell(values: list[float], form: str) -> str:
    """Median (range) of the values."""
    middle = format(statistics.median(values), form)
    return f"{middle} ({format(min(values), form)}-{format(max(values), form)})"


def _paced(think: str) -> str:
    """What the players' pace means for moves/s."""
    low, high = (float(s) for s in think.split(","))
    if high == 0:
        return (
            "Players do not wait between moves (each clicks again as soon as answered), so"
            " moves/s is what the processes can serve on this machine; the loop-lag and"
            " answer targets are for players at a human pace and are not expected here."
        )
    return (
        f"Players take {low:.0f}-{high:.0f} s a move, so moves/s is paced by them: it"
        " shows whether the bots keep up, not their ceiling."
    )


def title(think: str) -> str:
    """The section of runs at this pace."""
    if think == "2,8":
        return TITLE
    if think == "0,0":
        return f"{TITLE}, players not waiting"
    return f"{TITLE}, players taking {think.replace(',', '-')} s"


def report(
    alone: list[dict[str, Any]], together: list[dict[str, Any]], args: argparse.Namespace
) -> list[str]:
    """The RESULTS.md lines of these runs."""
    each = [f for r in together for f in r["each"]]
    solo = [f for r in alone for f in r["each"]]
    ok = sum(not f["missed"] and f["exit"] == 0 for f in each)
    ok_solo = sum(not f["missed"] and f["exit"] == 0 for f in solo)
    loads = ", ".join(r["load"].split(",")[0] for r in (*alone, *together))
    rows = [
        ("event-loop lag p99, ms", "lag_p99_ms", ".1f", "≤ 20"),
        ("worst loop stall, ms", "lag_max_ms", ".0f", "-"),
        ("private answer p50, ms", "answer_p50_ms", ".0f", "-"),
        ("private answer p99, ms", "answer_p99_ms", ".0f", "≤ 1,000"),
        ("worst private answer, ms", "answer_max_ms", ".0f", "-"),
        ("private answers", "answers", ",.0f", "every one"),
        ("moves/s of the process", "moves_per_s", ".1f", "-"),
    ]
    lines = [
        f"`bench/bench_shards.py`: {len(together)} runs of two processes at once (each a"
        f" sharded bot holding one shard of {COUNT} on its own in-process fake Discord,"
        f" {args.tables} tables in a guild of its shard, each table's player making"
        f" {args.moves} moves, both on one PostgreSQL schema) and, alternating with them,"
        f" {len(alone)} runs of one process alone. {_paced(args.think)}"
        f" Load average (1 min) at each run's start: {loads}.",
        "",
        f"Processes that held every target: {ok} of {len(each)} together, {ok_solo} of"
        f" {len(solo)} alone.",
        "",
        "| per process, median (range) | target | two at once | alone |",
        "| --- | --- | --- | --- |",
    ]
    for name, key, form, target in rows:
        cells = [_cell([float(f[key]) for f in group], form) for group in (each, solo)]
        lines.append(f"| {name} | {target} | {cells[0]} | {cells[1]} |")
    combined = _cell([r["moves_per_s"] for r in together], ".1f")
    single = _cell([r["moves_per_s"] for r in alone], ".1f")
    lines.append(f"| **moves/s of the whole run** | - | **{combined}** (both) | {single} |")
    return lines


async def runs(args: argparse.Namespace) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Alternate runs of one process alone and two at once."""
    alone, together = [], []
    for _ in range(args.runs):
        alone.append(await run((0,), args))
        print(json.dumps(alone[-1]), flush=True)
        together.append(await run(tuple(range(COUNT)), args))
        print(json.dumps(together[-1]), flush=True)
    return alone, together


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--postgres", help="the PostgreSQL server (an asyncpg address)")
    parser.add_argument("--tables", type=int, default=200, help="tables of each process")
    parser.add_argument("--moves", type=int, default=5, help="moves of each table's player")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--think", default="2,8", help="LOW,HIGH seconds a player takes")
    parser.add_argument("--write", action="store_true", help="write bench/RESULTS.md")
    args = parser.parse_args()
    alone, together = asyncio.run(runs(args))
    lines = report(alone, together, args)
    print("\n".join(lines))
    if args.write:
        write_section(title(args.think), lines)
    failed = [f for r in (*alone, *together) for f in r["each"] if f["missed"] or f["exit"]]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
