"""The `parlour` command line's argument checks: a game key, a count in range, game
options, a number of seats and a database file, each refused as a `UsageError` in one
sentence."""

from __future__ import annotations

import asyncio
import logging
import time
from pathlib import Path
from typing import Any

from bot.config import Settings
from bot.games import Game, IllegalAction, english, registry
from bot.games.options import parse_pairs
from bot.storage.files import claim, verify

ECHO_CHARS = 40  # a bad value longer than this is not repeated back
WAIT_STEP_S = 1.0
log = logging.getLogger(__name__)


class UsageError(Exception):
    """Bad command-line input; the message is shown as it is."""


def game_of(key: str) -> Game[Any]:
    """The game with this key, or a UsageError in one sentence."""
    try:
        return registry.get(key.strip().lower())
    except KeyError as exc:
        raise UsageError(str(exc.args[0])) from None


def count(text: str | None, name: str, low: int, high: int, default: int) -> int:
    """A whole number from `low` to `high` given for option `name`, or its default."""
    if text is None:
        return default
    try:
        value = int(text)
    except ValueError:
        raise UsageError(f"{name} must be a whole number{_not_quoted(text)}.") from None
    if not low <= value <= high:
        raise UsageError(f"{name} must be from {low} to {high}, not {value}.")
    return value


def _not_quoted(text: str) -> str:
    """The words ", not 'text'" that end a refusal, unless the text is too long to repeat."""
    return f", not {text!r}" if len(text) <= ECHO_CHARS else ""


def options_of(game: Game[Any], pairs: list[str]) -> dict[str, object]:
    """The game options given as name=value pairs, checked by the game."""
    try:
        given: dict[str, object] = dict(parse_pairs(pairs))
        game.options(given)
    except IllegalAction as exc:
        raise UsageError(exc.reason) from None
    return given


def seats_of(game: Game[Any], text: str | None) -> int:
    """The number of seats asked for, within the game's range."""
    info = game.info
    default = min(max(info.min_seats, 4), info.max_seats)
    if text is None:
        return default
    try:
        seats = int(text)
    except ValueError:
        raise UsageError(f"--seats must be a whole number{_not_quoted(text)}.") from None
    if not info.min_seats <= seats <= info.max_seats:
        raise UsageError(f"{info.title} is played by {info.seat_range()}, not {seats}.")
    return seats


def database_file(path: Path, *, write: bool) -> None:
    """Refuse, before any work, a database file that is not Parlour's or cannot be used."""
    if not claim(path, write=write):
        verify(path)


def usable_database(settings: Settings) -> None:
    """Refuse, before Discord is reached, a database Parlour cannot use: a file that is
    not Parlour's, or a PostgreSQL server out of reach, refusing the credentials,
    holding another application's tables or a newer Parlour's schema."""
    if settings.db_url is None:
        database_file(settings.db_path, write=True)
        return
    asyncio.run(_try_database(settings.db_url, settings.db_wait_s))


async def _try_database(target: str, wait_s: float) -> None:
    """Open and close the database (migrating a new one), raising its one sentence; a
    server that does not answer yet is waited for, up to `wait_s` (PARLOUR_DB_WAIT_S),
    saying so once in the log."""
    from bot.storage import open_database
    from bot.storage.pg_connect import Unreachable

    until, told = time.monotonic() + wait_s, False
    while True:
        try:
            db = await open_database(target)
            break
        except Unreachable as exc:
            if time.monotonic() + WAIT_STEP_S > until:
                raise
            if not told:
                log.warning("waiting up to %g s for the database: %s", wait_s, exc)
                told = True
            await asyncio.sleep(WAIT_STEP_S)
    await db.close()
    if told:
        log.info("the database answers now")


def winnable_request(game: Game[Any], seed: int | None) -> None:
    """Refuse `--winnable` in the table service's words for a game that is no patience
    or with a seed of one's own, before any table is touched."""
    from bot.games.patience.search import solvable
    from bot.tables.winnable import SEEDED, not_patience

    if not solvable(game):
        raise UsageError(not_patience(english(game.info.title)))
    if seed is not None:
        raise UsageError(SEEDED)
