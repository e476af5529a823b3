"""A page served by one process for a table another holds (PostgreSQL, LISTEN/NOTIFY),
with both "processes" in this test's event loop, each with its own database connections,
table service and relay: the owner holds every guild, the web process none. The page
follows the table frame for frame as the owner's own page does, and plays it through the
relay, refusals in the owner's words; an owner gone is answered in words and one started
in its place carries on; a key reset in the owner closes the pages open elsewhere; and
news lost while the web process's notifications were down is caught up on."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import asyncpg
import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.config import WebSettings
from bot.games import IllegalAction
from bot.ledger import Ledger
from bot.storage import Database, open_database
from bot.storage import channels as channels_module
from bot.storage.pg_connect import connect
from bot.tables import Event, ServiceSettings, Table, TableError, TableService, WatchKeys
from bot.tables.relay import NO_ANSWER, Remote, open_remote
from tests.backends import needs_postgres, pg_schema
from tests.web.conftest import GUILD, ORIGIN, SECRET, hello
from tests.web.following import WAIT_S, at, eventually, next_move, until
from web.server import WebServer

HOST = 101
"""The user who hosts the tables here (no Discord is needed to follow them)."""

pytestmark = needs_postgres


@dataclass
class Process:
    """One Parlour process's web side: database, tables, relay and web server."""

    db: Database
    service: TableService
    keys: WatchKeys
    remote: Remote
    web: WebServer
    client: TestClient[Any, Any]

    async def socket(self, key: str) -> aiohttp.ClientWebSocketResponse:
        """A page's socket on this process's web server."""
        ws = await self.client.ws_connect(f"/t/{key}/ws", headers={"Origin": ORIGIN})
        await hello(ws)
        return ws

    async def close(self) -> None:
        """Stop as the bot does: the web, the relay, then the database."""
        await self.web.close()
        await self.client.close()
        await self.remote.close()
        await self.db.close()


async def start(dsn: str, *, owner: bool, timeout_s: float = 5.0) -> Process:
    """A process on `dsn`: the owner holds every guild and rebuilds its tables; the
    other holds none."""
    db = await open_database(dsn)
    ledger = Ledger(db, starting_chips=1000)
    settings = ServiceSettings(default_buy_in=100, turn_timeout_s=60.0, optional_grace_s=None)
    service = TableService(db, ledger, settings)
    keys = WatchKeys(db)
    remote = await open_remote(db, service, lambda _guild: owner, keys, timeout_s=timeout_s)
    assert remote is not None
    web = WebServer(WebSettings(0, ORIGIN, SECRET), lambda: None)
    web.attach(service, keys, ledger, remote)
    if owner:
        await service.recover()
        remote.serve()
    client = TestClient(TestServer(web.app))
    await client.start_server()
    return Process(db, service, keys, remote, web, client)


@pytest.fixture
async def dsn() -> AsyncIterator[str]:
    async with pg_schema() as where:
        yield where


@contextlib.asynccontextmanager
async def pair(dsn: str, timeout_s: float = 5.0) -> AsyncIterator[tuple[Process, Process]]:
    """The owner and the web process."""
    owner = await start(dsn, owner=True)
    web = await start(dsn, owner=False, timeout_s=timeout_s)
    try:
        yield owner, web
    finally:
        await web.close()
        await owner.close()


async def dealt(service: TableService, game: str, ais: int, guest: int | None = None) -> Table:
    """A table of `game` with the host, maybe a guest, and AI players, dealt."""
    table = await service.create(
        guild_id=GUILD, channel_id=20, host_id=HOST, host_name="alice", game_key=game, seed=7
    )
    if guest is not None:
        await service.join(table.id, guest, "bob")
    for _ in range(ais):
        await service.add_ai(table.id, HOST)
    return await service.start(table.id, HOST)


