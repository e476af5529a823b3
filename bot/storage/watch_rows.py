"""Spectators' keys (migration 0011): one per table, made on first use and replaced by a
reset. Only SQL lives here; what a key is for lives in `bot.tables.watch`."""

from __future__ import annotations

from bot.storage.table_rows import Connection, Reader, now_text
from bot.storage.tx import as_int, as_str


async def key_of(db: Reader, table_id: int) -> str | None:
    """The table's key, if it has one."""
    found = await db.fetchall("SELECT key FROM watch_keys WHERE table_id = ?", (table_id,))
    return as_str(found[0][0]) if found else None


async def table_of(db: Reader, key: str) -> int | None:
    """The table a key names, if any."""
    found = await db.fetchall("SELECT table_id FROM watch_keys WHERE key = ?", (key,))
    return as_int(found[0][0]) if found else None


async def add_key(tx: Connection, table_id: int, key: str) -> str:
    """Give the table `key` unless it has one already; the table's key either way (two
    first asks at once agree on one)."""
    await tx.execute(
        "INSERT INTO watch_keys (table_id, key, created_at) VALUES (?, ?, ?)"
        " ON CONFLICT (table_id) DO NOTHING",
        (table_id, key, now_text()),
    )
    row = await tx.fetchone("SELECT key FROM watch_keys WHERE table_id = ?", (table_id,))
    assert row is not None
    return as_str(row[0])


async def replace_key(tx: Connection, table_id: int, key: str) -> None:
    """Give the table a new key in place of any it had."""
    await tx.execute(
        "INSERT INTO watch_keys (table_id, key, created_at) VALUES (?, ?, ?)"
        " ON CONFLICT (table_id) DO UPDATE SET key = excluded.key,"
        " created_at = excluded.created_at",
        (table_id, key, now_text()),
    )
