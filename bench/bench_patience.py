"""Benchmark of the patience games, written to bench/RESULTS.md.

For every registered patience game (not Sympathy, which has two players):

1. `parlour simulate <game>` with the greedy player (the hints) on one core: games per
   second and the win rate. Targets: >= 500 games/s for the forced games (the Clock,
   the Wandering Card) and >= 50 for the others.
2. The layout picture: compose + encode time (median of 5 after a warm-up) and PNG size
   of the opening layout and of the layout after 40 greedy moves, against the Discord
   issue's budget for a table picture (<= 35 ms, <= 200 KB).
3. The Clock's win rate over `--clock` games (default 100,000) against the published
   1/13, with its standard error.

Run: .venv/bin/python bench/bench_patience.py [--games N] [--clock N] [--only clock,...]
(--no-write skips RESULTS.md).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench._results import write_section  # noqa: E402
from bot.games import registry  # noqa: E402
from bot.games.patience.game import PatienceGame  # noqa: E402
from bot.games.patience.solver import hint  # noqa: E402
from bot.simulate import simulate  # noqa: E402
from render import render_patience  # noqa: E402

RENDER_MS, RENDER_KB = 35.0, 200
FORCED_TARGET, OTHER_TARGET = 500, 50


def speed(game: PatienceGame, games: int) -> dict[str, Any]:
    """Greedy self-play: games/s and the win rate."""
    result = simulate(game, games=games, seats=1, seed=1)
    target = FORCED_TARGET if game.spec.forced else OTHER_TARGET
    return {
        "games_per_s": result.games_per_s,
        "win_rate": result.win_rate,
        "target": target,
    }


def picture(game: PatienceGame) -> dict[str, Any]:
    """Render time and size of the opening layout and of a layout 40 moves in."""
    state = game.new(1, 1)
    views = [game.view(state, None)]
    for _ in range(40):
        from bot.games.patience.engine import Ctx

        move = hint(game.spec, state.layout, Ctx(state.seed, dict(state.options)))
        if move is None or state.end:
            break
        state = game.apply(state, 0, move)
    views.append(game.view(state, None))
    worst_ms, worst_kb = 0.0, 0.0
    for view in views:
        render_patience(view)  # warm the sprite caches
        times = []
        for _ in range(5):
            start = time.perf_counter()
            pic = render_patience(view)
            times.append((time.perf_counter() - start) * 1000)
        worst_ms = max(worst_ms, statistics.median(times))
        worst_kb = max(worst_kb, len(pic.data) / 1024)
    cards = len(game.spec.pack())
    return {"render_ms": worst_ms, "render_kb": worst_kb, "cards": cards}


def clock_rate(games: int) -> dict[str, Any]:
    """The Clock's win rate over many deals, against 1/13."""
    game = registry.get("clock")
    result = simulate(game, games=games, seats=1, seed=2024)
    se = result.win_rate_se
    return {
        "games": games,
        "win_rate": result.win_rate,
        "se": se,
        "z": (result.win_rate - 1 / 13) / se if se else math.inf,
        "games_per_s": result.games_per_s,
    }


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and write its section of RESULTS.md."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--clock", type=int, default=100_000)
    parser.add_argument("--only", default="")
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args(argv)
    only = [k for k in args.only.split(",") if k]
    games = [
        g
        for g in registry.all()
        if isinstance(g, PatienceGame) and (not only or g.info.key in only)
    ]
    rows = []
    for game in games:
        n = args.games * (10 if game.spec.forced else 1)
        row = {"game": game.info.key, **speed(game, n), **picture(game)}
        print(json.dumps(row))
        rows.append(row)
    clock = clock_rate(args.clock) if args.clock else None
    lines = [
        "`parlour simulate` with the greedy player (the hints), one core; the picture of the"
        " opening layout and of one 40 moves in (the slower of the two, median of 5), against"
        f" the table picture's budget of {RENDER_MS:.0f} ms and {RENDER_KB} KB"
        " (`bench/bench_patience.py`).",
        "",
        "| game | cards | games/s (target) | greedy win rate | picture ms | picture KB |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for r in rows:
        lines.append(
            f"| {r['game']} | {r['cards']} | {r['games_per_s']:,.0f} (≥ {r['target']}) |"
            f" {r['win_rate']:.1%} | {r['render_ms']:.1f} | {r['render_kb']:.0f} |"
        )
    if clock:
        lines += [
            "",
            f"The Clock over {clock['games']:,} deals: won {clock['win_rate']:.3%} ± "
            f"{clock['se']:.3%} (1/13 = {1 / 13:.3%}; z = {clock['z']:+.2f}), at"
            f" {clock['games_per_s']:,.0f} games/s.",
        ]
    print("\n".join(lines))
    failed = [r["game"] for r in rows if r["games_per_s"] < r["target"]]
    failed += [r["game"] for r in rows if r["render_ms"] > RENDER_MS or r["render_kb"] > RENDER_KB]
    if clock and abs(clock["z"]) > 3:
        failed.append("clock win rate")
    if failed:
        print("missed:", ", ".join(failed))
    if not args.no_write and not only:
        write_section("Patience", lines)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
