"""Works that go on from a refused `attempt`, or from an exception leaving a `savepoint`
block, on both backends: the outcome is what real savepoints give. On PostgreSQL such a
work's first, bold run (no savepoint round trips) is in doubt, so it is undone and run
again carefully; its neighbours in the batch still commit once, with their on-commit
hooks called once."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import Database, IntegrityError, Tx, Work, open_database
from tests.backends import BACKENDS, target


@pytest.fixture(params=BACKENDS)
async def db(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Database]:
    """A database with a scratch table `marks`, each text at most once."""
    async with target(request.param, tmp_path) as where:
        database = await open_database(where)

        async def create(tx: Tx) -> None:
            await tx.execute("CREATE TABLE marks (text TEXT PRIMARY KEY)")

        await database.write(create)
        yield database
        await database.close()


async def marks(db: Database) -> list[str]:
    """Every committed mark, in order."""
    return [row["text"] for row in await db.fetchall("SELECT text FROM marks ORDER BY text")]


def mark(db: Database, text: str, hooks: list[str]) -> Work[str]:
    """A work that adds a mark and, once committed, notes it in `hooks`."""

    async def work(tx: Tx) -> str:
        await tx.execute("INSERT INTO marks (text) VALUES (?)", (text,))
        db.on_commit(lambda: hooks.append(text))
        return text

    return work


def reruns(db: Database) -> int:
    """How many times a work in doubt runs: twice on PostgreSQL, once on SQLite."""
    return 2 if db.dialect == "postgres" else 1


@pytest.mark.parametrize("atomic", [False, True])
async def test_a_work_going_on_from_a_refused_attempt_commits_the_rest(
    db: Database, atomic: bool
) -> None:
    await db.write(mark(db, "a", []))
    runs: list[int] = []

    async def work(tx: Tx) -> str:
        runs.append(1)
        try:
            await tx.attempt("INSERT INTO marks (text) VALUES (?)", ("a",))
        except IntegrityError as exc:
            found = await tx.fetchone("SELECT COUNT(*) FROM marks WHERE text = ?", ("a",))
            assert found is not None
            return f"refused ({found[0]} a) {'marks' in str(exc) or 'UNIQUE' in str(exc)}"
        return "inserted"

    hooks: list[str] = []
    results = await asyncio.gather(
        db.write(mark(db, "b", hooks)),
        db.write(work, atomic=atomic),
        db.write(mark(db, "c", hooks), atomic=True),
    )
    assert results == ["b", "refused (1 a) True", "c"]
    assert await marks(db) == ["a", "b", "c"]
    assert sorted(hooks) == ["b", "c"]
    assert len(runs) == reruns(db)


async def test_a_refused_attempt_going_on_keeps_the_work_before_and_after_it(
    db: Database,
) -> None:
    await db.write(mark(db, "a", []))

    async def work(tx: Tx) -> None:
        await tx.execute("INSERT INTO marks (text) VALUES (?)", ("b",))
        with contextlib.suppress(IntegrityError):
            await tx.attempt("INSERT INTO marks (text) VALUES (?)", ("a",))
        await tx.execute("INSERT INTO marks (text) VALUES (?)", ("c",))

    await asyncio.gather(db.write(work), db.write(mark(db, "d", [])))
    assert await marks(db) == ["a", "b", "c", "d"]


@pytest.mark.parametrize("atomic", [False, True])
async def test_a_refused_attempt_ending_the_work_fails_it_alone(db: Database, atomic: bool) -> None:
    await db.write(mark(db, "a", []))
    runs: list[int] = []

    async def work(tx: Tx) -> None:
        runs.append(1)
        if not atomic:  # an atomic work makes its one change and nothing else
            await tx.execute("INSERT INTO marks (text) VALUES (?)", ("b",))
        await tx.attempt("INSERT INTO marks (text) VALUES (?)", ("a",))

    hooks: list[str] = []
    outcome = await asyncio.gather(
        db.write(mark(db, "c", hooks), atomic=True),
        db.write(work, atomic=atomic),
        db.write(mark(db, "d", hooks)),
        return_exceptions=True,
    )
    assert outcome[0] == "c" and outcome[2] == "d"
    assert isinstance(outcome[1], IntegrityError)
    assert await marks(db) == ["a", "c", "d"]
    assert sorted(hooks) == ["c", "d"]
    assert len(runs) == 1


async def test_an_exception_caught_after_a_savepoint_block_undoes_the_block(
    db: Database,
) -> None:
    runs: list[int] = []

    async def work(tx: Tx) -> str:
        runs.append(1)
        await tx.execute("INSERT INTO marks (text) VALUES (?)", ("before",))
        try:
            async with tx.savepoint("block"):
                await tx.execute("INSERT INTO marks (text) VALUES (?)", ("inside",))
                raise LookupError("changed my mind")
        except LookupError:
            pass
        await tx.execute("INSERT INTO marks (text) VALUES (?)", ("after",))
        return "done"

    hooks: list[str] = []
    results = await asyncio.gather(
        db.write(mark(db, "x", hooks)), db.write(work), db.write(mark(db, "y", hooks))
    )
    assert results == ["x", "done", "y"]
    assert await marks(db) == ["after", "before", "x", "y"]
    assert sorted(hooks) == ["x", "y"]
    assert len(runs) == reruns(db)


async def test_an_exception_ending_the_work_from_a_savepoint_block_fails_it_once(
    db: Database,
) -> None:
    runs: list[int] = []

    async def work(tx: Tx) -> None:
        runs.append(1)
        async with tx.savepoint("block"):
            await tx.execute("INSERT INTO marks (text) VALUES (?)", ("inside",))
            raise LookupError("no")

    outcome = await asyncio.gather(
        db.write(mark(db, "x", [])), db.write(work), return_exceptions=True
    )
    assert outcome[0] == "x" and isinstance(outcome[1], LookupError)
    assert await marks(db) == ["x"]
    assert len(runs) == 1
