"""Reading the ledger: the invariant check, a purse's history, and the leaderboards.

Every query here is a single statement on the reader connection, so each sees one
committed snapshot even while transfers keep landing.
"""

from __future__ import annotations

from datetime import datetime

from bot.ledger.model import Account, AccountKind, HistoryEntry, Reason
from bot.storage import Database, Row, as_int, as_int_or_none, as_str, as_str_or_none

_ACCOUNT_COLUMNS = (
    "a.id, a.guild_id, a.kind, a.user_id, a.table_id, a.seat, a.tournament_id, a.balance"
)
_IN_GUILD = "(CAST(:guild AS BIGINT) IS NULL OR a.guild_id = :guild)"

_UNBALANCED_GUILDS = """
SELECT a.guild_id, SUM(a.balance) AS total FROM accounts a
WHERE {in_guild} GROUP BY a.guild_id HAVING SUM(a.balance) <> 0
"""

_BALANCE_NOT_TRANSFERS = """
SELECT {columns}, s.net FROM (
    SELECT a.id,
        (SELECT COALESCE(SUM(amount), 0) FROM transfers WHERE credit_account_id = a.id)
        - (SELECT COALESCE(SUM(amount), 0) FROM transfers WHERE debit_account_id = a.id) AS net
    FROM accounts a WHERE {in_guild}
) s JOIN accounts a ON a.id = s.id
WHERE a.balance <> s.net
"""

_BELOW_ZERO = (
    "SELECT {columns} FROM accounts a WHERE {in_guild} AND kind <> 'issuance' AND balance < 0"
)

_CLOSED_NOT_EMPTY = (
    "SELECT {columns} FROM accounts a WHERE {in_guild} AND closed_at IS NOT NULL AND balance <> 0"
)

_CROSS_GUILD = """
SELECT t.id, t.guild_id FROM transfers t
JOIN accounts d ON d.id = t.debit_account_id
JOIN accounts c ON c.id = t.credit_account_id
WHERE (d.guild_id <> t.guild_id OR c.guild_id <> t.guild_id)
  AND (CAST(:guild AS BIGINT) IS NULL OR :guild IN (t.guild_id, d.guild_id, c.guild_id))
"""

# A purse's transfers, newest first, with the account on the other side.
_HISTORY = """
WITH purse(id) AS (
    SELECT id FROM accounts WHERE kind = 'purse' AND guild_id = :guild AND user_id = :user
), mine(id) AS (
    SELECT t.id FROM transfers t, purse WHERE t.debit_account_id = purse.id
    UNION ALL
    SELECT t.id FROM transfers t, purse WHERE t.credit_account_id = purse.id
)
SELECT t.id AS transfer_id, t.created_at, t.amount, t.reason, t.game,
       t.credit_account_id = (SELECT id FROM purse) AS incoming,
       {columns}
FROM mine JOIN transfers t ON t.id = mine.id
JOIN accounts a ON a.id = CASE WHEN t.credit_account_id = (SELECT id FROM purse)
                              THEN t.debit_account_id ELSE t.credit_account_id END
ORDER BY t.id DESC LIMIT :limit OFFSET :offset
"""

# Net winnings per player at one game: chips from that game's closed escrow into the
# purse, minus chips from the purse into it. Escrow-to-escrow moves (settlements) and
# AI seats (paid from the issuance account) have no purse side, so they do not count.
_NET_WINNINGS = """
WITH board(user_id, value) AS (
    SELECT p.user_id, SUM(CASE WHEN t.credit_account_id = p.id THEN t.amount ELSE -t.amount END)
    FROM transfers t
    JOIN accounts p ON p.id IN (t.debit_account_id, t.credit_account_id) AND p.kind = 'purse'
    JOIN accounts e ON e.id IN (t.debit_account_id, t.credit_account_id)
        AND e.kind IN ('stake', 'pot') AND e.closed_at IS NOT NULL
    WHERE t.guild_id = :guild AND t.game = :game
    GROUP BY p.user_id
)
"""

