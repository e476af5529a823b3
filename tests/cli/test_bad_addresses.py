"""Bad database addresses: every `parlour` command that takes `--db`, and every one that
reads PARLOUR_DB (the bot's own included), answers an address it cannot use with one
sentence, exit 2 and no password; a `postgresql:` address is PostgreSQL, and no address
ever becomes a file's name."""

from __future__ import annotations

import asyncio
import io
import sys
from pathlib import Path

import discord
import pytest

from bot.cli import main
from bot.config import ConfigError, Settings
from bot.ledger import Ledger
from bot.storage import open_database
from tests.backends import needs_postgres, pg_schema
from tests.cli.test_bad_files import one_sentence

SECRET = "hunter2"
TOKEN = "MTIz.not-a-real.token"

BAD = {
    "port past 65535": f"postgresql://u:{SECRET}@127.0.0.1:99999/x",
    "the postgres:// alias": f"postgres://u:{SECRET}@127.0.0.1:99999/x",
    "port 0": f"postgresql://u:{SECRET}@127.0.0.1:0/x",
    "port 'abc'": f"postgresql://u:{SECRET}@127.0.0.1:abc/x",
    "an IPv6 host not closed": f"postgresql://u:{SECRET}@[::1",
    "a port as a parameter": f"postgresql://u@127.0.0.1/x?password={SECRET}&port=70000",
    "a / in the password": f"postgresql://u:{SECRET}/x@127.0.0.1/x",
    "an unknown host": f"postgresql://u:{SECRET}@no-such-host.invalid/x",
    "a database the server lacks": "postgresql:///parlour_no_such_database",
    "another scheme": f"mysql://u:{SECRET}@db.example/x",
    "a scheme without slashes": "sqlite:parlour.db",
}

COMMANDS = (
    "run",
    "sync",
    "play",
    "ledger check",
    "ledger check $PARLOUR_DB",
    "db copy --from",
    "db copy --to",
    "history",
    "history $PARLOUR_DB",
    "replay",
    "replay $PARLOUR_DB",
)


@pytest.fixture(autouse=True)
def no_discord(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No login reaches the network, no PARLOUR_DB comes from outside, and the working
    folder is an empty one of the test's own."""

    async def refuse(self: object, token: str) -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(discord.http.HTTPClient, "static_login", refuse)
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.delenv("PARLOUR_DB", raising=False)
    monkeypatch.delenv("PGPORT", raising=False)
    monkeypatch.chdir(tmp_path)


def _argv(command: str, address: str, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The command line of one command naming the database at `address`."""
    if command in ("run", "sync") or command.endswith("$PARLOUR_DB"):
        monkeypatch.setenv("PARLOUR_DB", address)
    return {
        "run": ["run"],
        "sync": ["sync"],
        "play": ["play", "clock", "--db", address],
        "ledger check": ["ledger", "check", "--db", address],
        "ledger check $PARLOUR_DB": ["ledger", "check"],
        "db copy --from": ["db", "copy", "--from", address, "--to", "copy.db"],
        "db copy --to": ["db", "copy", "--from", "source.db", "--to", address],
        "history": ["history", "1", "--db", address],
        "history $PARLOUR_DB": ["history", "1"],
        "replay": ["replay", "1", "--db", address],
        "replay $PARLOUR_DB": ["replay", "1"],
    }[command]


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("kind", BAD)
def test_a_bad_address_gets_one_sentence_and_exit_2(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    kind: str,
    command: str,
) -> None:
    if command == "db copy --to":
        make_source(tmp_path / "source.db")
    before = _names(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    code = main(_argv(command, BAD[kind], monkeypatch))
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    sentence = one_sentence(err)
    assert SECRET not in sentence
    assert _names(tmp_path) == before  # no file or folder made of the address


def _names(folder: Path) -> list[str]:
    """What the folder holds, but for the WAL files of a copy's source, read as it goes."""
    return sorted(p.name for p in folder.iterdir() if not p.name.startswith("source.db-"))


def make_source(path: Path) -> None:
    """A sound Parlour database with one purse in it, to copy from."""

    async def seed() -> None:
        db = await open_database(path)
        await Ledger(db).purse(1, 2)
        await db.close()

    asyncio.run(seed())


def test_the_bot_s_settings_refuse_a_bad_address_in_words() -> None:
    with pytest.raises(ConfigError) as refused:
        Settings.from_env({"PARLOUR_DB": BAD["port past 65535"]})
    assert str(refused.value) == (
        "The port of postgresql://u:***@127.0.0.1:99999/x must be a whole number from 1 to"
        " 65535, not 99999."
    )
    with pytest.raises(ConfigError, match="is not a database Parlour can use"):
        Settings.from_env({"PARLOUR_DB": BAD["another scheme"]})


def test_a_postgresql_address_in_the_bot_s_settings_is_postgresql() -> None:
    settings = Settings.from_env({"PARLOUR_DB": "postgresql:/parlour"})
    assert settings.db_url == "postgresql:/parlour"
    assert settings.database == "postgresql:/parlour"


@needs_postgres
def test_play_plays_on_the_postgresql_database_it_names(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))

    async def play_there() -> tuple[int, str, int]:
        async with pg_schema() as dsn:
            code = await asyncio.to_thread(main, ["play", "black-joke", "--seed", "3", "--db", dsn])
            db = await open_database(dsn, read_only=True)
            try:
                row = await db.fetchone("SELECT COUNT(*) FROM tables WHERE game = 'black-joke'")
            finally:
                await db.close()
            assert row is not None
            return code, dsn, int(row[0])

    code, dsn, tables = asyncio.run(play_there())
    out = capsys.readouterr().out
    assert code == 0 and tables == 1
    assert f"chips (kept in {dsn})." in out
    assert list(tmp_path.iterdir()) == []  # no postgresql: file or folder beside us
