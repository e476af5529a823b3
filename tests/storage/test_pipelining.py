"""Concurrent atomic works of one statement, on both backends, give what running them one
after another gives: each its own rows, in order, a refusal failing only its own work,
a work making a second statement seeing the first. On PostgreSQL such a run goes to
the server in one round trip (bot/storage/_pg_pipe.py); the spy checks that it did."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

import bot.storage.postgres
from bot.storage import Database, IntegrityError, Tx, Work, open_database
from tests.backends import BACKENDS, needs_postgres, target

# WHERE true: SQLite's parser needs it before an upsert's ON CONFLICT.
NEXT = (
    "INSERT INTO counted (n, label) SELECT COALESCE(MAX(n), 0) + 1, ? FROM counted WHERE true"
    " ON CONFLICT (label) DO NOTHING RETURNING n"
)


@pytest.fixture(params=BACKENDS)
async def db(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Database]:
    """A database with a table `counted`: each label once, numbered in order."""
    async with target(request.param, tmp_path) as where:
        database = await open_database(where)

        async def create(tx: Tx) -> None:
            await tx.execute(
                "CREATE TABLE counted (n INTEGER NOT NULL,"
                " label TEXT UNIQUE CHECK (label NOT LIKE 'bad%'))"
            )

        await database.write(create)
        yield database
        await database.close()


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The size of each run PostgreSQL's writer sent in one round trip."""
    sizes: list[int] = []
    real = bot.storage.postgres.send

    async def spy(conn: Any, run: list[Any]) -> Any:
        sizes.append(len(run))
        return await real(conn, run)

    monkeypatch.setattr(bot.storage.postgres, "send", spy)
    return sizes


def count(db: Database, label: str, hooks: list[str]) -> Work[int | None]:
    """An atomic work of one statement: number `label` next (None if it is numbered)."""

    async def work(tx: Tx) -> int | None:
        try:
            rows = await tx.attempt(NEXT, (label,))
        except IntegrityError:
            return -1
        if not rows:
            return None
        db.on_commit(lambda: hooks.append(label))
        return int(rows[0][0])

    return work


async def together(db: Database, works: list[Work[Any]]) -> list[Any]:
    """Run `works` at once, as atomic works of one batch; their results or exceptions."""
    writes: list[Callable[[], Awaitable[Any]]] = [
        (lambda w=w: db.write(w, atomic=True)) for w in works
    ]
    return await asyncio.gather(*(write() for write in writes), return_exceptions=True)


async def test_a_run_gives_each_work_its_own_rows_in_order(db: Database, sent: list[int]) -> None:
    hooks: list[str] = []
    await db.write(count(db, "x5", hooks), atomic=True)
    labels = [f"x{i}" for i in range(10)]
    results = await together(db, [count(db, label, hooks) for label in labels])
    # x5 is numbered already: its statement inserts nothing and returns no row.
    assert results == [2, 3, 4, 5, 6, None, 7, 8, 9, 10]
    assert hooks == ["x5", *(label for label in labels if label != "x5")]
    numbered = await db.fetchall("SELECT n, label FROM counted ORDER BY n")
    assert [tuple(row) for row in numbered] == [(1, "x5")] + [
        (n, label) for n, label in zip(range(2, 11), [x for x in labels if x != "x5"], strict=True)
    ]
    if db.dialect == "postgres":
        assert sent == [10]


async def test_a_refusal_in_a_run_fails_its_own_work_alone(db: Database, sent: list[int]) -> None:
    async def strict(tx: Tx) -> int:
        rows = await tx.attempt(NEXT, ("bad, and not caught",))
        return int(rows[0][0])

    hooks: list[str] = []
    works = [
        count(db, "a", hooks),
        count(db, "bad", hooks),
        count(db, "b", hooks),
        strict,
        count(db, "c", hooks),
    ]
    results = await together(db, works)
    assert results[:3] == [1, -1, 2] and results[4] == 3
    assert isinstance(results[3], IntegrityError)
    assert hooks == ["a", "b", "c"]
    labels = await db.fetchall("SELECT label FROM counted ORDER BY n")
    assert [row[0] for row in labels] == ["a", "b", "c"]
    if db.dialect == "postgres":
        assert sent == [5]  # refused as a whole, then one by one


async def test_a_work_of_two_statements_in_a_run_sees_the_ones_before(
    db: Database, sent: list[int]
) -> None:
    hooks: list[str] = []

    async def two(tx: Tx) -> tuple[int, int]:
        rows = await tx.attempt(NEXT, ("two",))
        found = await tx.fetchone("SELECT COUNT(*) FROM counted")
        assert found is not None
        return int(rows[0][0]), int(found[0])

    works = [count(db, "a", hooks), count(db, "b", hooks), two, count(db, "c", hooks)]
    results = await together(db, works)
    assert results == [1, 2, (3, 3), 4]
    assert hooks == ["a", "b", "c"]
    if db.dialect == "postgres":
        # The run was undone at `two`, then sent again up to it; `two` ran on its own.
        assert sent[0] == 4 and sum(sent[1:]) <= 3


async def test_atomic_works_in_no_pipeline_run_once_in_order(db: Database, sent: list[int]) -> None:
    runs: list[str] = []

    def plain(label: str, n: int) -> Work[str]:
        async def work(tx: Tx) -> str:
            runs.append(label)
            await tx.execute("INSERT INTO counted (n, label) VALUES (?, ?)", (n, label))
            return label

        return work

    async def alone(tx: Tx) -> tuple[int, int]:
        runs.append("alone")
        rows = await tx.attempt(NEXT, ("alone",))
        found = await tx.fetchone("SELECT COUNT(*) FROM counted")
        assert found is not None
        return int(rows[0][0]), int(found[0])

    results = await together(db, [plain("first", 10), alone, plain("last", 20)])
    assert results == ["first", (11, 2), "last"]
    assert runs == ["first", "alone", "last"]
    assert sent == []


# PostgreSQL alone: a SQLite work awaits nothing but its Tx (test_database_sqlite.py).
@pytest.mark.parametrize("db", [pytest.param("postgres", marks=needs_postgres)], indirect=True)
async def test_a_stepped_work_goes_on_on_the_event_loop(db: Database, sent: list[int]) -> None:

    async def patient(tx: Tx) -> int:
        rows = await tx.attempt(NEXT, ("patient",))
        await asyncio.sleep(0.01)
        found = await tx.fetchone("SELECT n FROM counted WHERE label = ?", ("patient",))
        assert found is not None
        return int(rows[0][0]) + int(found[0])

    assert await together(db, [patient]) == [2]
    assert sent == []


async def test_a_batch_undone_by_a_work_stepped_to_no_pipeline_runs_the_next_anew(
    db: Database, sent: list[int]
) -> None:
    hooks: list[str] = []

    async def goes_on(tx: Tx) -> str:
        try:
            await tx.attempt("INSERT INTO counted (n, label) VALUES (99, ?) RETURNING n", ("bad",))
        except IntegrityError:
            found = await tx.fetchone("SELECT COUNT(*) FROM counted")
            assert found is not None
            return f"refused, {found[0]} numbered"
        return "numbered"

    # Both are stepped to their statements, which differ: no pipeline. On PostgreSQL
    # the first, going on from its refusal, has the batch undone; the second, stepped
    # but not yet run, runs anew in the next batch.
    results = await together(db, [goes_on, count(db, "b", hooks)])
    assert results == ["refused, 0 numbered", 1]
    assert hooks == ["b"]
    assert sent == []
