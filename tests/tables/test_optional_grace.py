"""The grace for a person's optional actions (`bot.tables.grace`): a person who may act
out of turn holds the AI's next move until they act, decline (`decline_optional`) or the
grace passes (`tick`, on the service's clock); after a restart the grace begins again.
The case in point: in Pip-Pip! a player draws the card that completes his pair while the
AI is to lead the next trick, and may call before that lead (RULES.md §15.2)."""

from __future__ import annotations

import pytest

from bot.ledger import Ledger
from bot.storage import Database
from bot.tables import ServiceSettings, Status, Table, TableError, TableService
from tests.games.french.pip_pip_helpers import DRAWN_PAIR, DRAWN_STOCK, THREE, deal_from, stacked
from tests.tables.conftest import ALICE, BOB, FakeClock
from tests.tables.test_optional_actions import pip_table

GRACE = 10.0  # the default


@pytest.fixture(autouse=True)
def _stacked(monkeypatch: pytest.MonkeyPatch) -> None:
    deal_from(monkeypatch, stacked(3, THREE, DRAWN_PAIR, DRAWN_STOCK))


async def drawn_pair(service: TableService) -> Table:
    """Alice (seat 0) with two AI seats: the AIs play to the first trick; Alice plays
    last and draws the queen of hearts to her king; the AI is to lead the next trick."""
    table = await pip_table(service, [ALICE], ais=2, seed=1)
    assert table.game.awaiting(table.state) == {0} and len(table.state.trick) == 2
    await service.act(table.id, ALICE, table.version, "play 3C")
    return table


def waiting_on_alice(table: Table) -> None:
    """The AI is to lead the second trick and has not: Alice may still call."""
    state = table.state
    assert state.trick == () and len(state.last) == 3 and state.last_winner == 1
    assert table.game.awaiting(state) == {1} and table.seats[1].is_ai
    assert table.game.optional_actions(state, 0) == ["call H"]


async def test_the_ai_waits_for_the_person_who_may_call_and_the_call_counts_next_trick(
    service: TableService, clock: FakeClock
) -> None:
    table = await drawn_pair(service)
    waiting_on_alice(table)
    version = table.version
    assert service.next_deadline() == clock.now + GRACE
    clock.now += GRACE - 1
    assert await service.tick() == 0 and table.version == version
    await service.act(table.id, ALICE, version, "call H")
    # The AI led at once after the call, and hearts are trumps from that lead.
    state = table.state
    assert state.calls == ((0, "H"),) and state.scores[0] == 50
    assert state.players[0] == 1 and len(state.trick) == 2 and state.trump == "H"
    assert state.pending == () and table.game.awaiting(state) == {0}
    assert service.next_deadline() == table.deadline_at  # Alice's turn clock; no grace


async def test_when_the_grace_passes_the_tick_lets_the_ai_lead(
    service: TableService, clock: FakeClock
) -> None:
    table = await drawn_pair(service)
    waiting_on_alice(table)
    clock.now += GRACE
    assert await service.tick() == 1
    state = table.state
    assert state.players[0] == 1 and len(state.trick) == 2 and state.trump == "S"
    assert state.calls == () and table.game.awaiting(state) == {0}
    # The next trick is led: the chance to call right after drawing is gone.
    assert table.game.optional_actions(state, 0) == []
    assert await service.tick() == 0


async def test_declining_lets_the_ai_go_on_at_once(service: TableService, clock: FakeClock) -> None:
    table = await drawn_pair(service)
    waiting_on_alice(table)
    version = table.version
    with pytest.raises(TableError, match="moved on"):
        await service.decline_optional(table.id, ALICE, version - 1)
    with pytest.raises(TableError, match="not seated"):
        await service.decline_optional(table.id, BOB, version)
    assert table.version == version
    await service.decline_optional(table.id, ALICE, version)
    state = table.state
    assert state.players[0] == 1 and len(state.trick) == 2 and state.calls == ()
    assert table.game.awaiting(state) == {0} and service.next_deadline() == table.deadline_at
    # Nothing is open to decline now.
    with pytest.raises(TableError, match="nothing for you to pass on"):
        await service.decline_optional(table.id, ALICE, table.version)


async def test_after_a_restart_the_grace_begins_again(
    service: TableService, clock: FakeClock, db: Database, ledger: Ledger
) -> None:
    table = await drawn_pair(service)
    clock.now += GRACE - 1
    fresh = TableService(db, ledger, ServiceSettings(), clock=clock)
    await fresh.recover()
    again = fresh.table(table.id)
    waiting_on_alice(again)
    assert fresh.next_deadline() == clock.now + GRACE
    clock.now += GRACE
    assert await fresh.tick() == 1
    assert len(again.state.trick) == 2 and again.game.awaiting(again.state) == {0}
    assert again.status is Status.PLAYING


async def test_without_a_grace_the_ai_goes_on(
    db: Database, ledger: Ledger, clock: FakeClock
) -> None:
    service = TableService(db, ledger, ServiceSettings(optional_grace_s=0), clock=clock)
    table = await drawn_pair(service)
    assert len(table.state.trick) == 2 and table.game.optional_actions(table.state, 0) == []
    assert service.next_deadline() == table.deadline_at


async def test_a_persons_own_move_is_never_held_and_may_close_anothers_chance(
    service: TableService,
) -> None:
    table = await pip_table(service, [ALICE, BOB], ais=1, seed=1)
    await service.act(table.id, BOB, table.version, "play AS")
    assert table.game.awaiting(table.state) == {0}  # the AI (seat 2) followed at once
    await service.act(table.id, ALICE, table.version, "play 3C")
    assert table.game.awaiting(table.state) == {1}
    assert table.game.optional_actions(table.state, 0) == ["call H"]
    # Bob leads while Alice may still call: his lead closes her chance, and the AI,
    # waiting on nobody, plays on at once.
    await service.act(table.id, BOB, table.version, "play AS")
    state = table.state
    assert len(state.trick) == 2 and table.game.awaiting(state) == {0}
    assert state.calls == () and service.next_deadline() == table.deadline_at
