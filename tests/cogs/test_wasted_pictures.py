"""No wasted pictures: a table edit's picture that a newer change would replace before it
is sent is taken back while it waits, the newest drawn in its place; a hand is drawn once
for its "My hand" answer and its DM; a table nobody sits at any more draws its final
state, not the moves before it; and edits coalesce harder while the workers are behind."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections.abc import AsyncIterator, Callable
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from bot.client import ParlourBot
from bot.front.seats import labels_of, named_texts
from bot.tables import Event, Table, Update
from cogs import _render
from cogs._presenter import (
    MOST_INTERVALS,
    UNWATCHED_INTERVALS,
    presenter_of,
    unwatched,
)
from cogs._render import RenderPool, Superseded, Ticket
from cogs._render_workers import Worker
from render import Picture, render_hand, render_table
from tests.cogs.test_manners import start_table, table_message
from tests.fakediscord import FakeDiscord, FakeUser


@pytest.fixture(autouse=True)
def quick_edits(bot: ParlourBot) -> None:
    """Edit table messages at once (no coalescing pause between edits)."""
    presenter_of(bot).min_interval_s = 0.0


def noted_picture(notes: Path, name: str, seconds: float) -> Picture:
    """A stand-in drawing that takes `seconds` of a worker's time and notes its name."""
    time.sleep(seconds)
    with notes.open("a") as out:
        out.write(name + "\n")
    return Picture(name.encode(), f"{name}.png", "image/png", 1, 1)


@pytest.fixture
async def pool() -> AsyncIterator[RenderPool]:
    """A one-worker pool, warmed up, stopped after the test."""
    pool = RenderPool(workers=1)
    await pool.draw(partial(time.sleep, 0.0), urgent=True)  # type: ignore[arg-type]
    yield pool
    pool.shutdown()


