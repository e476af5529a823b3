"""The render pool under load: a private answer's picture goes before queued table edits
and DMs, a pool whose worker died is replaced, and closing the bot stops the workers."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import AsyncIterator
from functools import partial

import pytest

from bot.client import ParlourBot
from cogs import _render
from cogs._render import RenderPool
from render import Picture
from tests.fakediscord import FakeDiscord, FakeUser


def slow_picture(name: str, seconds: float) -> Picture:
    """A stand-in drawing that takes `seconds` of a worker's time."""
    time.sleep(seconds)
    return Picture(name.encode(), f"{name}.png", "image/png", 1, 1)


@pytest.fixture
async def pool() -> AsyncIterator[RenderPool]:
    """A one-worker pool, warmed up, stopped after the test."""
    pool = RenderPool(workers=1)
    await pool.draw(partial(slow_picture, "warm", 0.0), urgent=True)
    yield pool
    pool.shutdown()


async def test_an_urgent_picture_goes_before_queued_edits(pool: RenderPool) -> None:
    finished: list[str] = []

    async def draw(name: str, urgent: bool) -> None:
        await pool.draw(partial(slow_picture, name, 0.05), urgent=urgent)
        finished.append(name)

    jobs = [asyncio.create_task(draw(f"edit{i}", False)) for i in range(6)]
    await asyncio.sleep(0.01)  # the first edit is being drawn, five wait
    jobs.append(asyncio.create_task(draw("answer", True)))
    await asyncio.gather(*jobs)
    assert finished.index("answer") <= 1, finished  # after at most the edit in the worker


async def test_a_pool_whose_worker_died_is_replaced(pool: RenderPool) -> None:
    executor = pool._pool
    assert executor is not None
    for pid in list(executor._processes):  # a worker killed by the system (OOM, say)
        os.kill(pid, signal.SIGKILL)
    await asyncio.sleep(0.2)
    picture = await pool.draw(partial(slow_picture, "after", 0.0), urgent=True)
    assert picture.data == b"after"
    assert pool._pool is not executor


@pytest.mark.stops_render_workers
async def test_closing_the_bot_stops_the_render_workers(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser
) -> None:
    await fake.slash("table start", {"game": "tilters"}, by=alice)
    executor = _render.POOL._pool
    assert executor is not None
    workers = list(executor._processes.values())
    await fake.close()
    assert _render.POOL._pool is None
    assert all(not w.is_alive() for w in workers)


async def test_private_answers_leave_no_view_or_timer_behind(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser
) -> None:
    await fake.slash("table start", {"game": "tilters"}, by=alice)
    (message,) = [m for m in fake.channel_messages() if m.attachments]
    await fake.click(message, label="Add AI", by=alice)
    await fake.click(message, label="Start", by=alice)
    for _ in range(3):
        hand = await fake.click(message, label="My hand", by=alice)
        assert hand.followups[-1].selects  # the move select went out ...
    timers = [t for t in asyncio.all_tasks() if "timeout_task" in t.get_coro().__qualname__]
    assert timers == []  # ... and discord.py keeps no view and no 15-minute timer for it
    assert len(bot._connection._view_store._views) == 0


def worker_niceness() -> int:
    """The CPU niceness of the process it runs in."""
    return os.nice(0)


async def test_workers_yield_the_cpu_to_the_event_loop(pool: RenderPool) -> None:
    executor = pool._pool
    assert executor is not None
    niceness = await asyncio.get_running_loop().run_in_executor(executor, worker_niceness)
    assert niceness >= min(os.nice(0) + _render.WORKER_NICE, 19)
