"""Standings drawn from finished tables: patience records and boards, games won at a
points game, the history of finished tables and a member's record, per server. The
leaderboard, patience, history and stats front ends read them here.
"""

from __future__ import annotations

from bot.storage import Database, history_rows, patience_rows, record_rows, result_rows
from bot.storage.history_rows import FinishedTable, SeatResult
from bot.storage.patience_rows import BoardRow, PatienceStats
from bot.tables.records import PlayerRecord, player_record

__all__ = [
    "BoardRow",
    "FinishedTable",
    "PatienceStats",
    "PlayerRecord",
    "SeatResult",
    "Standings",
]


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

    async def history(
        self,
        guild_id: int,
        *,
        user_id: int | None = None,
        game: str | None = None,
        before_id: int | None = None,
        after_id: int | None = None,
        limit: int = 10,
    ) -> list[FinishedTable]:
        """A page of the server's finished tables, newest first: the newest, or those
        older than table `before_id`, or newer than table `after_id` (an unknown table:
        the newest); only those `user_id` sat at and of `game`, when given."""
        before = after = None
        if before_id is not None:
            before = await history_rows.cursor_of(self._db, guild_id, before_id)
        if after_id is not None:
            after = await history_rows.cursor_of(self._db, guild_id, after_id)
        return await history_rows.finished_tables(
            self._db,
            guild_id,
            user_id=user_id,
            game=game,
            before=before,
            after=after,
            limit=limit,
        )

    async def record(self, guild_id: int, user_id: int, game: str | None = None) -> PlayerRecord:
        """A member's record on this server, at one game or at all of them."""
        played = await record_rows.played(self._db, guild_id, user_id, game)
        chips = await record_rows.chips(self._db, guild_id, user_id, game)
        return player_record(played, chips)
