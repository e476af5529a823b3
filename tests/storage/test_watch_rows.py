"""Spectators' keys in SQL (migration 0011), on both backends: made once per table, the
same key for a second ask, replaced by a reset, unique across tables, and kept across
a reopening of the database."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from bot.storage import Database, IntegrityError, Tx, open_database, watch_rows
from bot.storage import table_rows as rows
from bot.tables.watch import WatchKeys

_channels = itertools.count(1)


async def a_table(db: Database) -> int:
    """A lobby of its own; its id."""

    async def work(tx: Tx) -> int:
        table_id = await rows.insert_table(
            tx,
            guild_id=5,
            channel_id=next(_channels),
            game="tilters",
            options={},
            seed=1,
            host_id=7,
            buy_in=0,
        )
        assert table_id is not None
        return table_id

    made: int = await db.write(work)
    return made


async def test_a_key_is_added_once_and_found_both_ways(db: Database) -> None:
    table_id = await a_table(db)
    assert await watch_rows.key_of(db, table_id) is None
    first = await db.write(lambda tx: watch_rows.add_key(tx, table_id, "k-first"))
    again = await db.write(lambda tx: watch_rows.add_key(tx, table_id, "k-second"))
    assert first == again == "k-first"
    assert await watch_rows.table_of(db, "k-first") == table_id
    assert await watch_rows.table_of(db, "k-second") is None


async def test_a_replaced_key_names_no_table(db: Database) -> None:
    table_id = await a_table(db)
    await db.write(lambda tx: watch_rows.add_key(tx, table_id, "old"))
    await db.write(lambda tx: watch_rows.replace_key(tx, table_id, "new"))
    assert await watch_rows.key_of(db, table_id) == "new"
    assert await watch_rows.table_of(db, "old") is None


async def test_two_tables_never_share_a_key(db: Database) -> None:
    one, two = await a_table(db), await a_table(db)
    await db.write(lambda tx: watch_rows.add_key(tx, one, "same"))
    with pytest.raises(IntegrityError):
        await db.write(lambda tx: watch_rows.add_key(tx, two, "same"))


async def test_the_service_keeps_a_key_until_it_is_reset(db: Database) -> None:
    table_id = await a_table(db)
    keys = WatchKeys(db)
    told: list[tuple[int, str]] = []
    keys.listeners.append(lambda table, old: told.append((table, old)))
    key = await keys.key_of(table_id)
    assert len(key) >= 24 and await keys.key_of(table_id) == key
    assert await WatchKeys(db).table_of(key) == table_id  # read back, not from a cache
    new = await keys.reset(table_id)
    assert new != key and told == [(table_id, key)]
    assert await keys.table_of(key) is None
    assert await WatchKeys(db).table_of(key) is None
    assert await WatchKeys(db).key_of(table_id) == new


async def test_keys_survive_reopening_the_database(tmp_path: Path) -> None:
    where = str(tmp_path / "keys.db")
    db = await open_database(where)
    table_id = await a_table(db)
    key = await WatchKeys(db).key_of(table_id)
    await db.close()
    again = await open_database(where)
    try:
        assert await WatchKeys(again).table_of(key) == table_id
    finally:
        await again.close()
