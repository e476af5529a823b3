"""The database contract on both backends: group commit, each work undone alone,
atomic works, `Tx.attempt` and `Tx.savepoint`, placeholders, and the words of a refusal."""

from __future__ import annotations

import asyncio
import contextlib

import pytest

from bot.storage import Database, IntegrityError, Tx, Work
from tests.storage.works import insert, insert_one, notes, one_batch


async def test_a_batch_of_concurrent_works_shares_one_commit(db: Database) -> None:
    events: list[str] = []

    def logged(text: str) -> Work[str]:
        async def work(tx: Tx) -> str:
            await tx.execute("INSERT INTO notes (text) VALUES (?)", (text,))
            events.append(f"ran {text}")
            db.on_commit(lambda: events.append(f"committed {text}"))
            return text

        return work

    results = await one_batch(db, [db.write(logged(t)) for t in "abc"])
    assert results == ["a", "b", "c"]
    # One commit: every work of the batch ran before any of them was committed.
    assert events == ["ran a", "ran b", "ran c", "committed a", "committed b", "committed c"]
    assert await notes(db) == ["a", "b", "c"]


async def test_a_failing_work_is_undone_alone_and_its_neighbours_commit(db: Database) -> None:
    results = await one_batch(
        db,
        [
            db.write(insert("a")),
            db.write(insert("b", then_fail=True)),  # fails after two statements
            db.write(insert("c")),
            db.write(insert_one("a!")),  # UNIQUE: refused at its first statement
            db.write(insert("e")),
        ],
    )
    assert results[0] == "a" and results[2] == "c" and results[4] == "e"
    assert isinstance(results[1], ValueError)
    assert isinstance(results[3], IntegrityError)
    assert await notes(db) == ["a!", "c!", "e!"]


async def test_an_atomic_work_that_raises_changed_nothing(db: Database) -> None:
    await db.write(insert_one("x"))

    async def refuses_first(tx: Tx) -> None:
        raise LookupError("nothing to do")

    results = await one_batch(
        db,
        [
            db.write(insert("y")),
            db.write(insert_one("x"), atomic=True),  # UNIQUE: refused
            db.write(refuses_first, atomic=True),
            db.write(insert_one("z"), atomic=True),
            db.write(insert("w")),
        ],
    )
    assert results[0] == "y" and results[3] == "z" and results[4] == "w"
    assert isinstance(results[1], IntegrityError)
    assert isinstance(results[2], LookupError)
    assert sorted(await notes(db)) == ["w!", "x", "y!", "z"]


@pytest.mark.parametrize("atomic", [False, True])
async def test_attempt_undoes_only_the_refused_statement(db: Database, atomic: bool) -> None:
    await db.write(insert_one("taken"))

    async def work(tx: Tx) -> str:
        await tx.execute("INSERT INTO notes (text) VALUES ('before')")
        try:
            await tx.attempt("INSERT INTO notes (text) VALUES ('taken') RETURNING id")
        except IntegrityError as exc:
            refused = str(exc)
        added = await tx.attempt("INSERT INTO notes (text) VALUES ('after') RETURNING id")
        assert len(added) == 1
        return refused

    assert "notes" in await db.write(work, atomic=atomic)
    assert await notes(db) == ["taken", "before", "after"]


@pytest.mark.parametrize("atomic", [False, True])
async def test_a_work_that_goes_on_after_a_refusal_fails_alone(db: Database, atomic: bool) -> None:
    await db.write(insert_one("taken"))

    async def goes_on(tx: Tx) -> str:
        await tx.execute("INSERT INTO notes (text) VALUES ('mine')")
        with contextlib.suppress(IntegrityError):
            await tx.execute("INSERT INTO notes (text) VALUES ('taken')")
        return "went on"

    results = await one_batch(
        db,
        [db.write(insert("before")), db.write(goes_on, atomic=atomic), db.write(insert("after"))],
    )
    assert results[0] == "before" and results[2] == "after"
    # Without `attempt`, a refusal undoes the whole work, on SQLite as on PostgreSQL.
    assert isinstance(results[1], RuntimeError)
    assert "went on after a refused statement" in str(results[1])
    assert await notes(db) == ["taken", "before!", "after!"]


