"""The `parlour` command line: run the bot, sync its slash commands, play in the terminal,
simulate, check the ledger, and print a game's rules."""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from bot.config import ConfigError, Settings
from bot.games import Game, IllegalAction, registry
from bot.games.options import parse_pairs
from bot.games.rules_text import rules_text
from bot.storage.files import DatabaseFileError, claim, guard, verify

_ECHO_CHARS = 40  # a bad value longer than this is not repeated back
DEFAULT_PLAY_DB = Path.home() / ".parlour" / "play.db"

NO_TOKEN = """\
Parlour needs a Discord bot token to run, and DISCORD_TOKEN is not set.

  1. Open https://discord.com/developers/applications and choose "New Application".
  2. Under "Bot", choose "Reset Token" and copy the token.
  3. Invite it (APP_ID is on the application's "General Information" page):
     https://discord.com/oauth2/authorize?client_id=APP_ID&scope=bot+applications.commands&permissions=117760
  4. Register the slash commands once:  DISCORD_TOKEN=<your token> parlour sync
  5. Run:  DISCORD_TOKEN=<your token> parlour run

To try the games without Discord, play in this terminal:  parlour play black-joke
"""


class UsageError(Exception):
    """Bad command-line input; the message is shown as it is."""


class DiscordUnavailable(Exception):
    """Discord refused the bot or could not be reached; the message is one sentence."""


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `parlour` command (and `python -m bot`)."""
    parser = _parser()
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help()
        return 2
    try:
        code: int = args.handler(args)
    except (UsageError, ConfigError, DatabaseFileError) as exc:
        print(f"parlour: {exc}", file=sys.stderr)
        return 2
    except DiscordUnavailable as exc:
        print(f"parlour: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # the reader went away (`parlour games | head`): stop quietly, as Unix tools do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    return code


def _parser() -> argparse.ArgumentParser:
    """The `parlour` argument parser with every command."""
    parser = argparse.ArgumentParser(prog="parlour", description=__doc__)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    run = sub.add_parser("run", help="run the Discord bot")
    run.set_defaults(handler=_run)

    sync = sub.add_parser("sync", help="upload the slash commands to Discord")
    sync.add_argument(
        "--guild", type=str, default=None, metavar="ID", help="only to this server (at once)"
    )
    sync.set_defaults(handler=_sync)

    play = sub.add_parser(
        "play",
        help="play a game in this terminal against AI players",
        description="Play a game in this terminal: your seat against AI seats. "
        "'parlour play GAME --help' tells that game's seats, options and defaults.",
        add_help=False,
    )
    play.add_argument("-h", "--help", action=_PlayHelp, nargs=0, help="show this help and exit")
    play.add_argument("game", help="the game's key ('parlour games' lists them)")
    play.add_argument(
        "--seats", type=str, default=None, help="how many seats (default: the game's own)"
    )
    play.add_argument("--ai", type=str, default=None, help="how many AI seats (seats - 1)")
    play.add_argument("--seed", type=str, default=None, help="a seed to replay a game")
    play.add_argument("--option", action="append", default=[], metavar="K=V", help="game option")
    play.add_argument(
        "--buy-in", type=str, default=None, help="chips each seat brings (chip games)"
    )
    play.add_argument("--db", type=Path, default=DEFAULT_PLAY_DB, help="local chip database")
    play.set_defaults(handler=_play)
    _add_tools(sub)
    return parser


def _add_tools(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The commands besides the bot and the terminal game: simulate, ledger, rules, games."""
    sim = sub.add_parser("simulate", help="AI self-play: averages, bank edge, invariants")
    sim.add_argument("game")
    sim.add_argument("--games", type=str, default="1000", help="how many games (default 1000)")
    sim.add_argument("--seats", type=str, default=None)
    sim.add_argument("--seed", type=str, default="1")
    sim.add_argument("--option", action="append", default=[], metavar="K=V")
    sim.add_argument("--stack", type=str, default="1000", help="chips per seat per game")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.set_defaults(handler=_simulate)

    ledger = sub.add_parser("ledger", help="ledger tools")
    ledger_sub = ledger.add_subparsers(dest="ledger_command", metavar="COMMAND", required=True)
    check = ledger_sub.add_parser("check", help="check every ledger invariant")
    check.add_argument("--db", type=Path, default=None, help="database (default: PARLOUR_DB)")
    check.set_defaults(handler=_ledger_check)

    rules = sub.add_parser("rules", help="print a game's rules and options")
    rules.add_argument("game")
    rules.set_defaults(handler=_rules)

    games = sub.add_parser("games", help="list the games")
    games.set_defaults(handler=_games)


