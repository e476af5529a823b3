"""Can I still win? in Discord, through the fake: the button on the patience table
message says before it is pressed that the game becomes assisted; its answer goes to the
asker alone, with how the verdict was reached; the table's status then says the game is
assisted, the end's result words too, and /patience stats counts it; an onlooker's press
is refused privately."""

from __future__ import annotations

import asyncio

from bot.client import ParlourBot
from bot.front.still import STILL_LABEL
from bot.storage import patience_rows
from tests.cogs.test_patience import labels, open_game, said, table_in, table_message
from tests.fakediscord import FakeDiscord, FakeUser


async def test_a_won_clock_asked_then_played_out_is_an_assisted_win(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, bob: FakeUser
) -> None:
    thread, message = await open_game(fake, alice, "clock", seed=3)
    assert labels(message) == ["Next", "Auto", "Hint", "Give up", STILL_LABEL]
    table = table_in(bot, thread)
    refused = await fake.click(message, label=STILL_LABEL, by=bob)
    assert "Only alice is playing" in said(refused) and table.state.assists == 0
    asked = await fake.click(message, label=STILL_LABEL, by=alice)
    answer = asked.followups[-1]
    assert answer.ephemeral and answer.content.startswith("Yes: this game can still be won")
    assert "knowing every card" in answer.content and "assisted" in answer.content
    assert table.state.assists == 1
    assert "Assisted" in table_message(fake, thread).content
    await fake.click(table_message(fake, thread), label="Auto", by=alice)
    final = table_message(fake, thread)
    assert "game over" in final.content and "Assisted" in final.content
    assert "perfect" not in final.content and "next;next" not in final.content
    stats = await patience_rows.patience_stats(bot.db, fake.guild_id, alice.id, "clock")
    assert (stats.played, stats.won, stats.perfect, stats.assisted) == (1, 1, 0, 1)
    assert stats.current_streak == 0
    shown = await fake.slash("patience stats", {"game": "clock"}, by=alice)
    assert "Assisted games" in said(shown) and ": 1" in said(shown)
    await asyncio.to_thread(bot.tables.close)


async def test_a_lost_clock_says_it_was_lost_from_the_deal(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser
) -> None:
    thread, message = await open_game(fake, alice, "clock", seed=0)
    await fake.click(message, label="Next", by=alice)
    asked = await fake.click(table_message(fake, thread), label=STILL_LABEL, by=alice)
    answer = asked.followups[-1]
    assert answer.ephemeral and answer.content.startswith("No: this game can no longer be won")
    assert "Not even the deal could be won" in answer.content
    await fake.click(table_message(fake, thread), label="Auto", by=alice)
    stuck = table_message(fake, thread)
    assert "Assisted" in stuck.content and STILL_LABEL in labels(stuck)
    await fake.click(stuck, label="Give up", by=alice)
    final = table_message(fake, thread)
    assert "game over" in final.content and "Resigned" in final.content
    assert "Assisted" in final.content
    await asyncio.to_thread(bot.tables.close)
