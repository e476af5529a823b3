"""What only the SQLite backend does: its pragmas, works driven on the writer thread,
in-memory reads queued behind the writes, and a batch whose savepoint a work broke."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import Database, Tx, Work, open_database
from tests.storage.works import Gate, create_notes, hold, insert, notes, one_batch


@pytest.fixture
async def lite(tmp_path: Path) -> AsyncIterator[Database]:
    """A SQLite file with the scratch table `notes`."""
    database = await open_database(tmp_path / "parlour.db")
    await database.write(create_notes)
    yield database
    await database.close()


@pytest.fixture
async def memory() -> AsyncIterator[Database]:
    """An in-memory SQLite database with the scratch table `notes`."""
    database = await open_database(":memory:")
    await database.write(create_notes)
    yield database
    await database.close()


async def test_wal_synchronous_and_foreign_keys_are_on(lite: Database) -> None:
    names = ("journal_mode", "synchronous", "foreign_keys", "busy_timeout", "temp_store")

    async def pragmas(tx: Tx) -> tuple[object, ...]:
        rows = [await tx.fetchone(f"PRAGMA {name}") for name in names]
        return tuple(row[0] for row in rows if row is not None)

    assert await lite.write(pragmas) == ("wal", 1, 1, 5000, 2)
    reader = [await lite.fetchone(f"PRAGMA {name}") for name in ("journal_mode", "query_only")]
    assert [row[0] for row in reader if row is not None] == ["wal", 1]


async def test_a_work_that_awaits_anything_but_its_tx_is_refused(lite: Database) -> None:
    async def wanders(tx: Tx) -> None:
        await tx.execute("INSERT INTO notes (text) VALUES ('wandered')")
        await asyncio.sleep(0)

    results = await one_batch(
        lite, [lite.write(insert("before")), lite.write(wanders), lite.write(insert("after"))]
    )
    assert results[0] == "before" and results[2] == "after"
    assert isinstance(results[1], RuntimeError)
    assert "awaited something besides its tx" in str(results[1])
    assert await notes(lite) == ["before!", "after!"]


async def test_in_memory_reads_wait_behind_the_writes(memory: Database) -> None:
    assert memory.path == ":memory:"
    gate = Gate(insert("held"))
    holder = await hold(memory, gate)
    reading = asyncio.ensure_future(notes(memory))
    await asyncio.sleep(0.05)
    # One connection serves both: the read is queued behind the held batch.
    assert not reading.done()
    gate.open()
    assert await reading == ["held!"]
    assert await holder == "held"
    results = await asyncio.gather(memory.write(insert("m")), memory.write(insert("n")))
    assert results == ["m", "n"]
    assert await notes(memory) == ["held!", "m!", "n!"]


async def breaks_its_savepoint(tx: Tx) -> None:
    """A work that releases the savepoint the batch gave it: the batch cannot go on."""
    await tx.execute("INSERT INTO notes (text) VALUES ('breaker')")
    await tx.execute("RELEASE work")


@pytest.mark.parametrize("position", [0, 1])
async def test_a_work_that_breaks_its_savepoint_fails_alone_and_the_rest_run_again(
    lite: Database, position: int
) -> None:
    seen: list[str] = []

    def hooked(text: str) -> Work[str]:
        async def work(tx: Tx) -> str:
            lite.on_commit(lambda: seen.append(text))
            return await insert(text)(tx)

        return work

    calls = [lite.write(hooked("first")), lite.write(hooked("later")), lite.write(insert("last"))]
    calls.insert(position, lite.write(breaks_its_savepoint))
    results = await one_batch(lite, calls)
    broken = results.pop(position)
    assert isinstance(broken, sqlite3.OperationalError), broken
    assert results == ["first", "later", "last"]
    assert seen == ["first", "later"]  # once each: the rolled-back run's hooks are dropped
    assert await notes(lite) == ["first!", "later!", "last!"]
