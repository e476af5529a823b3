"""The history of finished tables and a member's record, on both backends."""

from __future__ import annotations

import pytest

from bot.ledger import Account, Ledger
from bot.storage import history_rows
from bot.storage.patience_rows import PatienceRow, record_patience
from bot.storage.result_rows import record_results
from bot.storage.table_rows import Connection, close_table, insert_seat, insert_table, mark_started
from bot.tables import Status, Table, TableService
from tests.tables.conftest import ALICE, BOB, CHANNEL, GUILD, START
from tests.tables.playing import started


async def finish(service: TableService, table: Table) -> None:
    """Play a Black Joke table to its end, everyone passing where they may."""
    while table.status is Status.PLAYING:
        for index in table.game.awaiting(table.state):
            user = table.seats[index].user_id
            assert user is not None
            legal = table.game.legal_actions(table.state, index)
            await service.act(
                table.id, user, table.version, "pass" if "pass" in legal else legal[0]
            )


async def patience_table(service: TableService, user: int, won: bool) -> int:
    """A finished patience table stored as the service stores one."""

    async def work(tx: Connection) -> int:
        table_id = await insert_table(
            tx,
            guild_id=GUILD,
            channel_id=CHANNEL + 1,
            game="clock",
            options={},
            seed=1,
            host_id=user,
            buy_in=0,
        )
        assert table_id is not None
        await insert_seat(tx, table_id, 0, user, f"P{user}", "t")
        await mark_started(tx, table_id, [0], "d")
        await close_table(tx, table_id, "finished")
        await record_results(tx, GUILD, table_id, "clock", [(user, 1 if won else 0, won)])
        stats = {"moves": 52, "undos": 0, "hints": 0, "score": 1}
        await record_patience(tx, GUILD, table_id, "clock", [PatienceRow(user, won, stats)])
        return table_id

    return int(await service.db.write(work))


async def test_history_lists_finished_tables_newest_first_with_each_seats_result(
    service: TableService, ledger: Ledger
) -> None:
    first = await started(service, ALICE, BOB)
    await finish(service, first)
    second = await started(service, ALICE, ais=1)
    await finish(service, second)
    lone = await patience_table(service, BOB, won=True)
    purse = await ledger.balance(Account.purse(GUILD, ALICE))
    await started(service, ALICE, ais=1, channel=CHANNEL + 5)  # still playing: not history
    page = await service.standings.history(GUILD)
    assert [t.table_id for t in page] == [lone, second.id, first.id]
    assert page[0].game == "clock" and not page[0].for_chips
    (bob,) = page[0].seats
    assert (bob.name, bob.won, bob.moves, bob.chips) == (f"P{BOB}", True, 52, None)
    alice, ai = page[1].seats
    alice_first = page[2].seats[0].chips
    assert alice_first is not None and alice.chips is not None
    assert alice.chips + alice_first == purse - START
    assert ai.user_id is None and ai.chips is not None and ai.points is None
    assert alice.won is not None and alice.points is not None
    assert sum(s.chips or 0 for s in page[2].seats) == 0  # chips only change hands


async def test_history_pages_by_keyset_and_filters_by_member_and_game(
    service: TableService,
) -> None:
    ids = [await patience_table(service, ALICE if i % 2 else BOB, won=i % 3 == 0) for i in range(7)]
    newest = list(reversed(ids))
    page = await service.standings.history(GUILD, limit=3)
    assert [t.table_id for t in page] == newest[:3]
    older = await service.standings.history(GUILD, before_id=page[-1].table_id, limit=3)
    assert [t.table_id for t in older] == newest[3:6]
    back = await service.standings.history(GUILD, after_id=older[0].table_id, limit=3)
    assert [t.table_id for t in back] == newest[:3]
    mine = await service.standings.history(GUILD, user_id=ALICE)
    assert [t.table_id for t in mine] == [i for i in newest if (ids.index(i)) % 2]
    assert await service.standings.history(GUILD, game="black-joke") == []
    assert await service.standings.history(GUILD + 1) == []


async def test_a_members_record_counts_games_chips_streaks_and_favourite(
    service: TableService, ledger: Ledger
) -> None:
    for won in (True, True, False, True):
        await patience_table(service, ALICE, won)
    table = await started(service, ALICE, ais=1)
    await finish(service, table)
    record = await service.standings.record(GUILD, ALICE)
    joke, clock = record.games  # by key
    assert (clock.game, clock.played, clock.won, clock.for_chips) == ("clock", 4, 3, False)
    assert (joke.game, joke.played, joke.for_chips) == ("black-joke", 1, True)
    net = await ledger.balance(Account.purse(GUILD, ALICE)) - START
    assert joke.chips_won - joke.chips_lost == net
    assert record.favourite == "clock"
    assert record.longest_streak >= 2
    only = await service.standings.record(GUILD, ALICE, "clock")
    assert (only.played, only.won, only.longest_streak) == (4, 3, 2)
    assert (await service.standings.record(GUILD, BOB)).games == ()


async def test_a_frequent_members_history_walks_the_servers_tables_to_the_same_pages(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids = [await patience_table(service, ALICE if i % 3 else BOB, won=True) for i in range(9)]
    rare = await service.standings.history(GUILD, user_id=ALICE, limit=4)
    monkeypatch.setattr(history_rows, "_RARE", 0)  # every member counts as frequent
    frequent = await service.standings.history(GUILD, user_id=ALICE, limit=4)
    assert [t.table_id for t in frequent] == [t.table_id for t in rare]
    assert [t.table_id for t in rare] == [i for i in reversed(ids) if ids.index(i) % 3][:4]
    older = await service.standings.history(GUILD, user_id=ALICE, before_id=rare[-1].table_id)
    assert [t.table_id for t in older] == [i for i in reversed(ids) if ids.index(i) % 3][4:]
