"""The turn clock: a player whose time runs out has the AI move for them, and after
`ServiceSettings.handover_after` timeouts in a row their seat is handed to the AI until
they come back."""

from __future__ import annotations

import random
from dataclasses import replace

from bot.games.ai import ai_move
from bot.tables import grace
from bot.tables.autoplay import Autoplay
from bot.tables.events import Event, SeatOnly, TimedOut
from bot.tables.models import Actor, Entry, Status, Table


async def tick(autoplay: Autoplay) -> int:
    """Play for every player whose turn clock has run out, and let the AI go on where
    a person's grace for optional actions has passed; the number of tables moved."""
    moved = await play_overdue(autoplay)
    now = autoplay.committer.clock()
    lapsed = [t for t in autoplay.committer.tables.all() if grace.lapse(t, now)]
    for table in lapsed:
        await autoplay.advance(table)
    return moved + len(lapsed)


def next_deadline(tables: list[Table]) -> float | None:
    """The earliest turn deadline or end of a grace for optional actions of the tables."""
    deadlines = [t.deadline_at for t in tables] + [grace.grace_deadline(t) for t in tables]
    return min((d for d in deadlines if d is not None), default=None)


async def play_overdue(autoplay: Autoplay) -> int:
    """Play for every player whose turn clock has run out; the number of tables moved."""
    core = autoplay.committer
    now = core.clock()
    due = [t for t in core.tables.all() if t.deadline_at is not None and t.deadline_at <= now]
    for table in due:
        await expire(autoplay, table, table.version)
    return len(due)


async def expire(autoplay: Autoplay, table: Table, version: int) -> None:
    """Play for the players of one table whose turn clock has run out, if the table is
    still at `version`; a seat that times out often enough is handed to the AI."""
    core = autoplay.committer
    async with table.lock:
        if not core.tables.is_open(table) or table.status is not Status.PLAYING:
            return
        if table.version != version:
            return
        if table.deadline_at is None or table.deadline_at > core.clock():
            return
        for index in sorted(table.game.awaiting(table.state)):
            seat = table.seats[index]
            if seat.is_ai:
                continue
            rng = random.Random(f"{table.seed}:timeout:{table.version}")
            action, state = ai_move(table.game, table.state, index, rng)
            handed = seat.timeouts + 1 >= core.settings.handover_after
            late = replace(seat, timeouts=seat.timeouts + 1, ai_control=handed)
            entry = Entry(index, "act", action, Actor.TIMEOUT)
            await core.commit(table, entry, state, [late])
            await core.notifier.notify(table, Event.TIMED_OUT, TimedOut(index, action))
            if handed:
                await core.notifier.notify(table, Event.HANDED_TO_AI, SeatOnly(index))
            if table.status is not Status.PLAYING:
                return
    await autoplay.advance(table)
