"""Winnable deals at the table service, on both backends: a deal drawn from the stock is
one the solver proves won, each seed is dealt once (also by two services sharing one
database), an empty stock is searched on the spot or refused in words, a seed of one's
own or a game that is no patience is refused, the mark survives a restart and the proof
line says so."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from dataclasses import replace

import pytest

from bot.front.words import status_words
from bot.games import registry
from bot.games.patience.search import WON, Budget, dealt, solve
from bot.ledger import Ledger
from bot.storage import Database
from bot.storage import winnable_rows as rows
from bot.tables import Event, ServiceSettings, TableError, TableService
from bot.tables.settings import WinnableSettings
from bot.tables.winnable import CHOSEN, SEEDED, NotReady, options_text
from tests.tables.conftest import ALICE, CHANNEL, GUILD

CLOCK = options_text(registry.get("clock").options({}))


def proved(key: str, seed: int) -> bool:
    """Whether the solver proves the deal of this seed won (a generous budget)."""
    game = registry.get(key)
    return solve(game, dealt(game, seed), Budget(seconds=30), time.perf_counter).result == WON


def winnable_service(db: Database, ledger: Ledger, **knobs: float) -> TableService:
    """A table service whose winnable deals use these settings."""
    settings = ServiceSettings(turn_timeout_s=None, winnable=replace(WinnableSettings(), **knobs))
    return TableService(db, ledger, settings)


@pytest.fixture
async def tables(db: Database, ledger: Ledger) -> AsyncIterator[TableService]:
    """A service with a short wait for a cold draw, its workers stopped at the end."""
    service = winnable_service(db, ledger, wait_s=5.0)
    yield service
    await service.winnable.stop()
    await asyncio.to_thread(service.close)


async def open_winnable(service: TableService, key: str, channel: int = CHANNEL) -> int:
    """A winnable table of `key` opened and dealt for Alice; its id."""
    deal = await service.winnable.draw(key)
    table = await service.create(
        guild_id=GUILD,
        channel_id=channel,
        host_id=ALICE,
        host_name="alice",
        game_key=key,
        deal=deal,
    )
    await service.start(table.id, ALICE)
    return table.id


async def test_a_stocked_seed_is_dealt_once_and_marked_winnable(
    tables: TableService, db: Database
) -> None:
    seed = next(s for s in range(200) if proved("clock", s))
    assert await db.write(lambda tx: rows.add_seed(tx, "clock", CLOCK, seed))
    table = tables.table(await open_winnable(tables, "clock"))
    assert table.seed == seed and table.winnable
    assert await rows.stock_of(db, "clock", CLOCK) == 0  # taken out as it was drawn
    assert not await db.write(lambda tx: rows.add_seed(tx, "clock", CLOCK, seed))  # dealt
    words = status_words(tables.snapshot(table, Event.RESUMED))
    assert "Deal seed hash:" in words and CHOSEN in words


async def test_an_empty_stock_is_searched_on_the_spot_for_a_proved_deal(
    tables: TableService,
) -> None:
    table = tables.table(await open_winnable(tables, "clock"))
    assert table.winnable and proved("clock", table.seed)


async def test_no_deal_proved_in_time_is_refused_in_words_and_opens_nothing(
    db: Database, ledger: Ledger
) -> None:
    service = winnable_service(db, ledger, wait_s=0.0)
    with pytest.raises(NotReady, match="No winnable deal of The Clock is ready yet"):
        await service.winnable.draw("clock")
    assert service.in_channel(CHANNEL) is None


async def test_a_seed_of_ones_own_and_a_game_that_is_no_patience_are_refused(
    tables: TableService,
) -> None:
    with pytest.raises(TableError) as seeded:
        await tables.winnable.draw("clock", seed=5)
    assert seeded.value.reason == SEEDED
    with pytest.raises(TableError, match="Winnable deals are for patience games"):
        await tables.winnable.draw("black-joke")


async def test_two_services_on_one_database_never_deal_the_same_seed(
    tables: TableService, db: Database, ledger: Ledger
) -> None:
    seeds = [s for s in range(400) if proved("clock", s)][:3]
    for seed in seeds:
        assert await db.write(lambda tx, s=seed: rows.add_seed(tx, "clock", CLOCK, s))
    other = winnable_service(db, ledger, wait_s=5.0)
    try:
        drawn = await asyncio.gather(
            *(service.winnable.draw("clock") for service in (tables, other, tables, other))
        )
    finally:
        await asyncio.to_thread(other.close)
    got = [d.seed for d in drawn]
    assert len(set(got)) == 4 and set(seeds) <= set(got)  # three stocked, one searched


async def test_the_mark_survives_a_restart(
    tables: TableService, db: Database, ledger: Ledger
) -> None:
    table_id = await open_winnable(tables, "clock")
    fresh = TableService(db, ledger, ServiceSettings(turn_timeout_s=None))
    await fresh.recover()
    assert fresh.table(table_id).winnable


async def test_the_background_refills_a_stock_once_asked(
    tables: TableService, db: Database
) -> None:
    tables.winnable.start()
    await open_winnable(tables, "clock")
    await asyncio.wait_for(tables.winnable.settled(), 60)
    stocked = await rows.stock_of(db, "clock", CLOCK)
    assert stocked == tables.settings.winnable.stock
