"""Patience solves off the event loop (the solver itself is bot/games/patience/search/,
pure rules): a small pool of worker processes, so that a hard deal never stalls the bot
or another table (a solve holds its core for up to its budget's seconds; the loop only
waits for the answer).

The job crosses to the worker as the game's key and its state dumped (the game's own
`dump`), so any state can be solved, a fresh deal or a game under way; the answer
comes back as the `Verdict`. The workers run at a lower priority than the bot, as the
render workers do (cogs/_render_workers.py), and start on the first solve.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import multiprocessing
import os
import time
from dataclasses import replace
from typing import Any

from bot.games import registry
from bot.games.base import Game
from bot.games.patience.search import WON, Budget, Verdict, dealt, replays, solvable, solve
from bot.games.patience.search.standing import Still, still_winnable
from bot.games.state import JsonDict

WORKER_NICE = 10
"""How much lower the workers' CPU priority is than the bot's."""


def _lower_priority() -> None:
    """A worker's first act: yield the CPU to the bot when the machine is busy."""
    with contextlib.suppress(OSError):  # if not allowed, it runs at the bot's priority
        os.nice(WORKER_NICE)


def solve_dumped(key: str, dumped: JsonDict, budget: Budget) -> Verdict:
    """A worker's job: load the state of the game under this key and solve it."""
    game = registry.get(key)
    return solve(game, game.load(dumped), budget, time.perf_counter)


def still_dumped(key: str, dumped: JsonDict, budget: Budget | None) -> Still:
    """A worker's job: load the state of the game under this key and answer "Can I still
    win?" from it (`still_winnable`)."""
    game = registry.get(key)
    return still_winnable(game, game.load(dumped), budget, time.perf_counter)


def first_won(
    key: str, options: dict[str, object], seeds: list[int], budget: Budget, most_s: float
) -> int | None:
    """A worker's job: the first of these seeds whose deal is proved won within `budget`
    each (its line replayed through the game to a win), trying seeds for at most `most_s`
    seconds in all; None if none was."""
    game = registry.get(key)
    until = time.perf_counter() + most_s
    for seed in seeds:
        left = until - time.perf_counter()
        if left <= 0:
            break
        state = dealt(game, seed, options)
        verdict = solve(
            game, state, replace(budget, seconds=min(budget.seconds, left)), time.perf_counter
        )
        if verdict.result == WON and replays(game, state, verdict.line):
            return seed
    return None


class SolverPool:
    """Worker processes that solve patience states, `workers` at a time."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
        self._executor: concurrent.futures.ProcessPoolExecutor | None = None

    def _pool(self) -> concurrent.futures.ProcessPoolExecutor:
        """The executor, started on first use."""
        if self._executor is None:
            self._executor = concurrent.futures.ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=multiprocessing.get_context("forkserver"),
                initializer=_lower_priority,
            )
        return self._executor

    async def solve(self, game: Game[Any], state: Any, budget: Budget | None = None) -> Verdict:
        """The verdict on a state of a patience game, worked out in a worker process
        worker process while the loop goes on; ValueError for a game the solver does not
        take."""
        if not solvable(game):
            raise ValueError(f"{game.info.title} is not a patience game.")
        dumped = game.dump(state)
        loop = asyncio.get_running_loop()
        job = (game.info.key, dumped, budget or Budget())
        return await loop.run_in_executor(self._pool(), solve_dumped, *job)

    async def still(self, game: Game[Any], state: Any, budget: Budget | None = None) -> Still:
        """The answer of "Can I still win?" from a state of a patience game, worked out in a
        worker process while the loop goes on; ValueError for a game the solver does not
        take."""
        if not solvable(game):
            raise ValueError(f"{game.info.title} is not a patience game.")
        loop = asyncio.get_running_loop()
        job = (game.info.key, game.dump(state), budget)
        return await loop.run_in_executor(self._pool(), still_dumped, *job)

    async def first_won(
        self,
        game: Game[Any],
        options: dict[str, object],
        seeds: list[int],
        budget: Budget,
        most_s: float,
    ) -> int | None:
        """The first of these seeds whose deal of the game is proved won (`first_won`),
        worked out in a worker process in one job while the loop goes on."""
        loop = asyncio.get_running_loop()
        job = (game.info.key, options, seeds, budget, most_s)
        return await loop.run_in_executor(self._pool(), first_won, *job)

    def close(self) -> None:
        """Stop the workers (a solve under way is let finish)."""
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None
