"""The one path by which a change to a table is stored and shown: the action log, its
chip transfers and the seats' flags written in one unit of work, the table in memory
changed only once the write has succeeded, and then the presenters told. Closing a table
and a player leaving a game under way go through it too."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bot.games.rng import deal_seed
from bot.ledger import Ledger, LedgerError, Overdraft, Posting
from bot.storage import Database
from bot.storage import table_rows as rows
from bot.tables.accounts import LEAVE, digest_of
from bot.tables.checks import check_amount
from bot.tables.events import Acted, Event, Finished, Left, Stopped
from bot.tables.models import Actor, Entry, Seat, Status, Table, TableError
from bot.tables.notifier import Notifier
from bot.tables.registry import TableRegistry
from bot.tables.results import record_finished
from bot.tables.settings import ServiceSettings
from bot.tables.settlement import (
    Settlement,
    cash_out,
    chip_game,
    postings_of,
    stacks_after,
    top_up_posting,
    zeros,
)


class Committer:
    """Stores the tables' changes in units of work and tells the presenters of them."""

    def __init__(
        self,
        db: Database,
        settlement: Settlement,
        tables: TableRegistry,
        notifier: Notifier,
        settings: ServiceSettings,
        clock: Callable[[], float],
    ) -> None:
        self.db = db
        self.settlement = settlement
        self.tables = tables
        self.notifier = notifier
        self.settings = settings
        self.clock = clock

    @property
    def ledger(self) -> Ledger:
        """The ledger the chips are posted to."""
        return self.settlement.ledger

    async def write(self, work: Callable[[rows.Connection], Any]) -> Any:
        """Run one unit of work; a purse that cannot pay, or a posting the ledger
        refuses, becomes a TableError in words."""
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

    async def commit(
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
        deadline = None if over else self.deadline(table, state)
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

        await self.write(work)
        table.state, table.version, table.deadline_at = state, seq, deadline
        table.seats[:] = after
        await self._show_entry(table, entry, over)

    async def _show_entry(self, table: Table, entry: Entry, over: bool) -> None:
        """Tell the presenters of a stored entry; then close the table it ended, or send
        home the players who asked to leave once their hand is over."""
        detail = Acted(entry.seat, entry.action, str(entry.actor), entry.kind)
        await self.notifier.notify(table, Event.ACTED, detail)
        if over:
            self.tables.forget(table)
            deals = range(table.game.deal_number(table.state))
            seeds = tuple(deal_seed(table.seed, d) for d in deals)
            await self.notifier.notify(table, Event.FINISHED, Finished(seeds, table.seed))
        elif table.is_chip_game and entry.action != LEAVE:
            await self.settle_leavers(table)

    def deadline(self, table: Table, state: Any) -> float | None:
        """When the turn clock of the table runs out in this state (None: it does not run)."""
        timeout = self.settings.limits_of(table.guild_id).turn_timeout_s
        # patience is played at leisure: nobody is waiting on the player but the cards
        if timeout is None or table.game.info.at_leisure:
            return None
        waiting = [i for i in table.game.awaiting(state) if not table.seats[i].is_ai]
        return self.clock() + timeout if waiting else None

    async def settle_leavers(self, table: Table) -> None:
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
            await self.commit(table, entry, state, [gone], extra=extra)
            await self.notifier.notify(table, Event.LEFT, Left(seat=index))

    async def update_seat(self, table: Table, index: int, seat: Seat) -> None:
        """Store the new flags of seat `index` alone, then hold them in memory."""
        await self.write(lambda tx: rows.update_seat(tx, table.id, seat_row(seat)))
        table.seats[index] = seat

    async def leave_game(self, table: Table, index: int) -> Left:
        """A player leaves a game under way: at a chip table when the hand ends (the AI
        plays the seat till then), elsewhere at once, handing the seat to the AI. At a
        tournament table the AI plays the seat, stack and all, to the game's end: the
        bank lent the stack, so no chip of it is the player's to take home, and the
        others' table is played as it was dealt rather than ended by one leaving."""
        seat = table.seats[index]
        at_once = not table.is_chip_game or table.tournament_id is not None
        if at_once:
            flagged = replace(seat, left=True)
        else:
            flagged = replace(seat, leaving=True, ai_control=True)
        await self.update_seat(table, index, flagged)
        if at_once:
            return Left(seat=index)
        if chip_game(table).between_hands(table.state):
            await self.settle_leavers(table)
            return Left(seat=index)
        return Left(seat=index, when="end of hand")

    async def top_up(self, table: Table, index: int, user_id: int, amount: int) -> int:
        """Bring chips from a player's purse to the stake of seat `index`, between hands,
        logged as a stack entry; the amount (checked)."""
        game = chip_game(table)
        if table.tournament_id is not None:
            raise TableError("Tournament tables play from equal stacks; there are no top-ups.")
        amount = check_amount(amount, "top-up")
        if not game.between_hands(table.state):
            raise TableError("You can top up between hands, once this one is over.")
        state = game.adjust_stack(table.state, index, amount)
        extra = [top_up_posting(table, index, user_id, amount)]
        entry = Entry(index, "stack", f"{amount:+d}", Actor.TABLE)
        await self.commit(table, entry, state, [], extra=extra)
        return amount

    async def close(self, table: Table, by_user: int, reason: str) -> None:
        """Close a table, under its lock: the current hand is unwound, completed hands
        stand, every stake goes home, and the presenters are told it stopped."""
        postings: list[Posting] = []
        if table.status is Status.PLAYING and table.is_chip_game:
            game = chip_game(table)
            refunds = game.hand_refunds(table.state)
            postings = postings_of(table, refunds, f"refund:{table.id}:{table.version}")
            stacks, pot = stacks_after(game.stacks(table.state), game.pot(table.state), refunds)
            closing = game.closing_transfers(table.state, pot) if pot else ()
            postings += postings_of(table, closing, f"close:{table.id}:{table.version}")
            stacks, pot = stacks_after(stacks, pot, closing)
        else:
            stacks = tuple(table.buy_in for _ in table.seats)

        async def work(tx: rows.Connection) -> None:
            if postings:
                await self.ledger.post(tx, postings)
            await self.settlement.close_rows(tx, table, table.seats, stacks, reason)

        await self.write(work)
        self.tables.forget(table)
        await self.notifier.notify(table, Event.STOPPED, Stopped(by_user, reason))


def seat_row(seat: Seat) -> rows.SeatRow:
    """The stored row of a seat."""
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
