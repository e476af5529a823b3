"""A server's finished tables for `/table history` (indexes in migration 0009): a page of
closed tables that were dealt, newest first, keyset-paged on (closed_at, id), each with
its seats by name and each seat's result.

A seat's result comes from what the table already wrote when it closed: at a chip table,
the chips its stake took home less the chips brought to it (buy-in and top-ups), read
from the ledger exactly as the net-winnings leaderboard reads it; at a points game, the
points and win in `game_results` (migration 0005); at a patience, the moves in
`patience_results` (migration 0006). AI seats have no `game_results` row, so only their
chips are known. Only SQL and the rows' shape live here; the words live in the front ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.storage.base import Database
from bot.storage.tx import Row, as_int

Cursor = tuple[str, int]
"""A position in the history: a table's (closed_at, id)."""


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat of a finished table and how it came out (None: not known)."""

    chair: int
    name: str
    user_id: int | None
    chips: int | None
    """Chips won (positive) or lost (negative) at a chip table."""
    points: int | None
    won: bool | None
    moves: int | None
    """The moves of a patience game."""


@dataclass(frozen=True, slots=True)
class FinishedTable:
    """One closed table of the history."""

    table_id: int
    game: str
    closed_at: str
    close_reason: str
    for_chips: bool
    seats: tuple[SeatResult, ...]

    @property
    def cursor(self) -> Cursor:
        """This table's place in the history."""
        return (self.closed_at, self.table_id)


# Fixed fragments only: the filters a page uses are joined, never a caller's text.
_COLUMNS = "SELECT t.id, t.game, t.closed_at, t.close_reason, t.buy_in"
_WHERE = " AND t.guild_id = ? AND t.status = 'closed' AND t.start_stacks IS NOT NULL"
# The server's closed tables walked newest first (tables_closed), or, for a member who sat
# at few tables, their seats first (seats_by_user; CROSS JOIN holds SQLite to that order)
# and those few sorted: walking the server's tables to find a rare member's read them all.
_ALL = _COLUMNS + " FROM tables t WHERE 1 = 1" + _WHERE
_OF_USER = _ALL + " AND t.id IN (SELECT s.table_id FROM seats s WHERE s.user_id = ?)"
_OF_RARE_USER = (
    _COLUMNS
    + " FROM seats s CROSS JOIN tables t WHERE t.id = s.table_id AND s.user_id = ?"
    + _WHERE
)
_RARE = 2_000
"""Up to this many seats, a member's page starts from their seats."""
_SEATS_OF = "SELECT COUNT(*) FROM (SELECT 1 FROM seats WHERE user_id = ? LIMIT ?) mine"
_OF_GAME = " AND t.game = ?"
_BEFORE = " AND (t.closed_at, t.id) < (?, CAST(? AS BIGINT))"
_AFTER = " AND (t.closed_at, t.id) > (?, CAST(? AS BIGINT))"
_NEWEST = " ORDER BY t.closed_at DESC, t.id DESC LIMIT ?"
_OLDEST = " ORDER BY t.closed_at, t.id LIMIT ?"

# A stake's chips from or to outside the table (a purse, or the issuance for an AI seat),
# signed as the seat sees them: what went home less what was brought.
_CHIPS = """
SELECT table_id, seat, SUM(amount) FROM (
    SELECT a.table_id, a.seat, t.amount FROM accounts a
    JOIN transfers t ON t.debit_account_id = a.id
    JOIN accounts o ON o.id = t.credit_account_id AND o.kind IN ('purse', 'issuance')
    WHERE a.kind = 'stake' AND a.guild_id = ? AND a.table_id IN ({ids})
    UNION ALL
    SELECT a.table_id, a.seat, -t.amount FROM accounts a
    JOIN transfers t ON t.credit_account_id = a.id
    JOIN accounts o ON o.id = t.debit_account_id AND o.kind IN ('purse', 'issuance')
    WHERE a.kind = 'stake' AND a.guild_id = ? AND a.table_id IN ({ids})
) moved
GROUP BY table_id, seat
"""


