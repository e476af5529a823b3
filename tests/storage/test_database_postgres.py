"""What only the PostgreSQL backend does: an atomic work that breaks the batch's
transaction has it rolled back and the other works run again; works may await
anything. Skipped unless PARLOUR_TEST_POSTGRES names a server."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.storage import Database, IntegrityError, Tx, Work, open_database
from tests.backends import needs_postgres, pg_schema
from tests.storage.works import create_notes, insert_one, notes, one_batch

pytestmark = needs_postgres


@pytest.fixture
async def pg() -> AsyncIterator[Database]:
    """A PostgreSQL database in a schema of its own, with the scratch table `notes`."""
    async with pg_schema() as dsn:
        database = await open_database(dsn)
        await database.write(create_notes)
        yield database
        await database.close()


def counted(db: Database, text: str, runs: list[str], hooks: list[str]) -> Work[str]:
    """A work that adds a note, counting its runs and its on-commit calls."""

    async def work(tx: Tx) -> str:
        runs.append(text)
        await tx.execute("INSERT INTO notes (text) VALUES (?)", (text,))
        db.on_commit(lambda: hooks.append(text))
        return text

    return work


async def test_an_atomic_work_that_breaks_the_batch_fails_alone_and_the_rest_run_again(
    pg: Database,
) -> None:
    await pg.write(insert_one("taken"))
    runs: list[str] = []
    hooks: list[str] = []

    async def breaks(tx: Tx) -> None:
        runs.append("breaks")
        await tx.execute("INSERT INTO notes (text) VALUES ('taken')")

    async def fails_alone(tx: Tx) -> None:
        raise ValueError("no statement made")

    results = await one_batch(
        pg,
        [
            pg.write(counted(pg, "first", runs, hooks)),
            pg.write(fails_alone),
            pg.write(breaks, atomic=True),
            pg.write(counted(pg, "last", runs, hooks), atomic=True),
        ],
    )
    assert results[0] == "first" and results[3] == "last"
    assert isinstance(results[1], ValueError)
    assert isinstance(results[2], IntegrityError)
    # The works before the breaker ran twice (the first run was rolled back), the
    # breaker once; each committed work's hook ran once.
    assert runs == ["first", "breaks", "first", "last"]
    assert hooks == ["first", "last"]
    assert await notes(pg) == ["taken", "first", "last"]


async def test_a_work_may_await_the_loop(pg: Database) -> None:
    async def patient(tx: Tx) -> str:
        await tx.execute("INSERT INTO notes (text) VALUES ('waited')")
        await asyncio.sleep(0.01)
        row = await tx.fetchone("SELECT text FROM notes")
        assert row is not None
        return str(row["text"])

    assert await pg.write(patient) == "waited"
    assert await notes(pg) == ["waited"]
