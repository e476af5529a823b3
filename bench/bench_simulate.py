"""CPU time of whole AI-played games, per game (issue 22: no game slower by more than 5%
after a refactor of the house). Run it in two checkouts and compare:

    python -m bench.bench_simulate [--repeats 3]

Each game plays a fixed number of games from seed 7 with the AI in every seat (patience:
the greedy player); the figure is the best of `--repeats` runs in CPU seconds
(`time.process_time`), so another process's load does not count as ours.
"""

from __future__ import annotations

import argparse
import json
import time

from bot.games import registry
from bot.simulate import simulate

SEATS = {"sympathy": 2, "tilters": 3}
"""Seats per game where four is not the usual table (patience: one)."""
GAMES = {"pip-pip": 8, "quinto": 20, "john-smith": 30, "pick-nick": 30}
"""Games per run where a whole game is long; 60 elsewhere."""
PATIENCE = ("clock", "bethel", "sultan")


def best_cpu_s(key: str, repeats: int) -> float:
    """The best CPU time of `repeats` runs of one game's simulation."""
    game = registry.get(key)
    seats = 1 if game.info.max_seats == 1 else SEATS.get(key, 4)
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        simulate(game, games=GAMES.get(key, 60), seats=seats, seed=7)
        best = min(best, time.process_time() - start)
    return best


def main() -> None:
    """Print each game's best CPU time in milliseconds, as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    keys = [g.info.key for g in registry.all() if not g.info.solitary or g.info.key == "sympathy"]
    found = {k: round(best_cpu_s(k, args.repeats) * 1000, 1) for k in [*keys, *PATIENCE]}
    print(json.dumps(found, indent=1))


if __name__ == "__main__":
    main()
