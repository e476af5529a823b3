"""The odds of Cheney's book: how many deals of every patience game can be won, written
to docs/odds.md, to the data the bot shows (bot/games/patience/odds_data.py) and to a
section of bench/RESULTS.md.

Every patience game the solver takes (the 53 of the book and the two-pack variants,
Sympathy included) is dealt from the fixed seeds 0, 1, 2, ... (the deals `parlour
simulate GAME --seed 0` plays, with or without `--solver`), each deal solved within
`--seconds` of CPU time, knowing every card, as the server does; the greedy player (the
hints) plays the same deals. The run keeps to a total wall time (`--allowance`): a pilot
of `--pilot` deals a game measures its speed, and each game's number of deals N follows
from it, the time shared out equally among the games, a game that needs less than its
share (at most `--most` deals) leaving the rest to the others. A game still running at
its share's end (or at the allowance's) stops there, and its N is what it reached.
So a rerun on the same machine deals the same deals; its N, and so its figures, move
only with the machine's speed.

Run: nice -n 10 .venv/bin/python bench/bench_odds.py [--allowance S] [--jobs J]
     [--seconds S] [--pilot N] [--most N] [--only clock,...] [--no-write]
     .venv/bin/python bench/bench_odds.py --rewrite   (the page and the section again, from
     the data file, without solving)
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import platform
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench._odds_report import write_all  # noqa: E402
from bench.bench_solver import p99, solved  # noqa: E402
from bot.games import registry  # noqa: E402
from bot.games.patience.search import solvable  # noqa: E402
from bot.simulate import simulate  # noqa: E402

SEED = 0
"""`parlour simulate`'s seed: its deals are seeds SEED * 1_000_003 + 0, 1, 2, ..."""
TAIL = 60.0
"""Wall seconds kept back at the end of the allowance: the greedy player's games, the
last solve under way, and writing the files."""
SAVED = Path(os.environ.get("TMPDIR", "/tmp")) / "bench_odds_last.json"
"""The last run's rows and facts, kept before the files are written."""
SLACK = 1.25
"""How far past its share a game may run (a share is an estimate from the pilot)."""


def first_seed() -> int:
    """The seed of deal 0 (`parlour simulate --seed SEED` deals from here)."""
    return SEED * 1_000_003


def greedy_won(key: str, deals: int) -> int:
    """The greedy player's wins on deals 0..deals-1 (bot.simulate, as `parlour simulate`)."""
    game = registry.get(key)
    result = simulate(game, games=deals, seats=game.info.min_seats, seed=SEED)
    return result.won or 0


def pilot(key: str, deals: int, seconds: float) -> dict[str, Any]:
    """The first deals of a game, solved and played greedily: the verdicts (kept: they
    are the sample's start) and the wall seconds a deal cost."""
    started = time.perf_counter()
    raw = solved(key, range(first_seed(), first_seed() + deals), seconds)
    greedy_won(key, deals)
    raw["wall_per_deal"] = (time.perf_counter() - started) / deals
    raw["game"] = key
    return raw


def plan(per_deal: dict[str, float], worker_seconds: float, most: int) -> dict[str, int]:
    """Each game's N: the worker seconds shared equally, a game needing less than its
    share for `most` deals taking only that and leaving the rest to the others (water
    filling)."""
    left, seconds, deals = dict(per_deal), worker_seconds, {}
    while left:
        share = seconds / len(left)
        cheap = {k: c for k, c in left.items() if c * most <= share}
        if not cheap:
            for key, cost in left.items():
                deals[key] = min(most, max(1, int(share / cost)))
            break
        for key, cost in cheap.items():
            deals[key] = most
            seconds -= cost * most
            del left[key]
    return deals


def finish(
    key: str, start: int, deals: int, slot: float, until: float, sec: float
) -> dict[str, Any]:
    """A game's deals after its pilot's, up to `deals` in all, within its slot of wall
    seconds (and the run's end), then the greedy player on every deal solved."""
    stop = min(until, time.time() + slot)
    raw = solved(key, range(first_seed() + start, first_seed() + deals), sec, stop)
    raw["game"] = key
    raw["greedy"] = greedy_won(key, start + raw["deals"])
    return raw


