"""A tournament survives a restart at every phase: in signup, mid-round, between a
round's tables being stored and opened, between a thread and its table, between a round's
end and the next, and before the payout; each resumes with the same tables and escrow and
ends with every chip accounted for."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass

import pytest

from bot.ledger import Account
from bot.storage import Database, open_database
from bot.tournaments.service import Phase, Slot, Tournament
from tests.tournaments.service.playing import (
    CHANNEL,
    GUILD,
    MOD,
    PLAYERS,
    START,
    FakeClock,
    Place,
    RecordingHost,
    open_place,
    play_humans,
    play_out,
    sign_up,
)


@dataclass
class Process:
    """One run of the bot over the database: its connection and services."""

    db: Database
    place: Place


class Machine:
    """Starts and kills processes over one database."""

    def __init__(self, where: str, clock: FakeClock) -> None:
        self.where, self.clock = where, clock
        self.now: Process | None = None

    async def start(self) -> Place:
        db = await open_database(self.where)
        self.now = Process(db, await open_place(db, self.clock, RecordingHost()))
        return self.now.place

    async def restart(self) -> Place:
        """The process dies after its last commit (its pending work is dropped), and a
        new one recovers."""
        assert self.now is not None
        for task in list(self.now.place.tournaments.flow._tasks):
            task.cancel()
        await self.now.db.close()
        return await self.start()

    async def close(self) -> None:
        if self.now is not None:
            await self.now.place.tournaments.settle()
            await self.now.db.close()


@pytest.fixture
async def machine(where: str, clock: FakeClock) -> AsyncIterator[Machine]:
    found = Machine(where, clock)
    yield found
    await found.close()


async def new_swiss(place: Place, buy_in: int = 20, game: str = "black-joke") -> Tournament:
    t = await place.tournaments.create(
        guild_id=GUILD, channel_id=CHANNEL, host_id=MOD, game_key=game,
        format="swiss", seats=2, rounds=2, buy_in=buy_in,
    )  # fmt: skip
    return t


async def finish_cleanly(place: Place, t_id: int, players: list[int], buy_in: int) -> None:
    t = place.tournaments.live.get(t_id)
    if t is not None:
        await play_out(place, t)
    view = await place.tournaments.standings(t_id, GUILD)
    assert view.final
    paid = sum(line.prize for line in view.lines)
    assert paid == buy_in * len(players)
    for line in view.lines:
        assert await place.ledger.balance(Account.purse(GUILD, line.user_id)) == (
            START - buy_in + line.prize
        )
    assert await place.ledger.check() == []
    assert not [x for x in place.tables.tables() if x.tournament_id is not None]


async def test_restart_in_signup(machine: Machine) -> None:
    place = await machine.start()
    t = await new_swiss(place)
    await sign_up(place, t, PLAYERS[:2])
    place = await machine.restart()
    t = place.tournaments.get(t.id)
    assert t.phase is Phase.SIGNUP and set(t.players) == set(PLAYERS[:2])
    await sign_up(place, t, PLAYERS[2:4])
    await place.tournaments.start(t.id, MOD, moderator=True)
    await finish_cleanly(place, t.id, PLAYERS[:4], 20)


async def test_restart_mid_round_keeps_the_same_tables(machine: Machine) -> None:
    place = await machine.start()
    t = await new_swiss(place)
    await sign_up(place, t, PLAYERS[:4])
    await place.tournaments.start(t.id, MOD, moderator=True)
    before = [(s.number, s.seats, s.thread_id, s.table_id) for s in t.slots_of(1)]
    place = await machine.restart()
    t = place.tournaments.get(t.id)
    assert [(s.number, s.seats, s.thread_id, s.table_id) for s in t.slots_of(1)] == before
    for _, _, thread, table_id in before:
        table = place.tables.in_channel(thread or 0)
        assert table is not None and table.id == table_id and table.tournament_id == t.id
    assert await place.ledger.balance(Account.entry(GUILD, t.id)) == 80
    await finish_cleanly(place, t.id, PLAYERS[:4], 20)


Failing = Callable[[Place], None]


def fail_second_thread(place: Place) -> None:
    """The host opens one thread of round two, then the process dies."""
    host = place.tournaments.hosts[0]
    real = host.open_thread

    async def open_thread(t: Tournament, slot: Slot) -> int:
        if slot.round == 2 and slot.number == 2:
            raise RuntimeError("killed while opening threads")
        return await real(t, slot)

    host.open_thread = open_thread  # type: ignore[method-assign]


def fail_payout(place: Place) -> None:
    """The process dies just before the prizes are paid."""

    async def finish(t: Tournament) -> None:
        raise RuntimeError("killed before the payout")

    place.tournaments.flow.finish = finish  # type: ignore[method-assign]


def fail_next_round(place: Place) -> None:
    """The process dies between a round's last result and the next round."""
    real = place.tournaments.flow.seat_next

    async def seat_next(t: Tournament) -> None:
        if t.round >= 1:
            raise RuntimeError("killed between rounds")
        await real(t)

    place.tournaments.flow.seat_next = seat_next  # type: ignore[method-assign]


@pytest.mark.parametrize("failing", [fail_second_thread, fail_next_round, fail_payout])
async def test_restart_between_steps(machine: Machine, failing: Failing) -> None:
    place = await machine.start()
    t = await new_swiss(place, game="tilters", buy_in=15)
    await sign_up(place, t, PLAYERS[:4])
    failing(place)
    await place.tournaments.start(t.id, MOD, moderator=True)
    for _ in range(5):
        await play_humans(place)
    assert t.phase is Phase.RUNNING  # stuck where the process died
    stuck_at = t.round
    place = await machine.restart()
    again = place.tournaments.live.get(t.id)
    assert again is None or again.round >= stuck_at
    await finish_cleanly(place, t.id, PLAYERS[:4], 15)
