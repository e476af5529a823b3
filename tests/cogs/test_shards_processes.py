"""Two Parlour processes on one PostgreSQL database, each holding one of two gateway
shards, on the network fake Discord: tables in guilds of both; one process killed with
SIGKILL mid-game; a replacement started on its shards takes them over, its table
resumes at the version and digest it had, and both tables play to the end with every
chip accounted for."""

from __future__ import annotations

from pathlib import Path

import asyncpg

from bot.ledger import Account, Ledger
from bot.storage import open_database
from tests.backends import needs_postgres, pg_schema
from tests.fakediscord.bot_process import launch, terminate
from tests.fakediscord.net import NetDiscord
from tests.fakediscord.records import FakeMessage
from tests.fakediscord.world import FakeUser

pytestmark = needs_postgres
START = 1000


def table_message(net: NetDiscord, channel: int) -> FakeMessage | None:
    """The channel's table message (the one with a picture), once there is one."""
    found = [m for m in net.channel_messages(channel) if m.attachments]
    return found[-1] if found else None


async def open_table(net: NetDiscord, channel: int, host: FakeUser, guest: FakeUser) -> None:
    """A two-seat Black Joke table of one round in the channel, dealt (its message
    offers "My hand")."""
    await net.slash(
        "table start", {"game": "black-joke", "options": "rounds=1"}, by=host, channel=channel
    )
    lobby = await net.until(lambda: table_message(net, channel))
    await net.click(lobby, label="Join", by=guest)
    await net.click(lobby, label="Start", by=host)
    await net.until(lambda: "My hand" in _labels(net, channel))


def _labels(net: NetDiscord, channel: int) -> list[str]:
    message = table_message(net, channel)
    return [] if message is None else [b["label"] for b in message.buttons]


async def play(net: NetDiscord, channel: int, players: list[FakeUser], moves: int) -> int:
    """Make up to `moves` moves at the channel's table, whoever's turn it is (the first
    choice offered, or a pass every other time); return how many were made."""
    made = 0
    while made < moves and not _over(net, channel):
        for player in players:
            message = table_message(net, channel)
            assert message is not None
            if "My hand" not in [b["label"] for b in message.buttons]:
                await net.until(lambda: _over(net, channel), timeout_s=10)
                break
            hand = await net.click(message, label="My hand", by=player)
            await net.settle(hand)
            private = hand.followups[-1]
            if not private.selects:
                continue  # not this player's turn
            offered = [o["value"] for o in private.selects[0]["options"]]
            value = "pass" if "pass" in offered and made % 2 else offered[0]
            await net.settle(await net.select(private, [value], by=player))
            made += 1
            break
    return made


def _over(net: NetDiscord, channel: int) -> bool:
    """Whether the table message says the game is over (and offers a rematch)."""
    return _labels(net, channel) == ["Rematch"] and "game over" in _content(net, channel)


def _content(net: NetDiscord, channel: int) -> str:
    message = table_message(net, channel)
    return "" if message is None else message.content or ""


async def stored(dsn: str) -> dict[int, tuple[int, str | None, str, int]]:
    """Each table's (guild, version, digest, status) as the database holds them."""
    conn = await asyncpg.connect(dsn)
    try:
        rows = await conn.fetch("SELECT id, guild_id, version, digest, status FROM tables")
    finally:
        await conn.close()
    return {r["id"]: (r["guild_id"], r["version"], r["digest"], r["status"]) for r in rows}


async def test_a_killed_shard_process_is_taken_over_and_its_table_plays_on(
    tmp_path: Path,
) -> None:
    async with pg_schema() as dsn, NetDiscord(shard_count=2) as net:
        env = {"PARLOUR_DB": dsn, "PARLOUR_SHARD_COUNT": "2", "PARLOUR_LOG_LEVEL": "INFO"}
        alice, bob = net.add_user("alice"), net.add_user("bob")
        other = net.add_guild("Shard One", shard=1, members=(alice, bob))
        first, second = net.channel_id, net.guild(other).channel_id
        logs = {name: tmp_path / f"{name}.log" for name in ("sync", "a", "b", "a2")}
        assert await (await launch(net.url, ["sync"], env, logs["sync"])).wait() == 0
        a = await launch(net.url, ["run", "--shards", "0"], env, logs["a"])
        b = await launch(net.url, ["run", "--shards", "1"], env, logs["b"])
        replacement = None
        try:
            await net.connected(2)
            assert sorted(net.identified) == [(0, 2), (1, 2)]
            for channel in (first, second):
                await open_table(net, channel, alice, bob)
                assert await play(net, channel, [alice, bob], 3) == 3
            before = await stored(dsn)
            assert {g for g, *_ in before.values()} == {net.guild_id, other}

            a.kill()  # SIGKILL: no clean-up of any kind
            assert await a.wait() == -9
            replacement = await launch(net.url, ["run", "--shards", "0"], env, logs["a2"])
            await net.until(lambda: net.identified.count((0, 2)) == 2, timeout_s=30)
            await net.connected(2)
            assert await stored(dsn) == before
            told = logs["a2"].read_text()
            assert "rebuilt 1 open tables" in told and "closed 0 that could not" in told, told

            for channel in (first, second):
                await play(net, channel, [alice, bob], 400)
                assert _over(net, channel)
        finally:
            for process in (b, replacement):
                if process is not None:
                    assert await terminate(process) == 0, _tail(logs)
        after = await stored(dsn)
        assert [status for *_, status in after.values()] == ["closed", "closed"]
        db = await open_database(dsn)
        try:
            ledger = Ledger(db)
            assert await ledger.check() == []
            for table_id, (guild, *_) in after.items():
                assert await ledger.escrow(guild, table_id) == {}  # every stake went home
                purses = [await ledger.balance(Account.purse(guild, u.id)) for u in (alice, bob)]
                assert sum(purses) >= 2 * START - 2 * 100  # chips lost only to the bank
        finally:
            await db.close()
        for name in ("b", "a2"):
            text = logs[name].read_text()
            assert "Traceback" not in text, text


def _tail(logs: dict[str, Path]) -> str:
    return "\n".join(f"--- {n}\n{p.read_text()[-2000:]}" for n, p in logs.items() if p.exists())
