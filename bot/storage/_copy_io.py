"""The two ends of a database copy (`bot.storage.copy`): the source read in one snapshot,
the target written in steps (`Target.step`), each seen as a `Tx`. Also what is copied
(`TABLES`, in an order the foreign keys accept), the catalog questions both backends
answer, and a table read page by page in key order, from where a copy left off.

On SQLite the whole copy is one transaction and a step commits nothing by itself. On
PostgreSQL each step is a transaction of its own: a row updated many times in one
transaction leaves a version behind each time, which every later update walks past,
so replaying the ledger there in one transaction would take time growing with the
square of its transfers.

The SQLite ends are plain sqlite3 connections driven from the event loop: a copy is
the only thing its process does, so there is nothing for a blocking call to hold up,
and `SqliteTx` never suspends anyway.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass

from bot.storage._connect import open_connection
from bot.storage._pg_tx import PgTx
from bot.storage._sqlite_batch import SqliteTx
from bot.storage.address import is_postgres
from bot.storage.files import guard
from bot.storage.pg_connect import connect
from bot.storage.tx import Tx

PAGE_ROWS = 2000
"""Rows read and written at a time."""


@dataclass(frozen=True, slots=True)
class Copied:
    """One table that is copied, and its primary key (the order rows are copied in)."""

    name: str
    key: tuple[str, ...]


TABLES: tuple[Copied, ...] = (
    Copied("accounts", ("id",)),
    Copied("transfers", ("id",)),
    Copied("daily_claims", ("transfer_id",)),
    Copied("tournaments", ("id",)),
    Copied("tables", ("id",)),
    Copied("seats", ("table_id", "chair")),
    Copied("actions", ("table_id", "seq")),
    Copied("dm_status", ("user_id",)),
    Copied("guild_settings", ("guild_id",)),
    Copied("guild_channels", ("guild_id", "channel_id")),
    Copied("game_results", ("table_id", "user_id")),
    Copied("patience_results", ("table_id", "user_id")),
    Copied("channel_notices", ("id",)),
    Copied("tournament_players", ("tournament_id", "user_id")),
    Copied("tournament_tables", ("tournament_id", "round", "number")),
    Copied("tournament_byes", ("tournament_id", "round", "user_id")),
    Copied("watch_keys", ("table_id",)),
    Copied("guild_languages", ("guild_id",)),
    Copied("user_languages", ("user_id",)),
    Copied("winnable_seeds", ("id",)),
)
"""Every Parlour table with data, parents before the tables that refer to them."""

OWN_TABLES = frozenset({"schema_migrations", "parlour_meta"})
"""Bookkeeping each database keeps for itself, made when it is created: never copied."""


@contextlib.asynccontextmanager
async def reading(where: str) -> AsyncIterator[Tx]:
    """One read-only transaction on the database at `where`: every read sees one snapshot."""
    if is_postgres(where):
        conn = await connect(where)
        try:
            async with conn.transaction(isolation="repeatable_read", readonly=True):
                yield PgTx(conn)
        finally:
            await conn.close()
        return
    with guard(where):
        lite = open_connection(where, "reader", read_only=True)
    try:
        lite.execute("BEGIN")
        yield SqliteTx(lite)
    finally:
        lite.close()


@dataclass(frozen=True, slots=True)
class Target:
    """The target of a copy: its `Tx`, and `step()`, a block written all or nothing."""

    tx: Tx
    step: Callable[[], AbstractAsyncContextManager[object]]


@contextlib.asynccontextmanager
async def writing(where: str) -> AsyncIterator[Target]:
    """The database at `where`, to be written: on SQLite in one transaction, committed
    only if the block ends well (so a copy that stops leaves none of its rows); on
    PostgreSQL in steps, each committed as it ends."""
    if is_postgres(where):
        conn = await connect(where)
        try:
            yield Target(PgTx(conn), conn.transaction)
        finally:
            await conn.close()
        return
    with guard(where):
        lite = open_connection(where, "writer")
    try:
        with guard(where):
            lite.execute("BEGIN IMMEDIATE")
        try:
            yield Target(SqliteTx(lite), contextlib.nullcontext)
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                lite.execute("ROLLBACK")
            raise
        with guard(where):
            lite.execute("COMMIT")
    finally:
        lite.close()


def quoted(name: str) -> str:
    """A column or table name as an identifier both dialects take ("left" is reserved)."""
    return '"' + name.replace('"', '""') + '"'


async def table_names(tx: Tx) -> set[str]:
    """The tables of the database (SQLite's own internal ones left out)."""
    if tx.dialect == "postgres":
        sql = "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
    else:
        sql = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%'"
    return {str(row[0]) for row in await tx.fetchall(sql)}


async def column_names(tx: Tx, table: str) -> list[str]:
    """The columns of `table`, in their order."""
    if tx.dialect == "postgres":
        sql = (
            "SELECT column_name::text FROM information_schema.columns"
            " WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position"
        )
    else:
        sql = "SELECT name FROM pragma_table_info(?) ORDER BY cid"
    return [str(row[0]) for row in await tx.fetchall(sql, (table,))]


async def holding_data(tx: Tx) -> list[str]:
    """The copied tables of the database that hold at least one row."""
    present = await table_names(tx)
    full = []
    for table in TABLES:
        if table.name in present and await tx.fetchone(f"SELECT 1 FROM {table.name} LIMIT 1"):
            full.append(table.name)
    return full


async def last_key(tx: Tx, table: Copied) -> tuple[object, ...] | None:
    """The key of the last row of `table` in key order (where a copy left off), or None."""
    keys = ", ".join(quoted(k) for k in table.key)
    down = ", ".join(f"{quoted(k)} DESC" for k in table.key)
    row = await tx.fetchone(f"SELECT {keys} FROM {table.name} ORDER BY {down} LIMIT 1")
    return tuple(row) if row is not None else None


async def pages(
    tx: Tx, table: Copied, columns: Sequence[str], after: tuple[object, ...] | None = None
) -> AsyncIterator[list[tuple[object, ...]]]:
    """Every row of `table` (these columns) in key order, a page at a time: those whose
    key comes after `after`, when given."""
    names = ", ".join(quoted(c) for c in columns)
    order = ", ".join(quoted(k) for k in table.key)
    places = ", ".join("?" for _ in table.key)
    later = f"({order}) > ({places})" if len(table.key) > 1 else f"{order} > ?"
    head = f"SELECT {names} FROM {table.name}"
    tail = f"ORDER BY {order} LIMIT {PAGE_ROWS}"
    at = [columns.index(k) for k in table.key]
    while True:
        if after is None:
            rows = await tx.fetchall(f"{head} {tail}")
        else:
            rows = await tx.fetchall(f"{head} WHERE {later} {tail}", after)
        page: list[tuple[object, ...]] = [tuple(row) for row in rows]
        if page:
            yield page
        if len(page) < PAGE_ROWS:
            return
        after = tuple(page[-1][i] for i in at)


async def move_identities(tx: Tx) -> None:
    """On PostgreSQL, move every identity column's sequence past the largest id it holds,
    so the next row made there gets a new id (SQLite takes the largest id plus one)."""
    if tx.dialect != "postgres":
        return
    identities = await tx.fetchall(
        "SELECT table_name::text, column_name::text FROM information_schema.columns"
        " WHERE table_schema = current_schema() AND is_identity = 'YES'"
    )
    for table, column in ((str(r[0]), str(r[1])) for r in identities):
        await tx.fetchall(
            "SELECT setval(pg_get_serial_sequence(?, ?),"
            f" COALESCE((SELECT MAX({quoted(column)}) FROM {quoted(table)}), 0) + 1, false)",
            (quoted(table), column),
        )
