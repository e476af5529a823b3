"""The table service's core: the tables in memory, and the one path by which a change is
stored (the action log, its chip transfers and the seats' flags in one unit of work) and
then told to the presenters. `TableService` builds its operations on it."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import time
from collections.abc import AsyncIterator, Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any

from bot.games import IllegalAction
from bot.games.ai import ai_move, ai_optional_moves
from bot.games.base import View
from bot.games.rng import deal_seed
from bot.ledger import Ledger, LedgerError, Overdraft, Posting
from bot.storage import Database
from bot.storage import table_rows as rows
from bot.tables import grace
from bot.tables.accounts import LEAVE, digest_of
from bot.tables.checks import MAX_BUY_IN
from bot.tables.models import (
    Actor,
    Entry,
    Event,
    Presenter,
    Seat,
    Status,
    Table,
    TableError,
    Update,
)
from bot.tables.names import name_seats
from bot.tables.notes import TableNotes
from bot.tables.results import record_finished
from bot.tables.settlement import Settlement, cash_out, chip_game, zeros
from bot.tables.standings import Standings
from bot.tables.typed import as_listed

log = logging.getLogger(__name__)

CLOSED = "That table has closed. Start a new one with /table start."


@dataclass(frozen=True, slots=True)
class TableLimits:
    """One server's table rules: the default buy-in and its bounds, and the turn clock."""

    default_buy_in: int
    min_buy_in: int
    max_buy_in: int
    turn_timeout_s: float | None


@dataclass(frozen=True, slots=True)
class ServiceSettings:
    """The knobs of the table service."""

    default_buy_in: int = 100
    turn_timeout_s: float | None = 120.0
    handover_after: int = 3
    """Timeouts in a row after which a seat is handed to the AI until its player returns."""
    ai_delay_s: float = 0.0
    optional_grace_s: float | None = 10.0
    """How long the AI's next move waits for a person who may take optional actions out
    of turn (`bot.tables.grace`); 0: not at all; None: until they answer (the terminal,
    where only the AI waits on them)."""
    limits: Callable[[int], TableLimits] | None = None
    """Per-server limits by guild id (a plain lookup); None: the fields above everywhere."""


