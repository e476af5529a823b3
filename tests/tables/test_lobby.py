"""The lobby: one table per channel, joining with a buy-in, AI seats, leaving, starting."""

from __future__ import annotations

import pytest

from bot.ledger import Account, Ledger
from bot.tables import Event, Status, TableError, TableService
from tests.tables.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, START


async def _open(service: TableService, **kw: object) -> int:
    table = await service.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        host_id=ALICE,
        host_name="Alice",
        game_key="black-joke",
        seed=7,
        **kw,  # type: ignore[arg-type]
    )
    return table.id


async def purse(ledger: Ledger, user: int) -> int:
    return await ledger.purse(GUILD, user)


async def test_create_seats_the_host_and_takes_the_buy_in(
    service: TableService, ledger: Ledger
) -> None:
    table_id = await _open(service)
    table = service.table(table_id)
    assert table.status is Status.LOBBY
    assert [s.user_id for s in table.seats] == [ALICE]
    assert await purse(ledger, ALICE) == START - 100
    assert await ledger.balance(Account.stake(GUILD, table_id, 0)) == 100
    assert await ledger.check() == []


async def test_second_table_in_a_channel_is_refused_naming_the_first(
    service: TableService, ledger: Ledger
) -> None:
    table_id = await _open(service)
    with pytest.raises(TableError, match=rf"Black Joke \(table #{table_id}\), hosted by Alice"):
        await service.create(
            guild_id=GUILD,
            channel_id=CHANNEL,
            host_id=BOB,
            host_name="Bob",
            game_key="black-joke",
        )
    assert await purse(ledger, BOB) == START  # nothing taken
    assert len(service.tables()) == 1


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game_key": "whist"}, "There is no game 'whist'"),
        ({"game_key": "black-joke", "options": {"bogus": 1}}, "no option 'bogus'"),
        ({"game_key": "black-joke", "options": {"max_rate": "many"}}, "whole number"),
        ({"game_key": "black-joke", "buy_in": 0}, "from 1 to"),
        ({"game_key": "black-joke", "buy_in": -5}, "from 1 to"),
        ({"game_key": "black-joke", "buy_in": 10**12}, "from 1 to"),
        ({"game_key": "black-joke", "buy_in": 5000}, "You have 1,000 chips in your purse"),
    ],
)
async def test_bad_create_requests_change_nothing(
    service: TableService, ledger: Ledger, kwargs: dict[str, object], message: str
) -> None:
    with pytest.raises(TableError, match=message):
        await service.create(
            guild_id=GUILD,
            channel_id=CHANNEL,
            host_id=ALICE,
            host_name="Alice",
            **kwargs,  # type: ignore[arg-type]
        )
    assert service.tables() == []
    assert await purse(ledger, ALICE) == START
    assert await ledger.check() == []


async def test_join_leave_and_rejoin_move_the_buy_in_each_time(
    service: TableService, ledger: Ledger
) -> None:
    table_id = await _open(service)
    await service.join(table_id, BOB, "Bob")
    assert await purse(ledger, BOB) == START - 100
    with pytest.raises(TableError, match="already seated"):
        await service.join(table_id, BOB, "Bob")
    await service.leave(table_id, BOB)
    assert await purse(ledger, BOB) == START
    await service.join(table_id, BOB, "Bob")
    assert await purse(ledger, BOB) == START - 100
    assert await ledger.check() == []


async def test_a_player_who_cannot_afford_the_buy_in_is_told_and_not_seated(
    service: TableService, ledger: Ledger
) -> None:
    table_id = await _open(service, buy_in=600)
    await service.join(table_id, BOB, "Bob")  # 1000 - 600 = 400 left
    await service.leave(table_id, BOB)
    other = await service.create(
        guild_id=GUILD,
        channel_id=CHANNEL + 1,
        host_id=CAROL,
        host_name="Carol",
        game_key="black-joke",
        buy_in=900,
    )
    with pytest.raises(TableError, match="You have 400 chips"):
        await service.join(other.id, ALICE, "Alice")  # Alice has 400 left
    assert [s.user_id for s in service.table(other.id).seats] == [CAROL]
    assert await purse(ledger, ALICE) == START - 600
    assert await ledger.check() == []


async def test_ai_seats_are_the_hosts_to_add_and_are_funded_by_issuance(
    service: TableService, ledger: Ledger
) -> None:
    table_id = await _open(service)
    await service.join(table_id, BOB, "Bob")
    with pytest.raises(TableError, match="Only the host"):
        await service.add_ai(table_id, BOB)
    await service.add_ai(table_id, ALICE)
    table = service.table(table_id)
    assert [s.user_id for s in table.seats] == [ALICE, BOB, None]
    assert await ledger.balance(Account.stake(GUILD, table_id, 2)) == 100
    await service.remove_ai(table_id, ALICE)
    assert len(table.seats) == 2
    with pytest.raises(TableError, match="no AI player"):
        await service.remove_ai(table_id, ALICE)
    assert await ledger.check() == []


async def test_a_full_table_refuses_more_players(service: TableService) -> None:
    table_id = await _open(service)
    for _ in range(9):
        await service.add_ai(table_id, ALICE)
    with pytest.raises(TableError, match="The table is full"):
        await service.join(table_id, BOB, "Bob")
    with pytest.raises(TableError, match="The table is full"):
        await service.add_ai(table_id, ALICE)


async def test_the_host_leaving_passes_the_table_on_and_the_last_player_closes_it(
    service: TableService, ledger: Ledger
) -> None:
    table_id = await _open(service)
    await service.join(table_id, BOB, "Bob")
    await service.add_ai(table_id, ALICE)
    await service.leave(table_id, ALICE)
    assert service.table(table_id).host_id == BOB
    await service.leave(table_id, BOB)
    assert service.in_channel(CHANNEL) is None
    assert await purse(ledger, BOB) == START
    assert await ledger.check() == []
    # the channel is free again
    await _open(service)


async def test_only_the_host_starts_and_only_with_enough_players(
    service: TableService, recorder: object
) -> None:
    table_id = await _open(service)
    with pytest.raises(TableError, match="needs 2-10 players; 1 is seated"):
        await service.start(table_id, ALICE)
    await service.join(table_id, BOB, "Bob")
    with pytest.raises(TableError, match="Only the host"):
        await service.start(table_id, BOB)
    await service.start(table_id, ALICE)
    table = service.table(table_id)
    assert table.status is Status.PLAYING
    with pytest.raises(TableError, match="already started"):
        await service.start(table_id, ALICE)
    with pytest.raises(TableError, match="has started"):
        await service.join(table_id, CAROL, "Carol")


async def test_presenters_hear_every_lobby_event_in_order(
    service: TableService, recorder: object
) -> None:
    from bot.tables import RecordingPresenter

    assert isinstance(recorder, RecordingPresenter)
    table_id = await _open(service)
    await service.join(table_id, BOB, "Bob")
    await service.add_ai(table_id, ALICE)
    await service.remove_ai(table_id, ALICE)
    await service.leave(table_id, BOB)
    assert recorder.events() == [
        Event.CREATED,
        Event.JOINED,
        Event.AI_ADDED,
        Event.AI_REMOVED,
        Event.LEFT,
    ]
