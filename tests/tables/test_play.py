"""Play at a table: turns, versions, AI seats, timeouts, stopping, leaving, topping up."""

from __future__ import annotations

import asyncio

import pytest

from bot.games import ChipGame
from bot.ledger import Account, Ledger
from bot.storage import Database, table_rows
from bot.tables import Event, RecordingPresenter, Status, Table, TableError, TableService
from bot.tables.events import Finished
from tests.tables.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, START, FakeClock
from tests.tables.playing import started, waiting_user


def chip_game(table: Table) -> ChipGame[object]:
    assert isinstance(table.game, ChipGame)
    return table.game


async def test_ai_seats_play_until_a_player_must_act(service: TableService) -> None:
    table = await started(service, ALICE, ais=2)
    # Alice banks the first deal; the two AI punters play it out and deal 2 waits for her.
    assert table.game.awaiting(table.state) == frozenset({0})
    assert table.version > 0
    assert table.game.deal_number(table.state) == 2


async def test_out_of_turn_stale_and_unseated_acts_are_refused_and_change_nothing(
    service: TableService, ledger: Ledger
) -> None:
    table = await started(service, ALICE, BOB)
    state, version = table.state, table.version
    mover = waiting_user(table)
    other = BOB if mover == ALICE else ALICE
    with pytest.raises(TableError, match="not your turn"):
        await service.act(table.id, other, version, "pass")
    with pytest.raises(TableError, match="moved on"):
        await service.act(table.id, mover, version - 1 if version else 5, "pass")
    with pytest.raises(TableError, match="not seated"):
        await service.act(table.id, CAROL, version, "pass")
    for bad in ("buy 0 1", "buy 3 99", "buy 1000 1", "dance", "buy -1 2", ""):
        with pytest.raises(TableError):
            await service.act(table.id, mover, version, bad)
    assert table.state == state and table.version == version
    assert await ledger.check() == []


async def test_concurrent_acts_on_one_version_exactly_one_wins(
    service: TableService, ledger: Ledger
) -> None:
    table = await started(service, ALICE, BOB)
    mover, version = waiting_user(table), table.version
    results = await asyncio.gather(
        service.act(table.id, mover, version, "buy 1 1"),
        service.act(table.id, mover, version, "buy 2 1"),
        service.act(table.id, mover, version, "pass"),
        return_exceptions=True,
    )
    wins = [r for r in results if not isinstance(r, BaseException)]
    losses = [r for r in results if isinstance(r, TableError)]
    assert len(wins) == 1 and len(losses) == 2
    assert all("moved on" in e.reason for e in losses)
    assert await ledger.check() == []


async def test_a_whole_game_settles_every_chip_and_closes_the_table(
    service: TableService, ledger: Ledger, recorder: RecordingPresenter
) -> None:
    table = await started(service, ALICE, BOB, ais=1)
    while table.status is Status.PLAYING:
        mover = waiting_user(table)
        seat = table.seat_of(mover)
        assert seat is not None
        legal = table.game.legal_actions(table.state, seat)
        action = "pass" if "pass" in legal and table.version % 3 == 0 else legal[0]
        await service.act(table.id, mover, table.version, action)
    assert service.in_channel(CHANNEL) is None
    finished = [u for u in recorder.updates if u.event is Event.FINISHED]
    assert len(finished) == 1
    outcome = finished[0].outcome
    assert outcome is not None
    detail = finished[0].detail
    assert isinstance(detail, Finished) and len(detail.seeds) == 3
    assert await ledger.balance(Account.purse(GUILD, ALICE)) == START + outcome.points[0]
    assert await ledger.balance(Account.purse(GUILD, BOB)) == START + outcome.points[1]
    for chair in range(3):
        assert await ledger.balance(Account.stake(GUILD, table.id, chair)) == 0
    assert await ledger.check() == []


async def test_a_timed_out_player_is_played_for_and_handed_to_the_ai_after_three(
    service: TableService, clock: FakeClock, recorder: RecordingPresenter, ledger: Ledger
) -> None:
    table = await started(service, ALICE, ais=1, options={"rounds": 5})
    assert table.deadline_at == clock.now + 60
    clock.now += 30
    assert await service.tick() == 0
    for expected in (1, 2):
        clock.now = table.deadline_at + 1
        assert await service.tick() == 1
        seat = table.seats[0]
        assert seat.timeouts == expected and not seat.ai_control
    clock.now = table.deadline_at + 1
    await service.tick()
    assert table.seats[0].ai_control
    assert Event.HANDED_TO_AI in recorder.events()
    # Alice comes back and takes her seat again.
    if table.status is Status.PLAYING:
        await service.resume(table.id, ALICE)
        assert not table.seats[0].ai_control and table.seats[0].timeouts == 0
    assert await ledger.check() == []


async def test_acting_resets_the_run_of_timeouts(service: TableService, clock: FakeClock) -> None:
    table = await started(service, ALICE, ais=1, options={"rounds": 5})
    clock.now = table.deadline_at + 1
    await service.tick()
    assert table.seats[0].timeouts == 1
    assert waiting_user(table) == ALICE  # the AI's turns were played after the timeout
    await service.act(table.id, ALICE, table.version, "pass")
    assert table.seats[0].timeouts == 0


