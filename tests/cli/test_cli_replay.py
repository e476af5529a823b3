"""`parlour history` and `parlour replay` (issue 23) on a database file."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest

from bot.cli import main
from bot.storage import open_database
from tests.tables.stored import Stored, store_table


def stored(
    path: Path, key: str, seats: int, *, close: bool = True, limit: int | None = None
) -> Stored:
    """A table stored at random in the database file."""

    async def work() -> Stored:
        db = await open_database(path)
        try:
            return await store_table(db, key, seats, 4, close=close, limit=limit)
        finally:
            await db.close()

    return asyncio.run(work())


def test_history_prints_the_text_and_says_it_verifies(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "p.db"
    played = stored(db, "pick-nick", 4)
    assert main(["history", str(played.table_id), "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Table {played.table_id}: Pick-Nick\n")
    assert "Verified:" in out and "Result:" in out


def test_history_of_an_unknown_table_is_refused_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "p.db"
    stored(db, "tilters", 2, limit=3)
    assert main(["history", "77", "--db", str(db)]) == 2
    assert "There is no table 77." in capsys.readouterr().err


def test_replay_steps_at_the_prompt_showing_no_private_card(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "p.db"
    played = stored(db, "tilters", 2)
    monkeypatch.setattr("sys.stdin", io.StringIO("n\n\np\n3\ndeal 2\nwhat\nlast\nq\n"))
    assert main(["replay", str(played.table_id), "--db", str(db)]) == 0
    out = capsys.readouterr().out
    for step in (0, 1, 2, 3):
        assert f"Step {step} of {len(played.moves)}" in out
    assert f"Step {len(played.moves)} of {len(played.moves)}" in out
    assert "Not understood: 'what'" in out
    assert "held:" not in out and "Your hand" not in out
    first = played.game.private_cards(played.states[0], 0)
    assert not any(f" {card} " in out.split("Step 1 of")[0] for card in first)


def test_replay_reveals_hands_only_at_a_closed_table_when_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "p.db"
    closed = stored(db, "tilters", 2)
    open_ = stored(db, "tilters", 2, close=False, limit=10)
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    main(["replay", str(closed.table_id), "--db", str(db), "--reveal"])
    assert "Alice held:" in capsys.readouterr().out
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    main(["replay", str(open_.table_id), "--db", str(db), "--reveal"])
    out = capsys.readouterr().out
    assert "held:" not in out and "no hand is revealed" in out


def test_a_tampered_log_is_said_not_to_verify(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "p.db"
    played = stored(db, "tilters", 2)

    async def tamper() -> None:
        database = await open_database(db)
        await database.write(
            lambda tx: tx.execute("UPDATE actions SET action = 'play ZZ' WHERE seq = 5")
        )
        await database.close()

    asyncio.run(tamper())
    assert main(["history", str(played.table_id), "--db", str(db)]) == 1
    assert "NOT VERIFIED: The log does not rebuild: entry 5" in capsys.readouterr().out
