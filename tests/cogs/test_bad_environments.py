"""A bad environment gets one sentence and a non-zero exit, with nothing written: a
PostgreSQL server out of reach, a database holding another application's tables, and a
shard count other than the one the running processes hold."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import asyncpg

from bot.storage import open_database
from bot.storage.claims import claim_shards
from tests.backends import needs_postgres, pg_schema
from tests.fakediscord.bot_process import launch
from tests.fakediscord.net import NetDiscord

ROOT = Path(__file__).resolve().parents[2]


def parlour(*args: str, db: str) -> subprocess.CompletedProcess[str]:
    """`parlour ARGS` with PARLOUR_DB=db and a token, as a user would run it."""
    env = os.environ | {"PARLOUR_DB": db, "DISCORD_TOKEN": "fake.bot.token"}
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_postgresql_out_of_reach_is_one_sentence_before_discord_is_tried() -> None:
    done = parlour("run", db="postgresql://parlour:secret@127.0.0.1:1/parlour")
    assert done.returncode == 2
    assert done.stdout == ""
    (line,) = done.stderr.splitlines()
    assert line.startswith("parlour: PostgreSQL at postgresql://parlour:***@127.0.0.1:1/parlour")
    assert "could not be reached" in line and "secret" not in line


@needs_postgres
async def test_a_database_of_another_application_is_refused_and_left_as_it_was() -> None:
    async with pg_schema() as dsn:
        conn = await asyncpg.connect(dsn)
        await conn.execute("CREATE TABLE invoices (id BIGINT PRIMARY KEY)")
        done = await asyncio.to_thread(parlour, "run", db=dsn)
        tables = {
            r[0]
            for r in await conn.fetch(
                "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
            )
        }
        await conn.close()
    assert done.returncode == 2
    (line,) = done.stderr.splitlines()
    assert "holds another application's tables (invoices)" in line
    assert tables == {"invoices"}  # nothing written


@needs_postgres
async def test_a_shard_count_other_than_the_running_processes_is_refused(
    tmp_path: Path,
) -> None:
    async with pg_schema() as dsn, NetDiscord(shard_count=2) as net:
        db = await open_database(dsn)
        held = await claim_shards(db, 4, [0, 1])  # a process running 4 shards
        try:
            log = tmp_path / "bot.log"
            env = {"PARLOUR_DB": dsn, "PARLOUR_SHARD_COUNT": "2"}
            process = await launch(net.url, ["run", "--shards", "0"], env, log)
            code = await asyncio.wait_for(process.wait(), 60)
        finally:
            await held.release()
            await db.close()
    assert code == 2
    assert (
        "parlour: The Parlour processes on this database run 4 shards, not 2: to reshard,"
        " stop every Parlour process, then start them all with --shard-count 2."
    ) in log.read_text().splitlines()
