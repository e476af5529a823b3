"""Worked examples of a tournament's entry escrow: buy-ins in, prizes or refunds out,
closed once empty (the database refusing it sooner), and the house's equal stacks lent
to a tournament table's seats and repaid."""

from __future__ import annotations

import pytest

from bot.ledger import Account, AccountClosed, AccountKind, Ledger, LedgerError, Posting, Reason
from bot.storage import Database, IntegrityError, Tx
from tests.ledger.conftest import ALICE, BOB, CAROL, GAME, GUILD, OTHER_GUILD, TABLE
from tests.ledger.test_ledger_examples import balances, post

TOURNAMENT = 7
BANK = Account.issuance(GUILD)
ENTRY = Account.entry(GUILD, TOURNAMENT)
PURSES = [Account.purse(GUILD, user) for user in (ALICE, BOB, CAROL)]


async def close_entry(db: Database, ledger: Ledger, tournament_id: int = TOURNAMENT) -> None:
    """Close a tournament's entry escrow in a unit of work of its own."""

    async def work(tx: Tx) -> None:
        await ledger.close_entry(tx, GUILD, tournament_id)

    await db.write(work)


async def enter_all(db: Database, ledger: Ledger, buy_in: int = 100) -> None:
    """Alice, Bob and Carol each pay the buy-in, in one work."""
    await post(
        db,
        ledger,
        [
            Posting(purse, ENTRY, buy_in, Reason.ENTRY, f"entry:{TOURNAMENT}:{purse.user_id}")
            for purse in PURSES
        ],
    )


def test_an_entry_account_has_its_own_shape_and_words() -> None:
    assert ENTRY.kind is AccountKind.ENTRY
    assert ENTRY.tournament_id == TOURNAMENT
    assert ENTRY.table_id is None and ENTRY.user_id is None and ENTRY.seat is None
    assert ENTRY.describe() == "the entry pot of tournament 7"
    assert ENTRY.closes and not ENTRY.is_escrow
    assert Account.entry(GUILD, 8) != ENTRY and Account.entry(OTHER_GUILD, 7) != ENTRY
    with pytest.raises(AssertionError, match="malformed"):
        Account(GUILD, AccountKind.ENTRY, table_id=TABLE)
    with pytest.raises(AssertionError, match="malformed"):
        Account(GUILD, AccountKind.POT, table_id=TABLE, tournament_id=TOURNAMENT)


async def test_buy_ins_then_prizes_empty_the_entry_pot(db: Database, ledger: Ledger) -> None:
    await enter_all(db, ledger)
    assert await balances(ledger, ENTRY, *PURSES) == [300, 900, 900, 900]
    with pytest.raises(LedgerError, match="still holds 300 chips in its entry pot"):
        await close_entry(db, ledger)
    # 50/30/20 of 300 chips.
    prizes = [(PURSES[2], 150), (PURSES[0], 90), (PURSES[1], 60)]
    await post(
        db,
        ledger,
        [
            Posting(ENTRY, purse, chips, Reason.PRIZE, f"prize:{TOURNAMENT}:{purse.user_id}")
            for purse, chips in prizes
        ],
    )
    assert await balances(ledger, ENTRY, *PURSES) == [0, 990, 960, 1050]
    await close_entry(db, ledger)
    await close_entry(db, ledger)  # closing twice is harmless
    with pytest.raises(AccountClosed, match="That tournament has closed"):
        await ledger.transfer(PURSES[0], ENTRY, 5, Reason.ENTRY, "entry:late")
    # A replay of a prize paid before the close is recognised as done.
    key = f"prize:{TOURNAMENT}:{CAROL}"
    [again] = await post(db, ledger, [Posting(ENTRY, PURSES[2], 150, Reason.PRIZE, key)])
    assert again.replayed
    history = await ledger.history(GUILD, CAROL, limit=2)
    assert [(h.reason, h.amount, h.counterparty) for h in history] == [
        (Reason.PRIZE, 150, ENTRY),
        (Reason.ENTRY, -100, ENTRY),
    ]
    assert history[0].counterparty_text == "the entry pot of tournament 7"


async def test_a_cancelled_tournament_refunds_every_buy_in(db: Database, ledger: Ledger) -> None:
    await enter_all(db, ledger, buy_in=40)
    await post(
        db,
        ledger,
        [
            Posting(ENTRY, purse, 40, Reason.REFUND, f"refund:{TOURNAMENT}:{purse.user_id}")
            for purse in PURSES
        ],
    )
    assert await balances(ledger, ENTRY, *PURSES) == [0, 1000, 1000, 1000]
    await close_entry(db, ledger)
    assert await ledger.check() == []


async def test_closing_an_entry_that_never_opened_does_nothing(
    db: Database, ledger: Ledger
) -> None:
    await close_entry(db, ledger, tournament_id=99)
    row = await db.fetchone("SELECT COUNT(*) FROM accounts WHERE kind = 'entry'")
    assert row is not None and int(row[0]) == 0
    # It can still be opened later, as nothing was closed.
    await ledger.transfer(PURSES[0], Account.entry(GUILD, 99), 5, Reason.ENTRY, "entry:99")
    assert await ledger.balance(Account.entry(GUILD, 99)) == 5


async def test_the_database_keeps_the_entry_rules(db: Database, ledger: Ledger) -> None:
    await enter_all(db, ledger, buy_in=10)
    for sql, message in (
        ("UPDATE accounts SET closed_at = 'now' WHERE kind = 'entry'", "escrow not empty"),
        ("UPDATE accounts SET tournament_id = 8 WHERE kind = 'entry'", "keeps its identity"),
        (
            "INSERT INTO accounts (guild_id, kind, tournament_id) VALUES (1, 'entry', 7)",
            "UNIQUE|unique|duplicate",
        ),
        ("INSERT INTO accounts (guild_id, kind) VALUES (1, 'entry')", "account_shape"),
        (
            "INSERT INTO accounts (guild_id, kind, user_id, tournament_id)"
            " VALUES (1, 'purse', 555, 7)",
            "account_shape",
        ),
    ):

        async def tamper(tx: Tx, sql: str = sql) -> None:
            await tx.execute(sql)

        with pytest.raises(IntegrityError, match=message):
            await db.write(tamper)
    assert await ledger.balance(ENTRY) == 30


async def test_a_tournament_table_borrows_its_stacks_from_the_bank(
    db: Database, ledger: Ledger
) -> None:
    stakes = [Account.stake(GUILD, TABLE, seat) for seat in (0, 1)]
    await post(
        db,
        ledger,
        [
            Posting(BANK, stake, 500, Reason.LEND, f"lend:{TABLE}:{i}", GAME)
            for i, stake in enumerate(stakes)
        ],
    )
    await ledger.transfer(stakes[0], stakes[1], 120, Reason.SETTLE, "settle:7:1:0", game=GAME)
    await post(
        db,
        ledger,
        [
            Posting(stake, BANK, chips, Reason.REPAY, f"cashout:{TABLE}:{i}", GAME)
            for i, (stake, chips) in enumerate(zip(stakes, (380, 620), strict=True))
        ],
    )
    assert await balances(ledger, BANK, *stakes) == [0, 0, 0]
    # No purse took part, so nobody's net winnings at the game changed.
    assert await ledger.leaderboard(GUILD, game=GAME) == []
