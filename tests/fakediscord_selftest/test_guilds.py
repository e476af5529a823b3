"""The fake's guilds and shards: guilds placed on a shard, each with its own channels,
roles and members, and a sharded discord.py client sent only the guilds it holds."""

from __future__ import annotations

import discord
import pytest
from discord.ext import commands

from tests.fakediscord import FakeDiscord
from tests.fakediscord.world import Snowflakes


def test_snowflakes_on_a_shard_still_increase() -> None:
    ids = Snowflakes()
    made = [ids.on_shard(n % 3, 3) if n % 2 else ids() for n in range(30)]
    assert made == sorted(set(made))
    assert all((made[n] >> 22) % 3 == n % 3 for n in range(1, 30, 2))


async def test_each_guild_has_its_own_channels_roles_members_and_owner() -> None:
    fake = FakeDiscord(shard_count=4)
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    other = fake.add_guild("Other", shard=3, members=(bob,))
    role = fake.world.add_role("dealers", 0, guild_id=other)
    assert fake.world.shard_of(fake.guild_id) == 0 and fake.world.shard_of(other) == 3
    assert fake.world.guilds_on(3, 4) == [other] and fake.world.guilds_on(0, 1) == [
        fake.guild_id,
        other,
    ]
    first, second = fake.world.guild_payload(), fake.world.guild_payload(other)
    assert first["owner_id"] == str(alice.id) and second["owner_id"] == str(bob.id)
    assert [c["id"] for c in second["channels"]] == [str(fake.guild(other).channel_id)]
    assert [c["id"] for c in first["channels"]] == [str(fake.channel_id)]
    assert [r["id"] for r in second["roles"]] == [str(other), str(role)]
    names = [m["user"]["username"] for m in second["members"]]
    assert names == ["Parlour", "bob"]
    assert fake.world.guild_of(fake.guild(other).channel_id) == other
    assert fake.world.guild_of(12345) is None
    with pytest.raises(ValueError, match="shard 4 is not one of the 4 shards"):
        fake.add_guild("Nowhere", shard=4)


async def test_a_sharded_client_gets_the_guilds_of_its_shards_only() -> None:
    fake = FakeDiscord(shard_count=2)
    alice = fake.add_user("alice")
    other = fake.add_guild("Other", shard=1, members=(alice,))
    bot = commands.AutoShardedBot(
        command_prefix="!", intents=discord.Intents.default(), shard_ids=[1], shard_count=2
    )

    @bot.tree.command(name="where")
    async def where(interaction: discord.Interaction) -> None:
        assert interaction.guild is not None
        await interaction.response.send_message(f"shard {interaction.guild.shard_id}")

    async with fake.running(bot):
        assert fake.identified == [(1, 2)]
        assert [g.id for g in bot.guilds] == [other]
        done = await fake.slash("where", by=alice, channel=fake.guild(other).channel_id)
        assert done.response.content == "shard 1"
        assert done.payload["guild_id"] == str(other)
        with pytest.raises(AssertionError, match="Discord would never send it"):
            await fake.slash("where", by=alice)


async def test_a_user_can_only_act_in_guilds_they_belong_to() -> None:
    fake = FakeDiscord()
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    other = fake.add_guild("Other", members=(alice,))
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.default())

    @bot.tree.command(name="hi")
    async def hi(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("hi")

    async with fake.running(bot):
        assert {g.id for g in bot.guilds} == {fake.guild_id, other}
        with pytest.raises(LookupError, match=f"bob is not a member of guild {other}"):
            await fake.slash("hi", by=bob, channel=fake.guild(other).channel_id)
        member = await bot.http.get_member(other, alice.id)
        assert member["user"]["id"] == str(alice.id)
        with pytest.raises(discord.NotFound):
            await bot.http.get_member(other, bob.id)
