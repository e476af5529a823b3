"""Parlour over some of Discord's gateway shards, on the fake: a bot holding shard 1 of 2
is sent only the guilds of shard 1, plays a table there, owns only those guilds, and
rebuilds only their tables after a restart."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, replace
from pathlib import Path

import discord
import pytest

from bot.client import ParlourBot, ShardedParlourBot, make_bot
from bot.config import Settings
from bot.storage import Tx, notice_rows, open_database, table_rows
from cogs.table import presenter_of
from tests.fakediscord import FakeDiscord, FakeUser

START = 1000


@dataclass
class Two:
    """A fake Discord with two shards: the first guild on shard 0, `guild` on shard 1."""

    fake: FakeDiscord
    guild: int
    channel: int
    alice: FakeUser
    bob: FakeUser


@pytest.fixture
async def two() -> AsyncIterator[Two]:
    """Alice and Bob are members of both guilds; Alice owns both."""
    fake = FakeDiscord(shard_count=2)
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    guild = fake.add_guild("Shard One", shard=1, members=(alice, bob))
    yield Two(fake, guild, fake.guild(guild).channel_id, alice, bob)
    await fake.close()


def settings_of(tmp_path: Path, shards: tuple[int, ...] | None) -> Settings:
    """Settings on a database in tmp_path, holding `shards` of 2 (None: unsharded)."""
    return Settings(
        token="fake-token",
        db_path=tmp_path / "parlour.db",
        log_level="INFO",
        starting_chips=START,
        buy_in=100,
        turn_timeout_s=120.0,
        shard_count=None if shards is None else 2,
        shards=shards,
    )


async def start(fake: FakeDiscord, settings: Settings) -> ParlourBot:
    """`make_bot` started on the fake, posting and DMing without pacing."""
    bot = make_bot(settings)
    await fake.start(bot)
    presenter_of(bot).min_interval_s = 0.0
    presenter_of(bot).mailer.interval_s = 0.0
    return bot


async def test_a_bot_holding_shard_1_is_sent_only_the_guilds_of_shard_1(
    two: Two, tmp_path: Path
) -> None:
    fake = two.fake
    assert fake.guild_id >> 22 & 1 == 0 and two.guild >> 22 & 1 == 1
    bot = await start(fake, settings_of(tmp_path, (1,)))
    assert isinstance(bot, ShardedParlourBot) and isinstance(bot, discord.AutoShardedClient)
    assert bot.shard_ids == [1] and bot.shard_count == 2
    assert fake.identified == [(1, 2)]
    assert [g.id for g in bot.guilds] == [two.guild]
    assert bot.get_guild(fake.guild_id) is None
    assert bot.owns(two.guild) and not bot.owns(fake.guild_id)
    with pytest.raises(AssertionError, match=r"is on shard 0 of 2, and the bot holds shards \[1\]"):
        await fake.slash("chips balance", by=two.alice)  # in the first guild, on shard 0


async def test_a_bot_holding_both_shards_identifies_each_and_owns_every_guild(
    two: Two, tmp_path: Path
) -> None:
    bot = await start(two.fake, settings_of(tmp_path, (0, 1)))
    assert two.fake.identified == [(0, 2), (1, 2)]
    assert {g.id for g in bot.guilds} == {two.fake.guild_id, two.guild}
    assert bot.owns(two.fake.guild_id) and bot.owns(two.guild)


async def test_an_unsharded_bot_gets_every_guild_and_owns_them_all(
    two: Two, tmp_path: Path
) -> None:
    bot = await start(two.fake, settings_of(tmp_path, None))
    assert type(bot) is ParlourBot
    assert two.fake.identified == [(0, 1)]
    assert {g.id for g in bot.guilds} == {two.fake.guild_id, two.guild}
    assert bot.owns(two.fake.guild_id) and bot.owns(two.guild) and bot.owns(12345)


async def test_the_fake_refuses_a_bot_counting_other_shards(two: Two, tmp_path: Path) -> None:
    settings = replace(settings_of(tmp_path, (0,)), shard_count=3)
    with pytest.raises(AssertionError, match="counts 3 shards but the fake was made with"):
        await two.fake.start(make_bot(settings))


async def test_a_table_plays_to_the_end_in_a_guild_on_shard_1(two: Two, tmp_path: Path) -> None:
    fake, alice, bob = two.fake, two.alice, two.bob
    bot = await start(fake, settings_of(tmp_path, (1,)))
    opened = await fake.slash(
        "table start", {"game": "black-joke", "options": "rounds=1"}, by=alice, channel=two.channel
    )
    assert opened.payload["guild_id"] == str(two.guild)
    (lobby,) = [m for m in fake.channel_messages(two.channel) if m.attachments]
    await fake.click(lobby, label="Join", by=bob)
    await fake.click(lobby, label="Start", by=alice)
    table = bot.tables.in_channel(two.channel)
    assert table is not None and table.guild_id == two.guild
    users = {alice.id: alice, bob.id: bob}
    for _ in range(400):
        if bot.tables.in_channel(two.channel) is None:
            break
        (seat,) = table.game.awaiting(table.state)
        player = users[table.seats[seat].user_id]
        hand = await fake.click(table_message(fake, two.channel), label="My hand", by=player)
        private = hand.followups[-1]
        choice = "pass" if "pass" in str(private.selects) and table.version % 2 else None
        await fake.select(private, [choice or private.selects[0]["options"][0]["value"]], by=player)
    assert bot.tables.in_channel(two.channel) is None
    assert "game over" in table_message(fake, two.channel).content
    outcome = table.game.outcome(table.state)
    assert outcome is not None
    purses = [await bot.ledger.purse(two.guild, u) for u in users]
    assert sum(purses) == 2 * START + outcome.points[0] + outcome.points[1]
    assert await bot.ledger.check() == []
    assert fake.channel_messages() == []  # nothing went to the first guild's channel


def table_message(fake: FakeDiscord, channel: int) -> object:
    """The channel's table message (the one with the picture)."""
    (message,) = [m for m in fake.channel_messages(channel) if m.attachments]
    return message


