"""Spectating by link through the fake Discord: `/table watch` privately and for the
channel, a reset by the host or a moderator (refused for others) closing the pages on
the old link, the table message's Watch button, a patience thread's link, frames as a
game is played from Discord, and pages that come back after a restart."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import aiohttp
import pytest

from bot.client import ParlourBot
from bot.config import Settings, WebSettings
from cogs.table import presenter_of
from tests.fakediscord import FakeDiscord, FakeUser

ORIGIN = "http://parlour.test"
SECRET = "k3Y-for-the-tests-only-0123456789abcdef"


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """The bot's settings with the web on, on any free port."""
    return dataclasses.replace(settings, web=WebSettings(0, ORIGIN, SECRET))


def answer(interaction: Any) -> Any:
    """The interaction's one answer (a response or its last follow-up)."""
    return interaction.followups[-1] if interaction.followups else interaction.response


def key_in(text: str) -> str:
    """The key of the link in a sentence."""
    return text.split(f"{ORIGIN}/t/", 1)[1].split()[0]


async def lobby(fake: FakeDiscord, alice: FakeUser, bob: FakeUser) -> Any:
    """A Tilters table of alice and bob, dealt; its message."""
    await fake.slash("table start", {"game": "tilters"}, by=alice)
    (message,) = [m for m in fake.channel_messages() if m.attachments]
    await fake.click(message, label="Join", by=bob)
    await fake.click(message, label="Start", by=alice)
    return message


async def page(bot: ParlourBot, key: str) -> tuple[aiohttp.ClientSession, Any]:
    """A spectator's socket on the running bot's web, said hello."""
    session = aiohttp.ClientSession()
    ws = await session.ws_connect(
        f"http://127.0.0.1:{bot.web.port}/t/{key}/ws", headers={"Origin": ORIGIN}
    )
    return session, ws


async def frame(ws: Any, had: dict[str, Any] | None = None) -> dict[str, Any]:
    """Say hello (with what the page had) and read the answer."""
    had = had or {}
    await ws.send_json({"type": "hello", "version": had.get("version"), "tag": had.get("tag")})
    found: dict[str, Any] = json.loads((await ws.receive(timeout=2)).data)
    return found


async def test_watch_answers_privately_then_for_the_channel(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, bob: FakeUser
) -> None:
    await lobby(fake, alice, bob)
    private = answer(await fake.slash("table watch", by=bob))
    assert private.ephemeral and f"{ORIGIN}/t/" in private.content
    public = answer(await fake.slash("table watch", {"public": True}, by=bob))
    assert not public.ephemeral and key_in(public.content) == key_in(private.content)


async def test_the_table_message_has_a_watch_link_button(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, bob: FakeUser
) -> None:
    message = await lobby(fake, alice, bob)
    (watch,) = [b for b in message.buttons if b.get("label") == "Watch"]
    link = answer(await fake.slash("table watch", by=alice)).content
    assert watch["style"] == 5 and watch["url"] == f"{ORIGIN}/t/{key_in(link)}"


async def test_a_reset_is_the_host_s_or_a_moderator_s_and_closes_old_pages(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, bob: FakeUser, mona: FakeUser
) -> None:
    await lobby(fake, alice, bob)
    old = key_in(answer(await fake.slash("table watch", by=bob)).content)
    refused = answer(await fake.slash("table watch", {"reset": True}, by=bob))
    assert refused.ephemeral
    assert refused.content == "Only the host or a moderator can replace the table's link."
    session, ws = await page(bot, old)
    await frame(ws)
    done = answer(await fake.slash("table watch", {"reset": True}, by=alice))
    new = key_in(done.content)
    assert done.ephemeral and new != old
    closed = await ws.receive(timeout=2)
    assert closed.type is aiohttp.WSMsgType.CLOSE and closed.data == 4404
    by_moderator = key_in(answer(await fake.slash("table watch", {"reset": True}, by=mona)).content)
    assert by_moderator not in (old, new)
    gone = await session.get(f"http://127.0.0.1:{bot.web.port}/t/{old}")
    assert gone.status == 404
    await session.close()


async def test_frames_follow_a_game_played_in_discord_and_survive_a_restart(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, bob: FakeUser, settings: Settings
) -> None:
    message = await lobby(fake, alice, bob)
    presenter_of(bot).min_interval_s = 0.0
    key = key_in(answer(await fake.slash("table watch", by=bob)).content)
    session, ws = await page(bot, key)
    first = await frame(ws)
    table = bot.tables.in_channel(fake.channel_id)
    assert table is not None and first["version"] == table.version
    (seat,) = table.game.awaiting(table.state)
    player = alice if table.seats[seat].user_id == alice.id else bob
    hand = answer(await fake.click(message, label="My hand", by=player))
    await fake.select(hand, [hand.selects[0]["options"][0]["value"]], by=player)
    moved = json.loads((await ws.receive(timeout=2)).data)
    assert moved["version"] > first["version"] and moved["said"].startswith(player.name)
    await fake.close()
    assert (await ws.receive(timeout=2)).type is aiohttp.WSMsgType.CLOSE
    await session.close()
    restarted = ParlourBot(settings)
    await fake.start(restarted)
    session, ws = await page(restarted, key)  # the page comes back with what it had
    again = await frame(ws, moved)  # the clock restarted with the bot: a new deadline
    assert again["version"] == moved["version"] and again["scene"] == moved["scene"]
    assert await frame(ws, again) == {"type": "same"}
    await session.close()


async def test_a_patience_thread_has_its_link(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser
) -> None:
    await fake.slash("patience play", {"game": "clock"}, by=alice)
    (thread,) = fake.threads()
    link = answer(await fake.slash("table watch", by=alice, channel=thread)).content
    session, ws = await page(bot, key_in(link))
    shown = await frame(ws)
    assert shown["picture"] == "patience" and shown["view"]["zones"]
    await session.close()
