"""Requests that race for one table (issue 20, item 5): each waits for the table's lock, and
whatever it found before waiting may have closed by the time it holds it. Two stops at
once, a stop or a leave that stops while a move ends the game, and every other request
queued behind a stop: the table closes once, paying out once, and the request that comes
second is told the table has closed and moves nothing."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable

import pytest

from bot.games import ChipGame
from bot.games.ai import ai_move
from bot.ledger import Ledger
from bot.storage import Database
from bot.tables import Event, RecordingPresenter, Status, Table, TableError, TableService
from tests.tables.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, START, FakeClock

ALREADY = "The table is already closed."
CLOSED = "That table has closed"

Request = Callable[[TableService, Table], Awaitable[object]]


async def lobby(service: TableService, *, bob: bool = True, ai: bool = False) -> Table:
    """A Black Joke lobby hosted by Alice, with Bob and an AI seated if asked."""
    table = await service.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        host_id=ALICE,
        host_name="Alice",
        game_key="black-joke",
        seed=11,
        options={"rounds": 1},
    )
    if bob:
        await service.join(table.id, BOB, "Bob")
    if ai:
        await service.add_ai(table.id, ALICE)
    return table


async def playing(service: TableService) -> Table:
    """A Black Joke game of Alice and Bob under way, chips already moved in it."""
    table = await lobby(service)
    await service.start(table.id, ALICE)
    await service.act(table.id, awaited_user(table), table.version, "buy 2 3")
    return table


def awaited_user(table: Table) -> int:
    (seat,) = table.game.awaiting(table.state)
    user = table.seats[seat].user_id
    assert user is not None
    return user


async def money(db: Database, ledger: Ledger) -> tuple[int, int, list[int]]:
    """How many transfers (starting chips aside) and actions were ever stored, and every
    purse: what tells whether a request moved anything."""
    purses = [await ledger.purse(GUILD, user) for user in (ALICE, BOB, CAROL)]
    moved = await db.fetchone("SELECT COUNT(*) AS n FROM transfers WHERE reason != 'start'")
    acted = await db.fetchone("SELECT COUNT(*) AS n FROM actions")
    assert moved is not None and acted is not None
    return moved["n"], acted["n"], purses


async def closed_once(ledger: Ledger, table: Table, recorder: RecordingPresenter) -> None:
    """The table closed, its escrow empty, the ledger whole, and it was told closed once."""
    assert table.status is Status.CLOSED
    assert await ledger.escrow(GUILD, table.id) == {}
    assert await ledger.check() == []
    ends = [e for e in recorder.events() if e in (Event.STOPPED, Event.FINISHED)]
    assert len(ends) == 1, recorder.events()


async def queued_behind(table: Table, *requests: Awaitable[object]) -> list[object]:
    """Run the requests as tasks that all wait for the table's lock (held here until each
    is waiting), in the order given; their results or exceptions."""
    async with table.lock:
        tasks = [asyncio.ensure_future(r) for r in requests]
        for _ in range(5):
            await asyncio.sleep(0)
    return await asyncio.gather(*tasks, return_exceptions=True)


# -- two stops at once -------------------------------------------------------------------


@pytest.mark.parametrize("moved", [False, True], ids=["stacks-at-buy-in", "chips-moved"])
async def test_two_stops_at_once_close_the_table_once(
    service: TableService, ledger: Ledger, recorder: RecordingPresenter, moved: bool
) -> None:
    if moved:
        table = await playing(service)
    else:
        table = await lobby(service)
        await service.start(table.id, ALICE)
    stacks = table.game.stacks(table.state)  # type: ignore[attr-defined]
    results = await asyncio.gather(
        service.stop(table.id, ALICE),
        service.stop(table.id, 0, moderator=True),
        return_exceptions=True,
    )
    assert results[0] is table
    assert isinstance(results[1], TableError) and results[1].reason == ALREADY
    await closed_once(ledger, table, recorder)
    # the hand in play was unwound once: each purse is where it was before this hand
    assert await ledger.purse(GUILD, ALICE) + await ledger.purse(GUILD, BOB) == 2 * START
    if not moved:
        assert await ledger.purse(GUILD, ALICE) == START - 100 + stacks[0]


async def test_a_stop_of_a_table_already_gone_is_told_it_has_closed(
    service: TableService, ledger: Ledger
) -> None:
    table = await playing(service)
    await service.stop(table.id, ALICE)
    with pytest.raises(TableError) as refused:
        await service.stop(table.id, ALICE)
    assert refused.value.reason == ALREADY
    assert await ledger.check() == []


# -- every request queued behind a stop --------------------------------------------------


async def _act(service: TableService, table: Table) -> object:
    user = awaited_user(table)
    return await service.act(table.id, user, table.version, "pass")


async def _resume(service: TableService, table: Table) -> object:
    return await service.resume(table.id, ALICE)


PLAYING: dict[str, Request] = {
    "act": _act,
    "leave": lambda s, t: s.leave(t.id, BOB),
    "top_up": lambda s, t: s.top_up(t.id, ALICE, 10),
    "resume": _resume,
}
LOBBY: dict[str, Request] = {
    "join": lambda s, t: s.join(t.id, CAROL, "Carol"),
    "leave": lambda s, t: s.leave(t.id, BOB),
    "add_ai": lambda s, t: s.add_ai(t.id, ALICE),
    "remove_ai": lambda s, t: s.remove_ai(t.id, ALICE),
    "start": lambda s, t: s.start(t.id, ALICE),
}


@pytest.mark.parametrize("name", sorted(PLAYING))
async def test_a_request_waiting_behind_a_stop_is_told_the_table_closed_and_moves_nothing(
    service: TableService, ledger: Ledger, db: Database, recorder: RecordingPresenter, name: str
) -> None:
    table = await lobby(service)
    await service.start(table.id, ALICE)  # between hands: a top-up would be taken
    if name == "resume":  # Alice's seat is the AI's until she comes back
        table.seats[0].ai_control = True
    moved, acted, _ = await money(db, ledger)
    stop, late = await queued_behind(
        table, service.stop(table.id, ALICE), PLAYING[name](service, table)
    )
    assert stop is table
    assert isinstance(late, TableError) and CLOSED in late.reason, late
    # the stop sent the two stakes home, and nothing else moved or was played
    assert await money(db, ledger) == (moved + 2, acted, [START, START, START])
    assert recorder.events()[-1] is Event.STOPPED
    await closed_once(ledger, table, recorder)


@pytest.mark.parametrize("name", sorted(LOBBY))
async def test_a_lobby_request_waiting_behind_a_stop_is_told_the_table_closed(
    service: TableService, ledger: Ledger, recorder: RecordingPresenter, name: str
) -> None:
    table = await lobby(service, ai=True)
    stop, late = await queued_behind(
        table, service.stop(table.id, ALICE), LOBBY[name](service, table)
    )
    assert stop is table
    assert isinstance(late, TableError) and CLOSED in late.reason, late
    assert recorder.events()[-1] is Event.STOPPED
    await closed_once(ledger, table, recorder)
    assert await ledger.purse(GUILD, CAROL) == START  # Carol never sat down


async def test_a_timeout_waiting_behind_a_stop_plays_nothing(
    service: TableService, ledger: Ledger, clock: FakeClock, recorder: RecordingPresenter
) -> None:
    table = await playing(service)
    assert table.deadline_at is not None
    clock.now = table.deadline_at + 1
    version = table.version
    await queued_behind(table, service.stop(table.id, ALICE), service.tick())
    assert table.version == version
    assert Event.TIMED_OUT not in recorder.events()
    await closed_once(ledger, table, recorder)


# -- a stop or a leave that stops, while a move ends the game ----------------------------


async def at_the_last_move(service: TableService) -> tuple[Table, str]:
    """Alice alone with an AI at Black Joke, awaited, with a move that ends the game."""
    table = await lobby(service, bob=False, ai=True)
    await service.start(table.id, ALICE)
    game, rng = table.game, random.Random(5)
    assert isinstance(game, ChipGame)
    for _ in range(200):
        (seat,) = game.awaiting(table.state)
        assert seat == 0  # the AI moves within Alice's requests
        moves = game.legal_actions(table.state, 0)
        last = [m for m in moves if game.is_over(game.apply(table.state, 0, m))]
        if last:
            return table, last[0]
        action, _ = ai_move(game, table.state, 0, rng)
        await service.act(table.id, ALICE, table.version, action)
    pytest.fail("Black Joke did not come to its last move")


async def test_a_stop_waiting_while_a_move_ends_the_game_is_told_it_is_closed(
    service: TableService, ledger: Ledger, recorder: RecordingPresenter
) -> None:
    table, last = await at_the_last_move(service)
    move = service.act(table.id, ALICE, table.version, last)
    moved, stop = await asyncio.gather(move, service.stop(table.id, ALICE), return_exceptions=True)
    assert moved is table
    assert isinstance(stop, TableError) and stop.reason == ALREADY
    await closed_once(ledger, table, recorder)
    assert recorder.events()[-1] is Event.FINISHED


async def test_a_leave_waiting_while_a_move_ends_the_game_is_told_it_has_closed(
    service: TableService, ledger: Ledger, db: Database, recorder: RecordingPresenter
) -> None:
    table, last = await at_the_last_move(service)
    moved, left = await asyncio.gather(
        service.act(table.id, ALICE, table.version, last),
        service.leave(table.id, ALICE),
        return_exceptions=True,
    )
    assert moved is table
    assert isinstance(left, TableError) and CLOSED in left.reason, left
    assert not table.seats[0].left and not table.seats[0].leaving
    await closed_once(ledger, table, recorder)


async def test_the_last_players_leave_that_stops_while_a_move_ends_the_game(
    service: TableService, ledger: Ledger, recorder: RecordingPresenter
) -> None:
    # The leave comes first: the last player's leave stops the table; the move waiting
    # behind it finds the table closed. Before, the stop looked the table up, waited
    # behind the move that ended the game and closed it a second time.
    table, last = await at_the_last_move(service)
    stack = table.game.stacks(table.state)[0]  # type: ignore[attr-defined]
    left, moved = await queued_behind(
        table,
        service.leave(table.id, ALICE),
        service.act(table.id, ALICE, table.version, last),
    )
    assert left is table
    assert isinstance(moved, TableError) and CLOSED in moved.reason, moved
    await closed_once(ledger, table, recorder)
    assert recorder.events()[-1] is Event.STOPPED
    assert await ledger.purse(GUILD, ALICE) == START - 100 + stack
