"""`/parlour config` and `@Parlour sync` through the fake, and the settings store beneath."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.client import ParlourBot
from bot.config import Settings
from bot.guilds import GuildSettingsStore, SettingsError, defaults_from
from bot.storage import open_database
from tests.cogs.conftest import BUY_IN, START_CHIPS, mention
from tests.fakediscord import FakeDiscord, FakeInteraction, FakeUser


def said(interaction: FakeInteraction) -> str:
    """What the bot last said in answer to an interaction."""
    if interaction.messages:
        return interaction.messages[-1].content
    return interaction.response.content


def replies(fake: FakeDiscord) -> list[str]:
    """The bot's public messages in #parlour."""
    return [m.content for m in fake.channel_messages()]


# -- /parlour config --------------------------------------------------------------------


async def test_the_parlour_group_is_offered_to_members_and_config_refuses_them(
    fake: FakeDiscord, bot: ParlourBot, bob: FakeUser
) -> None:
    # Discord's default permissions belong to the whole /parlour group, and every member
    # may use /parlour language, so it is shown to all; /parlour config checks for itself.
    (parlour,) = [c for c in bot.tree.get_commands() if c.name == "parlour"]
    assert parlour.to_dict(bot.tree)["default_member_permissions"] is None
    asked = await fake.slash("parlour config", {"daily_chips": 5}, by=bob)
    assert asked.response.ephemeral
    assert said(asked) == (
        "Only members with the Manage Server permission can change these settings."
    )
    assert bot.guild_settings.get(fake.guild_id).daily_chips == 100


