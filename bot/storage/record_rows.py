"""A member's record for `/stats`: each finished game they played, and their chips at
each closed chip table, read from the same rows as the leaderboards.

Games played and won come from `game_results` (migration 0005), which every finished
table with a person at it writes, patience included. Chips come from the ledger as the
net-winnings leaderboard reads them: chips from a closed table's escrow into the purse,
less chips from the purse into it, one sum per table.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.storage.base import Database
from bot.storage.tx import as_int


@dataclass(frozen=True, slots=True)
class PlayedRow:
    """One finished game a member played, in the order they finished."""

    table_id: int
    game: str
    points: int
    won: bool


@dataclass(frozen=True, slots=True)
class ChipRow:
    """A member's net chips at one closed chip table."""

    table_id: int
    game: str
    net: int


_PLAYED = """
SELECT table_id, game, points, won FROM game_results
WHERE guild_id = ? AND user_id = ? {game}
ORDER BY finished_at, table_id
"""

# The purse's transfers to and from closed escrow, one side at a time so that each uses
# its own index (transfers_debit, transfers_credit).
_CHIPS = """
WITH purse AS (SELECT id FROM accounts WHERE kind = 'purse' AND guild_id = ? AND user_id = ?),
moved(table_id, game, amount) AS (
    SELECT t.table_id, t.game, t.amount FROM transfers t
    JOIN accounts e ON e.id = t.debit_account_id
    WHERE t.credit_account_id = (SELECT id FROM purse)
      AND e.kind IN ('stake', 'pot') AND e.closed_at IS NOT NULL
    UNION ALL
    SELECT t.table_id, t.game, -t.amount FROM transfers t
    JOIN accounts e ON e.id = t.credit_account_id
    WHERE t.debit_account_id = (SELECT id FROM purse)
      AND e.kind IN ('stake', 'pot') AND e.closed_at IS NOT NULL
)
SELECT table_id, game, SUM(amount) FROM moved
WHERE table_id IS NOT NULL AND game IS NOT NULL {game}
GROUP BY table_id, game ORDER BY table_id
"""


async def played(db: Database, guild_id: int, user_id: int, game: str | None) -> list[PlayedRow]:
    """Every finished game a member played here (of `game`, when given), oldest first."""
    where, params = _game_filter(game, (guild_id, user_id))
    rows = await db.fetchall(_PLAYED.format(game=where), params)
    return [PlayedRow(as_int(r[0]), str(r[1]), as_int(r[2]), bool(r[3])) for r in rows]


async def chips(db: Database, guild_id: int, user_id: int, game: str | None) -> list[ChipRow]:
    """A member's net chips at each closed chip table here (of `game`, when given)."""
    where, params = _game_filter(game, (guild_id, user_id))
    rows = await db.fetchall(_CHIPS.format(game=where), params)
    return [ChipRow(as_int(r[0]), str(r[1]), as_int(r[2])) for r in rows]


def _game_filter(game: str | None, params: tuple[int, int]) -> tuple[str, tuple[object, ...]]:
    """The fixed fragment and parameters that keep one game's rows (none for all)."""
    return ("", params) if game is None else ("AND game = ?", (*params, game))
