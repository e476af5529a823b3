"""The database: pragmas, group commit, per-work rollback, concurrency, and reads."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path

import aiosqlite
import pytest

from bot.storage import Database, open_database


def insert(
    text: str, *, then_fail: bool = False
) -> Callable[[aiosqlite.Connection], Awaitable[str]]:
    """An async work that adds a note (and then raises, if asked)."""

    async def work(tx: aiosqlite.Connection) -> str:
        await tx.execute("INSERT INTO notes (text) VALUES (?)", (text,))
        await tx.execute("UPDATE notes SET text = text || '!' WHERE text = ?", (text,))
        if then_fail:
            raise ValueError(f"work {text} failed")
        return text

    return work


def insert_sync(text: str, *, then_fail: bool = False) -> Callable[[sqlite3.Connection], str]:
    """A sync work that adds a note (and then raises, if asked)."""

    def work(conn: sqlite3.Connection) -> str:
        conn.execute("INSERT INTO notes (text) VALUES (?)", (text,))
        if then_fail:
            raise ValueError(f"work {text} failed")
        return text

    return work


async def notes(db: Database) -> list[str]:
    """Every committed note, in order."""
    return [row["text"] for row in await db.fetchall("SELECT text FROM notes ORDER BY id")]


async def held_batch(db: Database, works: list[Awaitable[object]]) -> list[object]:
    """Queue `works` while the writer is busy, so that all of them run as one batch."""
    gate = asyncio.Event()

    async def wait_for_gate(tx: aiosqlite.Connection) -> None:
        await gate.wait()

    holder = asyncio.ensure_future(db.write(wait_for_gate))
    await asyncio.sleep(0)  # the writer takes the holder alone
    tasks = [asyncio.ensure_future(w) for w in works]
    await asyncio.sleep(0)
    gate.set()
    await holder
    return list(await asyncio.gather(*tasks, return_exceptions=True))


async def test_wal_synchronous_and_foreign_keys_are_on(db: Database) -> None:
    async def pragmas(tx: aiosqlite.Connection) -> tuple[object, ...]:
        names = ("journal_mode", "synchronous", "foreign_keys", "busy_timeout")
        return tuple([next(iter(await tx.execute_fetchall(f"PRAGMA {n}")))[0] for n in names])

    assert await db.write(pragmas) == ("wal", 1, 1, 5000)
    row = await db.fetchone("PRAGMA journal_mode")
    assert row is not None and row[0] == "wal"


async def test_a_failing_work_rolls_back_alone_while_its_batch_commits(db: Database) -> None:
    results = await held_batch(
        db,
        [
            db.write(insert("a")),
            db.write(insert("b", then_fail=True)),
            db.write_sync(insert_sync("c")),
            db.write_sync(insert_sync("d", then_fail=True)),
            db.write(insert("e")),
            db.write(insert("a")),  # UNIQUE: fails at its first statement
        ],
    )
    assert results[0] == "a" and results[2] == "c" and results[4] == "e"
    assert isinstance(results[1], ValueError) and isinstance(results[3], ValueError)
    assert isinstance(results[5], sqlite3.IntegrityError)
    assert await notes(db) == ["a!", "c", "e!"]


async def test_an_atomic_work_whose_statement_fails_leaves_nothing(db: Database) -> None:
    await db.write(insert("x"))
    results = await held_batch(
        db,
        [
            db.write(insert("y")),
            db.write_sync(insert_sync("x!"), atomic=True),  # UNIQUE violation
            db.write_sync(insert_sync("z"), atomic=True),
        ],
    )
    assert isinstance(results[1], sqlite3.IntegrityError)
    assert await notes(db) == ["x!", "y!", "z"]


async def test_a_failed_commit_fails_every_caller_of_the_batch(db: Database) -> None:
    async def schema(tx: aiosqlite.Connection) -> None:
        await tx.execute("CREATE TABLE parents (id INTEGER PRIMARY KEY)")
        await tx.execute(
            "CREATE TABLE children (parent_id INTEGER REFERENCES parents (id)"
            " DEFERRABLE INITIALLY DEFERRED)"
        )

    async def orphan(tx: aiosqlite.Connection) -> None:
        # Checked only at COMMIT, so the work itself succeeds.
        await tx.execute("INSERT INTO children VALUES (42)")

    await db.write(schema)
    results = await held_batch(db, [db.write(insert("p")), db.write(orphan)])
    assert all(isinstance(r, sqlite3.IntegrityError) for r in results)
    assert await notes(db) == []
    assert await db.write(insert("after")) == "after"  # the writer carries on
    assert await notes(db) == ["after!"]


async def test_concurrent_writes_all_land(db: Database) -> None:
    async def one(i: int) -> str:
        if i % 2:
            return await db.write_sync(insert_sync(f"n{i}"))
        return await db.write(insert(f"n{i}"))

    results = await asyncio.gather(*(one(i) for i in range(400)))
    assert results == [f"n{i}" for i in range(400)]
    row = await db.fetchone("SELECT count(*) FROM notes")
    assert row is not None and row[0] == 400


async def test_on_commit_hooks_run_only_for_committed_works(db: Database) -> None:
    seen: list[str] = []

    def hooked(text: str, fail: bool) -> Callable[[aiosqlite.Connection], Awaitable[None]]:
        async def work(tx: aiosqlite.Connection) -> None:
            await tx.execute("INSERT INTO notes (text) VALUES (?)", (text,))
            db.on_commit(lambda: seen.append(text))
            if fail:
                raise ValueError(text)

        return work

    await held_batch(db, [db.write(hooked("kept", False)), db.write(hooked("lost", True))])
    assert seen == ["kept"]
    with pytest.raises(RuntimeError):
        db.on_commit(lambda: None)


async def test_run_sync_shares_the_work_transaction(db: Database) -> None:
    async def work(tx: aiosqlite.Connection) -> int:
        await tx.execute("INSERT INTO notes (text) VALUES ('async')")
        count: int = await db.run_sync(
            tx, lambda conn: conn.execute("SELECT count(*) FROM notes").fetchone()[0]
        )
        raise ValueError(count)

    with pytest.raises(ValueError, match="1"):
        await db.write(work)
    assert await notes(db) == []


async def test_a_work_cannot_start_another(db: Database) -> None:
    async def nested(tx: aiosqlite.Connection) -> None:
        await db.write(insert("inner"))

    with pytest.raises(RuntimeError, match="cannot start another"):
        await db.write(nested)


async def test_a_cancelled_caller_is_skipped(db: Database) -> None:
    gate = asyncio.Event()

    async def wait_for_gate(tx: aiosqlite.Connection) -> None:
        await gate.wait()

    holder = asyncio.ensure_future(db.write(wait_for_gate))
    await asyncio.sleep(0)
    doomed = asyncio.ensure_future(db.write(insert("never")))
    await asyncio.sleep(0)
    doomed.cancel()
    gate.set()
    await holder
    assert await db.write(insert("later")) == "later"
    assert await notes(db) == ["later!"]


async def test_reads_see_committed_data_only(db: Database) -> None:
    seen: list[int] = []

    async def work(tx: aiosqlite.Connection) -> None:
        await tx.execute("INSERT INTO notes (text) VALUES ('pending')")
        row = await db.fetchone("SELECT count(*) FROM notes")
        assert row is not None
        seen.append(row[0])

    await db.write(work)
    assert seen == [0]
    assert await notes(db) == ["pending"]


async def test_an_in_memory_database_works(tmp_path: Path) -> None:
    db = await open_database(":memory:")
    try:
        assert db.path == ":memory:"

        async def create(tx: aiosqlite.Connection) -> None:
            await tx.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT UNIQUE)")

        await db.write(create)
        await asyncio.gather(db.write(insert("m")), db.write_sync(insert_sync("n")))
        assert await notes(db) == ["m!", "n"]
    finally:
        await db.close()


async def test_a_closed_database_refuses_writes(tmp_path: Path) -> None:
    db = await open_database(tmp_path / "closed.db")
    await db.close()
    with pytest.raises(RuntimeError, match="closed"):
        await db.write(insert("late"))
    await db.close()  # closing twice is harmless
