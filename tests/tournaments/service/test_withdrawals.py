"""A player who withdraws from a running tournament while ahead at his table: an AI plays
his seat to the table's end, he ranks below every player who stayed (at the table and in
the standings, Swiss and knockout, across a restart), and he takes no prize; a player
already knocked out of a knockout cannot withdraw."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from bot.games import ChipGame
from bot.storage import Database, open_database
from bot.tables import Event, Status, Update
from bot.tables.events import Acted
from bot.tournaments.service import Phase, Slot, Tournament, TournamentError
from bot.tournaments.service.board import winner_of
from tests.tournaments.service.playing import (
    CHANNEL,
    GUILD,
    MOD,
    PLAYERS,
    FakeClock,
    Place,
    RecordingHost,
    open_place,
    play_humans,
    play_out,
    sign_up,
)

BUY_IN = 20


@dataclass
class Heard:
    """A presenter of the table service keeping who moved at each table, and how each
    table ended."""

    moves: list[tuple[int, int, str]] = field(default_factory=list)
    ends: dict[int, Event] = field(default_factory=dict)

    async def table_updated(self, update: Update) -> None:
        if isinstance(update.detail, Acted):
            self.moves.append((update.table.id, update.detail.seat, update.detail.actor))
        elif update.event in (Event.FINISHED, Event.STOPPED):
            self.ends[update.table.id] = update.event


async def jockey_club(place: Place, format: str) -> Tournament:
    """Four players in a tournament of Jockey Club at tables of two, two rounds of deals."""
    t = await place.tournaments.create(
        guild_id=GUILD, channel_id=CHANNEL, host_id=MOD, game_key="jockey-club",
        format=format, seats=2, buy_in=BUY_IN, stack=40, options={"rounds": 2},
    )  # fmt: skip
    await sign_up(place, t, PLAYERS[:4])
    await place.tournaments.start(t.id, MOD, moderator=True)
    return t


async def play_until_ahead(place: Place, slot: Slot) -> int:
    """Play the slot's table deal by deal until, between deals, one player holds more
    chips than the other; that player. The first seat bids a chip where it can, the
    other passes: a small bid that puts them apart (random bids can bust a stack)."""
    while True:
        await place.tournaments.settle()
        table = next(x for x in place.tables.tables() if x.id == slot.table_id)
        assert table.status is Status.PLAYING, "the table ended with nobody ahead"
        game = table.game
        assert isinstance(game, ChipGame)
        stacks = game.stacks(table.state)
        if game.between_hands(table.state) and stacks[0] != stacks[1]:
            return slot.seats[stacks.index(max(stacks))] or 0
        index = sorted(game.awaiting(table.state))[0]
        user = table.seats[index].user_id
        assert user is not None
        legal = game.legal_actions(table.state, index)
        wanted = "bid 1" if index == 0 else "pass"
        move = wanted if wanted in legal else "pass" if "pass" in legal else legal[0]
        await place.tables.act(table.id, user, table.version, move)


async def leave_ahead(place: Place, t: Tournament) -> tuple[int, Slot, Heard]:
    """The player ahead at the first table of round one leaves the tournament; he, his
    table's slot, and what the table service told from then on."""
    slot = t.slots_of(1)[0]
    leaver = await play_until_ahead(place, slot)
    heard = Heard()
    place.tables.presenters.append(heard)
    await place.tournaments.leave(t.id, leaver)
    await place.tournaments.settle()
    return leaver, slot, heard


def assert_withdrawn_last(t: Tournament, leaver: int, slot: Slot) -> None:
    """The leaver is last at his table and in the tournament, and paid nothing; the pot
    went to the others."""
    assert slot.result is not None
    seat = slot.seats.index(leaver)
    assert slot.result.places[seat] == 2 and slot.result.places[1 - seat] == 1
    others = [p for p in t.players.values() if p.user_id != leaver]
    place = t.players[leaver].place
    assert place is not None and all(p.place is not None and p.place < place for p in others)
    assert t.players[leaver].prize == 0
    assert sum(p.prize for p in others) == BUY_IN * 4


def assert_ai_played(heard: Heard, slot: Slot, leaver: int) -> None:
    """The leaver's seat was played by the AI, and his table played to its end."""
    seat = slot.seats.index(leaver)
    assert (slot.table_id, seat, "ai") in heard.moves
    assert heard.ends[slot.table_id or 0] is Event.FINISHED


async def test_a_knockout_leaver_ahead_is_played_for_ranked_last_and_unpaid(
    place: Place,
) -> None:
    t = await jockey_club(place, "knockout")
    leaver, slot, heard = await leave_ahead(place, t)
    assert slot.result is None, "his table plays on"
    await play_out(place, t)
    assert t.phase is Phase.FINISHED
    assert_ai_played(heard, slot, leaver)
    assert_withdrawn_last(t, leaver, slot)
    view = await place.tournaments.standings(t.id, GUILD)
    assert view.lines[-1].user_id == leaver and view.lines[-1].dropped
    assert await place.ledger.check() == []


async def reopened(db: Database, where: str, clock: FakeClock) -> tuple[Database, Place]:
    """The process dies after its last commit, and a new one recovers."""
    await db.close()
    again = await open_database(where)
    return again, await open_place(again, clock, RecordingHost())


async def test_a_swiss_leaver_ahead_stays_last_across_a_restart(
    where: str, clock: FakeClock
) -> None:
    db = await open_database(where)
    place = await open_place(db, clock, RecordingHost())
    t = await jockey_club(place, "swiss")
    leaver, slot, _ = await leave_ahead(place, t)
    assert slot.result is None, "his table plays on"
    db, place = await reopened(db, where, clock)
    try:
        t = place.tournaments.live[t.id]
        slot = t.slots_of(1)[0]
        await play_out(place, t)
        assert t.phase is Phase.FINISHED
        assert_withdrawn_last(t, leaver, slot)
        view = await place.tournaments.standings(t.id, GUILD)
        assert [line.user_id for line in view.lines][-1] == leaver
        assert view.lines[-1].prize == 0
        assert await place.ledger.check() == []
    finally:
        await place.tournaments.settle()
        await db.close()


async def test_a_player_knocked_out_cannot_withdraw_and_keeps_their_place(place: Place) -> None:
    t = await place.tournaments.create(
        guild_id=GUILD, channel_id=CHANNEL, host_id=MOD, game_key="tilters",
        format="knockout", seats=2,
    )  # fmt: skip
    await sign_up(place, t, PLAYERS[:4])
    await place.tournaments.start(t.id, MOD, moderator=True)
    first, second = t.slots_of(1)
    await play_humans(place, absent=frozenset(second.players))  # only the first table plays
    assert first.result is not None and second.result is None
    (loser,) = [p for p in first.players if p != winner_of(t, first, 1)]
    with pytest.raises(TournamentError, match="already out of this knockout"):
        await place.tournaments.leave(t.id, loser)
    assert not t.players[loser].dropped
