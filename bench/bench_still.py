"""Can I still win?: its time over many positions of many patience games (target p99
<= 3 s, the whole answer with its look back), and the event loop's lag while answers
are worked out in the service's solver pool beside it (the loop only waits).

    nice python -m bench.bench_still [--games N] [--seeds N] [--asks N]

Positions: each game's deal of each seed after 10 and 40 random moves (seeded), as a
player asks after a doubtful move. The answer runs as the worker runs it
(`still_winnable` on the dumped state, `STILL_BUDGET`). The lag is a 10 ms heartbeat's
lateness on the loop, first idle, then while `--asks` answers run in the pool.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import time

from bench._incremental import quantile
from bot.games import registry
from bot.games.patience.game import CONTROLS
from bot.games.patience.search import solvable
from bot.tables.solving import SolverPool, still_dumped


def positions(games: int, seeds: int) -> list[tuple[str, object]]:
    """(game key, state) pairs: each game's deals after a few random moves."""
    keys = [g.info.key for g in registry.all() if solvable(g)][:games]
    out: list[tuple[str, object]] = []
    for key in keys:
        game = registry.get(key)
        for seed in range(seeds):
            for moves in (10, 40):
                rng = random.Random(seed * 100 + moves)
                state = game.new(game.info.min_seats, seed)
                for _ in range(moves):
                    seats = game.awaiting(state)
                    legal = list(game.legal_actions(state, min(seats))) if seats else []
                    legal = [a for a in legal if a not in CONTROLS]
                    if not legal:
                        break
                    state = game.apply(state, min(seats), rng.choice(legal))
                if game.awaiting(state):
                    out.append((key, state))
    return out


def timed(cases: list[tuple[str, object]]) -> tuple[list[float], dict[str, int]]:
    """Each answer's seconds, and how many of each kind."""
    seconds: list[float] = []
    kinds: dict[str, int] = {}
    for key, state in cases:
        game = registry.get(key)
        started = time.perf_counter()
        still = still_dumped(key, game.dump(state), None)
        seconds.append(time.perf_counter() - started)
        told = still.told
        kind = (
            told.result
            if told.result != "lost"
            else (
                "lost, from the deal"
                if told.from_deal
                else "lost, N back"
                if told.back
                else "lost, not how far"
            )
        )
        kinds[kind] = kinds.get(kind, 0) + 1
    return seconds, kinds


async def lag(cases: list[tuple[str, object]], asks: int) -> dict[str, float]:
    """The loop's heartbeat lateness (ms) idle, then while `asks` answers run in the pool."""
    pool = SolverPool()
    lags: list[float] = []
    done = asyncio.Event()

    async def beat() -> None:
        while not done.is_set():
            before = time.perf_counter()
            await asyncio.sleep(0.01)
            lags.append((time.perf_counter() - before - 0.01) * 1000)

    beating = asyncio.create_task(beat())
    await asyncio.sleep(2.0)
    idle = list(lags)
    lags.clear()
    for key, state in cases[:asks]:
        await pool.still(registry.get(key), state)
    done.set()
    await beating
    pool.close()
    return {
        "idle_p99_ms": quantile(idle, 0.99),
        "asking_p99_ms": quantile(lags, 0.99),
        "asking_max_ms": quantile(lags, 1.0),
    }


def main() -> None:
    """Run the bench and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=54)
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("--asks", type=int, default=20)
    args = parser.parse_args()
    cases = positions(args.games, args.seeds)
    seconds, kinds = timed(cases)
    print(f"load before: {os.getloadavg()}")
    print(f"positions asked: {len(cases)} of {args.games} games; answers: {kinds}")
    print(
        f"seconds: p50 {quantile(seconds, 0.5):.3f}, p99 {quantile(seconds, 0.99):.3f},"
        f" max {max(seconds):.3f}"
    )
    print(f"loop lag: {asyncio.run(lag(cases, args.asks))}")
    print(f"load after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
