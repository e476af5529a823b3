"""The relay on one process (SQLite, or a table of this very process): every call runs
on the process's own table service at once, with its refusals in its own words; a
patience's hint comes back in words. And the relay's notifications: a call or news that
is not one is ignored; news too long for NOTIFY goes without its detail."""

from __future__ import annotations

import json
import random

import pytest

from bot.storage.channels import MAX_PAYLOAD_BYTES
from bot.tables import Event, TableError
from bot.tables.news import KEY, News, news_payload, read_news
from bot.tables.relay import Call, TableRelay, read_call
from tests.web.conftest import Site


def relay_of(site: Site) -> TableRelay:
    """The web's relay."""
    assert site.web.relay is not None
    return site.web.relay


async def test_moves_run_on_the_processs_own_tables(site: Site) -> None:
    table = await site.table("tilters", 2)
    relay, rng = relay_of(site), random.Random(1)
    assert relay.table(table.id) is table
    for _ in range(3):
        while 0 not in table.game.awaiting(table.state):
            await site.move(table, rng)  # not reached: the AI answers at once
        version = table.version
        await relay.act(
            table.id, site.alice.id, version, rng.choice(table.game.legal_actions(table.state, 0))
        )
        assert table.version > version
    with pytest.raises(TableError) as by_relay:
        await relay.act(table.id, site.alice.id, table.version - 1, "pass")
    with pytest.raises(TableError) as by_service:
        await site.service.act(table.id, site.alice.id, table.version - 1, "pass")
    assert by_relay.value.reason == by_service.value.reason
    with pytest.raises(TableError, match="already playing your own seat"):
        await relay.resume(table.id, site.alice.id)
    assert relay.table(table.id + 99) is None


async def test_a_patience_hint_comes_back_in_words(site: Site) -> None:
    table = await site.table("clock", 1)
    words = await relay_of(site).hint(table.id, site.alice.id, table.version)
    assert words and words == site.service.snapshot(table, Event.RESUMED).hint


async def test_a_closed_table_is_refused_as_the_service_refuses_it(site: Site) -> None:
    table = await site.table("tilters", 2)
    await site.service.stop(table.id, site.alice.id)
    with pytest.raises(TableError, match="closed"):
        await relay_of(site).decline_optional(table.id, site.alice.id, table.version)


def test_news_says_a_table_its_version_and_event_and_nothing_else() -> None:
    said = news_payload(News(7, 12, str(Event.ACTED), {"seat": 1, "action": "play 7E"}))
    assert json.loads(said) == {
        "t": 7,
        "v": 12,
        "e": "acted",
        "d": {"seat": 1, "action": "play 7E"},
    }
    assert read_news(said) == News(7, 12, "acted", {"seat": 1, "action": "play 7E"})
    assert read_news(news_payload(News(7, None, KEY))) == News(7, None, KEY)
    huge = news_payload(News(7, 12, str(Event.FINISHED), {"seeds": ["9" * 60] * 200}))
    assert len(huge.encode()) <= MAX_PAYLOAD_BYTES and "d" not in json.loads(huge)


@pytest.mark.parametrize(
    "payload",
    [
        "",
        "not json",
        "[]",
        '{"t": 1}',
        '{"t": "1", "v": 2, "e": "acted"}',
        '{"t": 1, "v": 2, "e": "won"}',
    ],
)
def test_a_notification_that_is_not_news_is_not_read_as_news(payload: str) -> None:
    assert read_news(payload) is None


def test_a_call_is_read_only_when_whole() -> None:
    call = {"id": 1, "to": "0123456789abcdef", "g": 5, "t": 6, "op": "act", "u": 7, "v": 8}
    assert read_call(json.dumps({**call, "a": "pass"})) == (
        Call("act", 6, 7, 8, "pass"),
        5,
        1,
        "0123456789abcdef",
    )
    for bad in (
        {**call, "a": "pass", "op": "stop"},
        {**call, "a": "pass", "to": "x; DROP"},
        {**call, "a": "pass", "u": "7"},
        {**call, "a": "pass", "v": True},
        {**call, "a": 3},
        call,
    ):
        assert read_call(json.dumps(bad)) is None
