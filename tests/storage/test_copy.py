"""Moving a server's data (`bot.storage.copy`): every row and id of every table, the
ledger rebuilt by its own triggers to the source's balances, a game that goes on in the
copy, a target with data refused untouched, and a copy killed midway that leaves
nothing and runs again. The PostgreSQL halves are skipped without PARLOUR_TEST_POSTGRES.
"""

from __future__ import annotations

import asyncio
import signal
import sqlite3
import sys
from pathlib import Path

import pytest

import bot.storage._copy_io as copy_io
from bot.cli import db as cli_db
from bot.cli import main
from bot.ledger import Ledger
from bot.storage import Database, StorageError, Tx, open_database
from bot.storage._copy_io import (
    OWN_TABLES,
    TABLES,
    column_names,
    holding_data,
    reading,
    table_names,
)
from bot.storage.copy import CopyReport, copy_database
from bot.storage.pg_migrate import COPY_MARK
from tests.backends import BACKENDS, needs_postgres, pg_schema, target
from tests.storage.copy_seed import ALICE, GUILD, dump, seed, service_on
from tests.tables.playing import waiting_user

ROOT = Path(__file__).resolve().parents[2]


async def ledger_check(db: Database) -> list[str]:
    return await Ledger(db).check()


async def copied(source: str, to: str) -> CopyReport:
    """Copy with the ledger check on both ends, and require a clean report."""
    report = await copy_database(source, to, check=ledger_check)
    assert report.problems == []
    return report


async def goes_on(where: str, table_id: int) -> None:
    """The copy is a working database: the open table is rebuilt from its log (which
    replays to its stored digest) and played on, and new rows get new ids."""
    db = await open_database(where)
    try:
        service = service_on(db)
        report = await service.recover()
        assert report.abandoned == []
        table = service.table(table_id)
        version = table.version
        await service.act(table_id, waiting_user(table), version, "pass")
        assert table.version > version
        before = await db.fetchone("SELECT MAX(id) FROM transfers")
        assert await service.ledger.purse(GUILD, 999) == 1000
        after = await db.fetchone("SELECT MAX(id) FROM transfers")
        assert before is not None and after is not None and after[0] > before[0]
        assert await service.ledger.check() == []
    finally:
        await db.close()


async def balances(where: str) -> dict[int, int]:
    db = await open_database(where, read_only=True)
    try:
        return {row[0]: row[1] for row in await db.fetchall("SELECT id, balance FROM accounts")}
    finally:
        await db.close()


@needs_postgres
async def test_a_server_goes_to_postgresql_and_back_exactly(tmp_path: Path) -> None:
    first, last = str(tmp_path / "first.db"), str(tmp_path / "last.db")
    table_id = await seed(first)
    original = await dump(first)
    async with pg_schema() as pg, pg_schema() as pg_again:
        there = await copied(first, pg)
        assert there.rows == {name: len(rows) for name, rows in original.items()}
        assert await dump(pg) == original
        assert await balances(pg) == await balances(first)
        assert (await copied(pg, pg_again)).rows == there.rows
        assert (await copied(pg_again, last)).rows == there.rows
        await goes_on(pg_again, table_id)
    assert await dump(last) == original
    await goes_on(last, table_id)


async def test_sqlite_to_sqlite_copies_every_row_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source, copy = str(tmp_path / "a.db"), str(tmp_path / "b.db")
    table_id = await seed(source)
    monkeypatch.setattr(copy_io, "PAGE_ROWS", 2)  # pages end inside every two-column key
    seen: list[tuple[str, int]] = []
    report = await copy_database(
        source,
        copy,
        check=ledger_check,
        progress=lambda table, rows, done: seen.append((table, rows)) if done else None,
    )
    assert report.problems == []
    original = await dump(source)
    assert seen == [(t.name, len(original[t.name])) for t in TABLES]
    assert await dump(copy) == original
    assert await balances(copy) == await balances(source)
    await goes_on(copy, table_id)


@pytest.mark.parametrize("backend", BACKENDS)
async def test_a_target_holding_parlour_data_is_refused_and_left_alone(
    tmp_path: Path, backend: str
) -> None:
    source = str(tmp_path / "a.db")
    await seed(source)
    async with target(backend, tmp_path, "busy.db") as busy:
        db = await open_database(busy)
        await Ledger(db).purse(GUILD, ALICE)
        await db.close()
        before = await dump(busy)
        with pytest.raises(StorageError, match=r"already holds Parlour data \(in accounts, tr"):
            await copy_database(source, busy, check=ledger_check)
        assert await dump(busy) == before


