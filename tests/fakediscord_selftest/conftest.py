"""Fixtures: a fake Discord with the sample bot running on it."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.fakediscord import FakeDiscord

from .sample import SampleBot


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    """A fake Discord, closed after the test."""
    fake = FakeDiscord()
    yield fake
    await fake.close()


@pytest.fixture
async def bot(fake: FakeDiscord) -> SampleBot:
    """The sample bot, logged in and ready on `fake`."""
    bot = SampleBot()
    await fake.start(bot)
    return bot