def drawn_in_workers(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every drawing the process's render pool hands to a worker, from now on."""
    real = Worker.give
    drawn: list[Any] = []  # the drawings, partials of the render functions

    def give(worker: Worker, job: Any, draw: Callable[[], Picture]) -> None:
        drawn.append(draw)
        real(worker, job, draw)

    monkeypatch.setattr(Worker, "give", give)
    return drawn


async def test_a_withdrawn_drawing_is_never_drawn_and_its_redraw_keeps_its_place(
    pool: RenderPool, tmp_path: Path
) -> None:
    notes = tmp_path / "drawn"
    busy = asyncio.create_task(pool.draw(partial(noted_picture, notes, "busy", 0.3), urgent=False))
    await asyncio.sleep(0.05)  # "busy" is in the worker
    ticket = Ticket()
    old = asyncio.create_task(
        pool.draw(partial(noted_picture, notes, "old", 0.0), urgent=False, ticket=ticket)
    )
    await asyncio.sleep(0.01)
    later = asyncio.create_task(
        pool.draw(partial(noted_picture, notes, "later", 0.0), urgent=False)
    )
    await asyncio.sleep(0.01)
    assert pool.queued == 2
    assert pool.withdraw(ticket)
    assert pool.queued == 1  # "later" alone waits now
    with pytest.raises(Superseded):
        await old
    new = pool.draw(partial(noted_picture, notes, "new", 0.0), urgent=False, ticket=ticket)
    assert (await new).data == b"new"
    await asyncio.gather(busy, later)
    assert notes.read_text().split() == ["busy", "new", "later"]  # "old" never drawn
    assert not pool.withdraw(ticket)  # done: nothing to take back


async def test_a_drawing_a_worker_has_begun_is_not_taken_back(
    pool: RenderPool, tmp_path: Path
) -> None:
    ticket = Ticket()
    drawing = partial(noted_picture, tmp_path / "drawn", "begun", 0.2)
    begun = asyncio.create_task(pool.draw(drawing, urgent=False, ticket=ticket))
    await asyncio.sleep(0.05)
    assert not pool.withdraw(ticket)
    assert (await begun).data == b"begun"


async def test_a_newer_update_takes_the_place_of_an_edit_still_waiting_for_a_worker(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await start_table(fake, bot, alice, "tilters")
    await fake.settle()
    message = table_message(fake)
    edits = len(message.versions)
    presenter = presenter_of(bot)
    drawn = drawn_in_workers(monkeypatch)
    # the edits' workers are busy: an edit's picture waits in the queue
    busy = [asyncio.create_task(_render.POOL.draw(partial(time.sleep, 0.4), urgent=False))]  # type: ignore[arg-type]
    await asyncio.sleep(0.05)
    old, new = (titled(bot, table, title) for title in ("old state", "new state"))
    await presenter.table_updated(old)
    await asyncio.sleep(0.05)
    await presenter.table_updated(new)
    await asyncio.gather(*busy)
    await asyncio.wait_for(presenter.edits_due.running(table.id), 5.0)  # the table's edits are done
    scenes = [d.args[0]["title"] for d in drawn if getattr(d, "func", None) is render_table]
    assert scenes == ["new state"]  # the old one was never drawn
    assert new.public is not None
    names = [s.name for s in table.seats]
    shown = render_table(named_texts(new.public["scene"], names), labels_of(table))
    assert message.files[0].data == shown.data
    assert len(message.versions) == edits + 1


def titled(bot: ParlourBot, table: Table, title: str) -> Update:
    """The table's update, its picture titled `title`."""
    update = bot.tables.snapshot(table, Event.RESUMED)
    assert update.public is not None
    update.public["scene"]["title"] = title
    return update


async def test_a_hand_is_drawn_once_for_its_answer_and_its_dm(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await start_table(fake, bot, alice, "tilters")
    await fake.settle()
    (dm,) = fake.dms(alice)  # the deal
    drawn = drawn_in_workers(monkeypatch)
    answer = await fake.click(table_message(fake), label="My hand", by=alice)
    picture = answer.messages[-1].files[0].data
    assert picture == dm.files[0].data
    assert not [d for d in drawn if getattr(d, "func", None) is render_hand]
    seat = next(s for s in table.seats if s.user_id == alice.id)
    cards = table.game.view(table.state, seat.chair)["scene"]["seats"][seat.chair]["cards"]
    title = f"{seat.name}'s hand"
    assert picture == render_hand(cards, str(table.pack), title=title).data


async def test_a_table_nobody_sits_at_draws_its_final_state_only(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser
) -> None:
    table = await start_table(fake, bot, alice, "tilters")
    await fake.settle()
    message = table_message(fake)
    edits = len(message.versions)
    presenter = presenter_of(bot)
    presenter.min_interval_s = 0.2  # nobody there: 6 s between edits
    facts = bot.tables.snapshot(table, Event.RESUMED).table
    empty = dataclasses.replace(
        facts, seats=tuple(dataclasses.replace(s, left=True) for s in facts.seats)
    )
    for n in range(5):
        moved = dataclasses.replace(titled(bot, table, f"move {n}"), table=empty)
        assert unwatched(moved)
        await presenter.table_updated(moved)
        await asyncio.sleep(0.05)
    assert len(message.versions) == edits  # nobody saw those moves: none drawn
    final = dataclasses.replace(bot.tables.snapshot(table, Event.FINISHED), table=empty)
    assert not unwatched(final)
    await presenter.table_updated(final)
    # the end is shown at once, not after the 6 s the moves before it waited
    await asyncio.wait_for(presenter.edits_due.running(table.id), 5.0)
    assert len(message.versions) == edits + 1


async def test_edits_coalesce_harder_while_the_workers_are_behind(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await start_table(fake, bot, alice, "tilters")
    presenter = presenter_of(bot)
    presenter.min_interval_s = 1.0
    update = bot.tables.snapshot(table, Event.RESUMED)
    waiting = [0]
    monkeypatch.setattr(RenderPool, "queued", property(lambda _: waiting[0]))
    assert presenter.edit_interval(update) == 1.0
    waiting[0] = 50
    assert presenter.edit_interval(update) == 3.0  # one more interval per 25 waiting
    waiting[0] = 100_000
    assert presenter.edit_interval(update) == MOST_INTERVALS
    empty = dataclasses.replace(table, seats=[s for s in table.seats if s.user_id is None])
    alone = dataclasses.replace(update, table=empty)
    assert presenter.edit_interval(alone) == UNWATCHED_INTERVALS
