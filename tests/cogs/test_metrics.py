"""The latencies /metrics gives, measured through the fake Discord: every interaction's
answer is timed once, from its arrival to the callback's response, and every edit of a
table message from the change it shows; the render queue is there too."""

from __future__ import annotations

import dataclasses
import time

import aiohttp
import pytest

from bot.answers import AnswerClock
from bot.client import ANSWER_METRIC, ParlourBot
from bot.config import Settings, WebSettings
from cogs._presenter import EDIT_METRIC, presenter_of
from tests.fakediscord import FakeDiscord, FakeUser
from web.metrics import Histogram

SECRET = "k3Y-for-the-tests-only-0123456789abcdef"


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """The bot's settings with the web on, on any free port."""
    return dataclasses.replace(settings, web=WebSettings(0, "http://parlour.test", SECRET))


async def scraped(bot: ParlourBot) -> dict[str, float]:
    """Every sample of the bot's /metrics, by name (with its labels)."""
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{bot.web.port}/metrics") as answer,
    ):
        text = await answer.text()
    samples = [line.rsplit(" ", 1) for line in text.splitlines() if not line.startswith("#")]
    return {name: float(value) for name, value in samples}


def buckets(samples: dict[str, float], metric: str) -> list[float]:
    """A histogram's cumulative bucket counts, in the order of their bounds."""
    return [v for k, v in samples.items() if k.startswith(f"{metric}_bucket")]


async def test_every_answer_and_every_table_edit_is_timed(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, bob: FakeUser
) -> None:
    presenter_of(bot).min_interval_s = 0.0
    await fake.slash("table start", {"game": "tilters"}, by=alice)
    (message,) = [m for m in fake.channel_messages() if m.attachments]
    await fake.click(message, label="Join", by=bob)
    before = await scraped(bot)
    await fake.click(message, label="Start", by=alice)
    after = await scraped(bot)
    answered = after[f"{ANSWER_METRIC}_count"]
    assert answered == len(fake.api.interactions) == 3  # each answered, each timed once
    for metric in (ANSWER_METRIC, EDIT_METRIC):
        counts = buckets(after, metric)
        assert counts == sorted(counts) and counts[-1] == after[f"{metric}_count"]
        assert 0 < after[f"{metric}_sum"] < 10 * after[f"{metric}_count"]
    assert after[f"{EDIT_METRIC}_count"] == before[f"{EDIT_METRIC}_count"] + 1  # the deal
    assert after["parlour_render_queue"] == 0


def test_answers_never_given_are_forgotten_once_many_wait() -> None:
    clock = AnswerClock(Histogram("parlour_test_seconds", "Test.", (1.0,)).observe)
    long_ago = time.monotonic() - AnswerClock.FORGET_AFTER_S - 1
    clock.waiting = {str(i): long_ago for i in range(AnswerClock.KEEP - 1)}
    clock.arrived(5001)
    assert len(clock.waiting) == AnswerClock.KEEP  # not yet: room for one more
    clock.arrived(5002)
    assert set(clock.waiting) == {"5001", "5002"}
