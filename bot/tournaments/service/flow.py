"""A running tournament moving on: its tables opened in their threads, each table's end
recorded, a no-show's forfeit, the next round seated when the last table of one ends, and
at the end the prizes paid — each step stored before the next begins, so a restart
resumes wherever it fell (`TournamentService.recover`).

Work on one tournament happens under its lock. The table service tells us of a table's
end while it holds that table's lock, so what follows (which opens and leaves other
tables) runs as a task of its own (`Flow.later`), which `settle()` waits for.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from bot.ledger import Ledger, Posting
from bot.storage import Database
from bot.storage import table_rows as table_rows
from bot.storage import tournament_reads as reads
from bot.storage import tournament_rows as rows
from bot.tables import TableService
from bot.tables.models import TableError
from bot.tables.updates import TableFacts
from bot.tournaments.prizes import pay
from bot.tournaments.service import money
from bot.tournaments.service.board import Line, lines_of
from bot.tournaments.service.load import result_row
from bot.tournaments.service.models import (
    News,
    NewsKind,
    Phase,
    SeatResult,
    Slot,
    Tournament,
    TournamentHost,
)
from bot.tournaments.service.results import result_of
from bot.tournaments.service.rounds import next_round, seat_names, store_round

log = logging.getLogger(__name__)

OPEN_AT_ONCE = 8
"""How many of a round's tables are opened at once (threads, then tables)."""


