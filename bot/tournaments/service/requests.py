"""What players and moderators ask of a tournament: join, leave, start, cancel; and
the service's own clock and restart. Each request is checked in words under the
tournament's lock, stored in one unit of work with its chips, then told to the hosts."""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.ledger import LedgerError, Overdraft
from bot.storage import tournament_reads as reads
from bot.storage import tournament_rows as rows
from bot.tables import TableService
from bot.tables.models import TableError
from bot.tables.recovery import GuildFilter
from bot.tournaments.service import money
from bot.tournaments.service.board import knocked_out
from bot.tournaments.service.flow import Flow
from bot.tournaments.service.load import load
from bot.tournaments.service.models import (
    MAX_PLAYERS,
    Format,
    News,
    NewsKind,
    Phase,
    Player,
    Tournament,
    TournamentError,
)
from bot.tournaments.service.rounds import default_rounds


@dataclass(frozen=True, slots=True)
class TournamentRecord:
    """A player's tournaments in a server: finished ones played, won, and the best place."""

    played: int
    won: int
    best: int | None


class Requests:
    """The requests of `TournamentService` (its collaborators are set there)."""

    tables: TableService
    flow: Flow

    def get(self, tournament_id: int) -> Tournament:
        """A live tournament; TournamentError in words if there is none of that number."""
        t = self.flow.live.get(tournament_id)
        if t is None:
            raise TournamentError(f"There is no tournament #{tournament_id} open now.")
        return t

    async def join(self, tournament_id: int, user_id: int, name: str) -> Tournament:
        """Sign a player up, their buy-in going into the tournament's escrow."""
        t = self.get(tournament_id)
        async with t.lock:
            if t.phase is not Phase.SIGNUP:
                raise TournamentError("This tournament has started: you can watch its tables.")
            if user_id in t.players:
                raise TournamentError("You are already signed up.")
            if len(t.players) >= MAX_PLAYERS:
                raise TournamentError(f"This tournament is full ({MAX_PLAYERS} players).")
            elsewhere = await reads.live_player_in(self.tables.db, t.guild_id, user_id)
            if elsewhere is not None:
                raise TournamentError(
                    f"You are already in tournament #{elsewhere}; one at a time in a server."
                )

            async def work(tx: rows.Connection) -> int:
                seq = await rows.insert_player(tx, t.id, user_id, name)
                if t.buy_in:
                    await self.tables.ledger.post(tx, [money.buy_in(t, user_id, seq)])
                return seq

            seq = await _paid(self.tables, work, t.buy_in)
            t.players[user_id] = Player(user_id, name, seq)
        words = f"{name} joined ({len(t.players)} signed up)."
        await self.flow.tell(News(t, NewsKind.JOINED, user_id=user_id, words=words))
        return t

    async def leave(self, tournament_id: int, user_id: int) -> Tournament:
        """A player leaves: during signup with their buy-in back; once running, out of the
        pairing, an AI seat playing the rest of their table, and ranked below every player
        who stays (`board.withdrawn_last`); not once knocked out of a knockout."""
        t = self.get(tournament_id)
        table_id = None
        async with t.lock:
            player = t.players.get(user_id)
            if player is None:
                raise TournamentError("You are not signed up to this tournament.")
            if t.phase is Phase.SIGNUP:
                back = [money.returned(t, user_id, player.seq, cancelled=False)] if t.buy_in else []

                async def work(tx: rows.Connection) -> None:
                    await rows.delete_player(tx, t.id, user_id)
                    if back:
                        await self.tables.ledger.post(tx, back)

                await self.tables.db.write(work)
                del t.players[user_id]
                words = f"{player.name} left; the buy-in went back to their purse."
                await self.flow.tell(News(t, NewsKind.LEFT, user_id=user_id, words=words))
                return t
            if player.dropped:
                raise TournamentError("You have already left this tournament.")
            if knocked_out(t, user_id):
                raise TournamentError("You are already out of this knockout; your place stands.")
            await self.flow.drop(t, user_id, "left the tournament: an AI seat plays for them")
            table_id = _open_table_of(t, user_id)
        if table_id is not None:
            # the table may have ended meanwhile, or they had left it already
            with contextlib.suppress(TableError):
                await self.tables.leave(table_id, user_id)
        return t

    async def start(self, tournament_id: int, by_user: int, *, moderator: bool) -> Tournament:
        """Seat the first round (its host or a moderator)."""
        t = self.get(tournament_id)
        async with t.lock:
            if t.phase is not Phase.SIGNUP:
                raise TournamentError("This tournament has already started.")
            if not moderator and by_user != t.host_id:
                raise TournamentError("Only its host or a moderator can start a tournament.")
            if len(t.players) < 2:
                raise TournamentError("A tournament needs at least two players to start.")
            rounds = (
                0 if t.format is Format.KNOCKOUT else t.rounds or default_rounds(len(t.players))
            )

            async def work(tx: rows.Connection) -> None:
                await rows.set_round(tx, t.id, 0, rounds)
                await rows.set_status(tx, t.id, Phase.RUNNING)

            await self.tables.db.write(work)
            t.phase, t.rounds = Phase.RUNNING, rounds
            words = f"Tournament #{t.id} of {t.title} begins with {len(t.players)} players."
            await self.flow.tell(News(t, NewsKind.STARTED, user_id=by_user, words=words))
            await self.flow.seat_next(t)
        return t

    async def cancel(self, tournament_id: int, by_user: int, *, moderator: bool) -> Tournament:
        """Cancel a tournament (its host or a moderator): every buy-in goes home and its
        tables stop."""
        t = self.get(tournament_id)
        async with t.lock:
            if not moderator and by_user != t.host_id:
                raise TournamentError("Only its host or a moderator can cancel a tournament.")
            await self._cancel(t)
        await self.stop_tables(t)
        return t

    async def _cancel(self, t: Tournament) -> None:
        """Return every buy-in, close the escrow and mark the tournament cancelled."""
        back = [money.returned(t, p.user_id, p.seq, cancelled=True) for p in t.players.values()]

        async def work(tx: rows.Connection) -> None:
            if t.buy_in and back:
                await self.tables.ledger.post(tx, back)
            await self.tables.ledger.close_entry(tx, t.guild_id, t.id)
            await rows.set_status(tx, t.id, Phase.CANCELLED)

        await self.tables.db.write(work)
        t.phase = Phase.CANCELLED
        self.flow.live.pop(t.id, None)
        await self.flow.tell(News(t, NewsKind.CANCELLED, words=cancelled_words(t)))

    async def stop_tables(self, t: Tournament) -> None:
        """Stop the open tables of a tournament that is no longer running."""
        for table in self.tables.tables():
            if table.tournament_id == t.id:
                with contextlib.suppress(TableError):  # it may have closed meanwhile
                    await self.tables.stop(table.id, 0, moderator=True, reason="tournament over")

    # -- the clock and restarts -----------------------------------------------------------

    async def tick(self) -> None:
        """Start the tournaments whose time has come (cancelling those short of players),
        and move on any running one a failure left behind."""
        now = self.tables.clock()
        for t in list(self.flow.live.values()):
            if t.phase is Phase.SIGNUP and t.starts_at is not None and t.starts_at <= now:
                if len(t.players) >= 2:
                    await self.start(t.id, t.host_id, moderator=True)
                else:
                    async with t.lock:
                        await self._cancel(t)
            elif t.phase is not Phase.SIGNUP:
                async with t.lock:
                    await self.resume(t)

    async def resume(self, t: Tournament) -> None:
        """Move a running tournament on from wherever it stands (under its lock)."""
        if t.phase is Phase.PAYING:
            await self.flow.finish(t)
            return
        if t.phase is not Phase.RUNNING:
            return
        if t.round == 0:
            await self.flow.seat_next(t)
            return
        await self.flow.open_slots(t)
        open_ids = {table.id for table in self.tables.tables()}
        for slot in t.slots_of(t.round):
            if slot.table_id is not None and slot.result is None and slot.table_id not in open_ids:
                await self.flow.table_closed(t, slot)
        round_over = all(slot.result is not None for slot in t.slots_of(t.round))
        if t.phase is Phase.RUNNING and round_over:
            await self.flow.seat_next(t)  # a restart fell between a round's end and the next

    async def recover(self, guild_filter: GuildFilter | None = None) -> int:
        """Load every live tournament (of the servers `guild_filter` accepts, when given:
        a process serves its own shards' tournaments) after a restart and move each on;
        the number loaded. Call it after the table service has recovered its tables."""
        for row in await reads.live(self.tables.db):
            if guild_filter is not None and not guild_filter(row.guild_id):
                continue
            t = await load(self.tables.db, row)
            self.flow.live[t.id] = t
        for t in list(self.flow.live.values()):
            async with t.lock:
                await self.resume(t)
        for table in self.tables.tables():
            owner = table.tournament_id
            if owner is not None and owner not in self.flow.live:
                await self.tables.stop(table.id, 0, moderator=True, reason="tournament over")
        return len(self.flow.live)

    # -- records --------------------------------------------------------------------------

    async def record_of(self, guild_id: int, user_id: int) -> TournamentRecord:
        """A player's finished tournaments in a server."""
        places = await reads.finished_places(self.tables.db, guild_id, user_id)
        known = [p for p in places if p is not None]
        return TournamentRecord(len(places), known.count(1), min(known, default=None))

    async def leaderboard(self, guild_id: int, limit: int = 10) -> list[tuple[int, int]]:
        """A server's players with the most tournament wins: (user id, wins)."""
        return await reads.winners(self.tables.db, guild_id, limit)


def cancelled_words(t: Tournament) -> str:
    """A cancellation in words, as the channel and the one who cancelled are told it (the
    one place that says where the buy-ins went)."""
    words = f"Tournament #{t.id} of {t.title} is cancelled."
    if t.buy_in and t.players:
        words += " Every buy-in went back to its purse."
    return words


def _open_table_of(t: Tournament, user_id: int) -> int | None:
    """The table of the round under way where a player sits, while it has no result."""
    for slot in t.slots_of(t.round):
        if user_id in slot.seats and slot.result is None:
            return slot.table_id
    return None


async def _paid(
    tables: TableService, work: Callable[[rows.Connection], Awaitable[int]], buy_in: int
) -> int:
    """Run a signup's unit of work; a purse too small for the buy-in is said in words."""
    try:
        return await tables.db.write(work)
    except Overdraft as exc:
        raise TournamentError(
            f"The buy-in is {buy_in:,} chips and you have {exc.available:,} in your purse."
        ) from None
    except LedgerError as exc:
        raise TournamentError(exc.reason) from None
