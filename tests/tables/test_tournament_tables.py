"""House-staked tournament tables (issue 24): `TableService.open_tournament_table` seats,
stakes and deals in one go; the bank lends every seat its stack and takes each stake
back, so no purse ever takes part; no top-ups; only a moderator stops it; a restart
keeps it a tournament table."""

from __future__ import annotations

import pytest

from bot.ledger import Account, Ledger
from bot.storage import Database, Tx
from bot.tables import (
    Event,
    RecordingPresenter,
    ServiceSettings,
    Status,
    Table,
    TableError,
    TableService,
)
from tests.tables.conftest import ALICE, BOB, CHANNEL, GUILD
from tests.tables.test_leaving import play_until

TOURNAMENT = 5
STACK = 40


@pytest.fixture(autouse=True)
async def tournament(db: Database) -> None:
    """Tournament 5, under way (a tournament table refers to its tournament's row)."""

    async def work(tx: Tx) -> None:
        await tx.execute(
            "INSERT INTO tournaments (id, guild_id, channel_id, host_id, game, format, rounds,"
            " seats, buy_in, stack, shares, options, seed, status, round, created_at)"
            " VALUES (?, ?, ?, ?, 'bunkum', 'knockout', 0, 3, 10, ?, '50,30,20', '{}', 1,"
            " 'running', 1, '2024-01-01T00:00:00.000Z')",
            (TOURNAMENT, GUILD, CHANNEL - 1, ALICE, STACK),
        )

    await db.write(work)


async def open_house(
    service: TableService, seats: list[tuple[int | None, str]], game: str = "bunkum"
) -> Table:
    """A tournament table of `game` (three rounds) with these seats, 40 chips each."""
    return await service.open_tournament_table(
        guild_id=GUILD,
        channel_id=CHANNEL,
        game_key=game,
        options={"rounds": 3},
        seats=seats,
        stack=STACK,
        tournament_id=TOURNAMENT,
        seed=3,
    )


async def by_reason(db: Database, table_id: int) -> dict[str, int]:
    """The chips moved at a table, by reason."""
    found = await db.fetchall(
        "SELECT reason, SUM(amount) FROM transfers WHERE table_id = ? GROUP BY reason",
        (table_id,),
    )
    return {str(row[0]): int(row[1]) for row in found}


async def settled(db: Database, ledger: Ledger, table: Table) -> None:
    """The table is closed, its escrow closed and empty, every lent chip back at the
    bank, no purse made or touched, and the ledger's check clean."""
    assert table.status is Status.CLOSED
    moved = await by_reason(db, table.id)
    assert moved["lend"] == STACK * len(table.seats) == moved["repay"]
    assert not {"buyin", "ai_buyin", "cashout", "ai_cashout", "topup"} & moved.keys()
    assert await ledger.balance(Account.issuance(GUILD)) == 0
    purses = await db.fetchone("SELECT COUNT(*) FROM accounts WHERE kind = 'purse'")
    assert purses is not None and int(purses[0]) == 0
    escrow = await db.fetchall(
        "SELECT balance, closed_at FROM accounts WHERE table_id = ?", (table.id,)
    )
    assert escrow and all(int(r[0]) == 0 and r[1] is not None for r in escrow)
    assert await ledger.check() == []


async def test_an_ai_table_plays_to_its_end_and_repays_the_bank(
    service: TableService, db: Database, ledger: Ledger, recorder: RecordingPresenter
) -> None:
    table = await open_house(service, [(None, "Ann"), (None, "Ben"), (None, "Cy")])
    assert table.tournament_id == TOURNAMENT and table.host_id == 0
    assert [s.name for s in table.seats] == ["Ann", "Ben", "Cy"]
    assert recorder.events()[:2] == [Event.CREATED, Event.STARTED]
    keys = await db.fetchall(
        "SELECT key FROM transfers WHERE reason = 'lend' AND table_id = ? ORDER BY id",
        (table.id,),
    )
    assert [str(r[0]) for r in keys] == [f"lend:{table.id}:{s.ticket}" for s in table.seats]
    await settled(db, ledger, table)
    stored = await service.closed_table(table.id)
    assert stored is not None and stored.tournament_id == TOURNAMENT


async def test_a_person_leaving_mid_game_takes_nothing_home(
    service: TableService, db: Database, ledger: Ledger
) -> None:
    table = await open_house(service, [(ALICE, "Alice"), (None, "AI"), (BOB, "Bob")])
    assert table.status is Status.PLAYING and table.start_stacks == (STACK,) * 3
    with pytest.raises(TableError, match="equal stacks; there are no top-ups"):
        await service.top_up(table.id, ALICE, 10)
    await service.leave(table.id, ALICE)
    await play_until(service, table, lambda t: t.seats[0].left)
    if table.status is Status.PLAYING:
        await service.leave(table.id, BOB)  # the last person: the table closes
    await settled(db, ledger, table)
    assert await ledger.balance(Account.purse(GUILD, ALICE)) == 0


async def test_only_a_moderator_stops_it(
    service: TableService, db: Database, ledger: Ledger
) -> None:
    table = await open_house(service, [(ALICE, "Alice"), (BOB, "Bob")])
    with pytest.raises(TableError, match="Only the host or a moderator"):
        await service.stop(table.id, ALICE)
    await service.stop(table.id, 999, moderator=True)
    await settled(db, ledger, table)


async def test_a_restart_keeps_it_a_tournament_table(
    service: TableService, db: Database, ledger: Ledger
) -> None:
    table = await open_house(service, [(ALICE, "Alice"), (BOB, "Bob"), (None, "AI")])
    fresh = TableService(db, ledger, ServiceSettings(turn_timeout_s=None))
    report = await fresh.recover()
    assert report.abandoned == []
    again = fresh.table(table.id)
    assert again.tournament_id == TOURNAMENT and again.host_id == 0
    assert again.buy_in == STACK and again.version == table.version
    with pytest.raises(TableError, match="no top-ups"):
        await fresh.top_up(table.id, BOB, 5)
    await fresh.stop(table.id, 999, moderator=True)
    await settled(db, ledger, again)


async def test_refusals_store_nothing(service: TableService, db: Database) -> None:
    with pytest.raises(TableError, match="needs"):
        await open_house(service, [(ALICE, "Alice")])
    with pytest.raises(TableError, match="only one seat"):
        await open_house(service, [(ALICE, "Alice"), (ALICE, "Alice again")])
    table = await open_house(service, [(ALICE, "Alice"), (BOB, "Bob")])
    with pytest.raises(TableError, match="already has a table"):
        await open_house(service, [(None, "A"), (None, "B")])
    count = await db.fetchone("SELECT COUNT(*) FROM tables")
    assert count is not None and int(count[0]) == 1
    moved = await by_reason(db, table.id)
    assert moved == {"lend": 2 * STACK}