def merged(first: dict[str, Any], rest: dict[str, Any]) -> dict[str, Any]:
    """A game's row: the pilot's verdicts and the rest's together."""
    times = first["times"] + rest["times"]
    counts = {k: first[k] + rest[k] for k in ("won", "lost", "unknown")}
    return {
        "game": first["game"],
        "deals": len(times),
        **counts,
        "greedy": rest["greedy"],
        "mean_s": statistics.fmean(times),
        "p99_s": p99(times),
    }


def run(args: argparse.Namespace, keys: list[str]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The pilot, the plan and the rest of every game's deals; the rows and the run's facts."""
    started, loads = time.time(), [os.getloadavg()]
    until = started + args.allowance - TAIL
    with concurrent.futures.ProcessPoolExecutor(max_workers=args.jobs) as pool:
        pilots = {
            p["game"]: p for p in pool.map(pilot, keys, *_repeat(keys, args.pilot, args.seconds))
        }
        per_deal = {k: p["wall_per_deal"] for k, p in pilots.items()}
        deals = plan(per_deal, max(0.0, until - time.time()) * args.jobs, args.most)
        print(f"pilot done at {time.time() - started:.0f} s; plan: {deals}", flush=True)
        slots = {k: per_deal[k] * deals[k] * SLACK + 5 for k in keys}  # wall seconds each
        order = sorted(keys, key=lambda k: -slots[k])  # the longest first
        jobs = [
            (k, args.pilot, max(deals[k], args.pilot), slots[k], until, args.seconds) for k in order
        ]
        futures = [pool.submit(finish, *job) for job in jobs]
        rows = _gathered(futures, pilots)
    loads.append(os.getloadavg())
    return [rows[k] for k in keys if k in rows], _facts(args, time.time() - started, loads)


def _gathered(
    futures: list[concurrent.futures.Future[dict[str, Any]]], pilots: dict[str, dict[str, Any]]
) -> dict[str, dict[str, Any]]:
    """Each game's row as its rest of deals comes in (a game that failed is reported and
    left out, the others kept)."""
    rows = {}
    for future in concurrent.futures.as_completed(futures):
        try:
            rest = future.result()
        except Exception as error:
            print(f"FAILED: {error!r}", flush=True)
            continue
        rows[rest["game"]] = merged(pilots[rest["game"]], rest)
        print(rows[rest["game"]], flush=True)
    return rows


def _facts(args: argparse.Namespace, took: float, loads: list[tuple[float, ...]]) -> dict[str, Any]:
    """What the page says of the run: when, where, its allowance and time, its settings."""
    return {
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": f"{os.cpu_count()} cores, Python {platform.python_version()},"
        f" {platform.machine()}",
        "allowance_s": args.allowance,
        "took_s": round(took),
        "seconds": args.seconds,
        "jobs": args.jobs,
        "pilot": args.pilot,
        "most": args.most,
        "seed": SEED,
        "loads": " / ".join(", ".join(f"{x:.2f}" for x in load) for load in loads),
    }


def _repeat(keys: list[str], *values: Any) -> list[list[Any]]:
    """Each value once a game, for `pool.map`."""
    return [[v] * len(keys) for v in values]


def main(argv: list[str] | None = None) -> int:
    """Measure every game's odds (or rewrite the page from the data) and write them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--allowance", type=float, default=3600.0, help="wall seconds in all")
    parser.add_argument("--jobs", type=int, default=2, help="games solved at once, one a process")
    parser.add_argument("--seconds", type=float, default=0.5, help="CPU seconds a deal")
    parser.add_argument("--pilot", type=int, default=10, help="deals a game in the pilot")
    parser.add_argument("--most", type=int, default=20_000, help="deals a game at most")
    parser.add_argument("--only", default="")
    parser.add_argument("--no-write", action="store_true")
    parser.add_argument("--rewrite", action="store_true", help="only rewrite from the data")
    args = parser.parse_args(argv)
    if args.rewrite:
        write_all(None, None)
        return 0
    only = [k for k in args.only.split(",") if k]
    keys = [g.info.key for g in registry.all() if solvable(g) and (not only or g.info.key in only)]
    rows, facts = run(args, keys)
    SAVED.write_text(json.dumps({"rows": rows, "facts": facts}))
    if not args.no_write and not only:
        write_all(rows, facts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