async def test_config_refuses_a_member_without_manage_server_even_when_shown_to_them(
    fake: FakeDiscord, bot: ParlourBot, bob: FakeUser, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A server can open any command to everyone in its integration settings.
    monkeypatch.setattr("tests.fakediscord.harness.check_offered", lambda *args: None)
    asked = await fake.slash("parlour config", {"daily_chips": 5}, by=bob)
    assert asked.response.ephemeral
    assert said(asked) == (
        "Only members with the Manage Server permission can change these settings."
    )
    assert bot.guild_settings.get(fake.guild_id).daily_chips == 100


async def test_config_without_options_shows_the_settings(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser
) -> None:
    shown = await fake.slash("parlour config", by=alice)
    assert shown.response.kind == "message" and shown.response.ephemeral
    assert said(shown).split("\n") == [
        "**Parlour's settings on this server**",
        "Starting chips: 1,000 chips",
        "Daily chips: 100 chips",
        "The default buy-in: 100 chips",
        "The minimum buy-in: 1 chip",
        "The maximum buy-in: 100,000 chips",
        "The turn clock: 120 seconds",
        "Allowed channels: every channel",
        "The moderator role: none",
        "Replays of closed tables show every hand: off",
        "Change them with the options of /parlour config.",
        "The tables' language: English (the server's Discord language)",
    ]


async def test_an_admin_changes_settings_and_they_take_effect(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, bob: FakeUser, carol: FakeUser
) -> None:
    await fake.slash("chips balance", by=carol)  # carol's purse exists already

    changed = await fake.slash(
        "parlour config", {"starting_chips": 500, "daily_chips": 250}, by=alice
    )

    assert changed.response.kind == "deferred" and changed.response.ephemeral
    assert said(changed) == (
        "Saved.\nStarting chips: 1,000 chips → 500 chips\nDaily chips: 100 chips → 250 chips"
    )
    balance = await fake.slash("chips balance", by=bob)
    assert said(balance) == "You have 500 chips."  # a new purse gets the new starting chips
    daily = await fake.slash("chips daily", by=bob)
    assert said(daily).startswith("You claimed 250 chips and now have 750 chips.")
    assert said(await fake.slash("chips balance", by=carol)) == "You have 1,000 chips."


async def test_a_moderator_with_manage_server_may_configure(
    fake: FakeDiscord, bot: ParlourBot, mona: FakeUser
) -> None:
    changed = await fake.slash("parlour config", {"turn_clock_s": 45}, by=mona)
    assert said(changed) == "Saved.\nThe turn clock: 120 seconds → 45 seconds"
    assert bot.guild_settings.get(fake.guild_id).turn_clock_s == 45


async def test_settings_survive_a_restart(
    fake: FakeDiscord, bot: ParlourBot, settings: Settings, alice: FakeUser, moderator_role: int
) -> None:
    options = {"buy_in": 300, "max_buy_in": 5000, "moderator_role": moderator_role}
    await fake.slash("parlour config", options, by=alice)
    await fake.close()
    restarted = ParlourBot(settings)
    await fake.start(restarted)

    now = restarted.guild_settings.get(fake.guild_id)
    assert (now.buy_in, now.max_buy_in, now.moderator_role_id) == (300, 5000, moderator_role)
    assert now.is_moderator([moderator_role]) and not now.is_moderator([])
    assert now.starting_chips == START_CHIPS  # unchanged values follow the defaults


@pytest.mark.parametrize(
    ("options", "refusal"),
    [
        ({"turn_clock_s": 10}, "The turn clock must be from 30 to 3,600 seconds, not 10."),
        ({"starting_chips": -1}, "Starting chips must be from 0 to 1,000,000,000 chips, not -1."),
        (
            {"daily_chips": 2_000_000},
            "Daily chips must be from 0 to 1,000,000 chips, not 2,000,000.",
        ),
        (
            {"min_buy_in": 500},
            "The default buy-in (100) must be from the minimum (500) to the maximum (100,000)"
            " buy-in; change them together.",
        ),
        (
            {"min_buy_in": 500, "max_buy_in": 400, "buy_in": 450},
            "The minimum buy-in (500) cannot be more than the maximum (400).",
        ),
    ],
)
async def test_config_refuses_bad_values_and_saves_nothing(
    fake: FakeDiscord,
    bot: ParlourBot,
    alice: FakeUser,
    options: dict[str, object],
    refusal: str,
) -> None:
    before = bot.guild_settings.get(fake.guild_id)
    refused = await fake.slash("parlour config", options, by=alice)
    assert refused.response.ephemeral
    assert said(refused) == refusal
    assert bot.guild_settings.get(fake.guild_id) == before
    assert await bot.db.fetchall("SELECT * FROM guild_settings") == []


async def test_moderator_role_set_and_cleared(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, moderator_role: int
) -> None:
    set_role = await fake.slash("parlour config", {"moderator_role": moderator_role}, by=alice)
    assert said(set_role) == f"Saved.\nThe moderator role: none → <@&{moderator_role}>"
    cleared = await fake.slash("parlour config", {"clear_moderator_role": True}, by=alice)
    assert said(cleared) == f"Saved.\nThe moderator role: <@&{moderator_role}> → none"
    again = await fake.slash("parlour config", {"clear_moderator_role": True}, by=alice)
    assert said(again) == "Nothing changed: those are the settings already."
    both = {"moderator_role": moderator_role, "clear_moderator_role": True}
    refused = await fake.slash("parlour config", both, by=alice)
    assert said(refused) == "Give a moderator role or clear it, not both."
    assert refused.response.ephemeral


async def test_replay_reveal_is_off_by_default_turned_on_and_off_and_kept(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, tmp_path: Path, settings: Settings
) -> None:
    assert bot.guild_settings.get(fake.guild_id).replay_reveal is False
    on = await fake.slash("parlour config", {"replay_reveal": True}, by=alice)
    assert said(on) == "Saved.\nReplays of closed tables show every hand: off → on"
    assert bot.guild_settings.get(fake.guild_id).replay_reveal is True
    shown = await fake.slash("parlour config", by=alice)
    assert "Replays of closed tables show every hand: on" in said(shown).split("\n")
    reloaded = await GuildSettingsStore.load(bot.db, defaults_from(settings))
    assert reloaded.get(fake.guild_id).replay_reveal is True  # stored, not only cached
    off = await fake.slash("parlour config", {"replay_reveal": False}, by=alice)
    assert said(off) == "Saved.\nReplays of closed tables show every hand: on → off"
    rows = await bot.db.fetchall("SELECT replay_reveal FROM guild_settings")
    assert [r[0] for r in rows] == [0]
    with pytest.raises(SettingsError, match="true or false"):
        await bot.guild_settings.update(fake.guild_id, replay_reveal=1)


async def test_allowed_channels_limit_where_chips_commands_work(
    fake: FakeDiscord, alice: FakeUser, settings: Settings
) -> None:
    casino = fake.add_channel("casino")  # channels are added before the bot starts
    async with fake.running(ParlourBot(settings)) as running:
        bot = running
        assert isinstance(bot, ParlourBot)
        allowed = await fake.slash("parlour config", {"allow_channel": casino}, by=alice)
        assert said(allowed) == f"Saved.\nAllowed channels: every channel → <#{casino}>"

        here = await fake.slash("chips balance", by=alice)
        assert said(here) == f"Parlour is played in <#{casino}> on this server; use it there."
        assert here.response.ephemeral
        there = await fake.slash("chips balance", by=alice, channel=casino)
        assert said(there) == "You have 1,000 chips."
        # /parlour config itself works everywhere, so admins cannot lock themselves out.
        back = await fake.slash("parlour config", {"disallow_channel": casino}, by=alice)
        assert said(back) == f"Saved.\nAllowed channels: <#{casino}> → every channel"
        assert said(await fake.slash("chips balance", by=alice)) == "You have 1,000 chips."
        assert await bot.ledger.check() == []


# -- the settings store -----------------------------------------------------------------


async def test_the_store_validates_saves_and_reloads(tmp_path: Path, settings: Settings) -> None:
    db = await open_database(tmp_path / "store.db")
    try:
        store = await GuildSettingsStore.load(db, defaults_from(settings))
        assert store.get(1) == store.defaults and store.starting_chips(1) == START_CHIPS
        assert store.defaults.buy_in == BUY_IN

        new = await store.update(1, starting_chips=5, allowed_channels={10, 11})
        assert (new.starting_chips, new.allowed_channels) == (5, frozenset({10, 11}))
        assert new.allows(10) and new.allows(99, parent_id=11) and not new.allows(99)
        assert store.get(2) == store.defaults  # another server is untouched

        with pytest.raises(SettingsError, match="whole number"):
            await store.update(1, daily_chips=True)
        with pytest.raises(SettingsError, match="whole number"):
            await store.update(1, starting_chips="5")
        with pytest.raises(TypeError, match="no guild setting"):
            await store.update(1, colour=3)

        reverted = await store.update(1, starting_chips=None)
        assert reverted.starting_chips == START_CHIPS

        reloaded = await GuildSettingsStore.load(db, defaults_from(settings))
        assert reloaded.get(1) == store.get(1)
        moved = await GuildSettingsStore.load(db, defaults_from(_with_start(settings, 77)))
        assert moved.get(1).starting_chips == 77  # an unchanged value follows the operator
    finally:
        await db.close()


def _with_start(settings: Settings, chips: int) -> Settings:
    return Settings(
        token=settings.token,
        db_path=settings.db_path,
        log_level=settings.log_level,
        starting_chips=chips,
        buy_in=settings.buy_in,
        turn_timeout_s=settings.turn_timeout_s,
    )


# -- @Parlour sync ------------------------------------------------------------------------


async def test_the_owner_syncs_the_commands_by_mention(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser
) -> None:
    await mention(fake, "sync", by=alice)

    names = {c["name"] for c in fake.commands()}
    assert {"chips", "parlour"} <= names
    assert replies(fake) == [f"Synced {len(fake.commands())} commands."]

    await mention(fake, "sync here", by=alice)
    assert replies(fake)[-1] == f"Synced {len(fake.commands(guild=True))} commands to this server."
    assert {c["name"] for c in fake.commands(guild=True)} == names


async def test_sync_is_refused_to_anyone_but_the_owner(
    fake: FakeDiscord, bot: ParlourBot, mona: FakeUser
) -> None:
    await mention(fake, "sync", by=mona)
    assert replies(fake) == ["Only the bot's owner can do that."]
    assert fake.find_requests("PUT", "/applications/*") == []


async def test_a_mention_naming_no_command_is_ignored(
    fake: FakeDiscord, bot: ParlourBot, bob: FakeUser
) -> None:
    await mention(fake, "hello there", by=bob)  # settle fails on any logged error
    assert replies(fake) == []
