"""The shared words: the same status and result words for every front end, each in its
own markup (Discord's bold, code and clock; the web's plain words)."""

from __future__ import annotations

from bot.front.words import PLAIN, Markup, status_line, status_words
from bot.tables import Event, RecordingPresenter
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
