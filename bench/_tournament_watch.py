"""What the tournament benchmark attaches to a running bot: fast players who move the
moment their table awaits them, a stopwatch on the tables and the rounds, and a task
that samples the event loop's lag.

The players are people, not AI seats (an AI seat never wins a prize, and a person who
never moves forfeits after the turn clock's timeouts): each move goes through the table
service's `act`, as "My hand" and its select would send it, and is the move the game's
AI would choose for that seat (`bot.games.ai.ai_move`), as a quick player would play it.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from typing import Any

from bot.client import ParlourBot
from bot.games.ai import ai_move
from bot.tables import Event, Status, Table, TableError, Update
from bot.tournaments.service.models import News, NewsKind, Slot, Tournament
from tests.fakediscord import FakeDiscord


class FastPlayers:
    """A table presenter that plays each person's seat of a tournament table as soon
    as the table awaits it, one task per table while there is a person to move."""

    def __init__(self, bot: ParlourBot) -> None:
        self.bot = bot
        self.moves = 0
        self._busy: set[int] = set()
        self._tasks: set[asyncio.Task[None]] = set()

    async def table_updated(self, update: Update) -> None:
        """Start the table's player task when a person is awaited there."""
        facts = update.table
        if facts.tournament_id is None or facts.id in self._busy:
            return
        table = self.bot.tables.registry.get(facts.id)
        if table is None or _person_to_move(table) is None:
            return
        self._busy.add(table.id)
        task = asyncio.get_running_loop().create_task(self._play(table))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _play(self, table: Table) -> None:
        """Move for each awaited person in turn until the AI or nobody is to move."""
        try:
            while (move := _person_to_move(table)) is not None:
                user_id, action = move
                try:
                    await self.bot.tables.act(table.id, user_id, table.version, action)
                except TableError:
                    await asyncio.sleep(0)  # the table moved on meanwhile: look again
                else:
                    self.moves += 1
        finally:
            self._busy.discard(table.id)


def _person_to_move(table: Table) -> tuple[int, str] | None:
    """The first awaited person's user id and the AI's move for them, or None."""
    if table.status is not Status.PLAYING or table.state is None:
        return None
    for seat in table.game.awaiting(table.state):
        user_id = table.seats[seat].user_id
        if user_id is not None and not table.seats[seat].is_ai:
            rng = random.Random(f"{table.seed}:bench:{table.version}")
            action, _ = ai_move(table.game, table.state, seat, rng)
            return user_id, action
    return None


class Stopwatch:
    """Times the tournament: each table's end and moves (a table presenter), each
    round's seating news (a tournament host after the Discord one), and each channel's
    first message in the fake Discord (in a table's thread: the table's message)."""

    def __init__(self, fake: FakeDiscord, clock: Callable[[], float] = time.perf_counter) -> None:
        self.clock = clock
        self.ended: dict[int, float] = {}
        """A tournament table's end, by table id."""
        self.seated: dict[int, float] = {}
        """The service's news that a round is seated (every table open), by round."""
        self.shown: dict[int, float] = {}
        """The first message with a picture in each thread (the table's message)."""
        self.moves = 0
        self.finished = asyncio.Event()
        self._watch_messages(fake)

    def _watch_messages(self, fake: FakeDiscord) -> None:
        api = fake.api
        create = api.create_message

        def created(channel_id: int, body: Any, files: Any, **kwargs: Any) -> Any:
            message = create(channel_id, body, files, **kwargs)
            self.shown.setdefault(channel_id, self.clock())
            return message

        api.create_message = created  # type: ignore[method-assign]

    async def table_updated(self, update: Update) -> None:
        """Count a tournament table's moves and note when it ends."""
        if update.table.tournament_id is None:
            return
        if update.event is Event.ACTED:
            self.moves += 1
        elif update.event in (Event.FINISHED, Event.STOPPED):
            self.ended.setdefault(update.table.id, self.clock())

    async def open_thread(self, tournament: Tournament, slot: Slot) -> int:
        """Never asked: the Discord host, first of the hosts, opens the threads."""
        raise AssertionError("the stopwatch opens no threads")

    async def tournament_updated(self, news: News) -> None:
        """Note when each round is seated, and the end."""
        if news.kind is NewsKind.ROUND_SEATED:
            self.seated.setdefault(news.round, self.clock())
        elif news.kind in (NewsKind.FINISHED, NewsKind.CANCELLED):
            self.finished.set()

    def rounds(self, t: Tournament, started: float) -> list[dict[str, float]]:
        """Each round's seating: from the last table of the round before ending (round
        one: from the start command) to the service's news that every table is open,
        and to the last of its tables' messages shown in its thread."""
        out, before = [], started
        for round_no in range(1, t.round + 1):
            slots = t.slots_of(round_no)
            shown = [self.shown.get(s.thread_id or 0) for s in slots]
            seated = self.seated.get(round_no)
            out.append(
                {
                    "round": round_no,
                    "tables": len(slots),
                    "seated_s": (seated - before) if seated else float("nan"),
                    "shown_s": (max(shown) - before) if all(shown) else float("nan"),  # type: ignore[type-var]
                }
            )
            ends = [self.ended.get(s.table_id or 0) for s in slots]
            before = max(e for e in ends if e is not None) if any(ends) else before
        return out


class LagMonitor:
    """Samples the event loop's lag: how late a 10 ms sleep wakes, over and over."""

    def __init__(self, period_s: float = 0.01) -> None:
        self.period_s = period_s
        self.lags: list[float] = []
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Begin sampling."""
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        """Stop sampling."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    async def _run(self) -> None:
        while True:
            before = time.perf_counter()
            await asyncio.sleep(self.period_s)
            self.lags.append(time.perf_counter() - before - self.period_s)