async def finished_tables(
    db: Database,
    guild_id: int,
    *,
    user_id: int | None = None,
    game: str | None = None,
    before: Cursor | None = None,
    after: Cursor | None = None,
    limit: int = 10,
) -> list[FinishedTable]:
    """Up to `limit` finished tables of a server, newest first: the newest of all, or
    those older than `before`, or the oldest ones newer than `after`; only those `user_id`
    sat at and of `game`, when given."""
    assert before is None or after is None, "a page is before a table or after one"
    sql, params = await _start(db, guild_id, user_id)
    filters: list[tuple[str, Sequence[object]]] = [
        (_OF_GAME, (game,)) if game is not None else ("", ()),
        (_BEFORE, before) if before is not None else ("", ()),
        (_AFTER, after) if after is not None else ("", ()),
    ]
    for fragment, values in filters:
        sql += fragment
        params += values
    sql += _OLDEST if after is not None else _NEWEST
    rows = await db.fetchall(sql, (*params, limit))
    if after is not None:
        rows.reverse()
    return await _with_seats(db, guild_id, rows)


async def _start(db: Database, guild_id: int, user_id: int | None) -> tuple[str, list[object]]:
    """The page's query up to its filters, and its parameters so far."""
    if user_id is None:
        return _ALL, [guild_id]
    row = await db.fetchone(_SEATS_OF, (user_id, _RARE + 1))
    rare = row is not None and as_int(row[0]) <= _RARE
    return (_OF_RARE_USER, [user_id, guild_id]) if rare else (_OF_USER, [guild_id, user_id])


async def cursor_of(db: Database, guild_id: int, table_id: int) -> Cursor | None:
    """A closed table's place in its server's history (None: no such closed table here)."""
    row = await db.fetchone(
        "SELECT closed_at FROM tables WHERE id = ? AND guild_id = ? AND status = 'closed'",
        (table_id, guild_id),
    )
    return None if row is None else (str(row[0]), table_id)


async def _with_seats(db: Database, guild_id: int, tables: list[Row]) -> list[FinishedTable]:
    """The page's tables with their seats and results, read in four queries."""
    ids = [as_int(row[0]) for row in tables]
    if not ids:
        return []
    marks = ", ".join("?" for _ in ids)
    seats = await db.fetchall(
        f"SELECT table_id, chair, user_id, name FROM seats WHERE table_id IN ({marks})"
        " ORDER BY table_id, chair",
        ids,
    )
    points = await db.fetchall(
        f"SELECT table_id, user_id, points, won FROM game_results WHERE table_id IN ({marks})",
        ids,
    )
    moves = await db.fetchall(
        f"SELECT table_id, user_id, moves FROM patience_results WHERE table_id IN ({marks})",
        ids,
    )
    chips = await db.fetchall(_CHIPS.format(ids=marks), (guild_id, *ids, guild_id, *ids))
    by_user = {(as_int(r[0]), as_int(r[1])): (as_int(r[2]), bool(r[3])) for r in points}
    moves_of = {(as_int(r[0]), as_int(r[1])): as_int(r[2]) for r in moves}
    chips_of = {(as_int(r[0]), as_int(r[1])): as_int(r[2]) for r in chips}
    results: dict[int, list[SeatResult]] = {}
    for r in seats:
        table_id, chair = as_int(r[0]), as_int(r[1])
        user = None if r[2] is None else as_int(r[2])
        scored = by_user.get((table_id, user)) if user is not None else None
        results.setdefault(table_id, []).append(
            SeatResult(
                chair=chair,
                name=str(r[3]),
                user_id=user,
                chips=chips_of.get((table_id, chair)),
                points=None if scored is None else scored[0],
                won=None if scored is None else scored[1],
                moves=moves_of.get((table_id, user)) if user is not None else None,
            )
        )
    return [
        FinishedTable(
            as_int(row[0]),
            str(row[1]),
            str(row[2]),
            str(row[3]),
            as_int(row[4]) > 0,
            tuple(results.get(as_int(row[0]), ())),
        )
        for row in tables
    ]