async def test_a_page_on_another_process_follows_the_table_as_the_owners_page(dsn: str) -> None:
    async with pair(dsn) as (owner, web):
        table = await dealt(owner.service, "tilters", 2)
        key = await owner.keys.key_of(table.id)
        there, here = await web.socket(key), await owner.socket(key)
        first = await until(there, at(table.version))
        assert first["seats"] == ["alice", "AI 1", "AI 2"] and first["status"] == "playing"
        assert first == await until(here, at(table.version))
        rng = random.Random(3)
        for _ in range(5):
            user, version, action = await next_move(table, rng)
            await owner.service.act(table.id, user, version, action)
            mine = await until(here, at(table.version))
            assert await until(there, lambda f, t=mine["tag"]: f["tag"] == t) == mine
        assert web.service.tables() == [] and web.web.hub.moves == 0  # never held there
        assert web.remote.mirror.table(table.id) is not None
        await there.close()
        await eventually(lambda: web.remote.mirror.table(table.id) is None)  # with the page


async def test_moves_from_another_process_run_where_the_table_is_held(dsn: str) -> None:
    async with pair(dsn) as (owner, web):
        table = await dealt(owner.service, "tilters", 1, guest=202)
        page = await web.socket(await owner.keys.key_of(table.id))
        await until(page, at(0))
        assert web.web.relay is not None
        relay, rng = web.web.relay, random.Random(11)
        seen = web.remote.mirror.table(table.id)
        assert seen is not None and seen is not table
        for _ in range(4):
            user, version, action = await next_move(table, rng)
            await relay.act(table.id, user, version, action)
            frame = await until(page, at(version + 1))
            assert frame["said"].startswith(("alice: ", "bob: "))
        stale = table.version - 1
        with pytest.raises(TableError) as moved_on:
            await relay.act(table.id, HOST, stale, "pass")
        with pytest.raises(TableError) as locally:
            await owner.service.act(table.id, HOST, stale, "pass")
        assert moved_on.value.reason == locally.value.reason
        with pytest.raises(TableError) as stranger:
            await relay.act(table.id, 999, table.version, "pass")
        assert "not seated" in stranger.value.reason
        assert relay.table(table.id) is seen  # what the page reads: the replica


async def test_an_owner_gone_is_answered_in_words_and_its_replacement_carries_on(
    dsn: str,
) -> None:
    owner = await start(dsn, owner=True)
    web = await start(dsn, owner=False, timeout_s=0.5)
    replacement = None
    try:
        table = await dealt(owner.service, "tilters", 1, guest=202)
        page = await web.socket(await owner.keys.key_of(table.id))
        await until(page, at(0))
        user, version, action = await next_move(table, random.Random(2))
        await owner.close()  # gone: no process holds the table now
        assert web.web.relay is not None
        with pytest.raises(TableError) as unanswered:
            await web.web.relay.act(table.id, user, version, action)
        assert unanswered.value.reason == NO_ANSWER
        replacement = await start(dsn, owner=True)
        again = replacement.service.table(table.id)
        assert again.version == version
        await web.web.relay.act(table.id, user, version, action)
        await until(page, at(version + 1))
    finally:
        if replacement is not None:
            await replacement.close()
        await web.close()


async def test_a_key_reset_in_the_owner_closes_the_pages_elsewhere(dsn: str) -> None:
    async with pair(dsn) as (owner, web):
        table = await dealt(owner.service, "tilters", 2)
        old = await owner.keys.key_of(table.id)
        page = await web.socket(old)
        await until(page, at(0))
        new = await owner.keys.reset(table.id)
        async with asyncio.timeout(WAIT_S):
            closing = await page.receive()
        assert closing.type is aiohttp.WSMsgType.CLOSE and page.close_code == 4404
        assert (await web.client.get(f"/t/{old}")).status == 404
        assert (await web.client.get(f"/t/{new}")).status == 200


