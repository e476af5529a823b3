"""The `parlour` commands besides the bot and the terminal game: `simulate` (AI
self-play), `ledger check`, `rules` and `games`."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from bot.cli.checks import count, database_file, game_of, options_of, seats_of
from bot.cli.solve import add_budget, budget_of, patience_game, print_rate
from bot.config import Settings
from bot.games import Game, registry
from bot.games.rules_text import rules_text
from bot.storage.address import is_postgres, shown
from bot.storage.files import guard
from bot.tournaments.rules import TITLE as TOURNAMENT_TITLE
from bot.tournaments.rules import names_tournaments, tournament_rules

SIMULATE_POSITIONS = 100_000
SIMULATE_SECONDS = 1
"""The solver's budget for each deal of `parlour simulate --solver`, by default."""


def add_tools(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The commands besides the bot and the terminal game: simulate, ledger, rules, games."""
    sim = sub.add_parser("simulate", help="AI self-play: averages, bank edge, invariants")
    sim.add_argument("game")
    sim.add_argument("--games", type=str, default="1000", help="how many games (default 1000)")
    sim.add_argument("--seats", type=str, default=None)
    sim.add_argument("--seed", type=str, default="1")
    sim.add_argument("--option", action="append", default=[], metavar="K=V")
    sim.add_argument("--stack", type=str, default="1000", help="chips per seat per game")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.add_argument(
        "--solver", action="store_true", help="patience: the solver's rate beside the greedy's"
    )
    add_budget(sim, SIMULATE_POSITIONS, SIMULATE_SECONDS)
    sim.set_defaults(handler=_simulate)

    ledger = sub.add_parser("ledger", help="ledger tools")
    ledger_sub = ledger.add_subparsers(dest="ledger_command", metavar="COMMAND", required=True)
    check = ledger_sub.add_parser("check", help="check every ledger invariant")
    check.add_argument(
        "--db", default=None, help="a database file or postgresql:// address (default: PARLOUR_DB)"
    )
    check.set_defaults(handler=_ledger_check)

    rules = sub.add_parser(
        "rules", help="print a game's rules and options, or the tournament rules"
    )
    rules.add_argument("game", help="a game's key or title, or 'tournament'")
    rules.set_defaults(handler=_rules)

    games = sub.add_parser("games", help="list the games")
    games.set_defaults(handler=_games)


def _simulate(args: argparse.Namespace) -> int:
    """`parlour simulate`: AI self-play, reported as text or one JSON object."""
    from bot.simulate import simulate, solver_rate

    game = patience_game(args.game) if args.solver else game_of(args.game)
    seats = seats_of(game, args.seats)
    games = count(args.games, "--games", 1, 10_000_000, 1000)
    seed = count(args.seed, "--seed", 0, 2**62, 1)
    stack = count(args.stack, "--stack", 1, 10**9, 1000)
    options = options_of(game, args.option)
    tty = sys.stderr.isatty() and not args.json
    step = max(1, games // 100)

    def progress(done: int) -> None:
        """A progress bar on a terminal's standard error."""
        if tty and (done % step == 0 or done == games):
            filled = done * 30 // games
            bar = "#" * filled + "." * (30 - filled)
            print(f"\r[{bar}] {done}/{games}", end="", file=sys.stderr, flush=True)

    result = simulate(
        game, games=games, seats=seats, seed=seed, options=options, stack=stack, progress=progress
    )
    if tty:
        print(file=sys.stderr)
    rate = None
    if args.solver:
        budget = budget_of(args, SIMULATE_POSITIONS, SIMULATE_SECONDS)
        rate = solver_rate(
            game, games=games, seed=seed, budget=budget, options=options, progress=progress
        )
        if tty:
            print(file=sys.stderr)
    if args.json:
        data = result.as_json()
        if rate is not None:
            data["solver"] = rate.as_json()
        print(json.dumps(data, sort_keys=True))
    else:
        _print_simulation(game, result)
        if rate is not None:
            print_rate(rate, budget)
    return 0 if result.invariants_held else 1


def _print_simulation(game: Game[Any], result: Any) -> None:
    """A simulation's results in a few readable lines."""
    if result.won is not None:
        player = "the greedy player (the hints)" if result.seats == 1 else "AI players together"
        where = "home" if result.seats == 1 else "out"
        print(f"{game.info.title}: {result.games:,} games with {player}")
        print(f"  {result.games_per_s:,.0f} games/s ({result.seconds:.2f} s)")
        print(
            f"  won {result.won:,}: {result.win_rate:.2%}"
            f" (standard error {result.win_rate_se:.2%});"
            f" {result.mean_result[0]:.1f} cards {where} on average"
        )
        return
    print(f"{game.info.title}: {result.games} games, {result.deals} deals, {result.seats} seats")
    print(f"  {result.deals_per_s:,.0f} deals/s ({result.seconds:.2f} s)")
    for seat, mean in enumerate(result.mean_result):
        print(f"  seat {seat + 1}: average result {mean:+.3f}, won {result.wins[seat]} games")
    if result.bank_edge is not None:
        print(
            f"  bank's edge: {result.bank_edge:.2%} of {result.wagered:,} chips wagered"
            f" (standard error {result.bank_edge_se:.2%})"
        )
    held = "held" if result.invariants_held else "BROKEN: " + "; ".join(result.violations[:5])
    print(f"  chip invariants: {held}")


def _ledger_check(args: argparse.Namespace) -> int:
    """`parlour ledger check`: read the database and list any broken invariant."""
    where = args.db or Settings.from_env().database
    if not is_postgres(where):
        database_file(Path(where), write=False)
    with guard(where):
        problems = asyncio.run(_check(where))
    if problems:
        print(f"{len(problems)} ledger invariant(s) broken:")
        for problem in problems:
            print(f"  - {problem}")
        return 1
    print(f"Every ledger invariant holds in {shown(where)}.")
    return 0


async def _check(path: str) -> list[str]:
    """The broken ledger invariants of the database `path` names, opened read-only."""
    from bot.ledger import Ledger
    from bot.storage import open_database

    db = await open_database(path, read_only=True)
    try:
        return await Ledger(db).check()
    finally:
        await db.close()


def _rules(args: argparse.Namespace) -> int:
    """`parlour rules GAME`: the game's rules and options; `parlour rules tournament`: the
    tournament rules under their title."""
    if names_tournaments(args.game):
        print(f"{TOURNAMENT_TITLE}\n\n{tournament_rules()}")
    else:
        print(rules_text(game_of(args.game)))
    return 0


def _games(args: argparse.Namespace) -> int:
    """`parlour games`: every game, one a line."""
    games = registry.all()
    width = max(len(g.info.key) for g in games)
    for game in games:
        info = game.info
        print(f"{info.key:{width}}  {info.title} - {info.seat_range()}: {info.summary}")
    return 0
