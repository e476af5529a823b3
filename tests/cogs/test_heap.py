"""The running bot sets the garbage collector for a long life (bot/heap.py); a bot made
for a test leaves it alone."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from bot import heap
from bot.client import make_bot
from bot.config import Settings
from tests.fakediscord import FakeDiscord


@pytest.fixture
def collector() -> Iterator[None]:
    """The collector as it was before the test, whatever the test did to it."""
    threshold = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*threshold)


def test_settling_freezes_the_survivors_and_raises_the_young_threshold(collector: None) -> None:
    _, middle, oldest = gc.get_threshold()
    garbage: list[object] = []
    garbage.append(garbage)  # a cycle nothing refers to: collected, not frozen
    del garbage
    heap.settle()
    assert gc.get_freeze_count() > 0
    assert gc.get_threshold() == (heap.YOUNG_THRESHOLD, middle, oldest)
    assert gc.get_count()[0] < 100  # collected just now


async def test_a_bot_made_to_settle_does_so_once_started(
    settings: Settings, collector: None
) -> None:
    fake = FakeDiscord()
    await fake.start(make_bot(settings))
    assert gc.get_freeze_count() == 0  # a test's bot: the collector untouched
    await fake.close()
    fake = FakeDiscord()
    await fake.start(make_bot(settings, settle_heap=True))
    try:
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold()[0] == heap.YOUNG_THRESHOLD
    finally:
        await fake.close()
