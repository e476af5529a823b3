"""`parlour solve GAME [--seed S] [--budget N] [--seconds T]`: the solver's verdict on
one deal, and the solver's part of `parlour simulate GAME --solver`. Every verdict is
shown with how it was reached: knowing every card, as the server does."""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from bot.cli.checks import UsageError, count, game_of, options_of
from bot.games import Game
from bot.games.patience.search import MEASURE, Budget, Verdict, dealt, solvable, solve
from bot.games.rng import deal_commitment
from bot.simulate import SolverRate

DEFAULT_POSITIONS = 1_000_000
DEFAULT_SECONDS = 60


def add_solve(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """`parlour solve`."""
    solve_ = sub.add_parser("solve", help="does a patience deal come out? (knowing every card)")
    solve_.add_argument("game")
    solve_.add_argument(
        "--seed",
        type=str,
        default="1",
        help="the deal's seed (default 1); a table's seed, revealed at its end, deals its game",
    )
    add_budget(solve_, DEFAULT_POSITIONS, DEFAULT_SECONDS)
    solve_.add_argument("--option", action="append", default=[], metavar="K=V")
    solve_.add_argument("--json", action="store_true", help="print one JSON object")
    solve_.set_defaults(handler=_solve)


def add_budget(parser: argparse.ArgumentParser, positions: int, seconds: int) -> None:
    """The solver's budget options: positions and seconds."""
    parser.add_argument(
        "--budget", type=str, default=None, help=f"most positions to search (default {positions:,})"
    )
    parser.add_argument(
        "--seconds", type=str, default=None, help=f"most seconds to search (default {seconds})"
    )


def budget_of(args: argparse.Namespace, positions: int, seconds: int) -> Budget:
    """The budget the options give, checked."""
    most = count(args.budget, "--budget", 1, 10**9, positions)
    secs = count(args.seconds, "--seconds", 1, 86_400, seconds)
    return Budget(positions=most, seconds=float(secs))


def patience_game(key: str) -> Game[Any]:
    """The patience game with this key, or a UsageError in one sentence."""
    game = game_of(key)
    if not solvable(game):
        raise UsageError(f"The solver takes patience games only; {game.info.title} is not one.")
    return game


def _solve(args: argparse.Namespace) -> int:
    """Solve one deal and print the verdict, the positions, the time and the line."""
    game = patience_game(args.game)
    seed = count(args.seed, "--seed", 0, 2**63 - 1, 1)
    options = options_of(game, args.option)
    budget = budget_of(args, DEFAULT_POSITIONS, DEFAULT_SECONDS)
    verdict = solve(game, dealt(game, seed, options), budget, time.perf_counter)
    if args.json:
        print(json.dumps(_verdict_json(game, seed, verdict), sort_keys=True))
        return 0
    print(f"{game.info.title}, deal {seed}: {verdict.result}")
    print(f"  deal seed hash {deal_commitment(seed, 0)} (as a table of this seed shows it)")
    print(f"  {verdict.words()}")
    speed = verdict.positions / verdict.seconds if verdict.seconds else 0.0
    print(f"  {speed:,.0f} positions/s; longest line searched {verdict.depth} moves")
    if verdict.line:
        print(f"  the winning line, {len(verdict.line)} moves:")
        for number, action in enumerate(verdict.line, 1):
            print(f"  {number:4d}. {action}")
    return 0


def _verdict_json(game: Game[Any], seed: int, verdict: Verdict) -> dict[str, Any]:
    """A verdict as one JSON object."""
    return {
        "game": game.info.key,
        "seed": seed,
        "commitment": deal_commitment(seed, 0),
        "result": verdict.result,
        "line": list(verdict.line),
        "positions": verdict.positions,
        "seconds": round(verdict.seconds, 3),
        "depth": verdict.depth,
        "stopped": verdict.stopped or None,
        "measure": MEASURE,
    }


def print_rate(rate: SolverRate, budget: Budget) -> None:
    """The solver's line of `parlour simulate --solver`, below the greedy player's."""
    low, high = rate.interval
    print(
        f"  the solver ({budget.positions:,} positions or {budget.seconds:g} s a deal, {MEASURE}):"
    )
    print(
        f"    won {rate.won:,}, lost {rate.lost:,}, unknown {rate.unknown:,}:"
        f" {rate.won / rate.games:.2%} come out, 95% interval {low:.2%} to {high:.2%}"
        f" ({rate.seconds:.1f} s)"
    )
