"""The database contract on both backends, around the works: on-commit hooks, reads
beside the writer, callers that give up, and closing."""

from __future__ import annotations

import asyncio
import re
import sqlite3
from pathlib import Path

import asyncpg
import pytest

from bot.storage import Database, IntegrityError, Tx, Work, open_database
from tests.backends import BACKENDS, target
from tests.storage.works import (
    Gate,
    create_notes,
    hold,
    insert,
    insert_one,
    notes,
    one_batch,
    queued,
)

READ_LIMIT_S = 2.0
"""Far longer than any read here takes; a read that waits for the held writer never ends."""


def hooked(db: Database, seen: list[str], text: str, *, fail: bool = False) -> Work[str]:
    """A work that adds a note and asks to be told once it is committed."""

    async def work(tx: Tx) -> str:
        await tx.execute("INSERT INTO notes (text) VALUES (?)", (text,))
        db.on_commit(lambda: seen.append(text))
        if fail:
            raise ValueError(text)
        return text

    return work


async def test_hooks_run_for_committed_works_only(db: Database) -> None:
    seen: list[str] = []

    async def hook_fails_first(tx: Tx) -> str:
        db.on_commit(lambda: seen.append(str(1 // 0)))  # logged, and the others still run
        return await hooked(db, seen, "also kept")(tx)

    results = await one_batch(
        db,
        [
            db.write(hooked(db, seen, "kept")),
            db.write(hooked(db, seen, "undone", fail=True)),
            db.write(hook_fails_first),
        ],
    )
    assert results[0] == "kept" and results[2] == "also kept"
    assert isinstance(results[1], ValueError)
    assert seen == ["kept", "also kept"]


async def test_a_failed_commit_fails_its_whole_batch_and_runs_no_hook(db: Database) -> None:
    async def schema(tx: Tx) -> None:
        await tx.execute("CREATE TABLE parents (id INTEGER PRIMARY KEY)")
        await tx.execute(
            "CREATE TABLE children (parent_id INTEGER REFERENCES parents (id)"
            " DEFERRABLE INITIALLY DEFERRED)"
        )

    async def orphan(tx: Tx) -> None:
        await tx.execute("INSERT INTO children VALUES (42)")  # refused only at COMMIT

    seen: list[str] = []
    await db.write(schema)
    results = await one_batch(db, [db.write(hooked(db, seen, "rolled back")), db.write(orphan)])
    # Every caller of the batch is told, in the words of any refusal.
    assert all(isinstance(result, IntegrityError) for result in results), results
    assert all(re.search("(?i)foreign key", str(result)) for result in results), results
    assert seen == []
    assert await notes(db) == []
    assert await db.write(insert("after")) == "after"  # the writer carries on
    assert await notes(db) == ["after!"]


async def test_on_commit_outside_a_work_is_refused_even_while_one_runs(db: Database) -> None:
    with pytest.raises(RuntimeError, match="inside a unit of work"):
        db.on_commit(lambda: None)
    seen: list[str] = []
    gate = Gate()
    holder = await hold(db, gate)
    try:
        # The writer is inside a work, but this caller is not: its hook belongs to no batch.
        with pytest.raises(RuntimeError, match="inside a unit of work"):
            db.on_commit(lambda: seen.append("stray"))
    finally:
        gate.open()
    await holder
    assert seen == []


async def test_a_work_cannot_start_another(db: Database) -> None:
    async def nested(tx: Tx) -> str:
        return await db.write(insert("inner"))

    # Waiting for a batch that cannot begin before its own ends would hang for good.
    with pytest.raises(RuntimeError, match="cannot start another"):
        await asyncio.wait_for(db.write(nested), READ_LIMIT_S)
    assert await db.write(insert("outer")) == "outer"
    assert await notes(db) == ["outer!"]


async def test_reads_see_committed_data_only_and_never_wait_for_the_writer(
    db: Database,
) -> None:
    await db.write(insert_one("old"))

    async def uncommitted(tx: Tx) -> None:
        await tx.execute("INSERT INTO notes (text) VALUES ('pending')")
        await tx.execute("UPDATE notes SET text = 'changed' WHERE text = 'old'")

    gate = Gate(uncommitted)
    holder = await hold(db, gate)
    try:
        # The writer is held mid-batch, holding the rows it changed.
        assert await asyncio.wait_for(notes(db), READ_LIMIT_S) == ["old"]
        row = await asyncio.wait_for(db.fetchone("SELECT count(*) AS n FROM notes"), READ_LIMIT_S)
        assert row is not None and row["n"] == 1
    finally:
        gate.open()
    assert await holder == "held"
    assert await notes(db) == ["changed", "pending"]


async def test_a_caller_cancelled_before_its_batch_is_skipped(db: Database) -> None:
    ran: list[str] = []

    async def never(tx: Tx) -> None:
        ran.append("never")

    gate = Gate()
    holder = await hold(db, gate)
    [doomed] = await queued([db.write(never)])
    doomed.cancel()
    gate.open()
    await holder
    assert await db.write(insert("later")) == "later"
    assert doomed.cancelled() and ran == []
    assert await notes(db) == ["later!"]


async def test_a_caller_cancelled_during_its_work_leaves_the_work_to_commit(
    db: Database,
) -> None:
    gate = Gate(insert_one("started"))
    holder = await hold(db, gate)
    holder.cancel()
    gate.open()
    assert await db.write(insert("next")) == "next"  # the writer went on
    assert holder.cancelled()
    assert await notes(db) == ["started", "next!"]


async def test_close_finishes_the_queued_works_then_refuses_writes(db: Database) -> None:
    gate = Gate()
    holder = await hold(db, gate)
    tasks = await queued([db.write(insert(text)) for text in ("a", "b", "c")])
    closing = asyncio.ensure_future(db.close())
    await asyncio.sleep(0)
    with pytest.raises(RuntimeError, match="closed"):
        await db.write(insert("too late"))
    gate.open()
    await closing
    assert await holder == "held"
    assert [task.result() for task in tasks] == ["a", "b", "c"]
    with pytest.raises(RuntimeError, match="closed"):
        await db.write(insert("later still"))
    await db.close()  # closing twice is harmless


async def test_a_stopped_writer_refuses_later_writes_at_once(db: Database) -> None:
    async def interrupts(tx: Tx) -> None:
        await tx.execute("INSERT INTO notes (text) VALUES ('never')")
        raise asyncio.CancelledError  # not an Exception: the writer cannot go on

    with pytest.raises(RuntimeError, match="writer stopped"):
        await asyncio.wait_for(db.write(interrupts), READ_LIMIT_S)
    # Before, a later write waited for good for a writer that was gone.
    with pytest.raises(RuntimeError, match="writer stopped"):
        await asyncio.wait_for(db.write(insert("later")), READ_LIMIT_S)
    await asyncio.wait_for(db.close(), READ_LIMIT_S)  # and closing goes on


async def test_a_read_cannot_write(db: Database) -> None:
    with pytest.raises((sqlite3.OperationalError, asyncpg.ReadOnlySQLTransactionError)):
        await db.fetchall("INSERT INTO notes (text) VALUES ('by the back door') RETURNING id")
    assert await notes(db) == []


@pytest.mark.parametrize("backend", BACKENDS)
async def test_a_database_opened_read_only_reads_and_refuses_writes(
    backend: str, tmp_path: Path
) -> None:
    async with target(backend, tmp_path) as where:
        db = await open_database(where)
        await db.write(create_notes)
        await db.write(insert_one("kept"))
        await db.close()
        reader = await open_database(where, read_only=True)
        try:
            assert await notes(reader) == ["kept"]
            with pytest.raises((sqlite3.OperationalError, asyncpg.ReadOnlySQLTransactionError)):
                await reader.write(insert_one("refused"))
        finally:
            await reader.close()
        db = await open_database(where)
        try:
            assert await notes(db) == ["kept"]
        finally:
            await db.close()
