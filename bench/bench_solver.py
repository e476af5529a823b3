"""Benchmark of the patience solver (bot/games/patience/search/), written to
bench/RESULTS.md.

1. Every patience game, `--deals` deals each (seeds 1..N, as `parlour solve` deals them),
   a budget of one second a deal: won / lost / unknown, the share decided (won or lost)
   within the second, the mean and p99 time of a solve, and positions searched per
   second. Targets (issue 34): >= 95% decided in >= 45 of the games.
2. Memory: one long solve in a fresh process, its peak resident memory against the
   budget's estimate and the 200 MB bound; and the bytes one position costs in the
   transposition set (`core.ENTRY_BYTES`).

Verdicts are reached knowing every card, as the server does (the "thoughtful" measure).
Run: .venv/bin/python bench/bench_solver.py [--deals N] [--jobs J] [--only clock,...] [--no-write]
(each game in a process of its own, J at a time; a solve's second is its own CPU time).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import statistics
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench._results import write_section  # noqa: E402
from bot.games import registry  # noqa: E402
from bot.games.patience.search import MEASURE, Budget, dealt, replays, solvable, solve  # noqa: E402
from bot.games.patience.search.core import ENTRY_BYTES  # noqa: E402

SECONDS = 1.0
CLOCK = time.process_time
"""The budget's seconds are the solving process's own CPU seconds: the machine's 2 cores
are shared with other work, and a wall clock would charge a solve for the time it waited
for a core (the figures are of one core's work, as the targets ask)."""
DECIDED_SHARE, GAMES_TARGET = 0.95, 45
MEMORY_MB = 200


def solved(
    key: str, seeds: range, seconds: float = SECONDS, until: float | None = None
) -> dict[str, Any]:
    """The verdicts on these deals of a game, `seconds` of CPU time each (taking no new
    deal once the wall clock, `time.time()`, has passed `until`): the counts, each
    solve's time, the positions searched, the deals decided within their seconds and the
    seeds solved. Every won line is replayed through the game to a win."""
    game = registry.get(key)
    out: dict[str, Any] = {"won": 0, "lost": 0, "unknown": 0, "times": [], "positions": 0}
    out["fast"] = out["deals"] = 0
    for seed in seeds:
        if until is not None and time.time() > until:
            break
        state = dealt(game, seed)
        verdict = solve(game, state, Budget(positions=10**9, seconds=seconds), CLOCK)
        out[verdict.result] += 1
        out["times"].append(verdict.seconds)
        out["positions"] += verdict.positions
        out["fast"] += verdict.decided and verdict.seconds <= seconds
        out["deals"] += 1
        if verdict.result == "won":
            assert replays(game, state, verdict.line), (key, seed)
    return out


def p99(times: list[float]) -> float:
    """The 99th percentile of solve times (the nearest rank below)."""
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] if ordered else 0.0


def one_game(key: str, deals: int) -> dict[str, Any]:
    """The verdicts on the first `deals` deals of a game, one second each."""
    raw = solved(key, range(1, deals + 1))
    times = raw["times"]
    return {
        "game": key,
        **{k: raw[k] for k in ("won", "lost", "unknown")},
        "decided": raw["fast"] / deals,
        "mean_s": statistics.fmean(times),
        "p99_s": p99(times),
        "per_s": raw["positions"] / sum(times) if sum(times) else 0.0,
    }


def entry_bytes(n: int = 1_500_000) -> float:
    """The most bytes one 64-bit hash cost in a set while it grew to n, measured (the
    peak, so the moments when the set's table is copied count)."""
    tracemalloc.start()
    seen: set[int] = set()
    for i in range(n):
        seen.add(hash((i, "x")))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert len(seen) == n
    return peak / n


