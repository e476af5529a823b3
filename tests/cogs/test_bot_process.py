"""`parlour` in another process, on the network fake Discord (tests/fakediscord/net.py):
`parlour sync` registers the commands once, `parlour run` connects over the gateway,
answers a slash command and a button click, and stops cleanly on SIGTERM."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fakediscord.bot_process import launch, terminate
from tests.fakediscord.net import NetDiscord
from tests.fakediscord.records import FakeMessage


def table_message(net: NetDiscord, channel_id: int) -> FakeMessage | None:
    """The channel's table message (the one with a picture), once there is one."""
    found = [m for m in net.channel_messages(channel_id) if m.attachments]
    return found[0] if len(found) == 1 else None


async def test_a_bot_process_plays_over_the_network_and_stops_on_sigterm(tmp_path: Path) -> None:
    env = {"PARLOUR_DB": str(tmp_path / "parlour.db"), "PARLOUR_LOG_LEVEL": "INFO"}
    log = tmp_path / "bot.log"
    async with NetDiscord() as net:
        alice, bob = net.add_user("alice"), net.add_user("bob")
        sync = await launch(net.url, ["sync"], env, log)
        assert await sync.wait() == 0, log.read_text()
        assert {c["name"] for c in net.commands()} >= {"table", "chips"}
        puts = net.find_requests("PUT", "/applications/*/commands")
        assert [r.path for r in puts] == [f"/applications/{net.app_id}/commands"]  # global

        bot = await launch(net.url, ["run"], env, log)
        try:
            await net.connected()
            assert net.identified == [(0, 1)]
            opened = await net.slash("table start", {"game": "black-joke"}, by=alice)
            assert opened.response.kind == "deferred"
            lobby = await net.until(lambda: table_message(net, net.channel_id))
            assert [b["label"] for b in lobby.buttons] == ["Join", "Leave", "Add AI", "Start"]
            join = await net.click(lobby, label="Join", by=bob)
            assert join.response.ephemeral
            assert "seated" in join.followups[-1].content
        finally:
            code = await terminate(bot)
        assert code == 0, log.read_text()
        assert net.sessions == [] and net.closed_codes == [1000]
    assert not (tmp_path / "parlour.db-wal").exists()  # the database was closed
    text = log.read_text()
    assert "stopped by SIGTERM" in text
    assert "Traceback" not in text and " ERROR " not in text, text


async def test_a_bot_process_holding_shard_1_is_sent_only_its_guilds(tmp_path: Path) -> None:
    env = {"PARLOUR_DB": str(tmp_path / "parlour.db"), "PARLOUR_SHARD_COUNT": "2"}
    log = tmp_path / "bot.log"
    async with NetDiscord(shard_count=2) as net:
        alice = net.add_user("alice")
        guild = net.add_guild("Shard One", shard=1, members=(alice,))
        channel = net.guild(guild).channel_id
        sync = await launch(net.url, ["sync"], env, log)
        assert await sync.wait() == 0, log.read_text()
        bot = await launch(net.url, ["run", "--shards", "1"], env, log)
        try:
            await net.connected()
            assert net.identified == [(1, 2)]
            balance = await net.slash("chips balance", by=alice, channel=channel)
            assert "1,000" in (balance.response.content or balance.followups[-1].content)
            with pytest.raises(AssertionError, match="no bot holds shard 0"):
                await net.slash("chips balance", by=alice)  # the first guild: shard 0
        finally:
            assert await terminate(bot) == 0, log.read_text()
    assert "holding shards [1] of 2" in log.read_text()
