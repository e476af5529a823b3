"""A member's record for `/stats`, worked out from the rows the leaderboards read
(`bot.storage.record_rows`): tables played and won per game, chips won and lost per chip
game, the best win, the longest streak of wins and the favourite game.

A streak runs over every finished game in the order they finished, whatever the game. The
best win is the most chips taken home from one table; a member who never won chips has
their best score in a won game instead. The favourite game is the one played most
(ties: the more won, then the game's key).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.storage.record_rows import ChipRow, PlayedRow


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A member's record at one game."""

    game: str
    played: int
    won: int
    chips_won: int
    """Chips taken home from the tables they came out ahead at."""
    chips_lost: int
    """Chips left at the tables they came out behind at (a positive number)."""
    for_chips: bool


@dataclass(frozen=True, slots=True)
class BestWin:
    """The best single win: its game, and chips won (or the points of a won game)."""

    game: str
    value: int
    in_chips: bool


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """A member's record on one server."""

    games: tuple[GameRecord, ...]
    best_win: BestWin | None
    longest_streak: int
    favourite: str | None

    @property
    def played(self) -> int:
        """Games finished, every game together."""
        return sum(g.played for g in self.games)

    @property
    def won(self) -> int:
        """Games won, every game together."""
        return sum(g.won for g in self.games)


def player_record(played: Sequence[PlayedRow], chips: Sequence[ChipRow]) -> PlayerRecord:
    """The record told by a member's finished games (oldest first) and chip tables."""
    keys = sorted({r.game for r in played} | {c.game for c in chips})
    games = tuple(_game_record(key, played, chips) for key in keys)
    favourite = max(games, key=lambda g: (g.played, g.won, [-ord(c) for c in g.game]), default=None)
    return PlayerRecord(
        games=games,
        best_win=_best_win(played, chips),
        longest_streak=_longest_streak(played),
        favourite=None if favourite is None or favourite.played == 0 else favourite.game,
    )


def _game_record(key: str, played: Sequence[PlayedRow], chips: Sequence[ChipRow]) -> GameRecord:
    """One game's line of the record."""
    mine = [r for r in played if r.game == key]
    nets = [c.net for c in chips if c.game == key]
    return GameRecord(
        game=key,
        played=len(mine),
        won=sum(r.won for r in mine),
        chips_won=sum(n for n in nets if n > 0),
        chips_lost=-sum(n for n in nets if n < 0),
        for_chips=bool(nets),
    )


def _best_win(played: Sequence[PlayedRow], chips: Sequence[ChipRow]) -> BestWin | None:
    """The most chips won at one table, else the best score of a won game."""
    best = max(chips, key=lambda c: c.net, default=None)
    if best is not None and best.net > 0:
        return BestWin(best.game, best.net, True)
    wins = [r for r in played if r.won]
    top = max(wins, key=lambda r: r.points, default=None)
    return None if top is None else BestWin(top.game, top.points, False)


def _longest_streak(played: Sequence[PlayedRow]) -> int:
    """The longest run of won games, in the order they finished."""
    longest = run = 0
    for row in played:
        run = run + 1 if row.won else 0
        longest = max(longest, run)
    return longest
