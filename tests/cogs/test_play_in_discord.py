"""The Discord Activity from Discord's side, on the fake Discord: the table message's
"Play in Discord" button only while the Activity is on, answered by launching it in the
channel (the LAUNCH_ACTIVITY response); a button kept from while it was on says it is
off now; and a global command sync keeps the Entry Point command Discord made with
Activities, which discord.py's own sync would drop and Discord refuses."""

from __future__ import annotations

import dataclasses

import discord
import pytest
from discord import app_commands

from bot.client import ParlourBot
from bot.config import Settings, WebSettings
from cogs._activity import NOT_LAUNCHED, NOT_ON
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser

ORIGIN = "http://parlour.test"
SECRET = "k3Y-for-the-tests-only-0123456789abcdef"
PLAY = "Play in Discord"


def web_with(fake: FakeDiscord, *, activity: bool) -> WebSettings:
    """The web on any free port, sign-in set up, the Activity on or off."""
    return WebSettings(0, ORIGIN, SECRET, str(fake.app_id), fake.client_secret, activity)


@pytest.fixture
def activity() -> bool:
    """Whether the Activity is on (a test parametrizes it off)."""
    return True


@pytest.fixture
def settings(settings: Settings, fake: FakeDiscord, activity: bool) -> Settings:
    """The bot's settings with the web on, the Activity on or off."""
    return dataclasses.replace(settings, web=web_with(fake, activity=activity))


async def dealt(fake: FakeDiscord, alice: FakeUser, bob: FakeUser) -> FakeMessage:
    """A Tilters table of alice and bob, dealt; its message."""
    await fake.slash("table start", {"game": "tilters"}, by=alice)
    (message,) = [m for m in fake.channel_messages() if m.attachments]
    await fake.click(message, label="Join", by=bob)
    await fake.click(message, label="Start", by=alice)
    return message


def labels(fake: FakeDiscord, message: FakeMessage) -> list[str]:
    """The labels of the message's buttons now."""
    return [c.get("label", "") for c in fake.components(message) if c["type"] == 2]


@pytest.mark.parametrize("activity", [False])
async def test_without_the_activity_the_table_message_has_no_play_button(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, bob: FakeUser
) -> None:
    message = await dealt(fake, alice, bob)
    assert "Watch" in labels(fake, message) and PLAY not in labels(fake, message)


async def test_play_in_discord_launches_the_activity_in_the_channel(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, bob: FakeUser
) -> None:
    fake.enable_activities()
    message = await dealt(fake, alice, bob)
    assert PLAY in labels(fake, message)
    pressed = await fake.click(message, label=PLAY, by=bob)
    assert [c.kind for c in pressed.callbacks] == ["launch_activity"] and pressed.followups == []
    assert fake.api.launched == [(bob.id, fake.channel_id)]
    assert PLAY in labels(fake, message)  # the message is as it was


async def test_a_button_kept_from_while_it_was_on_says_it_is_off(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, bob: FakeUser
) -> None:
    fake.enable_activities()
    message = await dealt(fake, alice, bob)
    bot.web.activity.on = False  # as after a restart with PARLOUR_ACTIVITY=0
    pressed = await fake.click(message, label=PLAY, by=bob)
    assert pressed.response.ephemeral and pressed.response.content == NOT_ON
    assert fake.api.launched == []


async def test_without_activities_in_the_portal_the_button_says_so(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, bob: FakeUser
) -> None:
    message = await dealt(fake, alice, bob)  # PARLOUR_ACTIVITY=1, the portal not set up
    pressed = await fake.click(message, label=PLAY, by=bob)
    # Discord refused the launch, so the press is answered with the words instead
    assert [c.kind for c in pressed.callbacks] == ["message"]
    assert pressed.response.ephemeral and pressed.response.content == NOT_LAUNCHED
    assert fake.api.launched == []


async def test_a_global_sync_keeps_discords_entry_point_command(
    fake: FakeDiscord, bot: ParlourBot
) -> None:
    entry = fake.enable_activities()
    with pytest.raises(discord.HTTPException) as refused:
        await app_commands.CommandTree.sync(bot.tree)  # discord.py's own: it drops it
    assert refused.value.code == 50240
    synced = await bot.tree.sync()
    assert synced and all(c.type is discord.AppCommandType.chat_input for c in synced)
    kept = [c for c in fake.commands() if c["type"] == 4]
    assert [(c["id"], c["name"], c["handler"]) for c in kept] == [(entry["id"], "launch", 2)]
    ours = {c["name"] for c in fake.commands() if c["type"] == 1}
    assert ours == {c.name for c in synced} and "table" in ours
    (chips,) = [c for c in fake.commands() if c["name"] == "chips"]
    assert chips["name_localizations"]["fr"] == "jetons"  # the picker's words kept too
    await bot.tree.sync()  # again: the same command, kept again
    assert [c["id"] for c in fake.commands() if c["type"] == 4] == [entry["id"]]