def peak_memory(key: str, megabytes: int) -> dict[str, Any]:
    """One solve in a fresh process with a memory budget of this many MB (and time to
    spend it): where it stopped, and its peak resident memory over an idle process's."""
    code = (
        "import json, resource, time; from bot.games.patience.search import solve_deal, Budget;"
        f"v = solve_deal({key!r}, 1, Budget(positions=10**9, seconds=3600,"
        f" bytes={megabytes} * 2**20), time.process_time);"
        "print(json.dumps({'positions': v.positions, 'bytes': v.bytes, 'result': v.result,"
        " 'stopped': v.stopped, 'seconds': v.seconds,"
        " 'rss_kb': resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))"
    )
    base = (
        "import json, resource; import bot.games.patience.search;"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    idle = subprocess.run([sys.executable, "-c", base], capture_output=True, text=True, env=env)
    data: dict[str, Any] = json.loads(out.stdout)
    data["idle_kb"] = int(idle.stdout)
    data["game"] = key
    data["budget_mb"] = megabytes
    return data


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and write its section of RESULTS.md."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--only", default="")
    parser.add_argument("--memory-mb", type=int, default=MEMORY_MB, help="the memory run's budget")
    parser.add_argument("--no-write", action="store_true")
    parser.add_argument("--jobs", type=int, default=1, help="games solved at once, one a process")
    args = parser.parse_args(argv)
    only = [k for k in args.only.split(",") if k]
    keys = [g.info.key for g in registry.all() if solvable(g) and (not only or g.info.key in only)]
    load_before = os.getloadavg()
    started = time.perf_counter()
    rows = []
    with concurrent.futures.ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for row in pool.map(one_game, keys, [args.deals] * len(keys)):
            print(json.dumps(row), flush=True)
            rows.append(row)
    memory = peak_memory("gamblers-patience", args.memory_mb)
    print(json.dumps(memory), flush=True)
    per_entry = entry_bytes()
    load_after = os.getloadavg()
    lines = report(rows, memory, per_entry, (args.deals, args.jobs), (load_before, load_after))
    lines.append(f"The run took {time.perf_counter() - started:,.0f} s.")
    print("\n".join(lines))
    if not args.no_write and not only:
        write_section("Patience solver", lines)
    return 0


def report(
    rows: list[dict[str, Any]],
    memory: dict[str, Any],
    per_entry: float,
    runs: tuple[int, int],
    loads: tuple[tuple[float, ...], tuple[float, ...]],
) -> list[str]:
    """The section's lines: the table, the targets met or missed, memory and load
    (`runs`: the deals a game and the processes at once)."""
    deals, jobs = runs
    good = [r for r in rows if r["decided"] >= DECIDED_SHARE]
    fastest = max(rows, key=lambda r: r["per_s"])
    peak_mb = (memory["rss_kb"] - memory["idle_kb"]) / 1024
    lines = [
        f"`bench/bench_solver.py --deals {deals}`: each game's deals 1..{deals}, a budget of"
        f" {SECONDS:g} s of CPU time a deal (the solving process's own, so a wait for a core"
        f" is not charged), {jobs} game(s) at once in processes of their own, verdicts"
        f" {MEASURE}. Every won line was replayed"
        " through the game to a win. Load average (1, 5, 15 min) before"
        f" {', '.join(f'{x:.2f}' for x in loads[0])}, after"
        f" {', '.join(f'{x:.2f}' for x in loads[1])}: the 2 cores were shared with other work,"
        " so the times are upper bounds of an idle machine's.",
        "",
        "| game | won | lost | unknown | decided within 1 s | mean s | p99 s | positions/s |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in rows:
        lines.append(
            f"| {r['game']} | {r['won']} | {r['lost']} | {r['unknown']} | {r['decided']:.0%} |"
            f" {r['mean_s']:.2f} | {r['p99_s']:.2f} | {r['per_s']:,.0f} |"
        )
    met = "met" if len(good) >= GAMES_TARGET else "MISSED"
    lines += [
        "",
        f"Decided within 1 s in >= {DECIDED_SHARE:.0%} of deals: {len(good)} of {len(rows)}"
        f" games (target >= {GAMES_TARGET}: {met}).",
        f"Fastest search: {fastest['game']}, {fastest['per_s']:,.0f} positions/s on one core"
        " (target >= 200,000: " + ("met" if fastest["per_s"] >= 200_000 else "MISSED") + ").",
        f"Memory: one solve of {memory['game']} deal 1 with a budget of"
        f" {memory['budget_mb']} MB (and no other limit that bites) stopped on its"
        f" {memory['stopped'] or 'answer'} after {memory['positions']:,} positions"
        f" ({memory['seconds']:.0f} CPU s, {memory['result']}); its estimate then"
        f" {memory['bytes'] / 2**20:.0f} MB, its process's peak resident memory"
        f" {peak_mb:.0f} MB over an idle one's ("
        + ("within" if peak_mb <= memory["budget_mb"] else "OVER")
        + " the budget). One position in the transposition set cost at most"
        f" {per_entry:.0f} bytes measured while the set grew (the estimate charges"
        f" {ENTRY_BYTES}). The default budget is {MEMORY_MB} MB.",
        "",
    ]
    return lines


if __name__ == "__main__":
    sys.exit(main())
