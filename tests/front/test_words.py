"""The shared words: the same status and result words for every front end, each in its
own markup (Discord's bold, code and clock; the web's plain words)."""

from __future__ import annotations

from bot.front.seats import named
from bot.front.words import PLAIN, Chronicle, Markup, status_line, status_words
from bot.tables import Event, RecordingPresenter
from bot.tables.events import Acted
from bot.tables.updates import update_of
from tests.tables.test_seams import table_of
from tests.web.conftest import Site


async def test_plain_words_carry_no_markup_and_no_clock(site: Site) -> None:
    table = await site.table("tilters", 2)
    update = site.service.snapshot(table, Event.RESUMED)
    assert table.deadline_at is not None
    words = status_words(update, PLAIN)
    assert words.startswith("waiting for ") and "**" not in words and "<t:" not in words
    assert "`" not in words and "Deal seed hash: " in words
    marked = Markup(bold=lambda t: f"*{t}*", clock=lambda at: f" until {int(at)}")
    line = status_line(update, marked)
    assert line.startswith("*Tilters* - waiting for ")
    assert f" until {int(table.deadline_at)}." in line


async def test_a_stopped_table_s_words_say_so(site: Site) -> None:
    table = await site.table("tilters", 2)
    recorder = RecordingPresenter()
    site.service.presenters.append(recorder)
    await site.service.stop(table.id, table.host_id)
    assert status_line(recorder.updates[-1]) == (
        "Tilters - the table was stopped; every stake went home."
    )


def test_the_chronicle_tells_the_last_move_as_the_table_heard_it() -> None:
    table = table_of("tilters", 3)
    chronicle = Chronicle()
    assert chronicle.heard(update_of(table, Event.STARTED)) == "The cards are dealt."
    game, state = table.game, table.state
    (turn,) = game.awaiting(state)
    action = game.legal_actions(state, turn)[0]
    table.state = game.apply(state, turn, action)
    moved = update_of(table, Event.ACTED, Acted(turn, action, "timeout", "act"))
    said = chronicle.heard(moved)
    assert said == named(table, f"seat {turn} (timed out): {game.announce(state, turn, action)}")
    assert chronicle.heard(update_of(table, Event.RESUMED)) == said  # nothing new said
    assert chronicle.said(table.id) == said
    chronicle.heard(update_of(table, Event.STOPPED))
    assert chronicle.said(table.id) == ""  # a closed table is forgotten


def test_a_move_heard_without_the_moment_before_it_is_told_as_a_move() -> None:
    table = table_of("tilters", 3)
    (turn,) = table.game.awaiting(table.state)
    moved = update_of(table, Event.ACTED, Acted(turn, "x", "ai", "act"))
    assert Chronicle().heard(moved) == f"P{turn + 1}: moves"
