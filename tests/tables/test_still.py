"""Can I still win? at the table service (bot/tables/still.py): the answer worked out in
the service's worker pool and recorded as the table's own action, replayed after a
restart; a stale or moved-on answer refused, never recorded against the wrong position;
a typed answer refused in words; and the player's record: an assisted win is no perfect
win and ends a streak."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.games.patience.assist import WON, Told, written
from bot.games.patience.search import Budget, solve
from bot.games.patience.search.standing import Still
from bot.ledger import Ledger
from bot.storage import Database
from bot.storage import table_rows as rows
from bot.storage.patience_rows import patience_stats
from bot.tables import ServiceSettings, Status, Table, TableError, TableService
from bot.tables.solving import SolverPool
from bot.tables.still import MOVED_ON, TYPED
from tests.tables.conftest import ALICE, BOB, CHANNEL, GUILD


async def patience(service: TableService, key: str = "sultan", seed: int = 1) -> Table:
    """A patience table for Alice, dealt."""
    table = await service.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        host_id=ALICE,
        host_name="alice",
        game_key=key,
        seed=seed,
    )
    await service.start(table.id, ALICE)
    return table


class HeldPool(SolverPool):
    """The service's pool with each answer held back until the test lets it go."""

    def __init__(self) -> None:
        super().__init__()
        self.asked = asyncio.Event()
        self.go = asyncio.Event()

    async def still(self, game: Any, state: Any, budget: Budget | None = None) -> Still:
        self.asked.set()
        answer = await super().still(game, state, budget)
        await self.go.wait()
        return answer


@pytest.fixture
async def closing(service: TableService) -> AsyncIterator[TableService]:
    """The service, its solver's workers stopped at the end."""
    yield service
    await asyncio.to_thread(service.close)


async def test_the_answer_is_recorded_as_the_tables_action_and_kept_by_a_restart(
    closing: TableService, db: Database, ledger: Ledger
) -> None:
    service = closing
    table = await patience(service)
    version = table.version
    answered, still = await service.ask_still(table.id, ALICE, version)
    assert still.told.result == WON and answered.version == version + 1
    assert table.state.assists == 1 and table.state.line == still.told.line
    log = (await rows.actions_of(db, [table.id]))[table.id]
    assert (log[-1].kind, log[-1].action) == ("act", written(still.told))
    fresh = TableService(db, ledger, ServiceSettings(turn_timeout_s=None))
    report = await fresh.recover()
    assert report.abandoned == [] and fresh.table(table.id).state == table.state


async def test_a_typed_answer_is_refused_in_words_and_changes_nothing(
    service: TableService,
) -> None:
    table = await patience(service)
    state, version = table.state, table.version
    for forged in ("solved lost deal", written(Told(WON, ("move t1 f1",))), "SOLVED unknown"):
        with pytest.raises(TableError) as refused:
            await service.act(table.id, ALICE, version, service.typed_move(table.id, ALICE, forged))
        assert refused.value.reason == TYPED
    with pytest.raises(TableError, match="written by the table"):
        await service.act(table.id, ALICE, version, "solved lost deal")
    assert table.state == state and table.version == version


async def test_a_stale_ask_and_an_ask_by_an_onlooker_are_refused(closing: TableService) -> None:
    service = closing
    table = await patience(service)
    with pytest.raises(TableError, match="moved on"):
        await service.ask_still(table.id, ALICE, table.version - 1)
    with pytest.raises(TableError, match="not seated"):
        await service.ask_still(table.id, BOB, table.version)
    assert table.state.assists == 0


async def test_an_answer_for_a_position_the_game_has_left_is_not_recorded(
    closing: TableService,
) -> None:
    service = closing
    held = HeldPool()
    service.solver = held
    table = await patience(service)
    version = table.version
    asking = asyncio.create_task(service.ask_still(table.id, ALICE, version))
    await held.asked.wait()
    move = next(a for a in table.game.legal_actions(table.state, 0) if a.startswith("move"))
    await service.act(table.id, ALICE, version, move)  # the player moves on meanwhile
    held.go.set()
    with pytest.raises(TableError) as refused:
        await asking
    assert refused.value.reason == MOVED_ON
    assert table.state.assists == 0 and table.version == version + 1
    held.close()


async def test_an_assisted_game_is_recorded_as_such(closing: TableService, db: Database) -> None:
    service = closing
    table = await patience(service)
    _, still = await service.ask_still(table.id, ALICE, table.version)
    for move in still.told.line:
        await service.act(table.id, ALICE, table.version, move)
    assert table.status is Status.CLOSED
    stats = await patience_stats(db, GUILD, ALICE, "sultan")
    assert (stats.played, stats.won, stats.perfect, stats.assisted) == (1, 1, 0, 1)
    assert stats.current_streak == 0 and stats.best_streak == 0


async def test_an_assisted_win_ends_a_streak_and_is_never_perfect(
    closing: TableService, db: Database
) -> None:
    service = closing
    for assisted in (False, False, True, False):
        table = await patience(service)
        if assisted:
            _, still = await service.ask_still(table.id, ALICE, table.version)
            line = still.told.line
        else:
            line = solve(table.game, table.state, None, time.perf_counter).line
        for move in line:
            await service.act(table.id, ALICE, table.version, move)
        assert table.status is Status.CLOSED
    found = await patience_stats(db, GUILD, ALICE, "sultan")
    assert (found.played, found.won, found.assisted, found.perfect) == (4, 4, 1, 3)
    assert (found.best_streak, found.current_streak) == (2, 1)
