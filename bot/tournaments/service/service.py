"""The tournament service: Swiss and knockout tournaments over any table game, many
tables played round by round in threads of the tournament's channel (issue 24).

Buy-ins go into the tournament's own escrow (an entry account of the ledger) and come
out as prizes at the end, or back to their purses if it is cancelled; at the tables
themselves every seat plays from an equal stack lent by the bank, so a player's purse is
never at stake there. Each change is stored before it is shown, in one unit of work with
its chips, so a restart at any instant resumes the same tournament (`recover`).

The service hears of its tables as one of the table service's presenters, and tells its
front ends through `TournamentHost`s (`hosts`). Nothing here knows Discord.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping

from bot.storage import tournament_reads as reads
from bot.storage import tournament_rows as rows
from bot.tables import TableService
from bot.tables.checks import game_and_options
from bot.tables.events import Event, Left, SeatOnly
from bot.tables.updates import Update
from bot.tournaments.service.board import StandingsView, lines_of
from bot.tournaments.service.flow import Flow
from bot.tournaments.service.load import load, shares_text
from bot.tournaments.service.models import (
    Format,
    News,
    NewsKind,
    Phase,
    Tournament,
    TournamentError,
    TournamentHost,
)
from bot.tournaments.service.requests import Requests
from bot.tournaments.service.settings import NewSettings, checked_settings

__all__ = ["TournamentService"]


class TournamentService(Requests):
    """Every tournament of this process (see the module docstring)."""

    def __init__(self, tables: TableService, hosts: list[TournamentHost] | None = None) -> None:
        self.tables = tables
        self.flow = Flow(tables.db, tables, list(hosts or []))
        tables.presenters.append(self)

    @property
    def hosts(self) -> list[TournamentHost]:
        """The front ends told of every change (a front end joins by appending itself)."""
        return self.flow.hosts

    @property
    def live(self) -> dict[int, Tournament]:
        """The tournaments in signup, running or paying, by id."""
        return self.flow.live

    async def settle(self) -> None:
        """Wait until no tournament work is pending."""
        await self.flow.settle()

    # -- lookups --------------------------------------------------------------------------

    def live_in(self, guild_id: int) -> list[Tournament]:
        """A server's live tournaments, oldest first."""
        return sorted((t for t in self.live.values() if t.guild_id == guild_id), key=_id)

    async def find(self, guild_id: int, tournament_id: int | None) -> Tournament:
        """The live tournament named, or the server's only live one."""
        if tournament_id is not None:
            t = self.live.get(tournament_id)
            if t is None or t.guild_id != guild_id:
                raise TournamentError(f"There is no tournament #{tournament_id} open here.")
            return t
        here = self.live_in(guild_id)
        if not here:
            raise TournamentError(
                "No tournament is open in this server. A moderator starts one with "
                "/tournament create."
            )
        if len(here) > 1:
            numbers = ", ".join(f"#{t.id}" for t in here)
            raise TournamentError(
                f"Several tournaments are open ({numbers}): name one with tournament:<number>."
            )
        return here[0]

    async def standings(self, tournament_id: int, guild_id: int) -> StandingsView:
        """A tournament's standings, live or finished (TournamentError if unknown here)."""
        t = self.live.get(tournament_id)
        if t is None:
            row = await reads.tournament(self.tables.db, tournament_id)
            if row is None or row.guild_id != guild_id:
                raise TournamentError(f"There is no tournament #{tournament_id} in this server.")
            t = await load(self.tables.db, row)
        if t.guild_id != guild_id:
            raise TournamentError(f"There is no tournament #{tournament_id} in this server.")
        return standings_view(t)

    # -- creating ---------------------------------------------------------------------------

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        game_key: str,
        format: str,
        rounds: int | None = None,
        seats: int | None = None,
        buy_in: int = 0,
        stack: int | None = None,
        shares: str | None = None,
        starts_in_min: int | None = None,
        options: Mapping[str, object] | None = None,
    ) -> Tournament:
        """Open a tournament for signup in a channel (checked in words)."""
        game, resolved = game_and_options(game_key, options)
        default_stack = self.tables.limits_of(guild_id).default_buy_in
        wanted = NewSettings(format, rounds, seats, buy_in, stack, shares, starts_in_min)
        s = checked_settings(game, wanted, default_stack, self.tables.clock())
        for t in self.live_in(guild_id):
            if t.channel_id == channel_id:
                raise TournamentError(
                    f"This channel already runs tournament #{t.id} ({t.title}); "
                    "finish or cancel it first."
                )
        new = rows.NewTournament(
            guild_id, channel_id, host_id, game.info.key, s.format, s.rounds, s.seats,
            s.buy_in, s.stack, shares_text(s.prizes), dict(resolved), secrets.randbits(62),
            s.starts_at,
        )  # fmt: skip
        tournament_id = await self.tables.db.write(lambda tx: rows.insert_tournament(tx, new))
        t = Tournament(
            id=tournament_id, guild_id=guild_id, channel_id=channel_id, host_id=host_id,
            game=game, format=Format(s.format), rounds=s.rounds, seats=s.seats,
            buy_in=s.buy_in, stack=s.stack, prizes=s.prizes, options=dict(resolved),
            seed=new.seed, phase=Phase.SIGNUP, starts_at=s.starts_at,
        )  # fmt: skip
        self.live[t.id] = t
        await self.flow.tell(News(t, NewsKind.CREATED, user_id=host_id, words=summary(t)))
        return t

    async def set_message(self, tournament_id: int, message_id: int) -> None:
        """Remember the message that shows a tournament's signup."""
        t = self.get(tournament_id)
        await self.tables.db.write(lambda tx: rows.set_message(tx, t.id, message_id))
        t.message_id = message_id

    # -- hearing the tables -----------------------------------------------------------------

    async def table_updated(self, update: Update) -> None:
        """A presenter of the table service: a tournament table's end is recorded, and a
        player handed to the AI without a move of their own forfeits."""
        table = update.table
        tournament_id = table.tournament_id
        t = self.live.get(tournament_id) if tournament_id is not None else None
        if t is None:
            return
        if update.event in (Event.FINISHED, Event.STOPPED):
            final = update.moment.state  # as it ends: the state its stored log rebuilds

            async def ended() -> None:
                async with t.lock:
                    slot = self.flow.slot_of(t, table)
                    if slot is not None:
                        slot.table_id = slot.table_id or table.id
                        await self.flow.table_closed(t, slot, final)

            self.flow.later(ended)
        elif isinstance(update.detail, Left) and update.detail.seat is not None:
            gone = table.seats[update.detail.seat].user_id

            async def left() -> None:
                async with t.lock:
                    player = t.players.get(gone) if gone is not None else None
                    if player is not None and not player.dropped and t.phase is Phase.RUNNING:
                        why = "left their table: an AI seat plays for them, and they are out"
                        await self.flow.drop(t, player.user_id, why)

            self.flow.later(left)
        elif update.event is Event.HANDED_TO_AI and isinstance(update.detail, SeatOnly):
            seat = -1 if update.detail.seat is None else update.detail.seat

            async def handed() -> None:
                async with t.lock:
                    await self.flow.forfeit(t, table, seat)

            if 0 <= seat < len(table.seats):
                self.flow.later(handed)


