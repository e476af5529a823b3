"""`parlour web`, the web table alone in a process holding no shard: refused in one
sentence without a port or on a SQLite file; on PostgreSQL it answers /healthz once its
notifications are up, holds no shard, and stops on SIGTERM. And PARLOUR_DB_WAIT_S: a
starting process waits for a database that does not answer yet, saying so once."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

import aiohttp
import pytest

from bot.cli import main
from bot.config import ConfigError, Settings
from tests.backends import needs_postgres, pg_schema
from tests.cogs.test_shards_web import ORIGIN, SECRET, free_port
from tests.web.following import eventually

ROOT = Path(__file__).resolve().parents[2]
OFF = "postgresql://parlour:secret@127.0.0.1:1/parlour"
"""An address nothing listens at."""


@pytest.mark.parametrize(
    ("env", "sentence"),
    [
        ({"PARLOUR_DB": "x.db"}, "parlour web needs a port: set PARLOUR_WEB_PORT or give"),
        (
            {"PARLOUR_DB": "x.db", "PARLOUR_WEB_PORT": "8080", "PARLOUR_WEB_SECRET": SECRET},
            "parlour web serves the tables of Parlour processes sharing a PostgreSQL database",
        ),
    ],
)
def test_web_is_refused_in_one_sentence_and_starts_nothing(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    env: dict[str, str],
    sentence: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    for name in ("PARLOUR_WEB_PORT", "PARLOUR_WEB_SECRET", "PARLOUR_WEB_SECRET_FILE"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert main(["web"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"parlour: {sentence}") and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_the_wait_for_the_database_is_a_number_of_seconds() -> None:
    assert Settings.from_env({}).db_wait_s == 0
    assert Settings.from_env({"PARLOUR_DB_WAIT_S": "60"}).db_wait_s == 60
    with pytest.raises(ConfigError, match=r"^PARLOUR_DB_WAIT_S must be from 0 to 3600, not -1\."):
        Settings.from_env({"PARLOUR_DB_WAIT_S": "-1"})


def test_a_database_that_does_not_answer_is_waited_for_then_refused_in_one_sentence() -> None:
    env = os.environ | {"PARLOUR_DB": OFF, "PARLOUR_DB_WAIT_S": "2", "DISCORD_TOKEN": "a.b.c"}
    done = subprocess.run(
        [sys.executable, "-m", "bot", "run"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and done.stdout == ""
    waiting, refused = done.stderr.splitlines()
    assert "WARNING" in waiting and "waiting up to 2 s for the database: PostgreSQL at" in waiting
    assert refused.startswith("parlour: PostgreSQL at postgresql://parlour:***@127.0.0.1:1/")
    assert "could not be reached" in refused and "secret" not in done.stderr


@needs_postgres
async def test_web_serves_alone_and_stops_on_sigterm(tmp_path: Path) -> None:
    async with pg_schema() as dsn:
        port, log = free_port(), tmp_path / "web.log"
        env = os.environ | {
            "PARLOUR_DB": dsn,
            "PARLOUR_WEB_PORT": str(port),
            "PARLOUR_PUBLIC_URL": ORIGIN,
            "PARLOUR_WEB_SECRET_FILE": str(tmp_path / "web-secret"),
        }
        env.pop("DISCORD_TOKEN", None)
        with log.open("wb") as sink:
            process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", "web", cwd=ROOT, env=env, stdout=sink, stderr=sink
            )
        try:
            await eventually(lambda: "holding no shard" in log.read_text())
            async with aiohttp.ClientSession() as session:
                base = f"http://127.0.0.1:{port}"
                async with session.get(f"{base}/healthz") as health:
                    assert (health.status, await health.text()) == (200, "ready")
                async with session.get(f"{base}/metrics") as metrics:
                    assert "\nparlour_shards_held 0\n" in await metrics.text()
                async with session.get(f"{base}/t/no-such-key") as unknown:
                    assert unknown.status == 404
        finally:
            process.send_signal(signal.SIGTERM)
            code = await asyncio.wait_for(process.wait(), 30)
        text = log.read_text()
        assert code == 0 and "stopped by SIGTERM" in text, text
        assert "Traceback" not in text and (tmp_path / "web-secret").read_text().strip() not in text
