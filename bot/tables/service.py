"""The table service: one game per channel, seats, lobby, turns and deadlines, AI seats,
table stakes, and recovery after a restart (DESIGN.md "A move, end to end").

Every change to a table happens under that table's lock and is stored in one unit of
work: an accepted action is appended to the action log together with the chip transfers
it caused, so a crash can never separate a move from its money. Users are integer ids;
nothing here knows Discord. Front ends hear of every change through `Presenter`s.

This is the public face; the work is done beside it: `_core` (the tables in memory and
the one path that stores an entry and shows it), `settlement` (where the chips go),
`results` (a finished game's record), `lobby` (seats taken and freed), `clock` (turn
timeouts), `grace` (the AI's wait for a person's optional actions), `restart` (recovery),
`checks` (plain refusals).
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from bot.games.rng import commitment, deal_seed
from bot.ledger import Account, Posting, Reason
from bot.storage import table_rows as rows
from bot.tables import grace
from bot.tables._core import (
    ServiceSettings,
    TableCore,
    new_ticket,
    seat_row,
)
from bot.tables.accounts import digest_of
from bot.tables.checks import (
    LEAVING,
    busy_message,
    check_amount,
    checked_buy_in,
    game_and_options,
    not_your_turn,
    require_host,
    require_room,
    require_status,
    seat_index,
)
from bot.tables.clock import play_overdue
from bot.tables.lobby import add_seat, after_lobby_leave, free_seat, insert_lobby
from bot.tables.models import Actor, Entry, Event, Seat, Status, Table, TableError
from bot.tables.recovery import GuildFilter, RecoveryReport
from bot.tables.restart import recover_tables
from bot.tables.settlement import account_of, chip_game, postings_of, stacks_after

__all__ = ["ServiceSettings", "TableService"]


class TableService(TableCore):
    """Runs every table of this process: the lobby, play, stopping, clocks and restarts."""

    # -- the lobby -------------------------------------------------------------------------

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        game_key: str,
        options: Mapping[str, object] | None = None,
        buy_in: int | None = None,
        seed: int | None = None,
    ) -> Table:
        """Open a lobby in a channel with its host seated."""
        game, resolved = game_and_options(game_key, options)
        table_stakes = game.info.chips
        self.require_free(channel_id)
        table = Table(
            id=0,  # the database gives the id
            guild_id=guild_id,
            channel_id=channel_id,
            game=game,
            options=dict(resolved),
            seed=secrets.randbits(63) if seed is None else seed,
            host_id=host_id,
            buy_in=self._buy_in(guild_id, buy_in) if table_stakes else 0,
            status=Status.LOBBY,
            seats=[Seat(chair=0, user_id=host_id, name=host_name, ticket=new_ticket(0))],
        )
        table_id = await self._write(lambda tx: insert_lobby(self, tx, table))
        if table_id is None:
            raise TableError("This channel already has a table. Use /table status to see it.")
        table.id = table_id
        self._remember(table)
        await self._notify(table, Event.CREATED, {"user_id": host_id})
        return table

    def require_free(self, channel_id: int) -> None:
        """Refuse, naming the table, if the channel already has one."""
        existing = self.in_channel(channel_id)
        if existing is not None:
            raise TableError(busy_message(existing))

    async def join(self, table_id: int, user_id: int, name: str) -> Table:
        """Sit a player at a table in its lobby, moving the buy-in to the table."""
        async with self._held(table_id) as table:
            require_status(table, Status.LOBBY, "The game has started; you can watch it.")
            if table.seat_of(user_id) is not None:
                raise TableError("You are already seated at this table.")
            require_room(table)
            seat = await add_seat(self, table, user_id, name)
        await self._notify(table, Event.JOINED, {"user_id": user_id, "chair": seat.chair})
        return table

    async def add_ai(self, table_id: int, by_user: int) -> Table:
        """Seat an AI player (the host only); its stake comes from the server's issuance."""
        async with self._held(table_id) as table:
            require_status(table, Status.LOBBY, "AI players can only join in the lobby.")
            require_host(table, by_user, "Only the host can add AI players.")
            require_room(table)
            count = sum(1 for s in table.seats if s.user_id is None) + 1
            seat = await add_seat(self, table, None, f"AI {count}")
        await self._notify(table, Event.AI_ADDED, {"chair": seat.chair})
        return table

    async def remove_ai(self, table_id: int, by_user: int) -> Table:
        """Take the last AI player off the table (the host only, in the lobby)."""
        async with self._held(table_id) as table:
            require_status(table, Status.LOBBY, "AI players can only leave in the lobby.")
            require_host(table, by_user, "Only the host can remove AI players.")
            ais = [s for s in table.seats if s.user_id is None]
            if not ais:
                raise TableError("There is no AI player at this table.")
            await free_seat(self, table, ais[-1])
        await self._notify(table, Event.AI_REMOVED, {"chair": ais[-1].chair})
        return table

    async def leave(self, table_id: int, user_id: int) -> Table:
        """A player leaves: in the lobby with their buy-in back; during play at the end of
        the hand (chip games) or at once, handing the seat to the AI (other games)."""
        async with self._held(table_id) as table:
            index = seat_index(table, user_id)
            seat = table.seats[index]
            last = table.status is Status.PLAYING and table.humans() == [seat]
            if table.status is Status.LOBBY:
                await free_seat(self, table, seat)
                await after_lobby_leave(self, table, user_id)
                detail = {"user_id": user_id, "when": "now"}
            elif seat.leaving:
                raise TableError("You are already leaving at the end of this hand.")
            elif last:
                detail = {"seat": index, "when": "now"}
            else:
                detail = await self._leave_game(table, index)
            await self._notify(table, Event.LEFT, detail)
            if table.status is Status.PLAYING and (last or not table.humans()):
                # the last player to leave closes the table while still seated at it, so
                # the current hand unwinds and chips left on the table are shared with
                # them too; under the same lock, so no move can end the game meanwhile
                await self._close(table, 0, "everyone left")
        if table.status is Status.PLAYING:
            await self._advance(table)
        return table

    async def start(self, table_id: int, by_user: int) -> Table:
        """Deal the game (the host only)."""
        async with self._held(table_id) as table:
            require_status(table, Status.LOBBY, "The game has already started.")
            require_host(table, by_user, "Only the host can start the game.")
            info, n = table.game.info, len(table.seats)
            if not info.min_seats <= n <= info.max_seats:
                raise TableError(
                    f"{info.title} needs {info.seat_range()}; {n} "
                    f"{'is' if n == 1 else 'are'} seated. Add AI players or wait for friends."
                )
            stacks = tuple(table.buy_in for _ in table.seats) if table.is_chip_game else ()
            state = table.game.new(n, table.seed, table.options, stacks=stacks or None)
            digest = digest_of(table.game, state)

            async def work(tx: rows.Connection) -> None:
                await rows.mark_started(tx, table.id, stacks, digest)

            await self._write(work)
            table.state, table.start_stacks, table.status = state, stacks, Status.PLAYING
            detail = {"commitment": commitment(deal_seed(table.seed, 0))}
        await self._notify(table, Event.STARTED, detail)
        await self._advance(table)
        return table

    # -- play ------------------------------------------------------------------------------

    async def act(self, table_id: int, user_id: int, version: int, action: str) -> Table:
        """A player's action, checked against the state version they saw."""
        async with self._held(table_id) as table:
            index = self.check_turn(table, user_id, version, action)
            state = self._checked_move(table, index, action)
            seat = table.seats[index]
            resumed = seat.ai_control
            back = replace(seat, timeouts=0, ai_control=False)
            await self._commit(table, Entry(index, "act", action, Actor.PLAYER), state, [back])
            if resumed:
                await self._notify(table, Event.RESUMED, {"seat": index})
        await self._advance(table)
        return table

    def check_turn(
        self, table: Table, user_id: int, version: int, action: str | None = None
    ) -> int:
        """The user's seat, if the game is on, they sit at it, they saw its current state
        and it waits for them, or `action` is one of its optional actions (taken out of
        turn); otherwise a TableError saying which of these is not so."""
        require_status(table, Status.PLAYING, "The game has not started yet.")
        index = seat_index(table, user_id)
        if table.seats[index].leaving:
            raise TableError(LEAVING)
        if version != table.version:
            raise TableError("The table has moved on since then. Look again and choose anew.")
        game = table.game
        if index not in game.awaiting(table.state) and not (
            game.info.out_of_turn and action in game.optional_actions(table.state, index)
        ):
            raise TableError(not_your_turn(table))
        return index

    async def decline_optional(self, table_id: int, user_id: int, version: int) -> Table:
        """A player passes on the optional actions open to them now, as of the state
        version they saw: the AI, which waited for their answer, goes on at once. They
        may still take one while the game offers it."""
        async with self._held(table_id) as table:
            require_status(table, Status.PLAYING, "The game has not started yet.")
            index = seat_index(table, user_id)
            if version != table.version:
                raise TableError("The table has moved on since then. Look again and choose anew.")
            if not table.game.optional_actions(table.state, index):
                raise TableError("There is nothing for you to pass on: no move is open to you now.")
            grace.decline(table, index, self.clock(), self.settings.optional_grace_s)
        await self._advance(table)
        return table

    async def resume(self, table_id: int, user_id: int) -> Table:
        """A player handed to the AI takes their seat back."""
        async with self._held(table_id) as table:
            index = seat_index(table, user_id)
            seat = table.seats[index]
            if seat.leaving:
                raise TableError(LEAVING)
            if not seat.ai_control:
                raise TableError("You are already playing your own seat.")
            back = replace(seat, ai_control=False, timeouts=0)
            await self._write(lambda tx: rows.update_seat(tx, table.id, seat_row(back)))
            table.seats[index] = back
        await self._notify(table, Event.RESUMED, {"seat": index})
        return table

    async def top_up(self, table_id: int, user_id: int, amount: int) -> Table:
        """Bring more chips from the purse to one's stake, between hands."""
        async with self._held(table_id) as table:
            require_status(table, Status.PLAYING, "You can top up once the game is on.")
            index = seat_index(table, user_id)
            game = chip_game(table)
            amount = check_amount(amount, "top-up")
            if not game.between_hands(table.state):
                raise TableError("You can top up between hands, once this one is over.")
            state = game.adjust_stack(table.state, index, amount)
            src = Account.purse(table.guild_id, user_id)
            key = f"topup:{table.id}:{table.version + 1}"
            extra = [
                Posting(
                    src,
                    account_of(table, index),
                    amount,
                    Reason.TOPUP,
                    key,
                    game=table.game.info.key,
                    table_id=table.id,
                )
            ]
            entry = Entry(index, "stack", f"{amount:+d}", Actor.TABLE)
            await self._commit(table, entry, state, [], extra=extra)
        await self._notify(table, Event.STACK_CHANGED, {"seat": index, "delta": amount})
        await self._advance(table)  # the deal may be seated anew, with an AI seat to begin
        return table

    async def stop(
        self, table_id: int, by_user: int, *, moderator: bool = False, reason: str = "stopped"
    ) -> Table:
        """End a table (its host or a moderator): the current hand is unwound, completed
        hands stand, and every stake goes back to its owner."""
        async with self._held(table_id, "The table is already closed.") as table:
            if not moderator:
                require_host(table, by_user, "Only the host or a moderator can stop it.")
            await self._close(table, by_user, reason)
        return table

    async def _close(self, table: Table, by_user: int, reason: str) -> None:
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

        await self._write(work)
        self._forget(table)
        await self._notify(table, Event.STOPPED, {"by": by_user, "reason": reason})

    async def closed_table(self, table_id: int) -> rows.TableRow | None:
        """The stored row of a table that has closed (None if unknown or still open)."""
        row = await rows.table_row(self.db, table_id)
        return row if row is not None and row.status == Status.CLOSED else None

    # -- restart and clocks ----------------------------------------------------------------

    async def recover(self, guild_filter: GuildFilter | None = None) -> RecoveryReport:
        """Rebuild every open table from the database (of the guilds `guild_filter`
        accepts, when given) and let the AI take any pending turn; a table that cannot be
        rebuilt is set aside (`bot.tables.restart`)."""
        return await recover_tables(self, guild_filter)

    def next_deadline(self) -> float | None:
        """The earliest turn deadline or end of a grace for optional actions of any table."""
        tables = self.tables()
        deadlines = [t.deadline_at for t in tables] + [grace.grace_deadline(t) for t in tables]
        return min((d for d in deadlines if d is not None), default=None)

    async def tick(self) -> int:
        """Play for every player whose turn clock has run out, and let the AI go on where
        a person's grace for optional actions has passed; the number of tables moved."""
        moved = await play_overdue(self)
        now = self.clock()
        lapsed = [t for t in self.tables() if grace.lapse(t, now)]
        for table in lapsed:
            await self._advance(table)
        return moved + len(lapsed)

    async def _leave_game(self, table: Table, index: int) -> dict[str, Any]:
        """A player leaves a game under way: at a chip table when the hand ends (the AI
        plays the seat till then), elsewhere at once, handing the seat to the AI."""
        seat = table.seats[index]
        if table.is_chip_game:
            flagged = replace(seat, leaving=True, ai_control=True)
        else:
            flagged = replace(seat, left=True)
        await self._write(lambda tx: rows.update_seat(tx, table.id, seat_row(flagged)))
        table.seats[index] = flagged
        if not table.is_chip_game:
            return {"seat": index, "when": "now"}
        if chip_game(table).between_hands(table.state):
            await self._settle_leavers(table)
            return {"seat": index, "when": "now"}
        return {"seat": index, "when": "end of hand"}

    def _buy_in(self, guild_id: int, buy_in: int | None) -> int:
        limits = self.limits_of(guild_id)
        return checked_buy_in(buy_in, limits.default_buy_in, limits.min_buy_in, limits.max_buy_in)