def standings_view(t: Tournament) -> StandingsView:
    """The standings as the front ends show them."""
    final = t.phase is Phase.FINISHED
    if final:
        subtitle = "Final standings"
    elif t.phase is Phase.SIGNUP:
        subtitle = "Signup: no round played yet"
    else:
        done = all(slot.result is not None for slot in t.slots_of(t.round))
        of = f" of {t.rounds}" if t.format is Format.SWISS else ""
        when = f"after round {t.round}{of}" if done else f"round {t.round}{of} under way"
        subtitle = f"{'Swiss' if t.format is Format.SWISS else 'Knockout'} · {when}"
    if t.phase is Phase.CANCELLED:
        subtitle = "Cancelled"
    unit = "chips" if t.game.info.chips else "points"
    title = f"Tournament #{t.id} · {t.title}"
    return StandingsView(title, subtitle, final, unit, lines_of(t))


def summary(t: Tournament) -> str:
    """A tournament in a few lines: the game, the format, the chips, who has signed up."""
    if t.format is Format.SWISS:
        shape = "Swiss, its rounds set at the start by the field's size"
        if t.rounds:
            shape = f"Swiss, {t.rounds} round{'s' if t.rounds != 1 else ''}"
    else:
        shape = "Knockout, until one player is left"
    lines = [f"**{t.title}** · {shape} · tables of {t.seats}"]
    if t.buy_in:
        shares = "/".join(str(s) for s in t.prizes.shares)
        lines.append(f"Buy-in {t.buy_in:,} chips · pot {t.pot:,} · prizes {shares}")
    else:
        lines.append("For points: no buy-in, no prizes")
    if t.game.info.chips:
        lines.append(f"Every table starts from {t.stack:,} chips lent by the bank")
    names = ", ".join(p.name for p in sorted(t.players.values(), key=lambda p: p.seq))
    count = len(t.players)
    lines.append(
        f"{count} player{'s' if count != 1 else ''} signed up" + (f": {names}" if names else "")
    )
    if t.phase is Phase.SIGNUP and t.starts_at is not None:
        lines.append(f"Starts by itself <t:{int(t.starts_at)}:R>")
    return "\n".join(lines)


def _id(t: Tournament) -> int:
    return t.id
