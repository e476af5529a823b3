"""The render pool under load: a private answer's picture goes before queued table edits
and DMs, a pool whose worker died is replaced, and closing the bot stops the workers."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import AsyncIterator
from functools import partial
from pathlib import Path

import pytest

from bot.client import ParlourBot
from cogs import _render
from cogs._render import RenderPool
from render import Picture
from tests.cogs.test_table import make_settings
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


async def test_an_edit_someone_now_waits_on_is_hurried_before_the_other_edits(
    pool: RenderPool,
) -> None:
    finished: list[str] = []
    tickets = {f"edit{i}": _render.Ticket() for i in range(6)}

    async def draw(name: str) -> None:
        await pool.draw(partial(slow_picture, name, 0.05), urgent=False, ticket=tickets[name])
        finished.append(name)

    jobs = [asyncio.create_task(draw(name)) for name in tickets]
    await asyncio.sleep(0.01)  # the first edit is being drawn, five wait
    pool.hurry(tickets["edit5"])
    pool.hurry(tickets["edit0"])  # begun already: nothing to hurry
    await asyncio.gather(*jobs)
    assert finished.index("edit5") <= 1, finished  # after at most the edit in the worker
    assert finished[2:] == ["edit1", "edit2", "edit3", "edit4"]


async def test_a_pool_whose_worker_died_is_replaced(pool: RenderPool) -> None:
    before = pool.pids()
    assert before
    for pid in before:  # a worker killed by the system (OOM, say)
        os.kill(pid, signal.SIGKILL)
    await asyncio.sleep(0.2)
    picture = await pool.draw(partial(slow_picture, "after", 0.0), urgent=True)
    assert picture.data == b"after"
    assert pool.pids() and not set(pool.pids()) & set(before)


async def test_a_worker_killed_while_drawing_has_its_picture_drawn_by_another(
    pool: RenderPool,
) -> None:
    drawing = asyncio.create_task(pool.draw(partial(slow_picture, "again", 0.3), urgent=True))
    await asyncio.sleep(0.1)  # being drawn
    (pid,) = pool.pids()
    os.kill(pid, signal.SIGKILL)
    assert (await drawing).data == b"again"
    assert pool.pids() != [pid]


async def test_a_drawing_that_fails_says_why_and_the_worker_draws_on(pool: RenderPool) -> None:
    with pytest.raises(ZeroDivisionError):
        await pool.draw(partial(divmod, 1, 0), urgent=True)  # type: ignore[arg-type]
    with pytest.raises(Exception, match="pickle"):  # a lambda cannot be sent to a worker
        await pool.draw(lambda: slow_picture("x", 0.0), urgent=True)
    assert (await pool.draw(partial(slow_picture, "fine", 0.0), urgent=False)).data == b"fine"


@pytest.mark.stops_render_workers
async def test_a_starting_bot_starts_every_render_worker_before_its_first_picture(
    tmp_path: Path,
) -> None:
    """None starts (and warms, for a second) while a player's picture waits on it."""
    _render.shutdown()
    assert _render.POOL.pids() == []
    fake = FakeDiscord()
    await fake.start(ParlourBot(make_settings(tmp_path)))
    try:
        assert len(_render.POOL.pids()) == _render.WORKERS
    finally:
        await fake.close()


@pytest.mark.stops_render_workers
async def test_closing_the_bot_stops_the_render_workers(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser
) -> None:
    await fake.slash("table start", {"game": "tilters"}, by=alice)
    workers = _render.POOL.pids()
    assert workers
    await fake.close()
    assert _render.POOL.pids() == []
    assert not any(running(pid) for pid in workers)


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


def running(pid: int) -> bool:
    """Whether a process with this pid is there (a reaped worker is not)."""
    return Path(f"/proc/{pid}").exists()


def worker_niceness() -> int:
    """The CPU niceness of the process it runs in."""
    return os.nice(0)


async def test_workers_yield_the_cpu_to_the_event_loop(pool: RenderPool) -> None:
    niceness = await pool.draw(worker_niceness, urgent=True)  # type: ignore[arg-type]
    assert niceness >= min(os.nice(0) + _render.WORKER_NICE, 19)


async def test_a_hand_asked_for_while_it_is_drawn_shares_that_drawing() -> None:
    cards = ["0F", "3L", "9E", "5S", "1H"]
    title = "A hand asked for twice"
    _render._HANDS.clear()
    queued = asyncio.create_task(_render.hand_picture(cards, "yankee", title, urgent=False))
    await asyncio.sleep(0)  # its drawing is under way
    assert len(_render._DRAWING) == 1
    waited = await _render.hand_picture(cards, "yankee", title, urgent=True)
    assert (await queued) is waited  # one drawing, not two
    assert not _render._DRAWING
    assert await _render.hand_picture(cards, "yankee", title, urgent=True) is waited  # kept
