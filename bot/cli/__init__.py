"""The `parlour` command line: run the bot, serve the web table alone, sync the slash
commands, play in the terminal, simulate, check the ledger, and print a game's rules."""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from bot.cli.checks import (
    UsageError,
    count,
    database_file,
    game_of,
    options_of,
    seats_of,
    usable_database,
    winnable_request,
)
from bot.cli.db import add_db
from bot.cli.i18n import add_i18n
from bot.cli.replay import add_replay
from bot.cli.solve import add_solve
from bot.cli.tools import add_tools
from bot.config import ConfigError, Settings
from bot.storage import StorageError
from bot.storage.address import is_postgres
from bot.storage.files import DatabaseFileError, guard

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
    except (UsageError, ConfigError, DatabaseFileError, StorageError) as exc:
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

    _add_run(sub)
    _add_web(sub)

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
    play.add_argument(
        "--winnable",
        action="store_true",
        help="patience: deal only a deal the solver has proved winnable (takes no --seed)",
    )
    play.add_argument("--option", action="append", default=[], metavar="K=V", help="game option")
    play.add_argument(
        "--buy-in", type=str, default=None, help="chips each seat brings (chip games)"
    )
    play.add_argument(
        "--db",
        default=str(DEFAULT_PLAY_DB),
        metavar="DB",
        help="the chips' database: a SQLite file (default ~/.parlour/play.db) or a"
        " postgresql:// address",
    )
    play.set_defaults(handler=_play)
    add_tools(sub)
    add_db(sub)
    add_replay(sub)
    add_solve(sub)
    add_i18n(sub)
    return parser


def _add_run(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """`parlour run [--shard-count N] [--shards LIST] [--web-port PORT]`."""
    run = sub.add_parser("run", help="run the Discord bot")
    run.add_argument(
        "--shard-count",
        type=str,
        default=None,
        metavar="N",
        help="Discord gateway shards in all (default PARLOUR_SHARD_COUNT, else unsharded)",
    )
    run.add_argument(
        "--shards",
        type=str,
        default=None,
        metavar="LIST",
        help="the shards this process holds, e.g. 0-3 or 0,2,5-7 (default: all of them)",
    )
    run.add_argument(
        "--web-port",
        type=str,
        default=None,
        metavar="PORT",
        help="serve the web table on this port (default PARLOUR_WEB_PORT, else no web)",
    )
    run.set_defaults(handler=_run)


def _add_web(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """`parlour web [--web-port PORT]`."""
    web = sub.add_parser(
        "web",
        help="serve the web table of every shard, holding none (PostgreSQL)",
        description="Serve every table's web page, whichever process holds the table,"
        " from a process that holds no Discord shard: the one address in front of the"
        " shard processes of one PostgreSQL database. It needs no DISCORD_TOKEN.",
    )
    web.add_argument(
        "--web-port",
        type=str,
        default=None,
        metavar="PORT",
        help="the port to serve on (default PARLOUR_WEB_PORT)",
    )
    web.set_defaults(handler=_web)


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

        print(play_help(parser, getattr(namespace, "game", None), lambda g: seats_of(g, None)))
        parser.exit()


# -- commands --------------------------------------------------------------------------


def _bot_settings(
    shard_count: str | None = None, shards: str | None = None, web_port: str | None = None
) -> Settings | None:
    """The settings for talking to Discord (the shard and web options in place of the
    environment's), with logging set up; None (having explained how to get one) when
    there is no token."""
    settings = Settings.from_env(shard_count=shard_count, shards=shards, web_port=web_port)
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s %(message)s"
    )
    if settings.token is None:
        print(NO_TOKEN, file=sys.stderr)
        return None
    return settings


def _run(args: argparse.Namespace) -> int:
    """`parlour run`: check the settings and the database, then run the bot (over its
    shards, when sharded) until it stops."""
    settings = _bot_settings(args.shard_count, args.shards, args.web_port)
    if settings is None:
        return 2
    usable_database(settings)
    from bot.client import run_bot

    return _with_discord(settings, lambda: run_bot(settings))


def _web(args: argparse.Namespace) -> int:
    """`parlour web`: check the settings and the database, then serve the web alone."""
    settings = Settings.from_env(web_port=args.web_port)
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s %(message)s"
    )
    if settings.web is None:
        raise UsageError("parlour web needs a port: set PARLOUR_WEB_PORT or give --web-port.")
    if settings.db_url is None:
        raise UsageError(
            "parlour web serves the tables of Parlour processes sharing a PostgreSQL"
            " database: set PARLOUR_DB to its postgresql:// address (on a SQLite file,"
            " parlour run --web-port PORT serves the web itself)."
        )
    usable_database(settings)
    from bot.web_process import run_web

    return run_web(settings)


def _sync(args: argparse.Namespace) -> int:
    """`parlour sync`: check the database, then upload the slash commands."""
    guild_id = count(args.guild, "--guild", 1, 2**63 - 1, 0) if args.guild else None
    settings = _bot_settings()
    if settings is None:
        return 2
    usable_database(settings)
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
    """`parlour play`: one human seat against AI seats, chips kept in a local file or the
    PostgreSQL database `--db` names."""
    from bot.console import play_main

    game = game_of(args.game)
    seats = seats_of(game, args.seats)
    ai = count(args.ai, "--ai", 0, seats, seats - 1)
    if ai != seats - 1:
        raise UsageError(
            f"The terminal has one human seat, so --ai must be {seats - 1} with --seats {seats}."
        )
    seed = count(args.seed, "--seed", 0, 2**63 - 1, -1) if args.seed is not None else None
    buy_in = count(args.buy_in, "--buy-in", 1, 1_000_000, 100) if args.buy_in else None
    options = options_of(game, args.option)
    # The address is read before the file checks, so that it never becomes a file's name.
    if not is_postgres(args.db):
        database_file(Path(args.db), write=True)
    if args.winnable:
        winnable_request(game, seed)
    with guard(args.db):
        return asyncio.run(
            play_main(game, seats, options, seed, buy_in, args.db, winnable=args.winnable)
        )
