"""`parlour history TABLE` and `parlour replay TABLE`: a stored table's hand history
printed, or stepped through at a prompt (`bot.console.replay`), from the bot's database
(PARLOUR_DB) or the one `--db` names."""

from __future__ import annotations

import argparse
import asyncio
import sys

from bot.cli.checks import UsageError, count
from bot.tables import TableError


def add_replay(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The `history` and `replay` commands."""
    history = sub.add_parser("history", help="print a table's hand history")
    replay = sub.add_parser("replay", help="step through a table's replay")
    for parser in (history, replay):
        parser.add_argument("table", help="the table's number")
        parser.add_argument(
            "--db",
            default=None,
            metavar="DB",
            help="a database file or postgresql:// address (default: PARLOUR_DB)",
        )
    replay.add_argument(
        "--reveal",
        action="store_true",
        help="at a closed table, show every hand of a finished deal",
    )
    history.set_defaults(handler=_history)
    replay.set_defaults(handler=_replay, reveal=False)


def _load(args: argparse.Namespace) -> object:
    """The replay the arguments name; UsageError in words if there is none."""
    from bot.config import Settings
    from bot.console.replay import load_replay

    table_id = count(args.table, "TABLE", 1, 2**63 - 1, 0)
    database = args.db if args.db is not None else Settings.from_env().database
    try:
        return asyncio.run(load_replay(database, table_id))
    except TableError as exc:
        raise UsageError(exc.reason) from None


def _history(args: argparse.Namespace) -> int:
    """`parlour history`: print the hand history; 1 when the log does not verify."""
    from bot.console.replay import print_history
    from bot.tables.replay import Replay

    replay = _load(args)
    assert isinstance(replay, Replay)
    print_history(replay)
    return 0 if replay.verified else 1


def _replay(args: argparse.Namespace) -> int:
    """`parlour replay`: step through the replay at a prompt."""
    from bot.console.replay import replay_console
    from bot.tables.replay import Replay

    replay = _load(args)
    assert isinstance(replay, Replay)
    replay_console(replay, sys.stdin.readline, sys.stdout, reveal=args.reveal)
    return 0 if replay.verified else 1
