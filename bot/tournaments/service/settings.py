"""A new tournament's settings, checked in words before anything is stored."""

from __future__ import annotations

from dataclasses import dataclass

from bot.games import Game
from bot.tables.checks import MAX_BUY_IN
from bot.tournaments.prizes import PrizeStructure
from bot.tournaments.service.load import parse_shares
from bot.tournaments.service.models import MAX_ROUNDS, Format, TournamentError

MAX_START_MIN = 7 * 24 * 60
"""The furthest ahead a tournament may be set to start by itself: a week."""


@dataclass(frozen=True, slots=True)
class NewSettings:
    """What a moderator asked for (None: not given)."""

    format: str
    rounds: int | None
    seats: int | None
    buy_in: int
    stack: int | None
    shares: str | None
    starts_in_min: int | None


@dataclass(frozen=True, slots=True)
class Settings:
    """A tournament's settings, checked and filled in."""

    format: str
    rounds: int
    seats: int
    buy_in: int
    stack: int
    prizes: PrizeStructure
    starts_at: float | None


def checked_settings(
    game: Game[object], wanted: NewSettings, default_stack: int, now: float
) -> Settings:
    """The settings of a new tournament of `game`, or TournamentError saying what is wrong."""
    info = game.info
    if info.solitary:
        raise TournamentError(f"{info.title} is played alone: a tournament needs a table game.")
    if wanted.format not in (Format.SWISS, Format.KNOCKOUT):
        raise TournamentError("The format is swiss or knockout.")
    rounds = _rounds(wanted)
    seats = wanted.seats if wanted.seats is not None else usual_seats(game)
    if not info.min_seats <= seats <= info.max_seats:
        raise TournamentError(f"{info.title} is played by {info.seat_range()}, not {seats}.")
    if not 0 <= wanted.buy_in <= MAX_BUY_IN:
        raise TournamentError(f"A buy-in is 0 (for points) to {MAX_BUY_IN:,} chips.")
    stack = 0
    if info.chips:
        stack = wanted.stack if wanted.stack is not None else default_stack
        if not 1 <= stack <= MAX_BUY_IN:
            raise TournamentError(f"The tables' stack is 1 to {MAX_BUY_IN:,} chips.")
    elif wanted.stack is not None:
        raise TournamentError(f"{info.title} is not played for chips: leave the stack out.")
    try:
        prizes = parse_shares(wanted.shares) if wanted.shares else PrizeStructure()
    except ValueError as exc:
        raise TournamentError(str(exc)) from None
    starts_at = None
    if wanted.starts_in_min is not None:
        if not 1 <= wanted.starts_in_min <= MAX_START_MIN:
            raise TournamentError("A tournament starts by itself 1 minute to a week from now.")
        starts_at = now + 60 * wanted.starts_in_min
    return Settings(wanted.format, rounds, seats, wanted.buy_in, stack, prizes, starts_at)


def _rounds(wanted: NewSettings) -> int:
    """The rounds asked for: a Swiss's number (0: set at the start), none for a knockout."""
    if wanted.format == Format.KNOCKOUT:
        if wanted.rounds is not None:
            raise TournamentError("A knockout plays until one player is left: leave rounds out.")
        return 0
    if wanted.rounds is None:
        return 0
    if not 1 <= wanted.rounds <= MAX_ROUNDS:
        raise TournamentError(f"A Swiss tournament plays 1 to {MAX_ROUNDS} rounds.")
    return wanted.rounds


def usual_seats(game: Game[object]) -> int:
    """The seats of a game's usual table: four where it can be, else its nearest."""
    return min(max(4, game.info.min_seats), game.info.max_seats)
