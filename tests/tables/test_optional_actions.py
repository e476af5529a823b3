"""Optional actions at a table (`Game.optional_actions`, `GameInfo.out_of_turn`): a seat
not awaited takes one of its optional actions, stored in the log like any action and
replayed after a restart; anything else from it is refused in plain words; AI seats take
theirs at once. Pip-Pip!'s call right after drawing is the case in point."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games.ai import ai_move, ai_optional_move
from bot.ledger import Ledger
from bot.storage import Database
from bot.storage import table_rows as rows
from bot.tables import ServiceSettings, Status, Table, TableError, TableService
from tests.tables.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD

PIP = "pip-pip"


async def pip_table(service: TableService, humans: list[int], ais: int, seed: int) -> Table:
    """A Pip-Pip! table of these players (the first hosts) and AI seats, dealt."""
    table = await service.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        host_id=humans[0],
        host_name=f"P{humans[0]}",
        game_key=PIP,
        seed=seed,
    )
    for user in humans[1:]:
        await service.join(table.id, user, f"P{user}")
    for _ in range(ais):
        await service.add_ai(table.id, humans[0])
    await service.start(table.id, humans[0])
    return table


def optional_seat(table: Table) -> int | None:
    """A seat that has an optional action now, if any."""
    game = table.game
    return next((s for s in range(len(table.seats)) if game.optional_actions(table.state, s)), None)


async def play_until_optional(service: TableService, table: Table) -> int:
    """The awaited players play their AI's choice until some seat may act out of turn;
    that seat."""
    rng = random.Random(5)
    while table.status is Status.PLAYING:
        seat = optional_seat(table)
        if seat is not None:
            return seat
        (turn,) = table.game.awaiting(table.state)
        action, _ = ai_move(table.game, table.state, turn, rng)
        user = table.seats[turn].user_id
        assert user is not None
        await service.act(table.id, user, table.version, action)
    raise AssertionError("the game ended with no call out of turn")


async def test_a_seat_not_awaited_takes_its_optional_action_and_nothing_else(
    service: TableService, db: Database, ledger: Ledger
) -> None:
    table = await pip_table(service, [ALICE, BOB, CAROL], ais=0, seed=0)
    seat = await play_until_optional(service, table)
    game, state, version = table.game, table.state, table.version
    user = table.seats[seat].user_id
    assert user is not None and seat not in game.awaiting(state)
    offered = game.optional_actions(state, seat)
    assert game.actions_now(state, seat) == offered and game.legal_actions(state, seat) == []
    (turn,) = game.awaiting(state)
    others = [f"call {s}" for s in "CDHS" if f"call {s}" not in offered]
    for bad in [*others, *game.legal_actions(state, turn), "pass", ""]:
        with pytest.raises(TableError, match="It is not your turn: the table is waiting for"):
            await service.act(table.id, user, version, bad)
    with pytest.raises(TableError, match="moved on"):
        await service.act(table.id, user, version - 1, offered[0])
    idle = next(s for s in range(3) if s not in (seat, turn))
    idle_user = table.seats[idle].user_id
    assert idle_user is not None and game.optional_actions(state, idle) == []
    with pytest.raises(TableError, match="not your turn"):
        await service.act(table.id, idle_user, version, offered[0])
    assert table.state == state and table.version == version
    # typed in any case, it is matched to the action as offered
    typed = service.typed_move(table.id, user, offered[0].upper())
    await service.act(table.id, user, version, typed)
    assert table.version == version + 1 and game.awaiting(table.state) == {turn}
    log = (await rows.actions_of(db, [table.id]))[table.id]
    assert (log[-1].seat, log[-1].kind, log[-1].action) == (seat, "act", offered[0])
    # A restart replays the log, the call out of turn included.
    fresh = TableService(db, ledger, ServiceSettings(turn_timeout_s=None))
    report = await fresh.recover()
    assert report.abandoned == [] and fresh.table(table.id).state == table.state


async def test_ai_seats_take_their_optional_actions_at_once(
    service: TableService, db: Database
) -> None:
    table = await pip_table(service, [ALICE], ais=3, seed=1)
    game = table.game
    rng = random.Random(2)
    while table.status is Status.PLAYING:
        # Whenever the player is asked, no AI seat has a call left that its AI would make.
        for seat in range(1, 4):
            assert ai_optional_move(game, table.state, seat, random.Random(0)) is None
        action, _ = ai_move(game, table.state, 0, rng)
        await service.act(table.id, ALICE, table.version, action)
    log = (await rows.actions_of(db, [table.id]))[table.id]
    state: Any = game.new(4, table.seed, table.options)
    out_of_turn = 0
    for entry in log:
        if entry.seat not in game.awaiting(state):
            assert entry.seat != 0 and entry.action.startswith("call ")
            out_of_turn += 1
        state = game.apply(state, entry.seat, entry.action)
    assert out_of_turn > 0
