"""A table set aside at a restart, told to its channel (issue 20, item 6): Discord out of
reach at start-up (a refused connection, a timeout) never stops the bot from starting;
the notice is kept in the database and sent once Discord answers again, on the next
reconnect or the next periodic try, and then forgotten."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import aiohttp
import pytest

from bot import client as parlour_client
from bot.client import ParlourBot
from bot.config import Settings
from bot.storage import open_database
from tests.fakediscord import FakeDiscord, FakeUser

FAILURES = [aiohttp.ClientConnectionError("Cannot connect to host discord.com:443"), TimeoutError()]
SENDS = "/channels/*/messages"


async def broken_table(fake: FakeDiscord, bot: ParlourBot, settings: Settings, by: FakeUser) -> int:
    """Open a lobby, stop the bot, and damage the table so that no restart can rebuild it."""
    await fake.slash("table start", {"game": "black-joke"}, by=by)
    table = bot.tables.in_channel(fake.channel_id)
    assert table is not None
    await fake.close()
    db = await open_database(settings.db_path)
    await db.write(
        lambda tx: tx.execute("UPDATE tables SET game = 'no-such-game' WHERE id = ?", (table.id,))
    )
    await db.close()
    return table.id


async def forgotten(bot: ParlourBot, within_s: float = 30.0) -> bool:
    """Whether the bot's stored notices are all gone within `within_s`."""
    for _ in range(int(within_s / 0.01)):
        if not await bot.tables.notes.notices():
            return True
        await asyncio.sleep(0.01)
    return False


def notices_in(fake: FakeDiscord, channel_id: int | None = None) -> list[str]:
    """The set-aside notices posted in a channel (default #parlour)."""
    return [
        m.content
        for m in fake.channel_messages(channel_id)
        if "could not be restored" in (m.content or "")
    ]


async def until(check: Callable[[], object], within_s: float = 30.0) -> None:
    """Wait until `check()` holds (at most `within_s`)."""
    for _ in range(int(within_s / 0.01)):
        if check():
            return
        await asyncio.sleep(0.01)


@pytest.mark.parametrize("error", FAILURES, ids=["connection-refused", "timeout"])
async def test_discord_out_of_reach_at_start_up_keeps_the_notice_until_it_answers(
    fake: FakeDiscord, bot: ParlourBot, settings: Settings, alice: FakeUser, error: Exception
) -> None:
    table_id = await broken_table(fake, bot, settings, alice)
    fake.break_next("POST", SENDS, error, times=100)
    again = ParlourBot(settings)
    await fake.start(again)  # start-up completes, the table set aside
    await fake.settle(raise_errors=False)  # the set-aside is logged as an error
    assert all("setting it aside" in e for e in fake.errors), fake.errors
    assert again.is_ready() and again.tables.in_channel(fake.channel_id) is None
    assert notices_in(fake) == []
    (kept,) = await again.tables.notes.notices()
    assert kept.table_id == table_id and kept.channel_id == fake.channel_id
    fake.api.failures.clear()  # Discord answers again; the gateway resumes
    again.dispatch("resumed")
    await until(lambda: notices_in(fake))
    (words,) = notices_in(fake)
    assert f"Table #{table_id} (no-such-game) could not be restored" in words
    assert await forgotten(again)  # deleted once sent (a write that follows the send)
    again.dispatch("resumed")  # sent once only
    await asyncio.sleep(0.05)
    assert len(notices_in(fake)) == 1


async def test_a_notice_discord_did_not_take_is_tried_again_every_few_minutes(
    fake: FakeDiscord,
    bot: ParlourBot,
    settings: Settings,
    alice: FakeUser,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    await broken_table(fake, bot, settings, alice)
    monkeypatch.setattr(parlour_client, "NOTICE_RETRY_S", 0.05)
    fake.break_next("POST", SENDS, TimeoutError(), times=100)
    again = ParlourBot(settings)
    await fake.start(again)
    await asyncio.sleep(0.2)
    assert notices_in(fake) == [] and len(await again.tables.notes.notices()) == 1
    fake.api.failures.clear()
    await until(lambda: notices_in(fake))
    assert len(notices_in(fake)) == 1
    assert await forgotten(again)


async def test_a_notice_sent_at_start_up_is_not_kept(
    fake: FakeDiscord, bot: ParlourBot, settings: Settings, alice: FakeUser
) -> None:
    await broken_table(fake, bot, settings, alice)
    again = ParlourBot(settings)
    await fake.start(again)
    assert len(notices_in(fake)) == 1
    assert await again.tables.notes.notices() == []


async def test_a_notice_for_a_channel_that_is_gone_is_dropped(
    fake: FakeDiscord, bot: ParlourBot, settings: Settings, alice: FakeUser
) -> None:
    table_id = await broken_table(fake, bot, settings, alice)
    db = await open_database(settings.db_path)
    await db.write(
        lambda tx: tx.execute("UPDATE tables SET channel_id = 999 WHERE id = ?", (table_id,))
    )
    await db.close()
    again = ParlourBot(settings)
    await fake.start(again)  # Discord answers 404 Unknown Channel: no later try does better
    assert await again.tables.notes.notices() == []
