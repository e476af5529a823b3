"""What the web benchmarks share: a web server on a port of this machine over a table
service, a presenter that notes when each table's version was committed, the spectators'
process (bench/_sockets.py) and what it saw, and this process's resident memory."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

from bot import heap
from bot.config import WebSettings
from bot.ledger import Ledger
from bot.storage import open_database
from bot.tables import ServiceSettings, Table, TableService, Update, WatchKeys
from web.server import WebServer

ROOT = Path(__file__).resolve().parents[1]
SECRET = "bench-web-secret-0123456789-abcdefghij"
GUILD, HOST, GUEST = 10, 101, 102


def free_port() -> int:
    """A TCP port free on this machine now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def web_settings() -> WebSettings:
    """The web on a free port of this machine, reached at its own address."""
    port = free_port()
    return WebSettings(port, f"http://127.0.0.1:{port}", SECRET)


@dataclass
class Commits:
    """A presenter told of every change before the others: when each (table, version)
    was committed (and its snapshot made), the first time it was told of it."""

    at: dict[tuple[int, int], float] = field(default_factory=dict)

    async def table_updated(self, update: Update) -> None:
        """Note the time of the table's version."""
        self.at.setdefault((update.table.id, update.table.version), time.monotonic())


@dataclass
class Site:
    """A table service on a fresh SQLite file with the web listening."""

    service: TableService
    web: WebServer
    commits: Commits

    @property
    def base(self) -> str:
        """The web's address."""
        return self.web.settings.public_url


@asynccontextmanager
async def site(folder: Path) -> AsyncIterator[Site]:
    """The table service and its web on `folder`'s database, listening on 127.0.0.1."""
    db = await open_database(str(folder / "web.db"))
    ledger = Ledger(db, starting_chips=10**6)
    settings = ServiceSettings(default_buy_in=100, turn_timeout_s=600.0, optional_grace_s=None)
    service = TableService(db, ledger, settings)
    web = WebServer(web_settings(), lambda: None)
    web.attach(service, WatchKeys(db), ledger)
    commits = Commits()
    service.presenters.insert(0, commits)
    heap.settle()  # the collector as the running bot sets it (bot/heap.py)
    await web.start(host="127.0.0.1")
    try:
        yield Site(service, web, commits)
    finally:
        await web.close()
        await db.close()


async def two_players(where: Site) -> Table:
    """A Tilters table of two players, dealt."""
    service = where.service
    table = await service.create(
        guild_id=GUILD, channel_id=20, host_id=HOST, host_name="alice", game_key="tilters"
    )
    await service.join(table.id, GUEST, "bob")
    await service.start(table.id, HOST)
    return table


@dataclass
class Watched:
    """What the spectators' process saw: each frame (socket, version, when), the key
    index of each socket, and the CPU it spent watching."""

    frames: list[tuple[int, int, float | None]]
    """(socket, version, when read; None for a socket not timed)."""
    sockets: list[int]
    cpu_s: float


class Spectators:
    """The spectators' process: sockets on table keys, watching until stopped."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process

    @classmethod
    async def open(
        cls, base: str, origin: str, keys: list[str], per_key: int, timed_every: int = 1
    ) -> Spectators:
        """Start the process and wait until every socket has had its first frame (every
        `timed_every`th socket timed as it reads: bench/_sockets.py)."""
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            str(ROOT / "bench" / "_sockets.py"),
            base,
            origin,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            limit=2**30,
        )
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(
            json.dumps({"keys": keys, "per_key": per_key, "timed_every": timed_every}).encode()
            + b"\n"
        )
        await process.stdin.drain()
        ready = await process.stdout.readline()
        assert ready.strip() == b"ready", ready
        return cls(process)

    async def close(self) -> Watched:
        """Close every socket; what they saw."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(b"stop\n")
        await self.process.stdin.drain()
        seen = json.loads(await self.process.stdout.readline())
        await self.process.wait()
        frames = [(int(s), int(v), None if t is None else float(t)) for s, v, t in seen["frames"]]
        return Watched(frames, seen["sockets"], seen["cpu_s"])


def latencies(watched: Watched, tables: list[int], commits: Commits) -> list[float]:
    """Commit to frame, in seconds, of every frame of a version committed while noted
    (`tables`: the table of each key index)."""
    found = []
    for socket_index, version, when in watched.frames:
        committed = commits.at.get((tables[watched.sockets[socket_index]], version))
        if committed is not None and when is not None:
            found.append(when - committed)
    return found


def resident_kb() -> float:
    """This process's resident memory, in KB."""
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 1024