KILLED_MIDWAY = """
import asyncio, os, signal, sys
import bot.storage._copy_io as copy_io
from bot.storage.copy import copy_database

copy_io.PAGE_ROWS = 3

def progress(table, rows, done):
    if table == "transfers" and rows >= 6:
        os.kill(os.getpid(), signal.SIGKILL)

asyncio.run(copy_database(sys.argv[1], sys.argv[2], progress=progress))
"""


async def killed_midway(source: str, copy: str) -> None:
    """Run a copy in a process of its own, killed (SIGKILL) halfway through the transfers."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-c", KILLED_MIDWAY, source, copy, cwd=ROOT
    )
    assert await asyncio.wait_for(process.wait(), 120) == -signal.SIGKILL


async def test_a_copy_killed_midway_leaves_the_sqlite_file_empty_for_a_second_run(
    tmp_path: Path,
) -> None:
    source, copy = str(tmp_path / "a.db"), str(tmp_path / "b.db")
    table_id = await seed(source)
    await killed_midway(source, copy)
    # One transaction, never committed: the file is as it was made, Parlour's and empty.
    assert all(rows == [] for rows in (await dump(copy)).values())
    await copied(source, copy)
    assert await dump(copy) == await dump(source)
    await goes_on(copy, table_id)


@needs_postgres
async def test_a_copy_killed_midway_into_postgresql_is_marked_and_a_second_run_finishes_it(
    tmp_path: Path,
) -> None:
    source, other = str(tmp_path / "a.db"), str(tmp_path / "other.db")
    table_id = await seed(source)
    await seed(other)
    async with pg_schema() as copy:
        await killed_midway(source, copy)
        async with reading(copy) as tx:
            assert await holding_data(tx) == ["accounts", "transfers"]
            assert await tx.fetchone("SELECT COUNT(*) FROM transfers") == (6,)
            mark = await tx.fetchone("SELECT value FROM parlour_meta WHERE key = ?", (COPY_MARK,))
            assert mark is not None and mark[0].endswith(f"{tmp_path.name}/a.db")
        with pytest.raises(StorageError, match=r"holds an unfinished copy of .*a\.db: run"):
            await open_database(copy)
        with pytest.raises(StorageError, match=r"holds an unfinished copy of .*a\.db: copy from"):
            await copy_database(other, copy)
        await copied(source, copy)
        assert await dump(copy) == await dump(source)
        await goes_on(copy, table_id)


async def test_a_source_changed_during_the_copy_is_reported_in_words(tmp_path: Path) -> None:
    source, copy = str(tmp_path / "a.db"), str(tmp_path / "b.db")
    table_id = await seed(source)

    def meanwhile(table: str, rows: int, done: bool) -> None:
        # A bot still running on the source: a move, and chips granted.
        if table == "channel_notices" and done:
            with sqlite3.connect(source) as conn:
                conn.execute(
                    "UPDATE tables SET version = version + 1, digest = 'later' WHERE id = ?",
                    (table_id,),
                )
                conn.execute(
                    "INSERT INTO actions (table_id, seq, seat, kind, action, actor, created_at)"
                    " SELECT ?, MAX(seq) + 1, 0, 'act', 'pass', 'player', 'now' FROM actions"
                    " WHERE table_id = ?",
                    (table_id, table_id),
                )
                conn.execute(
                    "INSERT INTO transfers (guild_id, debit_account_id, credit_account_id,"
                    " amount, reason, key) VALUES (?, 1, 2, 7, 'grant', 'late')",
                    (GUILD,),
                )

    report = await copy_database(source, copy, check=ledger_check, progress=meanwhile)
    words = "\n".join(report.problems)
    assert "The table transfers holds 15 rows in the source, 14 in the copy." in words
    assert "The table actions holds" in words
    assert f"Open table {table_id} is at version" in words and "(digest later)" in words
    assert f"Table {table_id}'s action log holds" in words
    assert "Account 1 is " in words and "Account 2 is " in words
    assert not any(problem.startswith("In the copy:") for problem in report.problems)


@pytest.mark.parametrize("backend", BACKENDS)
async def test_every_table_of_the_schema_is_copied_in_its_key_order(
    tmp_path: Path, backend: str
) -> None:
    async with target(backend, tmp_path) as where:
        await (await open_database(where)).close()
        async with reading(where) as tx:
            assert await table_names(tx) - OWN_TABLES == {t.name for t in TABLES}
            for copied_table in TABLES:
                assert await primary_key(tx, copied_table.name) == list(copied_table.key)
                assert await column_names(tx, copied_table.name)


async def primary_key(tx: Tx, table: str) -> list[str]:
    """The primary key's columns, in order, from the catalog."""
    if tx.dialect == "postgres":
        sql = (
            "SELECT a.attname::text FROM pg_index i JOIN pg_attribute a"
            " ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)"
            " WHERE i.indrelid = CAST(? AS regclass) AND i.indisprimary"
            " ORDER BY array_position(i.indkey, a.attnum)"
        )
    else:
        sql = "SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk"
    return [str(row[0]) for row in await tx.fetchall(sql, (table,))]


