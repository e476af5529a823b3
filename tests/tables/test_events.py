"""The events' details (bot/tables/events.py): one typed value per event, made plain for
the news between processes and read back from it, news half understood read as far as it
goes, never failed on."""

from __future__ import annotations

import pytest

from bot.tables.events import (
    KINDS,
    Acted,
    Chair,
    Created,
    Detail,
    Event,
    Finished,
    Left,
    Nothing,
    SeatOnly,
    StackChanged,
    Started,
    Stopped,
    TimedOut,
    detail_of,
    fits,
    plain,
)

TOLD = [
    (Event.CREATED, Created(user_id=7)),
    (Event.CREATED, Created(tournament_id=3)),
    (Event.LEFT, Left(seat=2, when="end of hand")),
    (Event.LEFT, Left(user_id=9)),
    (Event.AI_ADDED, Chair(4)),
    (Event.STARTED, Started("ab12")),
    (Event.ACTED, Acted(1, "play 7E", "timeout", "act")),
    (Event.TIMED_OUT, TimedOut(0, "pass")),
    (Event.HANDED_TO_AI, SeatOnly(1)),
    (Event.STACK_CHANGED, StackChanged(1, -20)),
    (Event.FINISHED, Finished(("s1", "s2"), 42)),
    (Event.STOPPED, Stopped(None, "everyone left")),
]


@pytest.mark.parametrize(("event", "detail"), TOLD)
def test_a_detail_made_plain_reads_back_the_same(event: Event, detail: Detail) -> None:
    assert fits(event, detail)
    assert detail_of(event, plain(detail)) == detail


def test_plain_leaves_defaults_out_and_makes_tuples_lists() -> None:
    assert plain(Left(seat=2)) == {"seat": 2}
    assert plain(Finished(("a",), 5)) == {"seeds": ["a"], "seed": 5}
    assert plain(Nothing()) == {}


def test_news_half_understood_is_read_as_far_as_it_goes() -> None:
    assert detail_of(Event.ACTED, {"seat": True, "action": 5, "actor": "ai", "x": 1}) == Acted(
        actor="ai"
    )
    assert detail_of(Event.FINISHED, {"seeds": ["a", 3], "seed": "7"}) == Finished()
    assert detail_of(Event.STOPPED, {}) == Stopped()
    assert detail_of(Event.RESUMED, {"seat": None}) == SeatOnly()


def test_each_event_takes_its_own_detail_or_none() -> None:
    for event, kind in KINDS.items():
        assert fits(event, kind()) and fits(event, Nothing())
    assert not fits(Event.ACTED, Stopped())
    assert not fits(Event.JOINED, Chair(1))