async def test_stop_mid_hand_unwinds_the_hand_and_returns_every_stake(
    service: TableService, ledger: Ledger, recorder: RecordingPresenter
) -> None:
    table = await started(service, ALICE, BOB)
    game = chip_game(table)
    # Play into the hand: the punter orders, so chips have moved in this deal.
    mover = waiting_user(table)
    before = game.hand_refunds(table.state)
    assert before == ()
    stacks_at_hand_start = game.stacks(table.state)
    await service.act(table.id, mover, table.version, "buy 2 3")
    assert not game.between_hands(table.state)
    with pytest.raises(TableError, match="Only the host"):
        await service.stop(table.id, BOB)
    await service.stop(table.id, ALICE)
    assert service.in_channel(CHANNEL) is None
    assert recorder.events()[-1] is Event.STOPPED
    alice = await ledger.balance(Account.purse(GUILD, ALICE))
    bob = await ledger.balance(Account.purse(GUILD, BOB))
    # completed hands stand, the current one is undone
    assert (alice, bob) == (
        START - 100 + stacks_at_hand_start[0],
        START - 100 + stacks_at_hand_start[1],
    )
    assert await ledger.check() == []


async def test_a_moderator_can_stop_any_table(service: TableService, ledger: Ledger) -> None:
    table = await started(service, ALICE, ais=1)
    await service.stop(table.id, CAROL, moderator=True)
    assert await ledger.balance(Account.purse(GUILD, ALICE)) == START + (
        chip_game(table).stacks(table.state)[0] - 100
    )
    assert await ledger.check() == []


async def test_top_up_between_hands_only(service: TableService, ledger: Ledger) -> None:
    table = await started(service, ALICE, BOB)
    game = chip_game(table)
    mover = waiting_user(table)
    seat = table.seat_of(mover)
    assert seat is not None
    before = game.stacks(table.state)[seat]
    await service.top_up(table.id, mover, 50)
    assert game.stacks(table.state)[seat] == before + 50
    for bad in (0, -5, 10**9):
        with pytest.raises(TableError, match="from 1 to"):
            await service.top_up(table.id, mover, bad)
    with pytest.raises(TableError, match=r"You have .* chips in your purse"):
        await service.top_up(table.id, mover, 100_000)
    await service.act(table.id, mover, table.version, "buy 1 1")
    with pytest.raises(TableError, match="between hands"):
        await service.top_up(table.id, mover, 10)
    assert await ledger.check() == []


async def test_leaving_mid_hand_takes_effect_when_the_hand_ends(
    service: TableService, ledger: Ledger
) -> None:
    table = await started(service, ALICE, BOB, CAROL)
    mover = waiting_user(table)
    await service.act(table.id, mover, table.version, "buy 1 1")
    assert table.status is Status.PLAYING
    leaver = next(u for u in (ALICE, BOB, CAROL) if u != mover and waiting_user(table) != u)
    index = table.seat_of(leaver)
    assert index is not None
    await service.leave(table.id, leaver)
    seat = table.seats[index]
    # the AI finishes the hand for the leaver; then the stake goes home
    while table.status is Status.PLAYING and not seat.left:
        user = waiting_user(table)
        await service.act(table.id, user, table.version, "pass")
    assert seat.left or table.status is Status.CLOSED
    if table.status is Status.PLAYING:
        assert chip_game(table).stacks(table.state)[index] == 0
    assert await ledger.check() == []
    purse = await ledger.balance(Account.purse(GUILD, leaver))
    assert purse > START - 100  # they got their stake (plus or minus the hand) back


async def test_a_finished_game_records_each_players_result(
    service: TableService, recorder: RecordingPresenter
) -> None:
    from bot.storage.result_rows import games_won

    table = await started(service, ALICE, ais=1)
    while table.status is Status.PLAYING:
        await service.act(table.id, ALICE, table.version, "pass")
    (finished,) = [u for u in recorder.updates if u.event is Event.FINISHED]
    outcome = finished.outcome
    assert outcome is not None
    rows = await service.db.fetchall("SELECT user_id, points, won FROM game_results")
    assert [(r["user_id"], r["points"], bool(r["won"])) for r in rows] == [
        (ALICE, outcome.points[0], 0 in outcome.winners)
    ]
    board = await games_won(service.db, GUILD, "black-joke")
    assert board == ([(ALICE, 1)] if 0 in outcome.winners else [])


async def test_per_server_limits_bound_the_buy_in_and_set_the_clock(
    db: object, ledger: Ledger, clock: FakeClock
) -> None:
    from bot.tables import ServiceSettings, TableLimits

    limits = {GUILD: TableLimits(50, 20, 500, 300.0)}
    service = TableService(
        db,
        ledger,
        ServiceSettings(limits=lambda g: limits[g]),
        clock=clock,  # type: ignore[arg-type]
    )
    with pytest.raises(TableError, match="must be from 20 to 500 chips"):
        await started(service, ALICE, ais=1, buy_in=600)
    table = await started(service, ALICE, ais=1)
    assert table.buy_in == 50
    assert table.deadline_at == clock.now + 300.0


async def test_the_turn_clock_runs_from_the_deal_when_a_person_plays_first(
    service: TableService, clock: FakeClock, db: Database
) -> None:
    # two people and no AI: whoever the deal awaits is a person, and nobody has moved
    table = await started(service, ALICE, BOB, options={"rounds": 5})
    assert table.version == 0 and table.game.awaiting(table.state)
    assert table.deadline_at == clock.now + 60
    row = await table_rows.table_row(db, table.id)
    assert row is not None and row.deadline_at == table.deadline_at  # kept across a restart
    clock.now = table.deadline_at + 1
    assert await service.tick() == 1
    assert table.version == 1
