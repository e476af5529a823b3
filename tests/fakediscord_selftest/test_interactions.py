"""The harness drives the sample bot through discord.py's real interaction paths."""

from __future__ import annotations

import discord
import pytest
from discord.ext import commands

from tests.fakediscord import EPHEMERAL, FakeDiscord, Upload

from .sample import SampleBot


async def test_members_intent_sees_every_member(fake: FakeDiscord) -> None:
    alice = fake.add_user("alice")
    intents = discord.Intents.default() | discord.Intents(members=True)
    async with fake.running(commands.Bot(command_prefix="!", intents=intents)) as bot:
        bob = fake.add_user("bob")  # joins while the bot runs: GUILD_MEMBER_ADD
        guild = bot.get_guild(fake.guild_id)
        assert guild is not None and guild.chunked
        assert {m.name for m in guild.members} == {"Parlour", "alice", "bob"}
        assert guild.owner_id == alice.id
        fetched = await guild.fetch_member(bob.id)
        assert fetched.id == bob.id


async def test_start_logs_in_syncs_and_fills_the_cache(fake: FakeDiscord, bot: SampleBot) -> None:
    assert bot.is_ready()
    assert bot.user is not None and bot.user.id == fake.app_id
    assert bot.application_id == fake.app_id
    guild = bot.get_guild(fake.guild_id)
    assert guild is not None and guild.get_channel(fake.channel_id) is not None
    assert guild.me is not None
    assert [r.route for r in fake.requests] == [
        "GET /users/@me",
        "GET /oauth2/applications/@me",
        f"PUT /applications/{fake.app_id}/commands",
    ]
    sample, config = fake.commands()
    assert sample["name"] == "sample" and int(sample["id"]) > 0
    assert config["name"] == "sample-config" and config["default_member_permissions"] == "32"
    names = {o["name"] for o in sample["options"]}
    assert names == {"hello", "ping", "give", "pick", "feedback", "dm", "admin"}


async def test_slash_defers_then_follows_up_with_a_picture_and_a_button(
    fake: FakeDiscord, bot: SampleBot
) -> None:
    alice = fake.add_user("alice")
    hello = await fake.slash("sample hello", by=alice)

    assert [c.kind for c in hello.callbacks] == ["deferred"]
    assert not hello.response.ephemeral
    (message,) = hello.messages
    assert message is hello.original  # the first followup fills the "thinking" message
    assert not message.loading and message.content == "hello"
    assert [a["filename"] for a in message.attachments] == ["table.png"]
    assert message.files == [Upload("table.png", b"png-1", "application/octet-stream")]
    assert message.custom_ids == ["sample:1"]
    assert fake.components(message)[0]["label"] == "Bump 1"
    assert fake.channel_messages() == [message]
    followup = fake.find_requests("POST", "/webhooks/*")[0]
    assert followup.params["wait"] == "1" and followup.json["attachments"][0]["id"] == 0


async def test_dynamic_button_edits_the_original_and_answers_ephemerally(
    fake: FakeDiscord, bot: SampleBot
) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    table = (await fake.slash("sample hello", by=alice)).messages[0]
    old_attachment = table.attachments[0]

    click = await fake.click(table, label="Bump 1", by=bob)

    assert click.response.kind == "deferred_update"
    assert click.original is table
    assert table.content == "bumped to 2" and table.custom_ids == ["sample:2"]
    assert table.files == [Upload("table.png", b"png-2", "application/octet-stream")]
    assert [a["filename"] for a in table.attachments] == ["table.png"]
    assert table.attachments[0]["id"] != old_attachment["id"]  # replaced, not added
    assert len(table.edits) == 2  # filled by the followup, then edited by the click
    (notice,) = click.followups
    assert notice.ephemeral and notice.content == "you bumped 1"
    assert notice.data["flags"] & EPHEMERAL
    assert fake.channel_messages() == [table]
    assert fake.channel_messages(ephemeral=True) == [table, notice]


async def test_an_old_button_still_works_after_a_restart(fake: FakeDiscord, bot: SampleBot) -> None:
    alice = fake.add_user("alice")
    table = (await fake.slash("sample hello", by=alice)).messages[0]
    await fake.close()
    assert not bot.is_ready()

    command_id = fake.commands()[0]["id"]
    restarted = SampleBot()
    await fake.start(restarted)
    assert fake.commands()[0]["id"] == command_id  # the re-sync kept the command
    click = await fake.click(table, custom_id="sample:1", by=alice)

    assert click.response.kind == "deferred_update"
    assert table.content == "bumped to 2"
    assert click.followups[0].content == "you bumped 1"


async def test_a_forged_custom_id_is_ignored_and_left_unanswered(
    fake: FakeDiscord, bot: SampleBot
) -> None:
    alice = fake.add_user("alice")
    table = (await fake.slash("sample hello", by=alice)).messages[0]
    before = len(fake.requests)

    forged = await fake.click(table, custom_id="sample:forged", by=alice, check=False)

    # No DynamicItem template or view matches, so discord.py drops it without a word:
    # Discord would show "This interaction failed" after three seconds.
    assert not forged.acknowledged and forged.requests == [] and forged.messages == []
    assert len(fake.requests) == before
    assert forged.payload["data"] == {"custom_id": "sample:forged", "component_type": 2}
    with pytest.raises(LookupError, match="sample:1"):
        await fake.click(table, custom_id="sample:forged", by=alice)


