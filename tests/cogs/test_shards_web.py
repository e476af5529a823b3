"""The web past one machine, with real processes on one PostgreSQL database and the
network fake Discord: shard processes C (shard 0) and B (shard 1), each serving its web,
and the web process A (`parlour web`'s `WebFront`, holding no shard, run here so that
its relay is at hand, as the web's moves will use it). A table in a guild of B's is
followed live by a page on A and one on C, and played through A's relay; B is killed
with SIGKILL, a move meanwhile is answered in words, a replacement takes its shard over,
and both pages carry on to the end of the game, every chip accounted for."""

from __future__ import annotations

import asyncio
import random
import socket
from pathlib import Path

import aiohttp
import pytest

from bot.config import Settings
from bot.ledger import Ledger
from bot.storage import open_database
from bot.storage.claims import claim_shards
from bot.tables import TableError
from bot.tables.relay import NO_ANSWER, TableRelay
from bot.web_process import WebFront
from tests.backends import needs_postgres, pg_schema
from tests.cogs.test_shards_processes import table_message
from tests.fakediscord.bot_process import launch, terminate
from tests.fakediscord.net import NetDiscord
from tests.fakediscord.world import FakeUser
from tests.web.following import at, eventually, next_move, until

pytestmark = needs_postgres
ORIGIN = "http://parlour.test"
SECRET = "k3Y-for-the-tests-only-0123456789abcdef"


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def page(
    session: aiohttp.ClientSession, port: int, key: str
) -> aiohttp.ClientWebSocketResponse:
    """A spectator's page on the process serving `port`, said hello."""
    ws = await session.ws_connect(f"http://127.0.0.1:{port}/t/{key}/ws", headers={"Origin": ORIGIN})
    await ws.send_json({"type": "hello"})
    return ws


async def open_table(net: NetDiscord, channel: int, host: FakeUser, guest: FakeUser) -> None:
    """A two-seat Black Joke table of one round in the channel, dealt."""
    await net.slash(
        "table start", {"game": "black-joke", "options": "rounds=1"}, by=host, channel=channel
    )
    lobby = await net.until(lambda: table_message(net, channel))
    await net.click(lobby, label="Join", by=guest)
    await net.click(lobby, label="Start", by=host)

    def dealt() -> bool:
        message = table_message(net, channel)
        return message is not None and "My hand" in [b["label"] for b in message.buttons]

    await net.until(dealt)


async def play_one(relay: TableRelay, table_id: int, rng: random.Random) -> int:
    """One move of whoever is awaited, through the relay, tried again while the table's
    process does not answer (the version it carries makes that safe); the version after."""
    table = relay.table(table_id)
    assert table is not None
    user, version, action = await next_move(table, rng)
    while True:
        try:
            await relay.act(table_id, user, version, action)
            return version + 1
        except TableError as exc:
            if exc.reason != NO_ANSWER:
                raise