class Flow:
    """Moves running tournaments on (see the module docstring)."""

    def __init__(self, db: Database, tables: TableService, hosts: list[TournamentHost]) -> None:
        self.db = db
        self.tables = tables
        self.hosts = hosts
        self.live: dict[int, Tournament] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def ledger(self) -> Ledger:
        """The ledger the buy-ins and prizes are posted to."""
        return self.tables.ledger

    def later(self, work: Callable[[], Coroutine[Any, Any, None]]) -> None:
        """Run some work as a task of its own (failures are logged, not lost)."""
        task = asyncio.get_running_loop().create_task(self._logged(work))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _logged(self, work: Callable[[], Awaitable[None]]) -> None:
        try:
            await work()
        except Exception:
            log.exception("tournament work failed; the clock will try again")

    async def settle(self) -> None:
        """Wait until no tournament work is pending (for tests and a clean shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def tell(self, news: News) -> None:
        """Tell every host of a change (a host's failure is logged, never raised)."""
        for host in list(self.hosts):
            try:
                await host.tournament_updated(news)
            except Exception:
                log.exception("a tournament host failed to show %s", news.kind)

    # -- rounds ---------------------------------------------------------------------------

    async def seat_next(self, t: Tournament) -> None:
        """Seat the next round (under the tournament's lock), or finish the tournament."""
        seated = next_round(t)
        if seated is None:
            await self.finish(t)
            return
        slots = await self.db.write(lambda tx: store_round(tx, t, seated))
        t.round += 1
        t.slots += slots
        t.byes[t.round] = tuple(seated.byes)
        await self.open_slots(t)

    async def open_slots(self, t: Tournament) -> None:
        """Open every table of the round under way not opened yet, each in its thread;
        then tell the hosts the round is seated (the news links each table's thread)."""
        waiting = [s for s in t.slots_of(t.round) if s.table_id is None]
        if not waiting or t.phase is not Phase.RUNNING:
            return
        # a few tables at once: each waits mostly on Discord and the database, and one
        # after another a round of 64 tables took 4 s to seat (bench_tournament.py)
        for first in range(0, len(waiting), OPEN_AT_ONCE):
            batch = waiting[first : first + OPEN_AT_ONCE]
            done = await asyncio.gather(
                *(self._open(t, slot) for slot in batch), return_exceptions=True
            )
            failed = [e for e in done if isinstance(e, BaseException)]
            if failed:
                raise failed[0]  # the rest of the batch is stored; the clock retries
        count = len(t.slots_of(t.round))
        words = f"Round {t.round} is seated: {count} table{'s' if count != 1 else ''}"
        byes = t.byes.get(t.round, ())
        if byes:
            words += ", a bye for " + ", ".join(t.name_of(p) for p in byes)
        await self.tell(News(t, NewsKind.ROUND_SEATED, round=t.round, words=words + "."))

    async def _open(self, t: Tournament, slot: Slot) -> None:
        """Give a slot its thread and its table, storing each as it comes."""
        if slot.thread_id is None:
            if not self.hosts:
                raise TableError("No front end is there to open the tables' threads.")
            thread = await self.hosts[0].open_thread(t, slot)
            await self.db.write(
                lambda tx: rows.set_thread(tx, t.id, slot.round, slot.number, thread)
            )
            slot.thread_id = thread
        thread_id = slot.thread_id
        table_id = await reads.table_in_thread(self.db, t.id, thread_id)
        if table_id is None:
            table = await self.tables.open_tournament_table(
                guild_id=t.guild_id,
                channel_id=thread_id,
                game_key=t.game.info.key,
                options=t.options,
                seats=seat_names(t, slot.seats),
                stack=t.stack,
                tournament_id=t.id,
            )
            table_id = table.id
        found = table_id
        await self.db.write(lambda tx: rows.set_table(tx, t.id, slot.round, slot.number, found))
        slot.table_id = found
        if await self._closed(found):
            await self.table_closed(t, slot)

    async def _closed(self, table_id: int) -> bool:
        """Whether a table has closed (it ended while we were not looking)."""
        row = await table_rows.table_row(self.db, table_id)
        return row is not None and row.status == "closed"

    # -- a table's end -------------------------------------------------------------------

    def slot_of(self, t: Tournament, table: TableFacts) -> Slot | None:
        """The slot a table was opened for (found by its thread)."""
        for slot in t.slots_of(t.round):
            if slot.thread_id == table.channel_id or slot.table_id == table.id:
                return slot
        return None

    async def table_closed(self, t: Tournament, slot: Slot, final: object | None = None) -> None:
        """Record how a closed table ended (under the tournament's lock), from its `final`
        state when the table service just told of it, else from its stored log; the next
        round when it was the last of its round."""
        if slot.result is not None or slot.table_id is None or t.phase is not Phase.RUNNING:
            return
        result = await self._result(t, slot.table_id, final)
        stored = result_row(result)
        await self.db.write(lambda tx: rows.set_result(tx, t.id, slot.round, slot.number, stored))
        slot.result = result
        names = ", ".join(
            f"{t.name_of(p)} {_ordinal(place)}"
            for p, place in sorted(zip(slot.seats, result.places, strict=True), key=lambda x: x[1])
        )
        words = f"Round {slot.round}, table {slot.number} is over: {names}."
        await self.tell(News(t, NewsKind.TABLE_DONE, round=slot.round, slot=slot, words=words))
        if all(s.result is not None for s in t.slots_of(t.round)):
            done = f"Round {t.round} is over."
            await self.tell(News(t, NewsKind.ROUND_DONE, round=t.round, words=done))
            await self.seat_next(t)

    async def _result(self, t: Tournament, table_id: int, final: object | None) -> SeatResult:
        """How a closed table ended: its final state as the table service held it, or
        (at a restart) as its stored log rebuilds it, which is the same state. Rebuilding
        replays and checks every move in one step of the event loop (tens of ms for a
        long game), so the live state is used whenever there is one."""
        if final is None:
            replay = await self.tables.replays.open(table_id)
            final = replay.state_at(replay.last)
        seats = (await table_rows.seats_of(self.db, [table_id]))[table_id]
        forfeits = []
        for i, seat in enumerate(seats):
            gone = seat.ai_control or seat.left or seat.leaving
            if (
                seat.user_id is not None
                and gone
                and not await reads.played_at(self.db, table_id, i)
            ):
                forfeits.append(i)
        # a player out of the tournament withdrew from this table too, even when it ended
        # before the table service heard of their leaving
        left = [s.left or s.leaving or _dropped(t, s.user_id) for s in seats]
        return result_of(t.game, final, left, forfeits, t.stack)

    async def forfeit(self, t: Tournament, table: TableFacts, seat: int) -> None:
        """A player handed to the AI who never made a move at their table forfeits it: out
        of the tournament, and off the table (the AI plays their seat to its end)."""
        user_id = table.seats[seat].user_id
        player = t.players.get(user_id) if user_id is not None else None
        if player is None or player.dropped or t.phase is not Phase.RUNNING:
            return
        if await reads.played_at(self.db, table.id, seat):
            return
        await self.drop(t, player.user_id, "did not come to their table and forfeits it")
        # the table may have ended meanwhile
        with contextlib.suppress(TableError):
            await self.tables.leave(table.id, player.user_id)

    async def drop(self, t: Tournament, user_id: int, why: str) -> None:
        """Take a player out of the pairing from the round under way."""
        player = t.players[user_id]
        await self.db.write(lambda tx: rows.drop_player(tx, t.id, user_id, t.round))
        player.dropped = max(t.round, 1)
        words = f"{player.name} {why}."
        await self.tell(News(t, NewsKind.DROPPED, user_id=user_id, round=t.round, words=words))

    # -- the end ---------------------------------------------------------------------------

    async def finish(self, t: Tournament) -> None:
        """Rank the players, pay the prizes from the escrow and close it, all in one unit
        of work; then tell the hosts who won."""
        lines = lines_of(t)
        prizes = prizes_of(t, lines)
        postings: list[Posting] = [
            money.prize(t, line.user_id, amount)
            for line, amount in zip(lines, prizes, strict=True)
            if amount
        ]

        async def work(tx: rows.Connection) -> None:
            for line, amount in zip(lines, prizes, strict=True):
                await rows.set_place(tx, t.id, line.user_id, line.place, amount)
            if postings:
                await self.ledger.post(tx, postings)
            await self.ledger.close_entry(tx, t.guild_id, t.id)
            await rows.set_status(tx, t.id, Phase.FINISHED)

        await self.db.write(work)
        for line, amount in zip(lines, prizes, strict=True):
            t.players[line.user_id].place, t.players[line.user_id].prize = line.place, amount
        t.phase = Phase.FINISHED
        self.live.pop(t.id, None)
        await self.tell(News(t, NewsKind.FINISHED, words=winner_words(t, lines, prizes)))


def prizes_of(t: Tournament, lines: tuple[Line, ...]) -> tuple[int, ...]:
    """Each line's prize: the pot paid to the players who did not withdraw, by their
    places (the withdrawn, ranked below them, take none); only when every player withdrew
    is it paid to the withdrawn by theirs, since the escrow is always paid out."""
    paid = [line for line in lines if not line.dropped] or list(lines)
    if not paid:
        return ()
    amounts = pay(t.pot, t.prizes, [line.place for line in paid])
    won = {line.user_id: amount for line, amount in zip(paid, amounts, strict=True)}
    return tuple(won.get(line.user_id, 0) for line in lines)


def winner_words(t: Tournament, lines: tuple[Any, ...], prizes: tuple[int, ...]) -> str:
    """The end announced: who won, and the prizes paid."""
    if not lines:
        return f"{t.title} tournament #{t.id} is over, with nobody left to rank."
    top = [line.name for line in lines if line.place == 1]
    words = f"{' and '.join(top)} {'wins' if len(top) == 1 else 'share first place in'}"
    words += f" the {t.title} tournament #{t.id}!"
    paid = [f"{line.name} {amount:,}" for line, amount in zip(lines, prizes, strict=True) if amount]
    if paid:
        words += " Prizes: " + ", ".join(paid) + " chips."
    return words


def _dropped(t: Tournament, user_id: int | None) -> bool:
    """Whether a seat's player has left the tournament (or forfeited out of it)."""
    player = t.players.get(user_id) if user_id is not None else None
    return player is not None and bool(player.dropped)


def _ordinal(place: int) -> str:
    """1st, 2nd, 3rd, 4th ..."""
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"