async def in_savepoint(tx: Tx, name: str, texts: list[str], *, then_fail: bool) -> None:
    """Add notes inside a savepoint block (which then raises, if asked)."""
    async with tx.savepoint(name):
        for text in texts:
            await tx.execute("INSERT INTO notes (text) VALUES (?)", (text,))
        if then_fail:
            raise ValueError(f"block {name} failed")


async def test_a_savepoint_block_that_raises_is_undone_and_the_work_goes_on(
    db: Database,
) -> None:
    async def work(tx: Tx) -> None:
        await tx.execute("INSERT INTO notes (text) VALUES ('outer')")
        await in_savepoint(tx, "kept", ["inner kept"], then_fail=False)
        with pytest.raises(ValueError, match="undone"):
            await in_savepoint(tx, "undone", ["inner undone"], then_fail=True)
        with pytest.raises(IntegrityError):
            await in_savepoint(tx, "refused", ["also undone", "outer"], then_fail=False)
        await tx.execute("INSERT INTO notes (text) VALUES ('last')")

    await db.write(work)
    assert await notes(db) == ["outer", "inner kept", "last"]


async def test_question_marks_and_names_are_placeholders_on_both(db: Database) -> None:
    async def work(tx: Tx) -> tuple[int, int]:
        await tx.execute("CREATE TABLE pairs (word TEXT, twin TEXT, other TEXT)")
        await tx.execute("INSERT INTO pairs VALUES (?, ?, ?)", ("a", "b", None))
        await tx.execute(
            "INSERT INTO pairs VALUES (:word, :word, :other)", {"word": "w", "other": None}
        )
        await tx.executemany("INSERT INTO notes (text) VALUES (?)", [("n1",), ("n2",)])
        changed = await tx.execute("UPDATE notes SET text = text || ? WHERE text <> ?", ("+", ""))
        # No placeholder inside a quoted string or a comment, on either backend.
        quoted = await tx.fetchone(
            "SELECT count(*) FROM notes -- how many? :all of them\n"
            " WHERE text <> 'what? :no' /* and ? :not */ AND text <> ?",
            ("",),
        )
        assert quoted is not None
        return changed, quoted[0]

    assert await db.write(work) == (2, 2)
    rows = await db.fetchall("SELECT word, twin FROM pairs WHERE other IS NULL ORDER BY word")
    assert [tuple(row) for row in rows] == [("a", "b"), ("w", "w")]
    row = await db.fetchone("SELECT twin FROM pairs WHERE word = :w AND twin = :w", {"w": "w"})
    assert row is not None and row["twin"] == "w"
    assert await db.fetchone("SELECT word FROM pairs WHERE word = ?", ("none",)) is None


async def test_a_refusal_carries_the_constraint_or_trigger_words(db: Database) -> None:
    async def account(tx: Tx) -> int:
        await tx.execute("CREATE TABLE counts (n INTEGER CONSTRAINT n_positive CHECK (n > 0))")
        row = await tx.fetchone(
            "INSERT INTO accounts (guild_id, kind, user_id) VALUES (?, 'purse', ?) RETURNING id",
            (1, 2),
        )
        assert row is not None
        return int(row["id"])

    def refused(sql: str, params: tuple[object, ...] = ()) -> Work[None]:
        async def work(tx: Tx) -> None:
            await tx.execute(sql, params)

        return work

    account_id = await db.write(account)
    with pytest.raises(IntegrityError, match=r"(?i)unique") as unique:
        await db.write(refused("INSERT INTO notes (text) VALUES ('x'), ('x')"))
    assert "notes" in str(unique.value) or "text" in str(unique.value)
    with pytest.raises(IntegrityError, match="n_positive"):
        await db.write(refused("INSERT INTO counts VALUES (0)"))
    remove = refused("DELETE FROM accounts WHERE id = ?", (account_id,))
    for atomic in (False, True):
        with pytest.raises(IntegrityError, match="ledger: accounts are permanent"):
            await db.write(remove, atomic=atomic)


async def test_many_concurrent_writes_all_land(db: Database) -> None:
    results = await asyncio.gather(*(db.write(insert_one(f"n{i}")) for i in range(300)))
    assert results == [f"n{i}" for i in range(300)]
    row = await db.fetchone("SELECT count(*) AS n FROM notes")
    assert row is not None and row["n"] == 300
