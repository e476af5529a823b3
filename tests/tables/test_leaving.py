"""Leaving a chip table, and what a restart finds after it (issue: the money path under
faults): each case below was a way to lock chips in escrow or stop the bot from starting."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from bot.games import ChipGame
from bot.games.ai import ai_move
from bot.ledger import Account, Ledger
from bot.storage import Database
from bot.tables import ServiceSettings, Status, Table, TableError, TableService
from bot.tables.accounts import digest_of
from tests.tables.conftest import ALICE, BOB, CHANNEL, GUILD, START

Check = Callable[[Table], bool]


def chips_of(table: Table) -> ChipGame[object]:
    game = table.game
    assert isinstance(game, ChipGame)
    return game


async def open_table(
    service: TableService, game: str, seed: int, *, ais: int = 1, buy_in: int = 30, **opts: object
) -> Table:
    """ALICE hosts, BOB joins, AI seats are added, and the game is dealt."""
    table = await service.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        host_id=ALICE,
        host_name="Alice",
        game_key=game,
        seed=seed,
        buy_in=buy_in,
        options={"rounds": 3, **opts},
    )
    await service.join(table.id, BOB, "Bob")
    for _ in range(ais):
        await service.add_ai(table.id, ALICE)
    await service.start(table.id, ALICE)
    return table


async def play_until(service: TableService, table: Table, done: Check, limit: int = 400) -> bool:
    """The players move as the AI would until `done` holds (True) or the game ends."""
    rng = random.Random(table.seed)
    for _ in range(limit):
        if table.status is not Status.PLAYING:
            return False
        if done(table):
            return True
        seat = min(table.game.awaiting(table.state))
        user = table.seats[seat].user_id
        assert user is not None
        action, _ = ai_move(table.game, table.state, seat, rng)
        await service.act(table.id, user, table.version, action)
    return False


def between_deals_with_pool(table: Table) -> bool:
    """A pool carried over lies on the table, and no chip of this deal has moved."""
    game = chips_of(table)
    return game.between_hands(table.state) and game.pot(table.state) > 0


async def table_with_pool(service: TableService, game: str, ais: int = 1) -> Table:
    """The first seeded table that comes to a carried pool between deals."""
    for seed in range(60):
        table = await open_table(service, game, seed, ais=ais)
        if await play_until(service, table, between_deals_with_pool):
            return table
        if table.status is Status.PLAYING:
            await service.stop(table.id, ALICE)
    pytest.fail(f"no seed brought {game} to a carried pool")


async def escrow_empty(ledger: Ledger, table: Table) -> None:
    assert await ledger.escrow(GUILD, table.id) == {}
    assert await ledger.check() == []


@pytest.mark.parametrize("game", ["jockey-club", "quien-sabe"])
async def test_a_player_who_left_takes_no_share_of_a_pool_and_the_table_still_closes(
    service: TableService, ledger: Ledger, game: str
) -> None:
    table = await table_with_pool(service, game)
    stack = chips_of(table).stacks(table.state)[1]
    await service.leave(table.id, BOB)
    bob_after_leaving = await ledger.purse(GUILD, BOB)
    assert table.seats[1].left
    while table.status is Status.PLAYING:
        assert await play_until(service, table, lambda t: False) is False
    assert table.status is Status.CLOSED
    await escrow_empty(ledger, table)
    assert bob_after_leaving == START - 30 + stack
    assert await ledger.purse(GUILD, BOB) == bob_after_leaving  # no share came later


@pytest.mark.parametrize("game", ["jockey-club", "quien-sabe"])
async def test_a_leave_that_ends_the_game_pays_the_pool_to_who_is_left(
    service: TableService, ledger: Ledger, game: str
) -> None:
    table = await table_with_pool(service, game, ais=0)
    pool = chips_of(table).pot(table.state)
    alice = chips_of(table).stacks(table.state)[0]
    await service.leave(table.id, BOB)  # two seats: the game cannot go on without him
    assert table.status is Status.CLOSED
    await escrow_empty(ledger, table)
    assert await ledger.purse(GUILD, ALICE) == START - 30 + alice + pool


async def test_the_last_player_to_leave_closes_the_table_and_shares_the_pool(
    service: TableService, ledger: Ledger
) -> None:
    table = await table_with_pool(service, "quien-sabe", ais=1)
    await service.leave(table.id, BOB)
    pool = chips_of(table).pot(table.state)
    alice = chips_of(table).stacks(table.state)[0]
    await service.leave(table.id, ALICE)  # only AI 1 would be left: the table closes
    assert table.status is Status.CLOSED
    await escrow_empty(ledger, table)
    # shared between Alice and the AI, the odd chip from elder hand
    assert await ledger.purse(GUILD, ALICE) - (START - 30 + alice) in (pool // 2, -(-pool // 2))


async def recovered(db: Database, ledger: Ledger) -> tuple[TableService, list[int]]:
    fresh = TableService(db, ledger, ServiceSettings(turn_timeout_s=None))
    report = await fresh.recover()
    return fresh, report.abandoned


@pytest.mark.parametrize("game", ["bunkum", "jockey-club", "quien-sabe"])
async def test_leaving_with_no_chips_replays_exactly_after_a_restart(
    service: TableService, db: Database, ledger: Ledger, game: str
) -> None:
    def broke(table: Table) -> bool:
        return 0 in chips_of(table).stacks(table.state)[:2]

    for seed in range(80):
        table = await open_table(service, game, seed, buy_in=5)
        if await play_until(service, table, broke):
            break
        if table.status is Status.PLAYING:
            await service.stop(table.id, ALICE)
    else:
        pytest.fail(f"no seed left a player of {game} with no chips")
    user = BOB if chips_of(table).stacks(table.state)[1] == 0 else ALICE
    await service.leave(table.id, user)
    if table.status is Status.CLOSED:
        return  # the leave ended the game; nothing is left to recover
    digest, version = digest_of(table.game, table.state), table.version
    fresh, abandoned = await recovered(db, ledger)
    assert abandoned == []
    again = fresh.table(table.id)
    assert (again.version, digest_of(again.game, again.state)) == (version, digest)


async def test_a_table_that_cannot_be_rebuilt_is_set_aside_even_after_a_cash_out(
    service: TableService, db: Database, ledger: Ledger
) -> None:
    table = await table_with_pool(service, "jockey-club")
    await service.leave(table.id, BOB)  # Bob's stake went home: his cash-out key is used
    bob = await ledger.purse(GUILD, BOB)
    held = await ledger.escrow(GUILD, table.id)
    alice_stake = held[Account.stake(GUILD, table.id, 0)]
    await db.write(lambda tx: tx.execute("UPDATE tables SET digest = 'damaged'"))
    fresh, abandoned = await recovered(db, ledger)
    assert abandoned == [table.id]
    await escrow_empty(ledger, table)
    assert await ledger.purse(GUILD, BOB) == bob
    pot_share = await ledger.purse(GUILD, ALICE) - (START - 30 + alice_stake)
    assert pot_share >= 0
    assert fresh.in_channel(CHANNEL) is None  # the channel is free again
    await fresh.create(
        guild_id=GUILD, channel_id=CHANNEL, host_id=ALICE, host_name="Alice", game_key="tilters"
    )


async def test_one_broken_table_does_not_stop_the_others_from_starting(
    service: TableService, db: Database, ledger: Ledger
) -> None:
    first = await open_table(service, "black-joke", 1)
    second = await service.create(
        guild_id=GUILD, channel_id=CHANNEL + 1, host_id=BOB + 5, host_name="Eve", game_key="bunkum"
    )
    await db.write(
        lambda tx: tx.execute("UPDATE tables SET game = 'no-such-game' WHERE id = ?", (first.id,))
    )
    fresh = TableService(db, ledger, ServiceSettings(turn_timeout_s=None))
    report = await fresh.recover()
    assert report.abandoned == [first.id]
    (notice,) = report.set_aside
    assert notice.channel_id == CHANNEL
    assert "could not be restored" in notice.words and "went back" in notice.words
    assert fresh.table(second.id).status is Status.LOBBY
    await escrow_empty(ledger, first)


async def test_a_failed_write_leaves_the_seat_as_it_was(
    service: TableService, db: Database, ledger: Ledger, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await open_table(service, "quien-sabe", 3)
    await play_until(service, table, lambda t: not chips_of(t).between_hands(t.state))
    before = [(s.leaving, s.left, s.ai_control) for s in table.seats]

    async def broken(work: object, **kw: object) -> object:
        raise TableError("The database is busy; try again.")

    monkeypatch.setattr(db, "write", broken)
    with pytest.raises(TableError):
        await service.leave(table.id, BOB)
    assert [(s.leaving, s.left, s.ai_control) for s in table.seats] == before
    monkeypatch.undo()
    await service.leave(table.id, BOB)
    assert table.seats[1].leaving or table.seats[1].left


async def test_a_move_must_be_written_as_listed(service: TableService) -> None:
    table = await open_table(service, "quien-sabe", 5)
    seat = min(table.game.awaiting(table.state))
    if table.game.legal_actions(table.state, seat) == ["deal"]:  # the dealer deals first
        dealer = table.seats[seat].user_id
        assert dealer is not None
        await service.act(table.id, dealer, table.version, "deal")
        seat = min(table.game.awaiting(table.state))
    user = table.seats[seat].user_id
    assert user is not None
    move = table.game.legal_actions(table.state, seat)[0]
    version, digest = table.version, digest_of(table.game, table.state)
    for typed in (f"  {move}  \n", move.lower(), f"{move} 1", "x" * 5000):
        with pytest.raises(TableError) as refused:
            await service.act(table.id, user, table.version, typed)
        assert "x" * 100 not in refused.value.reason
        assert (table.version, digest_of(table.game, table.state)) == (version, digest)
    assert service.typed_move(table.id, user, f"  {move.lower()}  ") == move
    await service.act(table.id, user, table.version, service.typed_move(table.id, user, move))
    assert table.version > version


async def test_refusals_name_the_seats(service: TableService) -> None:
    table = await open_table(service, "jockey-club", 2)
    seat = min(table.game.awaiting(table.state))
    user = table.seats[seat].user_id
    assert user is not None
    with pytest.raises(TableError) as refused:
        await service.act(table.id, user, table.version, "bid 0")
    assert "seat " not in refused.value.reason.lower() or "Seat" not in refused.value.reason


async def test_a_player_leaving_at_the_hand_s_end_cannot_take_the_seat_back_meanwhile(
    service: TableService,
) -> None:
    # the AI plays a leaving seat to the end of the hand; a click of the player's, or a
    # resume, must not hand it back to a player who is on the way out
    table = await open_table(service, "black-joke", 3)
    mid_hand = await play_until(
        service,
        table,
        lambda t: not chips_of(t).between_hands(t.state) and t.game.awaiting(t.state) == {0},
    )
    assert mid_hand  # Alice is to move, so the hand goes on while Bob is leaving
    await service.leave(table.id, BOB)
    bob = table.seat_of(BOB)
    assert bob is not None and table.seats[bob].leaving and table.seats[bob].ai_control
    with pytest.raises(TableError, match="leaving at the end of this hand"):
        await service.resume(table.id, BOB)
    with pytest.raises(TableError, match="the AI plays your seat until then"):
        service.check_turn(table, BOB, table.version)
    assert table.seats[bob].ai_control