class TableCore:
    """The tables of this process and how their changes are stored and shown."""

    def __init__(
        self,
        db: Database,
        ledger: Ledger,
        settings: ServiceSettings | None = None,
        *,
        clock: Callable[[], float] = time.time,
        presenters: Iterable[Presenter] = (),
    ) -> None:
        self.db = db
        self.ledger = ledger
        self.settlement = Settlement(ledger)
        self.notes = TableNotes(db)
        self.standings = Standings(db)
        self.settings = settings or ServiceSettings()
        self.clock = clock
        self.presenters: list[Presenter] = list(presenters)
        self._tables: dict[int, Table] = {}
        self._by_channel: dict[int, int] = {}

    # -- lookups ---------------------------------------------------------------------------

    def table(self, table_id: int) -> Table:
        """The open table with this id."""
        table = self._tables.get(table_id)
        if table is None:
            raise TableError(CLOSED)
        return table

    @contextlib.asynccontextmanager
    async def _held(self, table_id: int, closed: str = CLOSED) -> AsyncIterator[Table]:
        """The open table with this id, its lock held for the block. Every request that
        changes a table comes through here: the table is looked for again once the lock
        is held, since the request queued before may have closed it meanwhile (two stops
        at once, a move that ends the game); then TableError with `closed`."""
        table = self._tables.get(table_id)
        if table is None:
            raise TableError(closed)
        async with table.lock:
            if not self._is_open(table):
                raise TableError(closed)
            yield table

    def _is_open(self, table: Table) -> bool:
        """Whether this very table is still open in this process (checked under its lock
        by every change, the AI's moves and the turn clock's included)."""
        return table.status is not Status.CLOSED and self._tables.get(table.id) is table

    def in_channel(self, channel_id: int) -> Table | None:
        """The open table of a channel, if any."""
        table_id = self._by_channel.get(channel_id)
        return None if table_id is None else self._tables.get(table_id)

    def require_in_channel(self, channel_id: int) -> Table:
        """The open table of a channel, or TableError saying there is none."""
        table = self.in_channel(channel_id)
        if table is None:
            raise TableError("There is no table in this channel. Start one with /table start.")
        return table

    def tables(self) -> list[Table]:
        """Every open table."""
        return list(self._tables.values())

    def private_view(self, table: Table, user_id: int) -> View:
        """A seated player's own view of the game."""
        seat = table.seat_of(user_id)
        if seat is None:
            raise TableError("You are not seated at this table.")
        if table.state is None:
            raise TableError("The game has not started yet.")
        return table.game.view(table.state, seat)

    def _checked_move(self, table: Table, index: int, action: str) -> Any:
        """The state after a player's action, which must be one of the seat's actions
        exactly as `actions_now` lists it (its legal actions, or out of turn its optional
        ones; front ends match what a person types to that list); otherwise TableError
        with the game's reason, seats named."""
        game, state = table.game, table.state
        legal = game.actions_now(state, index)
        try:
            after = game.apply(state, index, action)
        except IllegalAction as exc:
            raise TableError(name_seats(exc.reason, [s.name for s in table.seats])) from None
        if action not in legal:
            shown = action if len(action) <= 40 else action[:40] + "..."
            raise TableError(
                f"'{shown.strip()}' is not written as a move: choose one of your moves as it "
                f"is listed, for example '{legal[0]}'."
            )
        return after

    def typed_move(self, table_id: int, user_id: int, typed: str) -> str:
        """A move a player typed, matched to the moves they may make now as listed (case
        and spacing aside); as typed when it matches none, for `act` to refuse in words."""
        table = self._tables.get(table_id)
        index = None if table is None else table.seat_of(user_id)
        if table is None or table.state is None or index is None:
            return typed
        return as_listed(typed, table.game.actions_now(table.state, index))

    async def _advance(self, table: Table) -> None:
        """Let the AI play every seat it holds until a player must act or the game ends;
        an optional action an AI seat takes goes first, at once, since its chance may
        close as play goes on. It ends: every move is the game's own, and a game offers
        each optional action a bounded number of times (`Game.optional_actions`)."""
        while True:
            async with table.lock:
                if not self._is_open(table) or table.status is not Status.PLAYING:
                    return
                move = self._ai_choice(table)
                if move is None:
                    return
                index, action, state = move
                await self._commit(table, Entry(index, "act", action, Actor.AI), state, [])
            if self.settings.ai_delay_s:
                await asyncio.sleep(self.settings.ai_delay_s)

    def _ai_choice(self, table: Table) -> tuple[int, str, Any] | None:
        """The AI's next move at the table (seat, action, state after), or None when it
        has none (or waits on a person's optional actions, `bot.tables.grace`): an
        optional action an AI seat takes now, else an awaited AI seat's move."""
        game, state = table.game, table.state
        if grace.holds(table, self.clock(), self.settings.optional_grace_s):
            return None
        rng = random.Random(f"{table.seed}:ai:{table.version}")
        if game.info.out_of_turn:
            ai_seats = [i for i, s in enumerate(table.seats) if s.is_ai]
            optional = ai_optional_moves(game, state, ai_seats, rng)
            if optional is not None:
                return optional
        awaiting = [i for i in sorted(game.awaiting(state)) if table.seats[i].is_ai]
        if not awaiting:
            return None
        action, after = ai_move(game, state, awaiting[0], rng)
        return awaiting[0], action, after

    async def _commit(
        self,
        table: Table,
        entry: Entry,
        state: Any,
        seats: list[Seat],
        *,
        extra: list[Posting] | None = None,
    ) -> None:
        """Store one accepted entry with its transfers and the seats' new flags (`seats`
        are new values, by chair) in one unit of work, then show it. Called under the
        table's lock; the table in memory changes only once the write has succeeded."""
        game, seq = table.game, table.version + 1
        over = game.is_over(state)
        deadline = None if over else self._deadline(table, state)
        digest = digest_of(game, state)
        postings, stacks = self.settlement.entry_postings(table, state, seq, over, extra or [])
        after = _with_seats(table.seats, seats)
        e = entry

        async def work(tx: rows.Connection) -> None:
            await rows.append_action(
                tx, table.id, seq, e.seat, e.kind, e.action, e.actor, digest, deadline
            )
            if postings:
                await self.ledger.post(tx, postings)
            for seat in seats:
                await rows.update_seat(tx, table.id, seat_row(seat))
            if over:
                final = stacks or zeros(table)
                await self.settlement.close_rows(tx, table, after, final, "finished")
                await record_finished(tx, table, state)

        await self._write(work)
        table.state, table.version, table.deadline_at = state, seq, deadline
        table.seats[:] = after
        await self._show_entry(table, entry, over)

    async def _show_entry(self, table: Table, entry: Entry, over: bool) -> None:
        """Tell the presenters of a stored entry; then close the table it ended, or send
        home the players who asked to leave once their hand is over."""
        detail = {
            "seat": entry.seat,
            "action": entry.action,
            "actor": str(entry.actor),
            "kind": entry.kind,
        }
        await self._notify(table, Event.ACTED, detail)
        if over:
            self._forget(table)
            deals = range(table.game.deal_number(table.state))
            seeds = [deal_seed(table.seed, d) for d in deals]
            await self._notify(table, Event.FINISHED, {"seeds": seeds, "seed": table.seed})
        elif table.is_chip_game and entry.action != LEAVE:
            await self._settle_leavers(table)

    def limits_of(self, guild_id: int) -> TableLimits:
        """The table limits of a server."""
        if self.settings.limits is not None:
            return self.settings.limits(guild_id)
        s = self.settings
        return TableLimits(s.default_buy_in, 1, MAX_BUY_IN, s.turn_timeout_s)

    def _deadline(self, table: Table, state: Any) -> float | None:
        timeout = self.limits_of(table.guild_id).turn_timeout_s
        if timeout is None or table.game.info.at_leisure:
            return None
        waiting = [i for i in table.game.awaiting(state) if not table.seats[i].is_ai]
        return self.clock() + timeout if waiting else None

    async def _settle_leavers(self, table: Table) -> None:
        """Send home players who asked to leave, once their hand is over: each leaves the
        game for good (`ChipGame.leave`, which may end it) and their stake goes home."""
        game = chip_game(table)
        while table.status is Status.PLAYING and game.between_hands(table.state):
            index = next((i for i, s in enumerate(table.seats) if s.leaving), None)
            if index is None:
                return
            seat = table.seats[index]
            amount = game.stacks(table.state)[index]
            state = game.leave(table.state, index)
            gone = replace(seat, leaving=False, left=True)
            extra = [cash_out(table, gone, amount)] if amount else []
            entry = Entry(index, "stack", LEAVE, Actor.TABLE)
            await self._commit(table, entry, state, [gone], extra=extra)
            await self._notify(table, Event.LEFT, {"seat": index, "when": "now"})

    async def _write(self, work: Callable[[rows.Connection], Any]) -> Any:
        try:
            return await self.db.write(work)
        except Overdraft as exc:
            if exc.account.kind != "purse":
                raise  # a stake can never be overdrawn by the rules: this is a bug
            raise TableError(
                f"You have {exc.available:,} chips in your purse, and this needs {exc.needed:,}."
            ) from None
        except LedgerError as exc:
            raise TableError(exc.reason) from None

    def snapshot(self, table: Table, event: Event, detail: dict[str, Any] | None = None) -> Update:
        """The table as presenters see it: its views (public and each player's) and outcome."""
        public = private = None
        outcome = None
        if table.state is not None:
            game = table.game
            public = game.view(table.state, None)
            private = {
                i: game.view(table.state, i)
                for i, s in enumerate(table.seats)
                if s.user_id is not None and not s.left
            }
            outcome = game.outcome(table.state)
        return Update(table, event, detail or {}, public, private or {}, outcome)

    async def _notify(self, table: Table, event: Event, detail: dict[str, Any]) -> None:
        update = self.snapshot(table, event, detail)
        for presenter in self.presenters:
            try:
                await presenter.table_updated(update)
            except Exception:  # a front end's failure must not undo a stored move
                log.exception("presenter %r failed on %s", presenter, event)

    def _remember(self, table: Table) -> None:
        self._tables[table.id] = table
        self._by_channel[table.channel_id] = table.id

    def _forget(self, table: Table) -> None:
        table.status, table.deadline_at = Status.CLOSED, None
        self._tables.pop(table.id, None)
        if self._by_channel.get(table.channel_id) == table.id:
            del self._by_channel[table.channel_id]


def new_ticket(chair: int) -> str:
    return f"{chair}-{secrets.token_hex(4)}"


def seat_row(seat: Seat) -> rows.SeatRow:
    return rows.SeatRow(
        seat.chair,
        seat.user_id,
        seat.name,
        seat.ticket,
        seat.ai_control,
        seat.timeouts,
        seat.leaving,
        seat.left,
    )


def _with_seats(seats: list[Seat], changed: list[Seat]) -> list[Seat]:
    """The table's seats with some replaced by new values (matched by chair)."""
    by_chair = {s.chair: s for s in changed}
    return [by_chair.get(s.chair, s) for s in seats]
