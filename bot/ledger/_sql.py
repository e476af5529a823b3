"""The ledger's SQL: how an account is found by identity, and the statements of a posting."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.ledger.model import Account, AccountKind


def now_text() -> str:
    """The current UTC time as the ledger stores it (as its columns' defaults write it)."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


# Each kind spelled out, so that SQLite can use that kind's partial unique index.
_IDENTITY = {
    AccountKind.ISSUANCE: "kind = 'issuance' AND guild_id = ?",
    AccountKind.PURSE: "kind = 'purse' AND guild_id = ? AND user_id = ?",
    AccountKind.STAKE: "kind = 'stake' AND guild_id = ? AND table_id = ? AND seat = ?",
    AccountKind.POT: "kind = 'pot' AND guild_id = ? AND table_id = ?",
    AccountKind.ENTRY: "kind = 'entry' AND guild_id = ? AND tournament_id = ?",
}


def identity(account: Account) -> tuple[str, tuple[int, ...]]:
    """A WHERE clause (over `accounts`) matching exactly this account, and its parameters."""
    values = (
        account.guild_id,
        account.user_id,
        account.table_id,
        account.seat,
        account.tournament_id,
    )
    return _IDENTITY[account.kind], tuple(v for v in values if v is not None)


INSERT_ACCOUNT = (
    "INSERT INTO accounts (guild_id, kind, user_id, table_id, seat, tournament_id)"
    " VALUES (?, ?, ?, ?, ?, ?) RETURNING id"
)

# A replayed key inserts nothing (no id returned) and fires no trigger; the caller then
# compares the stored transfer with the posting.
INSERT_TRANSFER = (
    "INSERT INTO transfers"
    " (guild_id, debit_account_id, credit_account_id, amount, reason, key, game, table_id)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING RETURNING id"
)

# The same columns, in the same order, as INSERT_TRANSFER's parameters.
FIND_TRANSFER = (
    "SELECT guild_id, debit_account_id, credit_account_id, amount, reason, key, game, table_id,"
    " id FROM transfers WHERE key = ?"
)

ESCROW_HELD = (
    "SELECT COALESCE(SUM(balance), 0) FROM accounts"
    " WHERE table_id = ? AND guild_id = ? AND kind IN ('stake', 'pot') AND balance <> 0"
)

# Each non-empty escrow account of a table: its kind, its seat (None for the pot) and balance.
ESCROW_ACCOUNTS = (
    "SELECT kind, seat, balance FROM accounts"
    " WHERE table_id = ? AND guild_id = ? AND kind IN ('stake', 'pot') AND balance <> 0"
    " ORDER BY kind, seat"
)

CLOSE_ESCROW = (
    "UPDATE accounts SET closed_at = ?"
    " WHERE table_id = ? AND guild_id = ? AND kind IN ('stake', 'pot') AND closed_at IS NULL"
)

ENTRY_HELD = (
    "SELECT balance, closed_at FROM accounts"
    " WHERE kind = 'entry' AND guild_id = ? AND tournament_id = ?"
)

CLOSE_ENTRY = (
    "UPDATE accounts SET closed_at = ?"
    " WHERE kind = 'entry' AND guild_id = ? AND tournament_id = ? AND closed_at IS NULL"
)

# How many daily claims a purse has made, and when the last one was.
LAST_DAILY = "SELECT COUNT(*), MAX(claimed_at) FROM daily_claims WHERE guild_id = ? AND user_id = ?"

INSERT_DAILY = (
    "INSERT INTO daily_claims (transfer_id, guild_id, user_id, claimed_at) VALUES (?, ?, ?, ?)"
)
