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
from asyncio.subprocess import Process
from dataclasses import dataclass, field
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
from tests.cogs.test_shards_processes import open_table
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


@dataclass
class Cluster:
    """Parlour processes on one schema and the network fake Discord, each with its web
    on a port of its own and every link naming the same public address."""

    net: NetDiscord
    dsn: str
    folder: Path
    processes: dict[str, Process] = field(default_factory=dict)
    ports: dict[str, int] = field(default_factory=dict)

    def env(self, name: str) -> dict[str, str]:
        """The environment of process `name` (its port made the first time)."""
        port = self.ports.setdefault(name, free_port())
        return {
            "PARLOUR_DB": self.dsn,
            "PARLOUR_SHARD_COUNT": "2",
            "PARLOUR_PUBLIC_URL": ORIGIN,
            "PARLOUR_WEB_SECRET": SECRET,
            "PARLOUR_WEB_PORT": str(port),
        }

    def log(self, name: str) -> str:
        """What process `name` has logged so far."""
        return (self.folder / f"{name}.log").read_text()

    async def run(self, name: str, *args: str) -> Process:
        """Start `parlour ARGS` as process `name`."""
        where = self.folder / f"{name}.log"
        self.processes[name] = await launch(self.net.url, args, self.env(name), where)
        return self.processes[name]

    async def stop(self) -> None:
        """SIGTERM every process still running; each must stop cleanly."""
        for name, process in self.processes.items():
            if process.returncode is None:
                assert await terminate(process) == 0, self.log(name)[-2000:]


async def watched_table(net: NetDiscord, channel: int, alice: FakeUser, bob: FakeUser) -> str:
    """A table of alice and bob dealt in `channel`, and its spectators' key."""
    await open_table(net, channel, alice, bob)
    watch = await net.slash("table watch", by=alice, channel=channel)
    link = (watch.followups[-1] if watch.followups else watch.response).content
    return str(link.split(f"{ORIGIN}/t/", 1)[1].split()[0])


async def test_a_page_on_any_process_follows_and_plays_a_table_across_a_takeover(
    tmp_path: Path,
) -> None:
    async with pg_schema() as dsn, NetDiscord(shard_count=2) as net:
        alice, bob = net.add_user("alice"), net.add_user("bob")
        channel = net.guild(net.add_guild("One", shard=1, members=(alice, bob))).channel_id
        group = Cluster(net, dsn, tmp_path)
        assert await (await group.run("sync", "sync")).wait() == 0
        await group.run("c", "run", "--shards", "0")
        b = await group.run("b", "run", "--shards", "1")
        front = WebFront(Settings.from_env(group.env("a")))
        try:
            await front.start()
            await net.connected(2)
            key = await watched_table(net, channel, alice, bob)
            await followed_and_played(group, front, key, b)
        finally:
            await front.close()
            await group.stop()
        db = await open_database(dsn)
        try:
            assert await Ledger(db).check() == []
        finally:
            await db.close()
        for name in ("c", "b2"):
            assert "Traceback" not in group.log(name), group.log(name)


async def followed_and_played(group: Cluster, front: WebFront, key: str, b: Process) -> None:
    """Pages on A and C follow the table B holds and A's relay plays it; B is killed and
    replaced; the pages carry on to the end of the game."""
    async with aiohttp.ClientSession() as session:
        on_a = await page(session, group.ports["a"], key)
        on_c = await page(session, group.ports["c"], key)
        first = await until(on_a, at(0))
        assert first["seats"] == ["alice", "bob"] and first["status"] == "playing"
        assert (await until(on_c, at(0)))["tag"] == first["tag"]
        relay, rng = front.web.relay, random.Random(7)
        assert relay is not None
        (table_id,) = await tables_of(group.dsn)
        for _ in range(3):
            mine = await until(on_a, at(await play_one(relay, table_id, rng)))
            assert mine["said"].startswith(("alice: ", "bob: "))
            assert (await until(on_c, lambda f, t=mine["tag"]: f["tag"] == t)) == mine
        table = relay.table(table_id)
        assert table is not None
        b.kill()  # SIGKILL: no clean-up of any kind
        assert await b.wait() == -9
        user, version, action = await next_move(table, rng)
        with pytest.raises(TableError) as unanswered:  # nobody holds shard 1 now
            await relay.act(table_id, user, version, action)
        assert unanswered.value.reason == NO_ANSWER
        await group.run("b2", "run", "--shards", "1")
        while table.game.awaiting(table.state):  # the replica, as of the last frame
            await until(on_a, at(await play_one(relay, table_id, rng)))
        last_a = await until(on_a, lambda f: f["status"] == "closed")
        last_c = await until(on_c, lambda f: f["status"] == "closed")
        assert last_a == last_c and "game over" in last_a["words"]
        assert "rebuilt 1 open tables" in group.log("b2")


async def tables_of(dsn: str) -> list[int]:
    """The ids of the tables the database holds."""
    db = await open_database(dsn)
    try:
        return [int(r[0]) for r in await db.fetchall("SELECT id FROM tables ORDER BY id")]
    finally:
        await db.close()


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
