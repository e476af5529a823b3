"""Fixtures for the web table: a table service on a fresh SQLite file, the web server
attached to it, and aiohttp's test client on the server's app (`Site`)."""

from __future__ import annotations

import json
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.config import WebSettings
from bot.ledger import Ledger
from bot.storage import Database, open_database
from bot.tables import ServiceSettings, Table, TableService, WatchKeys
from web.server import WebServer

ORIGIN = "http://parlour.test"
SECRET = "k3Y-for-the-tests-only-0123456789abcdef"
GUILD, HOST = 10, 101


@dataclass
class Site:
    """A table service with the web attached, and a client of its pages."""

    db: Database
    service: TableService
    web: WebServer
    client: TestClient[Any, Any]
    ready: list[str | None]
    """What the readiness callable answers (a test changes it)."""

    async def table(self, game: str, seats: int, channel: int = 20) -> Table:
        """A table of `game` dealt with the host and AI players."""
        table = await self.service.create(
            guild_id=GUILD,
            channel_id=channel,
            host_id=HOST,
            host_name="alice",
            game_key=game,
            seed=7,
        )
        for _ in range(seats - 1):
            await self.service.add_ai(table.id, HOST)
        await self.service.start(table.id, HOST)
        return table

    async def key(self, table: Table) -> str:
        """The table's spectator key."""
        assert self.web.keys is not None
        return await self.web.keys.key_of(table.id)

    async def socket(self, key: str, **headers: str) -> aiohttp.ClientWebSocketResponse:
        """A page's socket on the key, from the site's own origin unless told otherwise."""
        return await self.client.ws_connect(f"/t/{key}/ws", headers={"Origin": ORIGIN, **headers})

    async def move(self, table: Table, rng: random.Random) -> bool:
        """The host's random legal move when the host is awaited; whether one was made."""
        if table.state is None or 0 not in table.game.awaiting(table.state):
            return False
        action = rng.choice(table.game.legal_actions(table.state, 0))
        await self.service.act(table.id, HOST, table.version, action)
        return True


async def frames(ws: aiohttp.ClientWebSocketResponse, wait_s: float = 0.05) -> list[dict[str, Any]]:
    """Every frame the socket has been sent until it has been quiet for `wait_s`."""
    found = []
    while True:
        try:
            message = await ws.receive(timeout=wait_s)
        except TimeoutError:
            return found
        if message.type is not aiohttp.WSMsgType.TEXT:
            return found
        found.append(json.loads(message.data))


async def hello(ws: aiohttp.ClientWebSocketResponse, had: dict[str, Any] | None = None) -> None:
    """Say hello as a page does, with the version and tag it had."""
    had = had or {}
    await ws.send_json({"type": "hello", "version": had.get("version"), "tag": had.get("tag")})


async def make_site(where: Path, ready: list[str | None]) -> tuple[Database, WebServer]:
    """A database at `where` and a web server attached to a fresh table service on it."""
    db = await open_database(str(where))
    ledger = Ledger(db, starting_chips=1000)
    settings = ServiceSettings(default_buy_in=100, turn_timeout_s=60.0, optional_grace_s=None)
    service = TableService(db, ledger, settings)
    web = WebServer(WebSettings(0, ORIGIN, SECRET), lambda: ready[0])
    web.attach(service, WatchKeys(db), ledger)
    return db, web


@pytest.fixture
async def site(tmp_path: Path) -> AsyncIterator[Site]:
    ready: list[str | None] = [None]
    db, web = await make_site(tmp_path / "web.db", ready)
    assert web.hub.tables is not None
    client = TestClient(TestServer(web.app))
    await client.start_server()
    yield Site(db, web.hub.tables, web, client, ready)
    await web.close()
    await client.close()
    await db.close()