async def test_a_restart_rebuilds_only_the_tables_of_the_shards_held(
    two: Two, tmp_path: Path
) -> None:
    fake, alice, bob = two.fake, two.alice, two.bob
    await start(fake, settings_of(tmp_path, None))  # one process holding everything
    for channel in (fake.channel_id, two.channel):
        await fake.slash("table start", {"game": "black-joke"}, by=alice, channel=channel)
        (lobby,) = [m for m in fake.channel_messages(channel) if m.attachments]
        await fake.click(lobby, label="Join", by=bob)
        await fake.click(lobby, label="Start", by=alice)
    await fake.close()

    one = await start(fake, settings_of(tmp_path, (1,)))
    await fake.settle()
    assert [t.channel_id for t in one.tables.tables()] == [two.channel]
    assert one.tables.in_channel(fake.channel_id) is None
    hand = await fake.click(table_message(fake, two.channel), label="My hand", by=alice)
    assert hand.followups[-1].files
    await fake.close()

    zero = await start(fake, settings_of(tmp_path, (0,)))
    await fake.settle()
    assert [t.channel_id for t in zero.tables.tables()] == [fake.channel_id]
    assert await zero.ledger.check() == []
    assert fake.identified == [(0, 1), (1, 2), (0, 2)]


async def test_a_notice_owed_to_a_channel_is_told_only_by_the_process_serving_its_guild(
    two: Two, tmp_path: Path
) -> None:
    settings = settings_of(tmp_path, (1,))
    db = await open_database(settings.db_path)
    for guild, channel in ((two.fake.guild_id, two.fake.channel_id), (two.guild, two.channel)):

        async def owe(tx: Tx, guild: int = guild, channel: int = channel) -> None:
            table_id = await table_rows.insert_table(
                tx,
                guild_id=guild,
                channel_id=channel,
                game="black-joke",
                options={},
                seed=1,
                host_id=two.alice.id,
                buy_in=0,
            )
            assert table_id is not None
            await table_rows.close_table(tx, table_id, "set aside")
            await notice_rows.add_notice(tx, channel, table_id, f"owed in {guild}")

        await db.write(owe)
    await db.close()
    bot = await start(two.fake, settings)
    assert [m.content for m in two.fake.channel_messages(two.channel)] == [f"owed in {two.guild}"]
    assert two.fake.channel_messages() == []  # shard 0's channel: another process's to tell
    left = await bot.tables.notes.notices()
    assert [(n.guild_id, n.words) for n in left] == [
        (two.fake.guild_id, f"owed in {two.fake.guild_id}")
    ]