async def test_news_missed_while_the_notifications_were_down_is_caught_up(
    dsn: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with pair(dsn) as (owner, web):
        table = await dealt(owner.service, "tilters", 1, guest=202)
        page = await web.socket(await owner.keys.key_of(table.id))
        await until(page, at(0))
        channels = web.remote.channels
        assert channels is not None
        back, allowed = asyncio.Event(), asyncio.Event()
        channels.reconnected.append(back.set)

        async def held_back(where: str, **options: Any) -> Any:
            await allowed.wait()  # the database stays out of reach until the move is made
            return await connect(where, **options)

        monkeypatch.setattr(channels_module, "connect", held_back)
        conn = await asyncpg.connect(dsn)
        try:
            await conn.execute("SELECT pg_terminate_backend($1)", channels.pid)
        finally:
            await conn.close()
        await eventually(lambda: not channels.up)
        user, version, action = await next_move(table, random.Random(4))
        await owner.service.act(table.id, user, version, action)  # its news is not heard
        allowed.set()
        async with asyncio.timeout(WAIT_S):
            await back.wait()
        # every frame since may come (a spectator's idle page is written each at once):
        # the page reaches the table as it now stands
        assert (await until(page, at(table.version)))["version"] == table.version


async def test_news_names_no_move_and_no_card(dsn: str) -> None:
    async with pair(dsn) as (owner, _web):
        assert owner.remote.channels is not None
        heard: list[str] = []
        listener = await asyncpg.connect(dsn)
        await listener.add_listener(
            f"{owner.remote.channels.prefix}_tables", lambda *args: heard.append(args[-1])
        )
        try:
            table = await dealt(owner.service, "tilters", 1, guest=202)
            played = []
            for _ in range(4):
                user, version, action = await next_move(table, random.Random(table.version))
                await owner.service.act(table.id, user, version, action)
                played.append(action)
            await eventually(lambda: any(f'"v":{table.version}' in h for h in heard))
        finally:
            await listener.close()
        news = [json.loads(h) for h in heard]
        assert {n["e"] for n in news} >= {"joined", "ai_added", "started", "acted"}
        assert all(set(n) <= {"t", "v", "e", "d"} for n in news)
        assert all("d" not in n for n in news if n["e"] == "acted")
        cards = {a.split()[-1] for a in played}
        assert not any(card in h for card in cards for h in heard), heard


async def test_a_patience_hint_asked_elsewhere_comes_back_in_words(dsn: str) -> None:
    async with pair(dsn) as (owner, web):
        table = await dealt(owner.service, "clock", 0)
        page = await web.socket(await owner.keys.key_of(table.id))
        await until(page, at(0))
        assert web.web.relay is not None
        words = await web.web.relay.hint(table.id, HOST, table.version)
        assert words and words == owner.service.snapshot(table, Event.RESUMED).hint
        seen = web.web.relay.table(table.id)
        assert seen is not None and seen.version == table.version  # caught up on return


async def test_can_i_still_win_asked_elsewhere_is_answered_and_recorded_by_the_owner(
    dsn: str,
) -> None:
    async with pair(dsn) as (owner, web):
        table = await dealt(owner.service, "clock", 0)
        page = await web.socket(await owner.keys.key_of(table.id))
        await until(page, at(0))
        assert web.web.relay is not None
        try:
            facts = await web.web.relay.still(table.id, HOST, table.version)
        finally:
            await asyncio.to_thread(owner.service.close)
        assert facts["result"] in ("won", "lost") and facts["measure"]
        assert table.state.assists == 1  # recorded by the process holding the table
        assert set(facts) >= {"moves", "next", "back", "positions", "seconds"}


async def test_a_signed_in_players_desk_on_another_process_plays_the_held_table(
    dsn: str,
) -> None:
    """What a signed-in page does there (web/desk.py): the hand read from the copy, the
    move run by the owner and told in Discord's words, a stale move and an illegal one
    refused in the owner's words."""
    async with pair(dsn) as (owner, web):
        table = await dealt(owner.service, "tilters", 1, guest=202)
        page = await web.socket(await owner.keys.key_of(table.id))
        desk = web.web.desk
        assert desk is not None
        rng = random.Random(5)
        for _ in range(4):
            user, version, action = await next_move(table, rng)
            await until(page, at(version))
            hand = await desk.hand(table.id, user)
            assert hand is not None and hand["version"] == version and hand["turn"]
            assert action in [m["action"] for m in hand["moves"]]
            assert (await desk.hand(table.id, 999)) is None  # not seated: no hand
            said = await desk.act(table.id, user, version, action)
            assert said.startswith("You played") and table.version > version
            with pytest.raises(TableError) as stale:
                await desk.act(table.id, user, version, action)
            assert "changed" in stale.value.reason or "moved on" in stale.value.reason
        user, version, _ = await next_move(table, rng)
        await until(page, at(version))
        with pytest.raises(TableError) as illegal:
            await desk.act(table.id, user, version, "no such move")
        with pytest.raises((TableError, IllegalAction)) as by_owner:
            await owner.service.act(table.id, user, version, "no such move")
        assert illegal.value.reason == by_owner.value.reason
        await page.close()
