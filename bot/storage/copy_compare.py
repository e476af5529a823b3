"""How a copied database differs from its source, in words: every table's row count,
every account's balance and closing, every open table's version and digest, and every
table's action log length. Both are read through the ordinary `Database`, as the bot
reads them."""

from __future__ import annotations

from collections.abc import Callable

from bot.storage._copy_io import TABLES
from bot.storage.base import Database
from bot.storage.tx import as_int

SHOWN = 5
"""Differences of one kind listed before the rest are only counted."""

_ACCOUNTS = "SELECT id, balance, closed_at FROM accounts ORDER BY id"
_OPEN_TABLES = "SELECT id, version, digest FROM tables WHERE status <> 'closed' ORDER BY id"
_LOG_LENGTHS = "SELECT table_id, COUNT(*) FROM actions GROUP BY table_id ORDER BY table_id"

Said = Callable[[object, object, object], str]


async def differences(source: Database, target: Database) -> list[str]:
    """Every way `target` differs from `source` in what a copy must keep, in words."""
    problems: list[str] = []
    for table in TABLES:
        mine = await _count(source, table.name)
        theirs = await _count(target, table.name)
        if mine != theirs:
            problems.append(
                f"The table {table.name} holds {mine} rows in the source, {theirs} in the copy."
            )
    problems += await _compared(source, target, _ACCOUNTS, _account)
    problems += await _compared(source, target, _OPEN_TABLES, _open_table)
    problems += await _compared(source, target, _LOG_LENGTHS, _log_length)
    return problems


async def _count(db: Database, table: str) -> int:
    """How many rows `table` holds."""
    row = await db.fetchone(f"SELECT COUNT(*) FROM {table}")
    return as_int(row[0]) if row is not None else 0


async def _compared(source: Database, target: Database, sql: str, said: Said) -> list[str]:
    """The rows of `sql` (an integer key, then values) that differ between the two, in words."""
    mine = {as_int(row[0]): tuple(row)[1:] for row in await source.fetchall(sql)}
    theirs = {as_int(row[0]): tuple(row)[1:] for row in await target.fetchall(sql)}
    keys = sorted(key for key in mine.keys() | theirs.keys() if mine.get(key) != theirs.get(key))
    words = [said(key, mine.get(key), theirs.get(key)) for key in keys[:SHOWN]]
    if len(keys) > SHOWN:
        words.append(f"... and {len(keys) - SHOWN} more like these.")
    return words


def _account(account: object, mine: object, theirs: object) -> str:
    """An account whose balance or closing differs."""
    return (
        f"Account {account} is {_as_account(mine)} in the source,"
        f" {_as_account(theirs)} in the copy."
    )


def _as_account(values: object) -> str:
    """An account's balance and closing in words."""
    if not isinstance(values, tuple):
        return "missing"
    balance, closed_at = values
    return f"{balance} chips" + (f", closed at {closed_at}" if closed_at is not None else ", open")


def _open_table(table: object, mine: object, theirs: object) -> str:
    """An open table whose version or digest differs, or that one side lacks."""
    return (
        f"Open table {table} is {_as_table(mine)} in the source, {_as_table(theirs)} in the copy."
    )


def _as_table(values: object) -> str:
    """An open table's version and digest in words."""
    if not isinstance(values, tuple):
        return "not open (or missing)"
    version, digest = values
    return f"at version {version} (digest {digest})"


def _log_length(table: object, mine: object, theirs: object) -> str:
    """A table whose action log is of another length."""
    return (
        f"Table {table}'s action log holds {_entries(mine)} in the source,"
        f" {_entries(theirs)} in the copy."
    )


def _entries(values: object) -> str:
    """An action log's length in words."""
    count = values[0] if isinstance(values, tuple) else 0
    return f"{count} entr{'y' if count == 1 else 'ies'}"