class _PlayHelp(argparse.Action):
    """`parlour play GAME --help`: the help worded for the game named before it."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        """Print the help (the game's own when one is named) and exit."""
        from bot.console.arguments import play_help

        print(play_help(parser, getattr(namespace, "game", None), lambda g: _seats(g, None)))
        parser.exit()


# -- argument checks -------------------------------------------------------------------


def _game(key: str) -> Game[Any]:
    """The game with this key, or a UsageError in one sentence."""
    try:
        return registry.get(key.strip().lower())
    except KeyError as exc:
        raise UsageError(str(exc.args[0])) from None


def _count(text: str | None, name: str, low: int, high: int, default: int) -> int:
    """A whole number from `low` to `high` given for option `name`, or its default."""
    if text is None:
        return default
    try:
        value = int(text)
    except ValueError:
        raise UsageError(f"{name} must be a whole number{_not(text)}.") from None
    if not low <= value <= high:
        raise UsageError(f"{name} must be from {low} to {high}, not {value}.")
    return value


def _not(text: str) -> str:
    """The words ", not 'text'" that end a refusal, unless the text is too long to repeat."""
    return f", not {text!r}" if len(text) <= _ECHO_CHARS else ""


def _options(game: Game[Any], pairs: list[str]) -> dict[str, object]:
    """The game options given as name=value pairs, checked by the game."""
    try:
        given: dict[str, object] = dict(parse_pairs(pairs))
        game.options(given)
    except IllegalAction as exc:
        raise UsageError(exc.reason) from None
    return given


def _seats(game: Game[Any], text: str | None) -> int:
    """The number of seats asked for, within the game's range."""
    info = game.info
    default = min(max(info.min_seats, 4), info.max_seats)
    if text is None:
        return default
    try:
        seats = int(text)
    except ValueError:
        raise UsageError(f"--seats must be a whole number{_not(text)}.") from None
    if not info.min_seats <= seats <= info.max_seats:
        raise UsageError(f"{info.title} is played by {info.seat_range()}, not {seats}.")
    return seats


# -- commands --------------------------------------------------------------------------


def _bot_settings() -> Settings | None:
    """The settings for talking to Discord, with logging set up; None (having explained
    how to get one) when there is no token."""
    settings = Settings.from_env()
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s %(message)s"
    )
    if settings.token is None:
        print(NO_TOKEN, file=sys.stderr)
        return None
    return settings


def _database(path: Path, *, write: bool) -> None:
    """Refuse, before any work, a database file that is not Parlour's or cannot be used."""
    if not claim(path, write=write):
        verify(path)


def _run(args: argparse.Namespace) -> int:
    """`parlour run`: check the database, then run the bot until it stops."""
    settings = _bot_settings()
    if settings is None:
        return 2
    _database(settings.db_path, write=True)
    from bot.client import run_bot

    return _with_discord(settings, lambda: run_bot(settings))


def _sync(args: argparse.Namespace) -> int:
    """`parlour sync`: check the database, then upload the slash commands."""
    guild_id = _count(args.guild, "--guild", 1, 2**63 - 1, 0) if args.guild else None
    settings = _bot_settings()
    if settings is None:
        return 2
    _database(settings.db_path, write=True)
    from bot.client import sync_commands

    return _with_discord(settings, lambda: asyncio.run(sync_commands(settings, guild_id)))


def _with_discord(settings: Settings, start: Callable[[], int]) -> int:
    """Run `start`; a refused token or an unreachable Discord becomes one sentence."""
    from bot.client import start_failure

    with guard(settings.db_path):
        try:
            return start()
        except Exception as exc:
            sentence = start_failure(exc)
            if sentence is None:
                raise
            raise DiscordUnavailable(sentence) from exc


def _play(args: argparse.Namespace) -> int:
    """`parlour play`: one human seat against AI seats, chips kept in a local file."""
    from bot.console import play_main

    game = _game(args.game)
    seats = _seats(game, args.seats)
    ai = _count(args.ai, "--ai", 0, seats, seats - 1)
    if ai != seats - 1:
        raise UsageError(
            f"The terminal has one human seat, so --ai must be {seats - 1} with --seats {seats}."
        )
    seed = _count(args.seed, "--seed", 0, 2**63 - 1, -1) if args.seed is not None else None
    buy_in = _count(args.buy_in, "--buy-in", 1, 1_000_000, 100) if args.buy_in else None
    options = _options(game, args.option)
    _database(args.db, write=True)
    with guard(args.db):
        return asyncio.run(play_main(game, seats, options, seed, buy_in, args.db))


def _simulate(args: argparse.Namespace) -> int:
    """`parlour simulate`: AI self-play, reported as text or one JSON object."""
    from bot.simulate import simulate

    game = _game(args.game)
    seats = _seats(game, args.seats)
    games = _count(args.games, "--games", 1, 10_000_000, 1000)
    seed = _count(args.seed, "--seed", 0, 2**62, 1)
    stack = _count(args.stack, "--stack", 1, 10**9, 1000)
    options = _options(game, args.option)
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
    if args.json:
        print(json.dumps(result.as_json(), sort_keys=True))
    else:
        _print_simulation(game, result)
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
        print(f"  seat {seat}: average result {mean:+.3f}, won {result.wins[seat]} games")
    if result.bank_edge is not None:
        print(
            f"  bank's edge: {result.bank_edge:.2%} of {result.wagered:,} chips wagered"
            f" (standard error {result.bank_edge_se:.2%})"
        )
    held = "held" if result.invariants_held else "BROKEN: " + "; ".join(result.violations[:5])
    print(f"  chip invariants: {held}")


def _ledger_check(args: argparse.Namespace) -> int:
    """`parlour ledger check`: read the database and list any broken invariant."""
    path = Path(args.db or Settings.from_env().db_path)
    _database(path, write=False)
    with guard(path):
        problems = asyncio.run(_check(path))
    if problems:
        print(f"{len(problems)} ledger invariant(s) broken:")
        for problem in problems:
            print(f"  - {problem}")
        return 1
    print(f"Every ledger invariant holds in {path}.")
    return 0


async def _check(path: Path) -> list[str]:
    """The broken ledger invariants of the database at `path`, opened read-only."""
    from bot.ledger import Ledger
    from bot.storage import Database

    db = await Database.open(path, read_only=True)
    try:
        return await Ledger(db).check()
    finally:
        await db.close()


def _rules(args: argparse.Namespace) -> int:
    """`parlour rules GAME`: the game's rules and options."""
    print(rules_text(_game(args.game)))
    return 0


def _games(args: argparse.Namespace) -> int:
    """`parlour games`: every game, one a line."""
    games = registry.all()
    width = max(len(g.info.key) for g in games)
    for game in games:
        info = game.info
        print(f"{info.key:{width}}  {info.title} - {info.seat_range()}: {info.summary}")
    return 0
