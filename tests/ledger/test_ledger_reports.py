"""Reading the ledger: history pages, leaderboards and ranks, and the invariant check."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.ledger import Account, Ledger, Posting, Reason
from bot.storage import Database, Tx, open_database
from tests.ledger.conftest import ALICE, BOB, CAROL, GAME, GUILD, OTHER_GUILD


async def play_table(
    db: Database, ledger: Ledger, table_id: int, game: str, net: dict[int, int], close: bool = True
) -> None:
    """Everyone in `net` buys in 500, wins or loses `net[user]` via the pot, and cashes out."""
    postings: list[Posting] = []
    pot = Account.pot(GUILD, table_id)
    for seat, (user, delta) in enumerate(net.items()):
        purse, stake = Account.purse(GUILD, user), Account.stake(GUILD, table_id, seat)
        postings.append(Posting(purse, stake, 500, Reason.BUYIN, f"in:{table_id}:{seat}", game))
        if delta < 0:
            postings.append(
                Posting(stake, pot, -delta, Reason.SETTLE, f"s:{table_id}:{seat}", game)
            )
    for seat, (user, delta) in enumerate(net.items()):
        stake = Account.stake(GUILD, table_id, seat)
        if delta > 0:
            postings.append(Posting(pot, stake, delta, Reason.SETTLE, f"w:{table_id}:{seat}", game))
        out = Posting(
            stake,
            Account.purse(GUILD, user),
            500 + delta,
            Reason.CASHOUT,
            f"out:{table_id}:{seat}",
            game,
        )
        postings.append(out)

    async def work(tx: Tx) -> None:
        await ledger.post(tx, postings)
        if close:
            await ledger.close_escrow(tx, GUILD, table_id)

    await db.write(work)


async def test_leaderboard_by_balance(ledger: Ledger) -> None:
    await ledger.transfer(
        Account.purse(GUILD, ALICE), Account.purse(GUILD, BOB), 300, Reason.GIFT, "g:1"
    )
    await ledger.purse(GUILD, CAROL)
    await ledger.purse(OTHER_GUILD, 999)  # another server's board
    assert await ledger.leaderboard(GUILD) == [(BOB, 1300), (CAROL, 1000), (ALICE, 700)]
    assert await ledger.leaderboard(GUILD, limit=1) == [(BOB, 1300)]
    assert await ledger.rank(GUILD, CAROL) == (2, 1000)
    assert await ledger.rank(GUILD, 12345) is None


async def test_leaderboard_by_net_winnings_per_game(db: Database, ledger: Ledger) -> None:
    await play_table(db, ledger, 1, GAME, {ALICE: 120, BOB: -120})
    await play_table(db, ledger, 2, GAME, {ALICE: -20, BOB: -30, CAROL: 50})
    await play_table(db, ledger, 3, "quinto", {ALICE: -400, CAROL: 400})
    # A table still open does not count yet.
    await play_table(db, ledger, 4, GAME, {BOB: 300, CAROL: -300}, close=False)
    assert await ledger.leaderboard(GUILD, game=GAME) == [(ALICE, 100), (CAROL, 50), (BOB, -150)]
    assert await ledger.leaderboard(GUILD, game="quinto") == [(CAROL, 400), (ALICE, -400)]
    assert await ledger.rank(GUILD, BOB, game=GAME) == (3, -150)
    assert await ledger.rank(GUILD, BOB, game="quinto") is None
    assert await ledger.leaderboard(GUILD, game="yukon") == []


async def test_ties_rank_by_user_id_like_the_board(ledger: Ledger) -> None:
    for user in (CAROL, ALICE, BOB):
        await ledger.purse(GUILD, user)
    assert await ledger.leaderboard(GUILD) == [(ALICE, 1000), (BOB, 1000), (CAROL, 1000)]
    assert [await ledger.rank(GUILD, u) for u in (ALICE, BOB, CAROL)] == [
        (1, 1000),
        (2, 1000),
        (3, 1000),
    ]


async def test_history_pages_newest_first(ledger: Ledger) -> None:
    alice, bob = Account.purse(GUILD, ALICE), Account.purse(GUILD, BOB)
    for i in range(12):
        src, dst = (alice, bob) if i % 2 == 0 else (bob, alice)
        await ledger.transfer(src, dst, i + 1, Reason.GIFT, f"gift:{i}")
    first = await ledger.history(GUILD, ALICE, limit=5)
    second = await ledger.history(GUILD, ALICE, limit=5, offset=5)
    last = await ledger.history(GUILD, ALICE, limit=5, offset=10)
    assert [e.amount for e in first] == [12, -11, 10, -9, 8]
    assert [e.amount for e in second] == [-7, 6, -5, 4, -3]
    assert [e.amount for e in last] == [2, -1, 1000]
    assert last[-1].reason is Reason.START and last[-1].counterparty_text == "the bank"
    assert first[0].counterparty == bob and first[0].counterparty_text == f"the purse of user {BOB}"
    assert all(abs(e.at - datetime.now(UTC)) < timedelta(minutes=1) for e in first)
    assert await ledger.history(GUILD, ALICE, offset=13) == []
    assert await ledger.history(GUILD, 4242) == []
    with pytest.raises(ValueError, match="negative"):
        await ledger.history(GUILD, ALICE, offset=-1)


async def test_history_names_the_table_and_game(db: Database, ledger: Ledger) -> None:
    await play_table(db, ledger, 5, GAME, {ALICE: 10, BOB: -10})
    newest, buy_in = (
        (await ledger.history(GUILD, ALICE))[:2][0],
        (await ledger.history(GUILD, ALICE))[1],
    )
    assert (newest.amount, newest.reason, newest.game) == (510, Reason.CASHOUT, GAME)
    assert newest.counterparty_text == "the stake of seat 1 at table 5"
    assert (buy_in.amount, buy_in.reason) == (-500, Reason.BUYIN)


async def corrupt(db: Database, *statements: str) -> None:
    """Tamper with the ledger behind its back, as a bug or a hand-edited file might."""

    async def work(tx: Tx) -> None:
        for sql in statements:
            await tx.execute(sql)

    await db.write(work)


@pytest.fixture
async def tampered(tmp_path: Path) -> AsyncIterator[tuple[Database, Ledger]]:
    """A database and ledger whose invariants the test may break (no check at the end).

    Accounts: 1 Alice's purse, 2 the bank, 3 the pot of table 9 (40 chips), 4 Bob's purse
    in the other server, 5 that server's bank. Transfers 1 to 3.
    """
    db = await open_database(tmp_path / "tampered.db")
    ledger = Ledger(db)
    await ledger.transfer(
        Account.purse(GUILD, ALICE), Account.pot(GUILD, 9), 40, Reason.BUYIN, "b:9"
    )
    await ledger.purse(OTHER_GUILD, BOB)
    assert await ledger.check() == []
    yield db, ledger
    await db.close()


async def test_check_finds_a_corrupted_balance(tampered: tuple[Database, Ledger]) -> None:
    db, ledger = tampered
    await corrupt(db, f"UPDATE accounts SET balance = balance + 5 WHERE user_id = {ALICE}")
    problems = await ledger.check()
    assert problems == [
        f"Server {GUILD}: balances add up to 5, not 0.",
        f"The purse of user {ALICE} (account 1) holds 965 chips, but its transfers add up to 960.",
    ]
    assert await ledger.check(OTHER_GUILD) == []


async def test_check_finds_broken_floors_and_open_closed_escrow(
    tampered: tuple[Database, Ledger],
) -> None:
    db, ledger = tampered
    await corrupt(
        db,
        "PRAGMA ignore_check_constraints = ON",
        "DROP TRIGGER accounts_close",
        f"UPDATE accounts SET balance = -3 WHERE user_id = {BOB}",
        "UPDATE accounts SET closed_at = 'x' WHERE kind = 'pot'",
        "PRAGMA ignore_check_constraints = OFF",
    )
    problems = "\n".join(await ledger.check())
    assert f"The purse of user {BOB} (account 4) is below zero (-3 chips)." in problems
    assert "The pot of table 9 (account 3) is closed but holds 40 chips." in problems


async def test_check_finds_a_transfer_across_servers(tampered: tuple[Database, Ledger]) -> None:
    db, ledger = tampered
    await corrupt(
        db,
        "DROP TRIGGER transfers_apply",
        "INSERT INTO transfers (guild_id, debit_account_id, credit_account_id, amount, reason, key)"
        " VALUES (1, 1, 4, 1, 'gift', 'sneaky')",
    )
    problems = await ledger.check()
    assert "Transfer 4 of server 1 touches another server's account." in problems
