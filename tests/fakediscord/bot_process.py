"""Run the `parlour` command in this process against a network fake Discord (`net`):

    python -m tests.fakediscord.bot_process http://127.0.0.1:PORT -- run --shards 0-1 ...

discord.py is pointed at the fake, in this process only: its REST base (`Route.BASE`,
which interaction callbacks and webhooks use as well) and its gateway
(`DiscordWebSocket.DEFAULT_GATEWAY`, where every session connects, sharded or not, as
discord.py asks `/gateway/bot` only when it picks the shard count itself). DISCORD_TOKEN
is a fake token unless set. Test code: nothing under bot/ knows of the fake.

A test starts one with `launch` (its log in a file) and stops it with `terminate`.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

import discord.http
import yarl
from discord.gateway import DiscordWebSocket

import bot.cli

ROOT = Path(__file__).resolve().parents[2]
FAKE_TOKEN = "fake.bot.token"
_SHARDING = ("PARLOUR_SHARD_COUNT", "PARLOUR_SHARDS")
USAGE = "usage: python -m tests.fakediscord.bot_process URL -- PARLOUR_ARGS..."


def point_at(url: str) -> None:
    """Send discord.py's REST requests and gateway connections to the fake at `url`."""
    base = url.rstrip("/")
    discord.http.Route.BASE = f"{base}/api/v10"
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(base.replace("http", "ws", 1) + "/gateway")


def main(argv: Sequence[str] | None = None) -> int:
    """Point discord.py at the fake, then run `parlour` with the arguments after `--`."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) < 2 or args[1] != "--" or not args[0].startswith("http://"):
        print(USAGE, file=sys.stderr)
        return 2
    point_at(args[0])
    os.environ.setdefault("DISCORD_TOKEN", FAKE_TOKEN)
    return bot.cli.main(args[2:])


async def launch(
    url: str, args: Sequence[str], env: Mapping[str, str], log: Path
) -> asyncio.subprocess.Process:
    """Start `parlour ARGS` in a new process on the fake at `url`, with this process's
    environment (less any shard settings) and `env` on top; its output goes to `log`."""
    full = {k: v for k, v in os.environ.items() if k not in _SHARDING} | dict(env)
    full.setdefault("DISCORD_TOKEN", FAKE_TOKEN)
    with log.open("ab") as sink:
        return await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.fakediscord.bot_process",
            url,
            "--",
            *args,
            cwd=ROOT,
            env=full,
            stdin=asyncio.subprocess.DEVNULL,
            stdout=sink,
            stderr=sink,
        )


async def terminate(process: asyncio.subprocess.Process, *, timeout_s: float = 10.0) -> int:
    """SIGTERM the process and wait for it to end; its exit code (SIGKILLed, and a
    TimeoutError, if it does not end in time)."""
    if process.returncode is None:
        process.send_signal(signal.SIGTERM)
    try:
        return await asyncio.wait_for(process.wait(), timeout_s)
    except TimeoutError:
        process.kill()
        await process.wait()
        raise


if __name__ == "__main__":
    sys.exit(main())
