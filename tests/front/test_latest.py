"""The latest-wins loop (bot/front/latest.py): each table's latest change shown, at most
once per interval; a show overtaken gives way to the newest at once; a failure is logged
and the next change shown."""

from __future__ import annotations

import asyncio
import time

import pytest

from bot.front.latest import Coalescer


class Shows:
    """A front end's show that notes what it showed, and when."""

    def __init__(
        self, overtaken: frozenset[str] = frozenset(), failing: frozenset[str] = frozenset()
    ) -> None:
        self.shown: list[tuple[int, str, float]] = []
        self.overtaken = overtaken
        self.failing = failing

    async def __call__(self, table_id: int, change: str) -> bool:
        await asyncio.sleep(0.01)
        if change in self.failing:
            raise RuntimeError(change)
        if change in self.overtaken:
            return False
        self.shown.append((table_id, change, time.monotonic()))
        return True


async def settled(latest: Coalescer[str], *tables: int) -> None:
    """Wait until the tables' tasks are done."""
    for table_id in tables:
        task = latest.running(table_id)
        assert task is not None
        await asyncio.wait_for(task, 5.0)


async def test_a_burst_shows_its_first_and_its_latest_once_each_interval() -> None:
    shows = Shows()
    latest = Coalescer(shows, lambda change: 0.2, name="test")
    for n in range(10):
        latest.offer(1, f"move {n}")
        await asyncio.sleep(0.002)
    latest.offer(2, "other")
    await settled(latest, 1, 2)
    assert [(t, c) for t, c, _ in shows.shown] == [(1, "move 0"), (2, "other"), (1, "move 9")]
    first, last = shows.shown[0][2], shows.shown[2][2]
    assert last - first >= 0.2  # the interval held: nine moves became one show


async def test_a_show_overtaken_gives_way_to_the_newest_without_waiting() -> None:
    shows = Shows(overtaken=frozenset({"old"}))
    latest = Coalescer(shows, lambda change: 10.0, name="test")
    latest.offer(1, "old")
    await asyncio.sleep(0.005)
    latest.offer(1, "new")
    started = time.monotonic()
    await settled(latest, 1)
    assert [c for _, c, _ in shows.shown] == ["new"]
    assert time.monotonic() - started < 5.0  # not an interval of 10 s


async def test_a_failed_show_is_logged_and_the_next_change_shown(
    caplog: pytest.LogCaptureFixture,
) -> None:
    shows = Shows(failing=frozenset({"bad"}))
    latest = Coalescer(shows, lambda change: 0.0, name="test")
    latest.offer(1, "bad")
    await settled(latest, 1)
    latest.offer(1, "good")
    await settled(latest, 1)
    assert [c for _, c, _ in shows.shown] == ["good"]
    assert "could not show table 1" in caplog.text


async def test_close_cancels_what_waits() -> None:
    shows = Shows()
    latest = Coalescer(shows, lambda change: 10.0, name="test")
    latest.offer(1, "first")
    await asyncio.sleep(0.05)
    latest.offer(1, "waiting")
    await latest.close()
    assert [c for _, c, _ in shows.shown] == ["first"]
    assert latest.running(1) is None
