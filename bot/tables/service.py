"""The table service: one game per channel, seats, lobby, turns and deadlines, AI seats,
table stakes, and recovery after a restart (DESIGN.md "A move, end to end").

Every change to a table happens under that table's lock and is stored in one unit of
work: an accepted action is appended to the action log together with the chip transfers
it caused, so a crash can never separate a move from its money. Users are integer ids;
nothing here knows Discord. Front ends hear of every change through `Presenter`s.

This is the public face, composed of its collaborators: `registry` (the open tables and
their locks), `commit` (the one path that stores an entry and shows it), `notifier`,
`autoplay` (the AI), `settlement` (where the chips go), `lobby`, `clock` (turn timeouts),
`grace` (the AI's wait for optional actions), `restart` (recovery), `checks` (refusals).
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace

from bot.games.base import View
from bot.games.patience.search.standing import Still
from bot.ledger import Ledger
from bot.storage import Database
from bot.storage import table_rows as rows
from bot.tables import grace
from bot.tables.autoplay import Autoplay
from bot.tables.checks import (
    LEAVING,
    busy_message,
    checked_move,
    game_and_options,
    optional_index,
    private_view,
    require_host,
    require_room,
    require_status,
    seat_index,
    turn_index,
)
from bot.tables.clock import next_deadline, tick
from bot.tables.commit import Committer
from bot.tables.events import Chair, Created, Detail, Event, Joined, SeatOnly, StackChanged
from bot.tables.house import house_table, open_house_table
from bot.tables.lobby import (
    add_ai_seat,
    add_seat,
    deal,
    leave_seat,
    new_ticket,
    open_lobby,
    remove_ai_seat,
)
from bot.tables.models import Actor, Entry, Seat, Status, Table, TableError
from bot.tables.notes import TableNotes
from bot.tables.notifier import Notifier
from bot.tables.recovery import GuildFilter, RecoveryReport
from bot.tables.registry import TableRegistry
from bot.tables.replays import Replays
from bot.tables.restart import recover_tables
from bot.tables.settings import ServiceSettings, TableLimits
from bot.tables.settlement import Settlement
from bot.tables.solving import SolverPool
from bot.tables.standings import Standings
from bot.tables.still import ask_still, refuse_typed
from bot.tables.typed import typed_move
from bot.tables.updates import Presenter, Update
from bot.tables.winnable import WinnableDeal, WinnableDeals, winnable_seed

__all__ = ["ServiceSettings", "TableService"]


class TableService:
    """Runs every table of this process: the lobby, play, stopping, clocks and restarts."""

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
        self.settings = settings or ServiceSettings()
        self.settlement = Settlement(ledger)
        self.notes = TableNotes(db)
        self.standings = Standings(db)
        self.replays = Replays(db)
        self.registry = TableRegistry()
        self.notifier = Notifier(presenters)
        self.committer = Committer(
            db, self.settlement, self.registry, self.notifier, self.settings, clock
        )
        self.autoplay = Autoplay(self.committer)
        self.solver = SolverPool(self.settings.solver_workers)
        """Patience solves, in worker processes started on the first one."""
        self.winnable = WinnableDeals(db, self.solver, self.settings.winnable)
        """Winnable deals: the stock of proved seeds and its background task."""

    @property
    def clock(self) -> Callable[[], float]:
        """The service's clock (seconds since the epoch): turn deadlines and graces."""
        return self.committer.clock

    @clock.setter
    def clock(self, clock: Callable[[], float]) -> None:
        """Set the clock every collaborator reads (tests set their own)."""
        self.committer.clock = clock

    def close(self) -> None:
        """Let go of what the service holds outside this process: the solver's workers."""
        self.solver.close()

    @property
    def presenters(self) -> list[Presenter]:
        """The front ends told of every change (a front end joins by appending itself)."""
        return self.notifier.presenters

    # -- lookups ---------------------------------------------------------------------------

    def table(self, table_id: int) -> Table:
        """The open table with this id."""
        return self.registry.table(table_id)

    def in_channel(self, channel_id: int) -> Table | None:
        """The open table of a channel, if any."""
        return self.registry.in_channel(channel_id)

    def require_in_channel(self, channel_id: int) -> Table:
        """The open table of a channel, or TableError saying there is none."""
        return self.registry.require_in_channel(channel_id)

    def tables(self) -> list[Table]:
        """Every open table."""
        return self.registry.all()

    def private_view(self, table: Table, user_id: int) -> View:
        """A seated player's own view of the game."""
        return private_view(table, user_id)

    def typed_move(self, table_id: int, user_id: int, typed: str) -> str:
        """A move a player typed, matched to the moves they may make now as listed (case
        and spacing aside); as typed when it matches none, for `act` to refuse in words."""
        return typed_move(self.registry.get(table_id), user_id, typed)

    def limits_of(self, guild_id: int) -> TableLimits:
        """The table limits of a server."""
        return self.settings.limits_of(guild_id)

    def snapshot(self, table: Table, event: Event, detail: Detail | None = None) -> Update:
        """The table as presenters see it: its views (public and each player's) and outcome."""
        return self.notifier.snapshot(table, event, detail)

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
        deal: WinnableDeal | None = None,
    ) -> Table:
        """Open a lobby in a channel with its host seated; marked winnable, and dealt its
        seed, when given a deal drawn by `winnable.draw` (with no seed of its own)."""
        game, resolved = game_and_options(game_key, options)
        self.require_free(channel_id)
        stake = self.settings.buy_in(guild_id, buy_in) if game.info.chips else 0
        host = Seat(chair=0, user_id=host_id, name=host_name, ticket=new_ticket(0))
        if deal is not None:
            seed = winnable_seed(deal, game.info.key, resolved, seed)
        seed = secrets.randbits(63) if seed is None else seed
        opts, lobby = dict(resolved), Status.LOBBY  # and id 0: the database gives the id
        table = Table(0, guild_id, channel_id, game, opts, seed, host_id, stake, lobby, [host])
        table.winnable = deal is not None
        await open_lobby(self.committer, table)
        await self.notifier.notify(table, Event.CREATED, Created(user_id=host_id))
        return table

    async def open_tournament_table(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game_key: str,
        options: Mapping[str, object],
        seats: Sequence[tuple[int | None, str]],
        stack: int,
        tournament_id: int,
        seed: int | None = None,
    ) -> Table:
        """Open a tournament's table, seated in order, staked by the bank, dealt (`house`)."""
        table = house_table(
            guild_id, channel_id, game_key, options, seats, stack, tournament_id, seed
        )
        detail = await open_house_table(self.committer, table)
        await self.notifier.notify(table, Event.CREATED, Created(tournament_id=tournament_id))
        await self.notifier.notify(table, Event.STARTED, detail)
        await self.autoplay.advance(table)
        return table

    def require_free(self, channel_id: int) -> None:
        """Refuse, naming the table, if the channel already has one."""
        existing = self.in_channel(channel_id)
        if existing is not None:
            raise TableError(busy_message(existing))

    async def join(self, table_id: int, user_id: int, name: str) -> Table:
        """Sit a player at a table in its lobby, moving the buy-in to the table."""
        async with self.registry.held(table_id) as table:
            require_status(table, Status.LOBBY, "The game has started; you can watch it.")
            if table.seat_of(user_id) is not None:
                raise TableError("You are already seated at this table.")
            require_room(table)
            seat = await add_seat(self.committer, table, user_id, name)
        await self.notifier.notify(table, Event.JOINED, Joined(user_id, seat.chair))
        return table

    async def add_ai(self, table_id: int, by_user: int) -> Table:
        """Seat an AI player (the host only); its stake comes from the server's issuance."""
        async with self.registry.held(table_id) as table:
            seat = await add_ai_seat(self.committer, table, by_user)
        await self.notifier.notify(table, Event.AI_ADDED, Chair(seat.chair))
        return table

    async def remove_ai(self, table_id: int, by_user: int) -> Table:
        """Take the last AI player off the table (the host only, in the lobby)."""
        async with self.registry.held(table_id) as table:
            seat = await remove_ai_seat(self.committer, table, by_user)
        await self.notifier.notify(table, Event.AI_REMOVED, Chair(seat.chair))
        return table

    async def leave(self, table_id: int, user_id: int) -> Table:
        """A player leaves: in the lobby with their buy-in back; during play at the end of
        the hand (chip games) or at once, handing the seat to the AI (others, tournaments)."""
        async with self.registry.held(table_id) as table:
            detail, last = await leave_seat(self.committer, table, user_id)
            await self.notifier.notify(table, Event.LEFT, detail)
            if table.status is Status.PLAYING and (last or not table.humans()):
                # the last player to leave closes the table while still seated at it, so
                # the current hand unwinds and chips left on the table are shared with
                # them too; under the same lock, so no move can end the game meanwhile
                await self.committer.close(table, 0, "everyone left")
        if table.status is Status.PLAYING:
            await self.autoplay.advance(table)
        return table

    async def start(self, table_id: int, by_user: int) -> Table:
        """Deal the game (the host only)."""
        async with self.registry.held(table_id) as table:
            require_status(table, Status.LOBBY, "The game has already started.")
            require_host(table, by_user, "Only the host can start the game.")
            detail = await deal(self.committer, table)
        await self.notifier.notify(table, Event.STARTED, detail)
        await self.autoplay.advance(table)
        return table

    # -- play ------------------------------------------------------------------------------

    async def act(self, table_id: int, user_id: int, version: int, action: str) -> Table:
        """A player's action, checked against the state version they saw."""
        refuse_typed(action)
        async with self.registry.held(table_id) as table:
            index = self.check_turn(table, user_id, version, action)
            state = checked_move(table, index, action)
            seat = table.seats[index]
            resumed = seat.ai_control
            back = replace(seat, timeouts=0, ai_control=False)
            await self.committer.commit(
                table, Entry(index, "act", action, Actor.PLAYER), state, [back]
            )
            if resumed:
                await self.notifier.notify(table, Event.RESUMED, SeatOnly(index))
        await self.autoplay.advance(table)
        return table

    async def ask_still(self, table_id: int, user_id: int, version: int) -> tuple[Table, Still]:
        """A patience player's "Can I still win?", as of the state version they saw: the
        answer worked out off the loop and recorded in the game (`bot.tables.still`)."""
        return await ask_still(
            self.registry, self.solver, self.autoplay, (table_id, user_id, version)
        )

    def check_turn(
        self, table: Table, user_id: int, version: int, action: str | None = None
    ) -> int:
        """The user's seat, if the game is on, they sit at it, they saw its current state
        and it waits for them, or `action` is one of its optional actions (taken out of
        turn); otherwise a TableError saying which of these is not so."""
        return turn_index(table, user_id, version, action)

    async def decline_optional(self, table_id: int, user_id: int, version: int) -> Table:
        """A player passes on the optional actions open to them now, as of the state
        version they saw: the AI, which waited for their answer, goes on at once. They
        may still take one while the game offers it."""
        async with self.registry.held(table_id) as table:
            index = optional_index(table, user_id, version)
            grace.decline(table, index, self.clock(), self.settings.optional_grace_s)
        await self.autoplay.advance(table)
        return table

    async def resume(self, table_id: int, user_id: int) -> Table:
        """A player handed to the AI takes their seat back."""
        async with self.registry.held(table_id) as table:
            index = seat_index(table, user_id)
            seat = table.seats[index]
            if seat.leaving:
                raise TableError(LEAVING)
            if not seat.ai_control:
                raise TableError("You are already playing your own seat.")
            back = replace(seat, ai_control=False, timeouts=0)
            await self.committer.update_seat(table, index, back)
        await self.notifier.notify(table, Event.RESUMED, SeatOnly(index))
        return table

    async def top_up(self, table_id: int, user_id: int, amount: int) -> Table:
        """Bring more chips from the purse to one's stake, between hands."""
        async with self.registry.held(table_id) as table:
            require_status(table, Status.PLAYING, "You can top up once the game is on.")
            index = seat_index(table, user_id)
            amount = await self.committer.top_up(table, index, user_id, amount)
        await self.notifier.notify(table, Event.STACK_CHANGED, StackChanged(index, amount))
        await self.autoplay.advance(table)  # the deal may be seated anew, with an AI seat to begin
        return table

    async def stop(
        self, table_id: int, by_user: int, *, moderator: bool = False, reason: str = "stopped"
    ) -> Table:
        """End a table (its host or a moderator): the current hand is unwound, completed
        hands stand, and every stake goes back to its owner."""
        async with self.registry.held(table_id, "The table is already closed.") as table:
            if not moderator:
                require_host(table, by_user, "Only the host or a moderator can stop it.")
            await self.committer.close(table, by_user, reason)
        return table

    async def closed_table(self, table_id: int) -> rows.TableRow | None:
        """The stored row of a table that has closed (None if unknown or still open)."""
        row = await rows.table_row(self.db, table_id)
        return row if row is not None and row.status == Status.CLOSED else None

    # -- restart and clocks ----------------------------------------------------------------

    async def recover(self, guild_filter: GuildFilter | None = None) -> RecoveryReport:
        """Rebuild every open table from the database (of the guilds `guild_filter`
        accepts, when given) and let the AI take any pending turn; a table that cannot be
        rebuilt is set aside (`bot.tables.restart`)."""
        return await recover_tables(self.autoplay, guild_filter)

    def next_deadline(self) -> float | None:
        """The earliest turn deadline or end of a grace for optional actions of any table."""
        return next_deadline(self.tables())

    async def tick(self) -> int:
        """Play for every player whose turn clock has run out, and let the AI go on where
        a person's grace for optional actions has passed; the number of tables moved."""
        return await tick(self.autoplay)
