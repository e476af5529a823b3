"""Finished patience games (migration 0006): one row per human player, recorded by the
table service in the unit of work that finishes the table, and the statistics and
leaderboards read from them.

A streak is a run of wins in the order the games finished; the current streak is the run
that ends with the player's latest game (0 if that game was lost). A game in which the
player asked "Can I still win?" (migration 0012: its `assists`) is assisted: its win is
counted as a win, but never as a perfect one, and it counts in no streak: it ends a run
as a loss does (were it skipped, asking whenever in doubt would keep a streak alive). A
"perfect" win is one won with no undo, no hint and no assist.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.storage.base import Database
from bot.storage.table_rows import Connection, now_text
from bot.storage.tx import as_int, as_int_or_none


@dataclass(frozen=True, slots=True)
class PatienceRow:
    """One human player's finished game, as the service records it."""

    user_id: int
    won: bool
    stats: Mapping[str, int]
    """moves, undos, hints and score (missing counters are stored as 0)."""


@dataclass(frozen=True, slots=True)
class PatienceStats:
    """A player's record at one patience game, or at all of them."""

    played: int
    won: int
    current_streak: int
    best_streak: int
    fewest_moves: int | None
    """The fewest moves in a win; None before the first win."""
    perfect: int
    assisted: int = 0
    """Games in which the player asked "Can I still win?"."""

    @property
    def win_rate(self) -> float:
        """Games won over games played (0 before the first game)."""
        return self.won / self.played if self.played else 0.0


@dataclass(frozen=True, slots=True)
class BoardRow:
    """A player's line on a patience game's leaderboard."""

    rank: int
    user_id: int
    won: int
    played: int
    fewest_moves: int | None


# Each game of the player, in the order they finished, numbered by how many losses and
# assisted games came up to it: a run of unassisted wins shares the number of the game
# that ended the run before it.
_STATS = """
WITH games AS (
    SELECT won, moves, undos, hints, assists, finished_at, table_id,
           CASE WHEN won = 1 AND assists = 0 THEN 1 ELSE 0 END AS clean
    FROM patience_results
    WHERE guild_id = :guild AND user_id = :user
      AND (CAST(:game AS TEXT) IS NULL OR game = :game)
),
mine AS (
    SELECT won, moves, undos, hints, assists, clean,
           SUM(1 - clean) OVER (ORDER BY finished_at, table_id ROWS UNBOUNDED PRECEDING) AS run
    FROM games
),
runs AS (SELECT run, SUM(clean) AS wins FROM mine GROUP BY run)
SELECT COUNT(*),
       COALESCE(SUM(won), 0),
       COALESCE((SELECT wins FROM runs WHERE run = (SELECT MAX(run) FROM mine)), 0),
       COALESCE((SELECT MAX(wins) FROM runs), 0),
       MIN(CASE WHEN won = 1 THEN moves END),
       COALESCE(SUM(CASE WHEN clean = 1 AND undos = 0 AND hints = 0 THEN 1 ELSE 0 END), 0),
       COALESCE(SUM(CASE WHEN assists > 0 THEN 1 ELSE 0 END), 0)
FROM mine
"""

# Wins first, then the win rate, then the fewest moves in a win; ties by user id.
_BOARD = """
WITH players AS (
    SELECT user_id, SUM(won) AS won, COUNT(*) AS played,
           MIN(CASE WHEN won = 1 THEN moves END) AS fewest
    FROM patience_results WHERE guild_id = :guild AND game = :game GROUP BY user_id
),
board AS (
    SELECT ROW_NUMBER() OVER (
               ORDER BY won DESC, CAST(won AS DOUBLE PRECISION) / played DESC,
                        fewest IS NULL, fewest, user_id
           ) AS rank,
           user_id, won, played, fewest
    FROM players
)
"""


async def record_patience(
    tx: Connection, guild_id: int, table_id: int, game: str, rows: Sequence[PatienceRow]
) -> None:
    """Inside a unit of work, store a finished patience table's rows (one per human
    player). Recording a table twice keeps the first rows."""
    finished_at = now_text()
    await tx.executemany(
        "INSERT INTO patience_results (table_id, guild_id, user_id, game, won, moves, undos,"
        " hints, score, finished_at, assists) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (table_id, user_id) DO NOTHING",
        [
            (
                table_id,
                guild_id,
                row.user_id,
                game,
                int(row.won),
                int(row.stats.get("moves", 0)),
                int(row.stats.get("undos", 0)),
                int(row.stats.get("hints", 0)),
                int(row.stats.get("score", 0)),
                finished_at,
                int(row.stats.get("assists", 0)),
            )
            for row in rows
        ],
    )


async def patience_stats(
    db: Database, guild_id: int, user_id: int, game: str | None = None
) -> PatienceStats:
    """A player's record on this server at one patience game (None: all of them)."""
    params = {"guild": guild_id, "user": user_id, "game": game}
    row = await db.fetchone(_STATS, params)
    assert row is not None  # an aggregate always answers one row
    played, won, current, best = (as_int(row[i]) for i in range(4))
    fewest, perfect, assisted = as_int_or_none(row[4]), as_int(row[5]), as_int(row[6])
    return PatienceStats(played, won, current, best, fewest, perfect, assisted)


async def patience_board(db: Database, guild_id: int, game: str, limit: int = 10) -> list[BoardRow]:
    """The top `limit` players of a patience game on this server, best first."""
    sql = _BOARD + "SELECT * FROM board WHERE rank <= :limit ORDER BY rank"
    rows = await db.fetchall(sql, {"guild": guild_id, "game": game, "limit": limit})
    return [BoardRow(*r) for r in rows]


async def patience_rank(db: Database, guild_id: int, user_id: int, game: str) -> BoardRow | None:
    """A player's line on that board; None if they never finished a game of it."""
    sql = _BOARD + "SELECT * FROM board WHERE user_id = :user"
    row = await db.fetchone(sql, {"guild": guild_id, "game": game, "user": user_id})
    return None if row is None else BoardRow(*row)
