"""Standings drawn from finished tables: patience records and boards, and games won at a
points game, per server. The leaderboard and patience cogs read them here.
"""

from __future__ import annotations

from bot.storage import Database, patience_rows, result_rows
from bot.storage.patience_rows import BoardRow, PatienceStats

__all__ = ["BoardRow", "PatienceStats", "Standings"]


class Standings:
    """Read-only queries over finished games."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def patience_stats(
        self, guild_id: int, user_id: int, game: str | None = None
    ) -> PatienceStats:
        """A player's record on this server at one patience game (None: all of them)."""
        return await patience_rows.patience_stats(self._db, guild_id, user_id, game)

    async def patience_board(self, guild_id: int, game: str, limit: int) -> list[BoardRow]:
        """The top `limit` players of a patience game on this server, best first."""
        return await patience_rows.patience_board(self._db, guild_id, game, limit)

    async def patience_rank(self, guild_id: int, user_id: int, game: str) -> BoardRow | None:
        """A player's line on that board; None if they never finished a game of it."""
        return await patience_rows.patience_rank(self._db, guild_id, user_id, game)

    async def games_won(self, guild_id: int, game: str, limit: int) -> list[tuple[int, int]]:
        """(user_id, games won) best first, of everyone who finished a game of `game` here."""
        return await result_rows.games_won(self._db, guild_id, game, limit)

    async def games_won_rank(
        self, guild_id: int, user_id: int, game: str
    ) -> tuple[int, int] | None:
        """A player's (rank, games won) on that board; None if they never finished one."""
        return await result_rows.games_won_rank(self._db, guild_id, user_id, game)
