"""`parlour play GAME --help`: the play command's help told for one game, with that game's
seat counts, defaults and options (patience has no --seats, a trick game no --buy-in).
bot/cli/ declares the arguments and calls this only when help is asked for, so the
command line starts without loading the terminal front end.
"""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Callable
from typing import Any

from bot.games import Game, registry

WIDTH = 79
BUY_IN_DEFAULT = 100
"""The table service's default buy-in, which `parlour play` uses when none is given."""


def play_help(
    parser: argparse.ArgumentParser, key: str | None, default_seats: Callable[[Game[Any]], int]
) -> str:
    """The help for `parlour play`: for the named game if it is one, else the general one."""
    try:
        game = registry.get((key or "").strip().lower())
    except KeyError:
        return parser.format_help()
    return _game_parser(game, default_seats(game)).format_help()


def _game_parser(game: Game[Any], seats: int) -> argparse.ArgumentParser:
    """A parser that exists only to word the help of one game."""
    info = game.info
    parser = argparse.ArgumentParser(
        prog=f"parlour play {info.key}",
        description=textwrap.fill(f"{info.title} ({info.seat_range()}): {info.summary}", WIDTH),
        epilog=_epilog(game),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    if info.max_seats > 1:
        span = f"{info.min_seats} to {info.max_seats}, default {seats}"
        if info.min_seats == info.max_seats:
            span = f"always {seats}"
        parser.add_argument("--seats", help=f"how many seats ({span})")
        parser.add_argument(
            "--ai", help=f"how many AI seats, one fewer than the seats (default: {seats - 1})"
        )
    parser.add_argument("--seed", help="a seed to replay a game (default: a fresh shuffle)")
    parser.add_argument("--option", metavar="K=V", help="one of the options below; repeatable")
    if info.chips:
        parser.add_argument(
            "--buy-in", help=f"chips each seat brings to the table (default: {BUY_IN_DEFAULT})"
        )
        parser.add_argument("--db", help="where your purse is kept (default: ~/.parlour/play.db)")
    else:
        parser.add_argument("--db", help="where the game is kept (default: ~/.parlour/play.db)")
    return parser


def _epilog(game: Game[Any]) -> str:
    """The game's options, one a line, and what its results are counted in."""
    info = game.info
    counted = "Played for points to the target score; no chips change hands."
    if info.chips:
        counted = "Played for chips from your purse; the results are chips won or lost."
    elif info.solitary:
        counted = "Played for a score; no chips change hands."
    if info.max_seats == 1:
        counted = "Patience is played alone, so there is no --seats. " + counted
    lines = [textwrap.fill(counted, WIDTH), "", "options (--option K=V):"]
    lines += [
        textwrap.fill(o.describe(), WIDTH, initial_indent="  ", subsequent_indent="      ")
        for o in info.options
    ] or ["  none"]
    lines += ["", f"Rules: parlour rules {info.key}"]
    return "\n".join(lines)
