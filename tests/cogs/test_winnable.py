"""/patience play winnable:true through the fake Discord: the deal is one the solver
proves won, the table message's proof line says it was chosen among winnable deals, a
seed given with it is refused privately and opens no thread, and a game that is no
patience is refused as /patience play refuses it."""

from __future__ import annotations

import asyncio
import time

from bot.client import ParlourBot
from bot.games.patience.search import WON, Budget, solve
from bot.tables.winnable import CHOSEN, SEEDED
from tests.cogs.test_patience import said, table_in, table_message
from tests.fakediscord import FakeDiscord, FakeUser


async def test_a_winnable_clock_is_dealt_a_proved_deal_and_says_so(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser
) -> None:
    try:
        done = await fake.slash("patience play", {"game": "clock", "winnable": True}, by=alice)
        thread = fake.threads()[-1]
        assert f"<#{thread}>" in said(done)
        table = table_in(bot, thread)
        assert table.winnable
        verdict = solve(table.game, table.state, Budget(seconds=30), time.perf_counter)
        assert verdict.result == WON
        assert CHOSEN in table_message(fake, thread).content
    finally:
        await bot.tables.winnable.stop()
        await asyncio.to_thread(bot.tables.close)


async def test_a_seed_with_winnable_is_refused_privately_and_opens_nothing(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser
) -> None:
    before = len(fake.threads())
    refused = await fake.slash(
        "patience play", {"game": "clock", "seed": 3, "winnable": True}, by=alice
    )
    assert said(refused) == SEEDED and refused.response.ephemeral
    assert len(fake.threads()) == before
