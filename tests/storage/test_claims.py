"""Shard claims: a process holds its shards in the database before it serves them; a second
one on the same shards waits and takes them over when the first lets go or dies; a
shard count other than the running processes' is refused in words."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import Database, StorageError, open_database
from bot.storage.claims import claim_shards, describe, lock_key
from tests.backends import needs_postgres, pg_schema


@pytest.fixture
async def pg() -> AsyncIterator[Database]:
    async with pg_schema() as dsn:
        db = await open_database(dsn)
        yield db
        await db.close()


def test_shards_are_described_as_people_write_them() -> None:
    assert describe([3, 0, 1, 2, 6]) == "0-3, 6"
    assert describe([5]) == "5"


async def test_a_sqlite_file_holds_every_shard_at_once(tmp_path: Path) -> None:
    db = await open_database(tmp_path / "one.db")
    try:
        first = await claim_shards(db, 4, [0, 1, 2, 3])
        second = await claim_shards(db, 4, [0, 1, 2, 3])
        assert first.shards == second.shards == (0, 1, 2, 3)
        await first.release()
        await second.release()
    finally:
        await db.close()


@needs_postgres
async def test_a_second_process_waits_says_so_once_and_takes_over(
    pg: Database, caplog: pytest.LogCaptureFixture
) -> None:
    first = await claim_shards(pg, 4, [0, 1])
    caplog.set_level(logging.INFO, logger="bot.storage.claims")
    waiting = asyncio.create_task(claim_shards(pg, 4, [1, 2]))
    await asyncio.sleep(0.8)
    assert not waiting.done()
    said = [r.getMessage() for r in caplog.records]
    assert said == ["shards 1 are held by another Parlour process: waiting for them"]
    await first.release()
    second = await asyncio.wait_for(waiting, 5)
    assert second.shards == (1, 2)
    assert "took over shards 1-2" in [r.getMessage() for r in caplog.records]
    await second.release()


@needs_postgres
async def test_disjoint_shards_are_held_side_by_side(pg: Database) -> None:
    claims = await asyncio.wait_for(
        asyncio.gather(claim_shards(pg, 4, [0, 1]), claim_shards(pg, 4, [2, 3])), 5
    )
    assert [c.shards for c in claims] == [(0, 1), (2, 3)]
    for claim in claims:
        await claim.release()


@needs_postgres
async def test_another_shard_count_is_refused_while_shards_are_held(pg: Database) -> None:
    held = await claim_shards(pg, 4, [0])
    with pytest.raises(StorageError) as refused:
        await claim_shards(pg, 8, [5])
    assert str(refused.value) == (
        "The Parlour processes on this database run 4 shards, not 8: to reshard, stop every"
        " Parlour process, then start them all with --shard-count 8."
    )
    await held.release()
    # With every process stopped, the new count is taken.
    resharded = await claim_shards(pg, 8, [5])
    assert resharded.count == 8
    with pytest.raises(StorageError, match="run 8 shards, not 4"):
        await claim_shards(pg, 4, [0])
    await resharded.release()


@needs_postgres
async def test_a_process_that_dies_lets_go_of_its_shards(pg: Database) -> None:
    first = await claim_shards(pg, 2, [0, 1])
    waiting = asyncio.create_task(claim_shards(pg, 2, [0, 1]))
    await asyncio.sleep(0.3)
    # The server sees the holder's connection vanish, as when its process is killed.
    first._conn.terminate()
    second = await asyncio.wait_for(waiting, 5)
    assert second.shards == (0, 1)
    await second.release()


@needs_postgres
async def test_a_lost_connection_is_told(pg: Database) -> None:
    claim = await claim_shards(pg, 1, [0])
    lost = asyncio.Event()
    claim.watch(lost.set)
    claim._conn.terminate()
    await asyncio.wait_for(lost.wait(), 10)
    await claim.release()


@needs_postgres
async def test_parlours_in_two_schemas_of_one_database_never_wait_for_each_other(
    pg: Database,
) -> None:
    held = await claim_shards(pg, 1, [0])
    async with pg_schema() as dsn:
        other = await open_database(dsn)
        try:
            # the same shard in another schema is taken at once
            same = await asyncio.wait_for(claim_shards(other, 1, [0]), 5)
            assert same.shards == (0,)
            await same.release()
            # and another schema may run another count (it has no process but this one)
            resharded = await asyncio.wait_for(claim_shards(other, 4, [3]), 5)
            assert resharded.count == 4
            await resharded.release()
        finally:
            await other.close()
    # while the first schema's shard is still held there
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(claim_shards(pg, 1, [0]), 0.6)
    await held.release()


def test_each_schema_has_its_own_lock_key() -> None:
    keys = {lock_key(name) for name in ("public", "parlour", "t_0123456789abcdef")}
    assert len(keys) == 3 and all(0 <= k < 2**31 for k in keys)
    assert lock_key("public") == lock_key("public")
