"""Finished games' results (migration 0005) and the "games won" leaderboard built on them.

The table service records a finished table's results inside the unit of work that
finishes it, so a result is stored exactly when the table's end is. Games played for
chips are ranked by the ledger instead (net winnings); this board serves the others.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.storage.base import Database
from bot.storage.table_rows import Connection, now_text
from bot.storage.tx import as_int

ResultRow = tuple[int, int, bool]
"""One human player's result: (user_id, points, won)."""

# Everyone who finished a game of `game` in the server, with the games they won.
_WINS = """
WITH board(user_id, value) AS (
    SELECT user_id, SUM(won) FROM game_results
    WHERE guild_id = :guild AND game = :game GROUP BY user_id
)
"""

_TOP = "SELECT user_id, value FROM board ORDER BY value DESC, user_id LIMIT :limit"

# Ties are broken by user id, the same order as _TOP, so a rank matches the board.
_RANK = """
SELECT 1 + (SELECT COUNT(*) FROM board o
            WHERE o.value > b.value OR (o.value = b.value AND o.user_id < b.user_id)),
       b.value
FROM board b WHERE b.user_id = :user
"""


async def record_results(
    tx: Connection, guild_id: int, table_id: int, game: str, rows: Sequence[ResultRow]
) -> None:
    """Inside a unit of work, store a finished table's results: (user_id, points, won) per
    human player (AI seats have no user and are left out). Recording a table twice keeps
    the first results."""
    finished_at = now_text()
    await tx.executemany(
        "INSERT INTO game_results (table_id, guild_id, game, user_id, points, won, finished_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (table_id, user_id) DO NOTHING",
        [
            (table_id, guild_id, game, user_id, points, int(won), finished_at)
            for user_id, points, won in rows
        ],
    )


async def games_won(
    db: Database, guild_id: int, game: str, limit: int = 10
) -> list[tuple[int, int]]:
    """(user_id, games won) best first, of everyone who finished a game of `game` here."""
    params = {"guild": guild_id, "game": game, "limit": limit}
    return [(as_int(row[0]), as_int(row[1])) for row in await db.fetchall(_WINS + _TOP, params)]


async def games_won_rank(
    db: Database, guild_id: int, user_id: int, game: str
) -> tuple[int, int] | None:
    """A player's (1-based rank, games won) on that board; None if they never finished one."""
    row = await db.fetchone(_WINS + _RANK, {"guild": guild_id, "game": game, "user": user_id})
    return None if row is None else (as_int(row[0]), as_int(row[1]))