_BY_BALANCE = """
WITH board(user_id, value) AS (
    SELECT user_id, balance FROM accounts WHERE kind = 'purse' AND guild_id = :guild
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


async def check(db: Database, guild_id: int | None = None) -> list[str]:
    """Every broken ledger invariant (of one server, or all), in plain words."""
    params = {"guild": guild_id}
    problems: list[str] = []
    for row in await db.fetchall(_UNBALANCED_GUILDS.format(in_guild=_IN_GUILD), params):
        problems.append(f"Server {as_int(row[0])}: balances add up to {as_int(row[1])}, not 0.")
    for row in await db.fetchall(_query(_BALANCE_NOT_TRANSFERS), params):
        problems.append(
            f"{_describe(row)} holds {as_int(row['balance'])} chips, "
            f"but its transfers add up to {as_int(row['net'])}."
        )
    for row in await db.fetchall(_query(_BELOW_ZERO), params):
        problems.append(f"{_describe(row)} is below zero ({as_int(row['balance'])} chips).")
    for row in await db.fetchall(_query(_CLOSED_NOT_EMPTY), params):
        balance = as_int(row["balance"])
        problems.append(f"{_describe(row)} is closed but holds {balance} chips.")
    for row in await db.fetchall(_CROSS_GUILD, params):
        transfer, guild = as_int(row[0]), as_int(row[1])
        problems.append(f"Transfer {transfer} of server {guild} touches another server's account.")
    return problems


async def history(
    db: Database, guild_id: int, user_id: int, *, limit: int = 10, offset: int = 0
) -> list[HistoryEntry]:
    """A player's purse transfers, newest first: `limit` of them after skipping `offset`."""
    if limit < 0 or offset < 0:
        raise ValueError("limit and offset cannot be negative")
    params = {"guild": guild_id, "user": user_id, "limit": limit, "offset": offset}
    rows = await db.fetchall(_query(_HISTORY), params)
    entries = []
    for row in rows:
        other = _account(row)
        amount = as_int(row["amount"])
        entries.append(
            HistoryEntry(
                transfer_id=as_int(row["transfer_id"]),
                at=datetime.fromisoformat(as_str(row["created_at"])),
                amount=amount if row["incoming"] else -amount,
                reason=Reason(as_str(row["reason"])),
                counterparty=other,
                counterparty_text=other.describe(),
                game=as_str_or_none(row["game"]),
            )
        )
    return entries


async def leaderboard(
    db: Database, guild_id: int, *, game: str | None = None, limit: int = 10
) -> list[tuple[int, int]]:
    """(user_id, value) best first: purse balances, or net winnings at `game`."""
    board = _BY_BALANCE if game is None else _NET_WINNINGS
    params = {"guild": guild_id, "game": game, "limit": limit}
    return [(as_int(row[0]), as_int(row[1])) for row in await db.fetchall(board + _TOP, params)]


async def rank(
    db: Database, guild_id: int, user_id: int, *, game: str | None = None
) -> tuple[int, int] | None:
    """A player's (1-based rank, value) on that leaderboard; None when not on it."""
    board = _BY_BALANCE if game is None else _NET_WINNINGS
    row = await db.fetchone(board + _RANK, {"guild": guild_id, "game": game, "user": user_id})
    return None if row is None else (as_int(row[0]), as_int(row[1]))


def _query(template: str) -> str:
    """A report query with its account columns and guild filter filled in."""
    return template.format(columns=_ACCOUNT_COLUMNS, in_guild=_IN_GUILD)


def _account(row: Row) -> Account:
    """The Account named by a row holding _ACCOUNT_COLUMNS."""
    return Account(
        as_int(row["guild_id"]),
        AccountKind(as_str(row["kind"])),
        as_int_or_none(row["user_id"]),
        as_int_or_none(row["table_id"]),
        as_int_or_none(row["seat"]),
        as_int_or_none(row["tournament_id"]),
    )


def _describe(row: Row) -> str:
    """An account row in words, capitalised to open a sentence, with its id."""
    text = _account(row).describe()
    return f"{text[0].upper()}{text[1:]} (account {as_int(row['id'])})"
