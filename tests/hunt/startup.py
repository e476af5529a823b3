"""The start-up hunter's scenario: tables that no restart can rebuild, Discord failing in
its several ways when their channels are to be told, and what must hold whatever the
plan. Start-up always completes; at rest, every channel has its notice either sent once or
still kept (a channel Discord says is gone has it dropped); once Discord answers again and
the gateway resumes, every notice is sent exactly once and none is kept.

`tests/hunt/test_startup_hunt.py` draws plans with Hypothesis; `bench/bench_hunt.py` draws
many more from a seeded `random.Random`.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import aiohttp

from bot.client import ParlourBot
from bot.config import Settings
from bot.ledger import Ledger
from bot.storage import open_database
from bot.tables import TableService
from tests.fakediscord import FakeDiscord

KINDS = ("answers", "flaky", "down", "gone")
"""How a channel's Discord behaves: sends at once; fails a few tries, then sends; fails
every try until Discord is back; or the channel is gone (404)."""
ERRORS = ("connection", "timeout", "server-error")
"""How a failing try fails: a refused connection, a timeout, or 503s (which discord.py
tries five times before it gives up)."""
MISSING_CHANNEL = 424242


@dataclass(frozen=True)
class Plan:
    """One start-up: a kind for each broken table's channel, how tries fail, and how
    many tries fail for a flaky channel."""

    kinds: tuple[str, ...]
    error: str
    flaky_tries: int


def random_plan(rng: random.Random) -> Plan:
    """A plan drawn from `rng` (the long run's)."""
    kinds = tuple(rng.choice(KINDS) for _ in range(rng.randint(1, 3)))
    return Plan(kinds, rng.choice(ERRORS), rng.randint(1, 3))


async def run_plan(plan: Plan, folder: Path, postgres: str | None = None) -> None:
    """Break tables as planned, start the bot on the fake with Discord failing as planned,
    and check the notices at rest, then after Discord answers again. The database is a
    file in `folder`, or the PostgreSQL address `postgres` when given."""
    settings = Settings(
        token="fake",
        db_path=folder / "startup.db",
        log_level="INFO",
        starting_chips=1000,
        buy_in=100,
        turn_timeout_s=120.0,
        db_url=postgres,
    )
    fake = FakeDiscord()
    owner = fake.add_user("alice")
    channels = [
        MISSING_CHANNEL + i if kind == "gone" else fake.world.add_channel(f"t{i}")
        for i, kind in enumerate(plan.kinds)
    ]
    await _broken_tables(settings.database, fake.guild_id, owner.id, channels)
    for channel, kind in zip(channels, plan.kinds, strict=True):
        tries = {"flaky": plan.flaky_tries, "down": 10_000}.get(kind, 0)
        _fail(fake, channel, plan.error, tries)
    bot = ParlourBot(settings)
    try:
        await fake.start(bot)  # must never raise, however Discord fails
        assert bot.is_ready()
        await bot.tell_channels()  # waits for any try under way, and makes one more
        await _at_rest(fake, bot, channels, plan.kinds)
        fake.api.failures.clear()
        bot.dispatch("resumed")
        for _ in range(300):
            if not await bot.tables.notes.notices():
                break
            await asyncio.sleep(0.01)
        await _at_rest(fake, bot, channels, ["answers" if k != "gone" else k for k in plan.kinds])
    finally:
        await fake.close()


async def _broken_tables(path: str, guild_id: int, host: int, channels: list[int]) -> None:
    """One lobby in each channel, each made impossible to rebuild."""
    db = await open_database(path)
    service = TableService(db, Ledger(db, starting_chips=1000))
    for channel in channels:
        await service.create(
            guild_id=guild_id, channel_id=channel, host_id=host, host_name="A", game_key="tilters"
        )
    await db.write(lambda tx: tx.execute("UPDATE tables SET game = 'no-such-game'"))
    await db.close()


def _fail(fake: FakeDiscord, channel: int, error: str, tries: int) -> None:
    """Make `tries` sends to a channel fail in the planned way."""
    if not tries:
        return
    path = f"/channels/{channel}/messages"
    if error == "server-error":
        fake.fail_next("POST", path, 503, times=5 * tries)
    else:
        failure = aiohttp.ClientConnectionError("Cannot connect") if error == "connection" else None
        fake.break_next("POST", path, failure or TimeoutError(), times=tries)


async def _at_rest(
    fake: FakeDiscord, bot: ParlourBot, channels: list[int], kinds: Sequence[str]
) -> None:
    """Each channel's notice: sent once, or kept (a flaky channel's either), or dropped."""
    kept = {n.channel_id for n in await bot.tables.notes.notices()}
    assert len(kept) == len(await bot.tables.notes.notices()), "a notice kept twice"
    for channel, kind in zip(channels, kinds, strict=True):
        sent = len(
            [m for m in fake.channel_messages(channel) if "could not be restored" in m.content]
        )
        if kind == "gone":
            assert channel not in kept and sent == 0, (channel, kind)
        elif kind == "down":
            assert channel in kept and sent == 0, (channel, kind, sent)
        elif kind == "answers":
            assert channel not in kept and sent == 1, (channel, kind, sent)
        else:
            assert (channel in kept) + sent == 1, (channel, kind, sent)
