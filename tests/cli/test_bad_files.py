"""Bad files and bad environments: every `parlour` command that opens a database answers
a file it cannot or must not use with one sentence and a non-zero exit, and leaves a file
that is not Parlour's exactly as it was."""

from __future__ import annotations

import asyncio
import hashlib
import io
import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import discord
import pytest

from bot.cli import main
from bot.ledger import Ledger
from bot.storage import open_database

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "MTIz.not-a-real.token"


def make_parlour_db(path: Path) -> Path:
    """A sound Parlour database with one purse in it."""

    async def seed() -> None:
        db = await open_database(path)
        await Ledger(db).purse(1, 2)
        await db.close()

    asyncio.run(seed())
    return path


def make_foreign_db(path: Path, *, wal: bool = False) -> Path:
    """Another application's SQLite database: a notes table and nothing of Parlour's."""
    with sqlite3.connect(path) as conn:
        if wal:
            conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
        conn.execute("INSERT INTO notes (text) VALUES ('keep me')")
    conn.close()
    return path


def _page_size(data: bytes) -> int:
    return int.from_bytes(data[16:18], "big")


def _bad(tmp_path: Path, kind: str) -> Path:
    """Build one kind of bad file (or path) in `tmp_path`."""
    target = tmp_path / "bad.db"
    if kind == "directory":
        target.mkdir()
        return target
    if kind == "under a file":
        (tmp_path / "notes.txt").write_text("a plain file\n")
        return tmp_path / "notes.txt" / "parlour.db"
    if kind == "another application's database":
        return make_foreign_db(target)
    if kind == "another application's WAL database":
        return make_foreign_db(target, wal=True)
    if kind == "random bytes":
        target.write_bytes(bytes((i * 167 + 13) % 256 for i in range(8192)))
        return target
    if kind == "the magic alone":
        target.write_bytes(b"SQLite format 3\x00")
        return target
    good = make_parlour_db(tmp_path / "good.db").read_bytes()
    if kind == "header only":
        target.write_bytes(good[:100])
    elif kind == "truncated":
        target.write_bytes(good[: len(good) // 3])
    elif kind == "bit-flipped":
        flipped = bytearray(good)
        flipped[_page_size(good)] ^= 0x08  # page 2's type byte: no longer a b-tree page
        target.write_bytes(bytes(flipped))
    return target


BAD = {
    "directory": "is a folder, not a database file.",
    "under a file": "notes.txt is a file, not a folder.",
    "another application's database": "is another application's database, so Parlour leaves",
    "another application's WAL database": "is another application's database",
    "random bytes": "is not a SQLite database, so Parlour leaves it alone.",
    "the magic alone": "is damaged (it is shorter than a SQLite header)",
    "header only": "is damaged (",
    "truncated": "is damaged (",
    "bit-flipped": "is damaged (",
}


def _snapshot(folder: Path) -> dict[str, str]:
    """Every file under `folder` by relative path, with a hash of its bytes."""
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        if p.is_file()
        else "folder"
        for p in sorted(folder.rglob("*"))
    }


@pytest.fixture(autouse=True)
def no_discord(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any attempt to log in is refused at once: no test here reaches the network."""

    async def refuse(self: object, token: str) -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(discord.http.HTTPClient, "static_login", refuse)
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.delenv("PARLOUR_DB", raising=False)


def _argv(command: str, path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The command line for one command that opens the database at `path`."""
    if command in ("run", "sync"):
        monkeypatch.setenv("PARLOUR_DB", str(path))
        return [command]
    if command == "play":
        return ["play", "clock", "--db", str(path)]
    if command == "ledger check $PARLOUR_DB":
        monkeypatch.setenv("PARLOUR_DB", str(path))
        return ["ledger", "check"]
    return ["ledger", "check", "--db", str(path)]


def one_sentence(err: str) -> str:
    """The one line of standard error, checked to be a plain sentence."""
    assert "Traceback" not in err
    assert err.count("\n") == 1 and err.startswith("parlour: ")
    sentence = err.strip()
    assert sentence.endswith((".", "?")) and len(sentence) < 300
    return sentence


COMMANDS = ("ledger check", "ledger check $PARLOUR_DB", "play", "run", "sync")


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("kind", BAD)
def test_a_bad_file_gets_one_sentence_and_is_left_as_it_was(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    kind: str,
    command: str,
) -> None:
    path = _bad(tmp_path, kind)
    before = _snapshot(tmp_path)
    code = main(_argv(command, path, monkeypatch))
    out, err = capsys.readouterr()
    assert code != 0 and out == ""
    assert BAD[kind] in one_sentence(err)
    assert _snapshot(tmp_path) == before  # not a byte changed, no journal or WAL beside it


@pytest.mark.parametrize("command", ["play", "run", "sync"])
def test_a_read_only_parlour_file_is_refused_for_play_and_run(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    command: str,
) -> None:
    path = make_parlour_db(tmp_path / "parlour.db")
    path.chmod(0o444)
    before = _snapshot(tmp_path)
    code = main(_argv(command, path, monkeypatch))
    _, err = capsys.readouterr()
    assert code == 2
    assert one_sentence(err).endswith(
        "parlour.db is read-only: make it writable, or use another file."
    )
    assert _snapshot(tmp_path) == before


def test_an_empty_file_given_to_play_becomes_parlours(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "play.db"
    path.touch()
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", "clock", "--seed", "3", "--db", str(path)]) == 0
    capsys.readouterr()
    assert main(["ledger", "check", "--db", str(path)]) == 0
    assert "Every ledger invariant holds" in capsys.readouterr().out


def test_ledger_check_reads_a_read_only_file_without_changing_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = make_parlour_db(tmp_path / "parlour.db")
    path.chmod(0o444)
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    code = main(["ledger", "check", "--db", str(path)])
    out, err = capsys.readouterr()
    assert code == 0 and err == ""
    assert "Every ledger invariant holds" in out
    assert hashlib.sha256(path.read_bytes()).hexdigest() == digest


def test_ledger_check_never_migrates_or_creates(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    empty = tmp_path / "empty.db"
    empty.touch()
    code = main(["ledger", "check", "--db", str(empty)])
    assert code == 2 and "is empty: it holds no Parlour ledger yet." in one_sentence(
        capsys.readouterr().err
    )
    assert empty.stat().st_size == 0
    missing = tmp_path / "missing.db"
    assert main(["ledger", "check", "--db", str(missing)]) == 2
    assert "There is no database at" in one_sentence(capsys.readouterr().err)
    assert not missing.exists()


def test_ledger_check_asks_for_an_older_database_to_be_brought_up_to_date(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = make_parlour_db(tmp_path / "old.db")
    with sqlite3.connect(path) as conn:
        conn.execute("DELETE FROM schema_migrations WHERE version > 1")
    conn.close()
    assert main(["ledger", "check", "--db", str(path)]) == 2
    assert "was written by an older Parlour" in one_sentence(capsys.readouterr().err)


@pytest.mark.parametrize("command", ["play", "run"])
def test_an_unwritable_folder_is_refused(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    command: str,
) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    make_parlour_db(folder / "kept.db")
    folder.chmod(0o555)
    try:
        assert main(_argv(command, folder / "new.db", monkeypatch)) == 2
        assert "cannot create" in one_sentence(capsys.readouterr().err)
        assert main(_argv(command, folder / "kept.db", monkeypatch)) == 2
        assert "cannot write beside" in one_sentence(capsys.readouterr().err)
        assert sorted(p.name for p in folder.iterdir()) == ["kept.db"]
    finally:
        folder.chmod(0o755)


def test_a_device_is_not_a_database(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "clock", "--db", os.devnull]) == 2
    assert "is not a regular file" in one_sentence(capsys.readouterr().err)


def _play_with_home(home: Path) -> subprocess.CompletedProcess[str]:
    """`parlour play clock` in a fresh interpreter whose home folder is `home`."""
    env = {**os.environ, "HOME": str(home)}
    env.pop("PARLOUR_DB", None)
    return subprocess.run(
        [sys.executable, "-m", "bot", "play", "clock"],
        input="quit\n",
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize("home", ["read-only folder", "file"])
def test_a_home_that_cannot_hold_the_play_database_is_refused(tmp_path: Path, home: str) -> None:
    place = tmp_path / "home"
    if home == "file":
        place.write_text("not a folder")
    else:
        place.mkdir()
        place.chmod(0o555)
    try:
        result = _play_with_home(place)
    finally:
        place.chmod(0o755)
    assert result.returncode == 2 and result.stdout == ""
    sentence = one_sentence(result.stderr)
    assert ".parlour/play.db" in sentence
    assert ("not writable" if home != "file" else "is a file, not a folder") in sentence
    assert not (tmp_path / "home" / ".parlour").exists() or home == "file"


@pytest.fixture
def login(monkeypatch: pytest.MonkeyPatch) -> Callable[[BaseException], None]:
    """Make Discord's login fail with a given exception."""

    def fail_with(exc: BaseException) -> None:
        async def refuse(self: object, token: str) -> None:
            raise exc

        monkeypatch.setattr(discord.http.HTTPClient, "static_login", refuse)

    return fail_with


class _Response:
    status = 503
    reason = "Service Unavailable"


@pytest.mark.parametrize(
    ("failure", "sentence"),
    [
        (discord.LoginFailure("Improper token has been passed."), "Discord refused the token"),
        (OSError("Name or service not known"), None),
        (TimeoutError(), "Parlour could not reach Discord (timed out)"),
        (
            discord.HTTPException(_Response(), "upstream connect error"),  # type: ignore[arg-type]
            "Discord answered 503 (upstream connect error), so Parlour stopped.",
        ),
    ],
)
@pytest.mark.parametrize("command", ["run", "sync"])
def test_discord_out_of_reach_at_start_is_one_sentence(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    login: Callable[[BaseException], None],
    tmp_path: Path,
    failure: BaseException,
    sentence: str | None,
    command: str,
) -> None:
    import aiohttp

    if sentence is None:  # DNS and refused connections reach us as aiohttp's errors
        failure = aiohttp.ClientConnectionError("Cannot connect to host discord.com:443")
        sentence = "Parlour could not reach Discord (Cannot connect to host discord.com:443)"
    login(failure)
    monkeypatch.setenv("PARLOUR_DB", str(tmp_path / "parlour.db"))
    code = main([command])
    _, err = capsys.readouterr()
    assert code == 1
    assert sentence in one_sentence(err)
    assert TOKEN not in err


def test_an_unexpected_error_at_start_is_not_dressed_up(
    monkeypatch: pytest.MonkeyPatch, login: Callable[[BaseException], None], tmp_path: Path
) -> None:
    login(ZeroDivisionError("a bug"))
    monkeypatch.setenv("PARLOUR_DB", str(tmp_path / "parlour.db"))
    with pytest.raises(ZeroDivisionError):
        main(["run"])


LONG_KEY = "x" * 5000


@pytest.mark.parametrize(
    "argv",
    [
        ["rules", LONG_KEY],
        ["play", LONG_KEY],
        ["simulate", LONG_KEY],
        ["rules", "clock\n\x1b[2Jhello"],
    ],
)
def test_a_huge_or_strange_game_key_is_not_echoed(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code = main(argv)
    sentence = one_sentence(capsys.readouterr().err)
    assert code == 2
    assert "xxxxxxxxxx" not in sentence and "\x1b" not in sentence
    assert "`parlour games` lists them" in sentence


def test_the_settings_never_show_the_token() -> None:
    from bot.config import Settings

    settings = Settings.from_env({"DISCORD_TOKEN": TOKEN})
    assert settings.token == TOKEN
    for shown in (repr(settings), str(settings), f"{settings}", repr([settings])):
        assert TOKEN not in shown and "not-a-real" not in shown
        assert "token=<hidden>" in shown and "db_path=" in shown
    assert "token=None" in repr(Settings.from_env({}))


@pytest.mark.parametrize("token", ["two words", "tab\there", "caf\u00e9.token", "bell\x07"])
def test_a_token_that_cannot_be_one_is_refused_without_echoing_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, token: str
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", token)
    assert main(["run"]) == 2
    sentence = one_sentence(capsys.readouterr().err)
    assert "DISCORD_TOKEN holds spaces or characters a bot token never has" in sentence
    assert token not in sentence


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "black-joke", "--seats", LONG_KEY],
        ["play", "black-joke", "--seed", LONG_KEY],
        ["simulate", "clock", "--games", LONG_KEY],
        ["sync", "--guild", LONG_KEY],
    ],
)
def test_a_huge_number_is_refused_without_repeating_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str]
) -> None:
    if argv[0] == "play":
        argv = [*argv, "--db", str(tmp_path / "play.db")]
    assert main(argv) == 2
    sentence = one_sentence(capsys.readouterr().err)
    assert sentence.endswith("must be a whole number.") and "xxxxx" not in sentence


def test_ledger_check_reads_a_database_in_a_read_only_folder_leaving_no_trace(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "archive"
    folder.mkdir()
    path = make_parlour_db(folder / "parlour.db")
    before = _snapshot(tmp_path)
    folder.chmod(0o555)
    try:
        code = main(["ledger", "check", "--db", str(path)])
    finally:
        folder.chmod(0o755)
    out, err = capsys.readouterr()
    assert code == 0 and err == "" and "Every ledger invariant holds" in out
    assert _snapshot(tmp_path) == before  # no WAL or shared-memory file left beside it