async def test_a_copy_to_itself_is_refused(tmp_path: Path) -> None:
    source = str(tmp_path / "a.db")
    await seed(source)
    before = await dump(source)
    with pytest.raises(StorageError, match="cannot be copied onto itself"):
        await copy_database(source, str(tmp_path / "." / "a.db"))
    assert await dump(source) == before


# -- the command ---------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["db", "copy", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_command_copies_quietly_off_a_terminal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source, copy = str(tmp_path / "a.db"), str(tmp_path / "b.db")
    asyncio.run(seed(source))
    assert run(capsys, "--from", source, "--to", copy) == (0, "", "")
    assert asyncio.run(dump(copy)) == asyncio.run(dump(source))


def test_on_a_terminal_the_command_shows_each_table_with_its_rows(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    source, copy = str(tmp_path / "a.db"), str(tmp_path / "b.db")
    asyncio.run(seed(source))
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    code, out, err = run(capsys, "--from", source, "--to", copy)
    assert code == 0 and out == ""
    shown = [line.rsplit("\r", 1)[-1].split() for line in err.split("\n")]
    rows = {t.name: len(r) for t, r in zip(TABLES, asyncio.run(dump(source)).values(), strict=True)}
    said = [[name, f"{n:,}", "row" if n == 1 else "rows"] for name, n in rows.items()]
    assert shown[: len(TABLES)] == said
    assert f"Copied {sum(rows.values())} rows from {source} to {copy}" in err
    assert "the ledger checks out on both" in err


def test_a_copy_that_differs_from_its_source_fails_saying_how(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    source, copy = str(tmp_path / "a.db"), str(tmp_path / "b.db")
    asyncio.run(seed(source))
    show = cli_db._show

    def granted_meanwhile(table: str, rows: int, done: bool) -> None:
        show(table, rows, done)
        if table == "transfers" and done:
            with sqlite3.connect(source) as conn:
                conn.execute(
                    "INSERT INTO transfers (guild_id, debit_account_id, credit_account_id,"
                    " amount, reason, key) VALUES (?, 1, 2, 7, 'grant', 'late')",
                    (GUILD,),
                )

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    monkeypatch.setattr(cli_db, "_show", granted_meanwhile)
    code, _, err = run(capsys, "--from", source, "--to", copy)
    assert code == 1
    assert f"parlour: the copy in {copy} does not match {source} (3 difference(s))" in err
    assert "  - The table transfers holds 15 rows in the source, 14 in the copy." in err
    assert "Copied" not in err


@pytest.mark.parametrize(
    ("source", "to", "sentence"),
    [
        ("missing.db", "b.db", "There is no database at missing.db."),
        ("notes.txt", "b.db", "notes.txt is not a SQLite database, so Parlour leaves it alone."),
        ("a.db", "notes.txt", "notes.txt is not a SQLite database, so Parlour leaves it alone."),
        ("a.db", "folder", "folder is a folder, not a database file."),
        ("a.db", "postgresql://parlour@127.0.0.1:1/parlour", "could not be reached"),
        ("postgresql://parlour@127.0.0.1:1/parlour", "b.db", "could not be reached"),
        ("a.db", ":memory:", "not :memory:."),
    ],
)
def test_bad_addresses_get_one_sentence_and_nothing_is_written(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    source: str,
    to: str,
    sentence: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    asyncio.run(seed("a.db"))
    Path("notes.txt").write_text("shopping: eggs, flour\n")
    Path("folder").mkdir()
    before = files(tmp_path)
    code, out, err = run(capsys, "--from", source, "--to", to)
    assert code == 2 and out == ""
    assert err.startswith("parlour: ") and sentence in err and err.count("\n") == 1
    assert files(tmp_path) == before
    assert Path("notes.txt").read_text() == "shopping: eggs, flour\n"


def files(folder: Path) -> list[str]:
    """The files in `folder`, but for the shared memory and log of a source read in WAL mode."""
    return sorted(p.name for p in folder.iterdir() if not p.name.startswith("a.db-"))


def test_a_source_whose_ledger_is_broken_is_not_copied(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source, copy = tmp_path / "a.db", tmp_path / "b.db"
    asyncio.run(seed(str(source)))
    with sqlite3.connect(source) as conn:
        conn.execute("UPDATE accounts SET balance = balance + 5 WHERE id = 2")
    code, _, err = run(capsys, "--from", str(source), "--to", str(copy))
    assert code == 2 and err.count("\n") == 1
    assert "ledger check(s) (the first: Server 10: balances add up to 5, not 0)" in err
    assert "so nothing was copied" in err and not copy.exists()