async def test_string_select_updates_its_message(fake: FakeDiscord, bot: SampleBot) -> None:
    alice = fake.add_user("alice")
    menu = (await fake.slash("sample pick", by=alice)).original
    assert menu is not None and menu.selects[0]["custom_id"] == "sample:pick"

    picked = await fake.select(menu, ["quinto"], by=alice)

    assert picked.response.kind == "update" and picked.original is menu
    assert menu.content == "picked quinto" and fake.components(menu) == []
    assert picked.followups[0].ephemeral and picked.followups[0].content == "good choice"
    with pytest.raises(LookupError, match="0 components match"):
        await fake.select(menu, ["quinto"], by=alice)


async def test_select_values_are_checked(fake: FakeDiscord, bot: SampleBot) -> None:
    alice = fake.add_user("alice")
    menu = (await fake.slash("sample pick", by=alice)).messages[0]
    with pytest.raises(ValueError, match="not all options"):
        await fake.select(menu, ["whist"], by=alice)
    with pytest.raises(ValueError, match="between 1 and 1"):
        await fake.select(menu, ["quinto", "newmarket"], by=alice)


async def test_modal_round_trip(fake: FakeDiscord, bot: SampleBot) -> None:
    alice = fake.add_user("alice")
    opened = await fake.slash("sample feedback", by=alice)
    assert opened.response.kind == "modal" and opened.response.data["title"] == "Feedback"

    submitted = await fake.submit_modal(opened, {"fb:text": "lovely", "fb:rating": "5"})

    assert submitted.response.content == "thanks: lovely (5)"
    assert submitted.response.ephemeral
    with pytest.raises(ValueError, match=r"needs 0\.\.2 characters"):
        await fake.submit_modal(opened, {"fb:text": "x", "fb:rating": "100"})


async def test_autocomplete(fake: FakeDiscord, bot: SampleBot) -> None:
    alice = fake.add_user("alice")
    typed = await fake.autocomplete("sample pick", {"game": "bl"}, focused="game", by=alice)

    assert typed.response.kind == "autocomplete"
    assert [c["value"] for c in typed.response.choices] == ["black-joke", "blind-hookey"]
    assert typed.payload["data"]["options"][0]["options"][0]["focused"] is True


async def test_typed_options_subcommand_groups_and_permissions(
    fake: FakeDiscord, bot: SampleBot
) -> None:
    mods = fake.add_role("mods", discord.Permissions(manage_guild=True))
    alice, bob = fake.add_user("alice"), fake.add_user("bob", roles=(mods,))

    gave = await fake.slash("sample give", {"member": bob, "amount": 5}, by=alice)
    assert gave.response.content == "bob gets 5 (int)"
    reset = await fake.slash("/sample admin reset", {"hard": True}, by=bob)
    assert reset.response.content == "reset hard=True"
    assert reset.payload["member"]["permissions"] == str(
        (
            discord.Permissions.text() | discord.Permissions(view_channel=True, manage_guild=True)
        ).value
    )

    with pytest.raises(ValueError, match="outside"):
        await fake.slash("sample give", {"member": bob, "amount": 0}, by=alice)
    with pytest.raises(TypeError, match="missing required"):
        await fake.slash("sample give", {"amount": 3}, by=alice)
    with pytest.raises(LookupError, match="subcommand"):
        await fake.slash("sample nope", by=alice)


async def test_discord_hides_commands_a_member_may_not_use(
    fake: FakeDiscord, bot: SampleBot
) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")  # alice owns the guild
    assert (await fake.slash("sample-config", by=alice)).response.content == "configured"
    with pytest.raises(PermissionError, match="bob"):
        await fake.slash("sample-config", by=bob)
    with pytest.raises(LookupError, match="in DMs"):
        await fake.slash("sample-config", by=alice, channel=fake.dm_channel(alice))


async def test_guild_scoped_commands_use_their_synced_id(fake: FakeDiscord) -> None:
    alice, guild = fake.add_user("alice"), discord.Object(fake.guild_id)
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.default())

    @bot.tree.command(guild=guild, description="Only here")
    async def here(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("here")

    async with fake.running(bot):
        await bot.tree.sync(guild=guild)
        (synced,) = fake.commands(guild=True)
        done = await fake.slash("here", by=alice)
    assert done.response.content == "here"
    assert done.payload["data"]["id"] == synced["id"]
    assert done.payload["data"]["guild_id"] == str(fake.guild_id)


async def test_interaction_from_a_dm(fake: FakeDiscord, bot: SampleBot) -> None:
    alice = fake.add_user("alice")
    pong = await fake.slash("sample ping", by=alice, channel=fake.dm_channel(alice))
    assert pong.response.content == "pong"
    assert "member" not in pong.payload and pong.payload["user"]["id"] == str(alice.id)
    assert fake.dms(alice) == pong.messages