async def test_a_page_on_any_process_follows_and_plays_a_table_across_a_takeover(
    tmp_path: Path,
) -> None:
    async with pg_schema() as dsn, NetDiscord(shard_count=2) as net:
        ports = {name: free_port() for name in ("a", "b", "c")}
        env = {
            "PARLOUR_DB": dsn,
            "PARLOUR_SHARD_COUNT": "2",
            "PARLOUR_PUBLIC_URL": ORIGIN,
            "PARLOUR_WEB_SECRET": SECRET,
        }
        alice, bob = net.add_user("alice"), net.add_user("bob")
        guild = net.add_guild("Shard One", shard=1, members=(alice, bob))
        channel = net.guild(guild).channel_id
        logs = {name: tmp_path / f"{name}.log" for name in ("sync", "b", "c", "b2")}
        assert await (await launch(net.url, ["sync"], env, logs["sync"])).wait() == 0
        web = {"PARLOUR_WEB_PORT": str(ports["c"])}
        c = await launch(net.url, ["run", "--shards", "0"], env | web, logs["c"])
        web = {"PARLOUR_WEB_PORT": str(ports["b"])}
        b = await launch(net.url, ["run", "--shards", "1"], env | web, logs["b"])
        front = WebFront(Settings.from_env(env | {"PARLOUR_WEB_PORT": str(ports["a"])}))
        replacement = None
        session = aiohttp.ClientSession()
        try:
            await front.start()
            await net.connected(2)
            await open_table(net, channel, alice, bob)
            watch = await net.slash("table watch", by=alice, channel=channel)
            link = (watch.followups[-1] if watch.followups else watch.response).content
            key = link.split(f"{ORIGIN}/t/", 1)[1].split()[0]
            on_a, on_c = await page(session, ports["a"], key), await page(session, ports["c"], key)
            first = await until(on_a, at(0))
            assert first["seats"] == ["alice", "bob"] and first["status"] == "playing"
            assert (await until(on_c, at(0)))["tag"] == first["tag"]

            relay, rng = front.web.relay, random.Random(7)
            assert relay is not None
            (table_id,) = await tables_of(dsn)
            for _ in range(3):
                version = await play_one(relay, table_id, rng)
                mine = await until(on_a, at(version))
                assert mine["said"].startswith(("alice: ", "bob: "))
                assert (await until(on_c, lambda f, t=mine["tag"]: f["tag"] == t)) == mine

            b.kill()  # SIGKILL: no clean-up of any kind
            assert await b.wait() == -9
            table = relay.table(table_id)
            assert table is not None
            user, version, action = await next_move(table, rng)
            with pytest.raises(TableError) as unanswered:  # nobody holds shard 1 now
                await relay.act(table_id, user, version, action)
            assert unanswered.value.reason == NO_ANSWER
            web = {"PARLOUR_WEB_PORT": str(ports["b"])}
            replacement = await launch(net.url, ["run", "--shards", "1"], env | web, logs["b2"])
            await net.until(lambda: net.identified.count((1, 2)) == 2, timeout_s=30)

            while table.game.awaiting(table.state):  # the replica, as of the last frame
                version = await play_one(relay, table_id, rng)
                await until(on_a, at(version))
            last_a = await until(on_a, lambda f: f["status"] == "closed")
            last_c = await until(on_c, lambda f: f["status"] == "closed")
            assert last_a == last_c and "game over" in last_a["words"]
            await eventually(lambda: "rebuilt 1 open tables" in logs["b2"].read_text())
        finally:
            await session.close()
            await front.close()
            for process in (c, replacement):
                if process is not None:
                    assert await terminate(process) == 0, _tail(logs)
        db = await open_database(dsn)
        try:
            assert await Ledger(db).check() == []
        finally:
            await db.close()
        for name in ("c", "b2"):
            text = logs[name].read_text()
            assert "Traceback" not in text, text


async def tables_of(dsn: str) -> list[int]:
    """The ids of the tables the database holds."""
    db = await open_database(dsn)
    try:
        return [int(r[0]) for r in await db.fetchall("SELECT id FROM tables ORDER BY id")]
    finally:
        await db.close()


def _tail(logs: dict[str, Path]) -> str:
    return "\n".join(f"--- {n}\n{p.read_text()[-2000:]}" for n, p in logs.items() if p.exists())


async def test_healthz_is_not_ready_while_a_process_waits_for_its_shard(tmp_path: Path) -> None:
    async with pg_schema() as dsn, NetDiscord(shard_count=2) as net:
        port, log = free_port(), tmp_path / "bot.log"
        env = {
            "PARLOUR_DB": dsn,
            "PARLOUR_SHARD_COUNT": "2",
            "PARLOUR_PUBLIC_URL": ORIGIN,
            "PARLOUR_WEB_SECRET": SECRET,
            "PARLOUR_WEB_PORT": str(port),
        }
        db = await open_database(dsn)
        held = await claim_shards(db, 2, [0])  # another process holds shard 0
        process = await launch(net.url, ["run", "--shards", "0"], env, log)
        session = aiohttp.ClientSession()
        base = f"http://127.0.0.1:{port}"
        try:
            await eventually(lambda: "held by another Parlour process" in log.read_text())
            health = await session.get(f"{base}/healthz")
            waiting = "not ready: waiting for its shards"
            assert (health.status, await health.text()) == (503, waiting)
            assert "\nparlour_shards_held 0\n" in await _text(session, f"{base}/metrics")
            await held.release()
            await net.connected(1)
            await eventually(lambda: "took over shards 0" in log.read_text())
            await _until_ready(session, base)
            assert "\nparlour_shards_held 1\n" in await _text(session, f"{base}/metrics")
        finally:
            await session.close()
            await held.release()
            await db.close()
            assert await terminate(process) == 0, log.read_text()


async def _text(session: aiohttp.ClientSession, url: str) -> str:
    """What a page answers."""
    async with session.get(url) as answer:
        return await answer.text()


async def _until_ready(session: aiohttp.ClientSession, base: str) -> None:
    """Ask /healthz until it answers ready (the gateway connects after the claim)."""
    for _ in range(300):
        answer = await session.get(f"{base}/healthz")
        if answer.status == 200:
            assert await answer.text() == "ready"
            return
        assert answer.status == 503
        await asyncio.sleep(0.1)
    raise AssertionError("the process never became ready")
