"""A leave once a deal's cards are seen, at the table service (issue 20, item 2): the deal
is under way, so the leave waits for the hand's end (RULES.md §18); the deal is never
dealt again, and the leaver's stake comes home only then.

Michigan's widow phase was taken as between hands: the leave was settled at once and the
same cards dealt again, so the leaver went home with his whole stake after seeing the
deal. Every chip game whose first decision of a deal needs a look at the cards is here.
"""

from __future__ import annotations

import pytest

from bot.ledger import Ledger
from bot.tables import Status, Table, TableService
from tests.tables.conftest import BOB, GUILD, START
from tests.tables.test_leaving import chips_of, open_table, play_until

CASES = [
    ("michigan", {}),
    ("newmarket", {"stake_after_deal": True}),
    ("newmarket-1885", {"stake_after_deal": True}),
    ("quien-sabe", {}),
    ("jockey-club", {}),
    ("bunkum", {}),
]


def bob_sees_cards(table: Table) -> bool:
    """Bob (seat 1) holds cards of the current deal."""
    return bool(table.game.view(table.state, 1).get("hand"))


@pytest.mark.parametrize(("game", "opts"), CASES)
async def test_a_leave_once_the_cards_are_seen_waits_for_the_hand_s_end(
    service: TableService, ledger: Ledger, game: str, opts: dict[str, object]
) -> None:
    table = await open_table(service, game, 1, **opts)
    assert await play_until(service, table, bob_sees_cards)
    chips = chips_of(table)
    assert not chips.between_hands(table.state)
    deal = chips.deal_number(table.state)
    await service.leave(table.id, BOB)
    assert table.seats[1].leaving and not table.seats[1].left  # the AI plays his hand out
    assert await ledger.purse(GUILD, BOB) == START - 30  # his stake is still on the table

    def gone(t: Table) -> bool:
        return t.seats[1].left

    await play_until(service, table, gone)
    assert table.seats[1].left
    assert chips.deal_number(table.state) > deal or table.status is Status.CLOSED
    assert await ledger.purse(GUILD, BOB) > START - 30 - 30  # what was left came home
