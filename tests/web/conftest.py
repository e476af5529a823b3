"""Fixtures for the web table: a table service on a fresh SQLite file, the web server
attached to it, and aiohttp's test client on the server's app (`Site`), its sign-in
answered by a fake Discord (`Site.discord`, no bot running on it): `site.sign_in(user)`
goes through /login, Discord's consent and /callback as a browser does."""

from __future__ import annotations

import json
import random
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import aiohttp
import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.config import WebSettings
from bot.ledger import Ledger
from bot.storage import Database, open_database
from bot.tables import ServiceSettings, Table, TableService, WatchKeys
from tests.fakediscord import FakeDiscord, FakeUser
from web.server import WebServer

ORIGIN = "http://parlour.test"
SECRET = "k3Y-for-the-tests-only-0123456789abcdef"
GUILD = 10


def settings_for(discord: FakeDiscord, secret: str | None = None) -> WebSettings:
    """The web's settings, its OAuth2 client the fake Discord's application (`secret`:
    another client secret than the application's)."""
    client_secret = discord.client_secret if secret is None else secret
    return WebSettings(0, ORIGIN, SECRET, str(discord.app_id), client_secret)


@dataclass
class Site:
    """A table service with the web attached, and a client of its pages."""

    db: Database
    service: TableService
    web: WebServer
    client: TestClient[Any, Any]
    ready: list[str | None]
    """What the readiness callable answers (a test changes it)."""
    discord: FakeDiscord
    alice: FakeUser
    """The fake Discord's user who hosts the tables `table` opens."""

    async def sign_in(
        self, user: FakeUser, back_to: str, client: TestClient[Any, Any] | None = None
    ) -> aiohttp.ClientResponse:
        """Sign `user` in from the page at `back_to` as a browser does (the site's own
        client unless another is given): /login, Discord's consent, /callback; the
        callback's answer, not followed."""
        browser = client or self.client
        went = await browser.get("/login", params={"next": back_to}, allow_redirects=False)
        assert went.status == 302, await went.text()
        back = urlsplit(self.discord.consent(user, went.headers["Location"]))
        assert f"{back.scheme}://{back.netloc}" == ORIGIN and back.path == "/callback"
        return await browser.get(f"/callback?{back.query}", allow_redirects=False)

    browsers: list[TestClient[Any, Any]] = field(default_factory=list)

    async def browser(self) -> TestClient[Any, Any]:
        """Another browser on the site (its own cookies), closed with the site."""
        client = TestClient(TestServer(self.web.app))
        await client.start_server()
        self.browsers.append(client)
        return client

    async def table(
        self, game: str, seats: int, channel: int = 20, players: Sequence[FakeUser] = ()
    ) -> Table:
        """A table of `game` dealt with the host (alice), then `players`, then AI players."""
        table = await self.service.create(
            guild_id=GUILD,
            channel_id=channel,
            host_id=self.alice.id,
            host_name="alice",
            game_key=game,
            seed=7,
        )
        for player in players:
            await self.service.join(table.id, player.id, player.name)
        for _ in range(seats - 1 - len(players)):
            await self.service.add_ai(table.id, self.alice.id)
        await self.service.start(table.id, self.alice.id)
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
        await self.service.act(table.id, self.alice.id, table.version, action)
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


async def make_site(
    where: Path, ready: list[str | None], web_settings: WebSettings | None = None
) -> tuple[Database, WebServer]:
    """A database at `where` and a web server attached to a fresh table service on it."""
    db = await open_database(str(where))
    ledger = Ledger(db, starting_chips=1000)
    settings = ServiceSettings(default_buy_in=100, turn_timeout_s=60.0, optional_grace_s=None)
    service = TableService(db, ledger, settings)
    web = WebServer(web_settings or WebSettings(0, ORIGIN, SECRET), lambda: ready[0])
    web.attach(service, WatchKeys(db), ledger)
    return db, web


async def open_site(where: Path, discord: FakeDiscord, settings: WebSettings) -> Site:
    """A site on a fresh database at `where`, its sign-in answered by `discord`."""
    ready: list[str | None] = [None]
    db, web = await make_site(where, ready, settings)
    assert web.hub.tables is not None
    if web.oauth is not None:
        web.oauth.http = discord.http_session()
    client = TestClient(TestServer(web.app))
    await client.start_server()
    (alice,) = [u for u in discord.world.users.values() if u.name == "alice"]
    return Site(db, web.hub.tables, web, client, ready, discord, alice)


async def close_site(site: Site) -> None:
    """Close the site's pages, its client and its database."""
    await site.web.close()
    for client in [site.client, *site.browsers]:
        await client.close()
    await site.db.close()


@pytest.fixture
def discord() -> FakeDiscord:
    """A fake Discord with alice, bob and carol, answering sign-ins (no bot runs on it)."""
    fake = FakeDiscord()
    for name in ("alice", "bob", "carol"):
        fake.add_user(name)
    return fake


@pytest.fixture
async def site(tmp_path: Path, discord: FakeDiscord) -> AsyncIterator[Site]:
    """A site with sign-in set up."""
    site = await open_site(tmp_path / "web.db", discord, settings_for(discord))
    yield site
    await close_site(site)


@pytest.fixture
async def spectators_only(tmp_path: Path, discord: FakeDiscord) -> AsyncIterator[Site]:
    """A site without sign-in (no client id and secret)."""
    site = await open_site(tmp_path / "web.db", discord, WebSettings(0, ORIGIN, SECRET))
    yield site
    await close_site(site)
