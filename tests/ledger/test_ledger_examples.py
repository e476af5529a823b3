"""Worked examples of the ledger: a chip table from buy-in to close, and every refusal."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import replace

import pytest

from bot.ledger import (
    Account,
    AccountClosed,
    BadAmount,
    KeyConflict,
    Ledger,
    LedgerError,
    Overdraft,
    Posting,
    PostResult,
    Reason,
)
from bot.storage import Database, IntegrityError, Tx
from tests.ledger.conftest import ALICE, BOB, GAME, GUILD, OTHER_GUILD, TABLE

BANK = Account.issuance(GUILD)
ALICE_PURSE = Account.purse(GUILD, ALICE)
BOB_PURSE = Account.purse(GUILD, BOB)
ALICE_STAKE = Account.stake(GUILD, TABLE, 0)
BOB_STAKE = Account.stake(GUILD, TABLE, 1)
POT = Account.pot(GUILD, TABLE)


async def post(db: Database, ledger: Ledger, postings: Sequence[Posting]) -> list[PostResult]:
    """Post in a unit of work of its own, as the table service does."""

    async def work(tx: Tx) -> list[PostResult]:
        return await ledger.post(tx, postings)

    return await db.write(work)


async def close(db: Database, ledger: Ledger, table_id: int = TABLE) -> None:
    """Close a table's escrow in a unit of work of its own."""

    async def work(tx: Tx) -> None:
        await ledger.close_escrow(tx, GUILD, table_id)

    await db.write(work)


async def balances(ledger: Ledger, *accounts: Account) -> list[int]:
    """The balances of several accounts."""
    return [await ledger.balance(a) for a in accounts]


async def transfer_count(db: Database) -> int:
    """How many transfers the ledger holds."""
    row = await db.fetchone("SELECT count(*) FROM transfers")
    assert row is not None
    return int(row[0])


async def buy_in(db: Database, ledger: Ledger, amount: int = 100) -> None:
    """Alice and Bob each bring `amount` chips to the table."""
    await post(
        db,
        ledger,
        [
            Posting(ALICE_PURSE, ALICE_STAKE, amount, Reason.BUYIN, f"buyin:{TABLE}:0", GAME),
            Posting(BOB_PURSE, BOB_STAKE, amount, Reason.BUYIN, f"buyin:{TABLE}:1", GAME),
        ],
    )


async def test_a_purse_starts_with_starting_chips_from_the_bank(ledger: Ledger) -> None:
    assert await ledger.balance(ALICE_PURSE) == 0  # no purse yet
    assert await ledger.purse(GUILD, ALICE) == 1000
    assert await ledger.purse(GUILD, ALICE) == 1000  # only once
    assert await ledger.balance(BANK) == -1000
    [entry] = await ledger.history(GUILD, ALICE)
    assert (entry.amount, entry.reason, entry.counterparty) == (1000, Reason.START, BANK)


async def test_starting_chips_can_differ_per_server(db: Database) -> None:
    ledger = Ledger(db, starting_chips=lambda guild: 500 if guild == OTHER_GUILD else 0)
    assert await ledger.purse(GUILD, ALICE) == 0
    assert await ledger.purse(OTHER_GUILD, ALICE) == 500
    assert await ledger.check() == []


async def test_a_first_transfer_creates_both_purses(ledger: Ledger) -> None:
    result = await ledger.transfer(ALICE_PURSE, BOB_PURSE, 250, Reason.GIFT, "gift:1")
    assert not result.replayed
    assert await balances(ledger, ALICE_PURSE, BOB_PURSE, BANK) == [750, 1250, -2000]


async def test_concurrent_first_uses_create_one_purse(db: Database, ledger: Ledger) -> None:
    assert await asyncio.gather(*(ledger.purse(GUILD, ALICE) for _ in range(10))) == [1000] * 10
    assert await transfer_count(db) == 1


async def test_a_hand_from_buy_in_to_cash_out(db: Database, ledger: Ledger) -> None:
    await buy_in(db, ledger)
    assert await balances(ledger, ALICE_PURSE, ALICE_STAKE, BOB_STAKE) == [900, 100, 100]
    settle = [
        Posting(ALICE_STAKE, POT, 10, Reason.SETTLE, f"settle:{TABLE}:1:0", GAME),
        Posting(BOB_STAKE, POT, 10, Reason.SETTLE, f"settle:{TABLE}:1:1", GAME),
        Posting(POT, BOB_STAKE, 20, Reason.SETTLE, f"settle:{TABLE}:1:2", GAME),
    ]
    await post(db, ledger, settle)
    assert await balances(ledger, ALICE_STAKE, BOB_STAKE, POT) == [90, 110, 0]
    await post(
        db,
        ledger,
        [
            Posting(ALICE_STAKE, ALICE_PURSE, 90, Reason.CASHOUT, f"cashout:{TABLE}:0", GAME),
            Posting(BOB_STAKE, BOB_PURSE, 110, Reason.CASHOUT, f"cashout:{TABLE}:1", GAME),
        ],
    )
    await close(db, ledger)
    assert await balances(ledger, ALICE_PURSE, BOB_PURSE) == [990, 1010]


async def test_an_aborted_table_refunds_its_stakes(db: Database, ledger: Ledger) -> None:
    await buy_in(db, ledger, 300)

    async def abort(tx: Tx) -> None:
        refunds = [
            Posting(ALICE_STAKE, ALICE_PURSE, 300, Reason.REFUND, f"abort:{TABLE}:0", GAME),
            Posting(BOB_STAKE, BOB_PURSE, 300, Reason.REFUND, f"abort:{TABLE}:1", GAME),
        ]
        await ledger.post(tx, refunds)
        await ledger.close_escrow(tx, GUILD, TABLE)

    await db.write(abort)
    assert await balances(ledger, ALICE_PURSE, BOB_PURSE, ALICE_STAKE) == [1000, 1000, 0]


async def test_a_replayed_settlement_pays_once(db: Database, ledger: Ledger) -> None:
    await buy_in(db, ledger)
    leg = [Posting(ALICE_STAKE, BOB_STAKE, 40, Reason.SETTLE, f"settle:{TABLE}:3:0", GAME)]
    [first] = await post(db, ledger, leg)
    [again] = await post(db, ledger, leg)
    [third] = await asyncio.gather(ledger.transfer(*_fields(leg[0]), game=GAME))
    assert not first.replayed and again.replayed and third.replayed
    assert first.transfer_id == again.transfer_id == third.transfer_id
    assert await balances(ledger, ALICE_STAKE, BOB_STAKE) == [60, 140]


def _fields(p: Posting) -> tuple[Account, Account, int, Reason, str]:
    return (p.src, p.dst, p.amount, p.reason, p.key)


async def test_an_overdraft_is_refused_and_changes_nothing(db: Database, ledger: Ledger) -> None:
    await ledger.purse(GUILD, ALICE)
    before = await transfer_count(db)
    with pytest.raises(Overdraft) as refused:
        await ledger.transfer(ALICE_PURSE, BOB_PURSE, 1001, Reason.GIFT, "gift:big")
    error = refused.value
    assert (error.account, error.needed, error.available) == (ALICE_PURSE, 1001, 1000)
    assert "1000" in error.reason
    assert await transfer_count(db) == before
    assert await balances(ledger, ALICE_PURSE, BOB_PURSE) == [1000, 0]  # Bob never created


async def test_a_refused_leg_undoes_the_whole_posting(db: Database, ledger: Ledger) -> None:
    await buy_in(db, ledger)

    async def work(tx: Tx) -> str:
        try:
            await ledger.post(
                tx,
                [
                    Posting(ALICE_STAKE, POT, 50, Reason.SETTLE, "settle:7:9:0"),
                    Posting(BOB_STAKE, POT, 500, Reason.SETTLE, "settle:7:9:1"),
                ],
            )
        except Overdraft as error:
            return error.reason  # the work goes on and commits
        return "posted"

    assert "holds 100" in await db.write(work)
    assert await balances(ledger, ALICE_STAKE, BOB_STAKE, POT) == [100, 100, 0]


async def test_the_database_refuses_an_overdraft_python_let_through(
    db: Database, ledger: Ledger
) -> None:
    await ledger.purse(GUILD, ALICE)
    await ledger.purse(GUILD, BOB)

    async def raw(tx: Tx) -> None:
        await tx.execute(
            "INSERT INTO transfers (guild_id, debit_account_id, credit_account_id, amount,"
            " reason, key) SELECT ?, a.id, b.id, 5000, 'gift', 'raw' FROM accounts a, accounts b"
            " WHERE a.user_id = ? AND b.user_id = ?",
            (GUILD, ALICE, BOB),
        )

    with pytest.raises(IntegrityError, match="no_overdraft"):
        await db.write(raw)


async def test_same_key_with_other_content_is_refused(db: Database, ledger: Ledger) -> None:
    original = Posting(ALICE_PURSE, BOB_PURSE, 10, Reason.GIFT, "gift:once")
    await post(db, ledger, [original])
    for changed in (
        replace(original, amount=11),
        replace(original, dst=Account.purse(GUILD, 999)),
        replace(original, reason=Reason.GRANT),
        replace(original, game="quinto"),
    ):
        with pytest.raises(KeyConflict, match="gift:once"):
            await post(db, ledger, [changed])
    assert await balances(ledger, ALICE_PURSE, BOB_PURSE) == [990, 1010]


@pytest.mark.parametrize("amount", [0, -5, 1.5, True, 10**12 + 1, "10"])
async def test_bad_amounts_are_refused(ledger: Ledger, amount: object) -> None:
    with pytest.raises(BadAmount):
        await ledger.transfer(ALICE_PURSE, BOB_PURSE, amount, Reason.GIFT, "gift:bad")  # type: ignore[arg-type]


async def test_transfers_are_append_only(db: Database, ledger: Ledger) -> None:
    await ledger.transfer(ALICE_PURSE, BOB_PURSE, 10, Reason.GIFT, "gift:1")
    for sql in ("UPDATE transfers SET amount = 1", "DELETE FROM transfers"):

        async def tamper(tx: Tx, sql: str = sql) -> None:
            await tx.execute(sql)

        with pytest.raises(IntegrityError, match="append-only"):
            await db.write(tamper)
    assert await transfer_count(db) == 3


async def test_a_closed_escrow_takes_no_more_chips(db: Database, ledger: Ledger) -> None:
    await buy_in(db, ledger)
    with pytest.raises(LedgerError, match="still holds 200 chips"):
        await close(db, ledger)
    await post(
        db,
        ledger,
        [
            Posting(ALICE_STAKE, ALICE_PURSE, 100, Reason.CASHOUT, "cashout:7:0", GAME),
            Posting(BOB_STAKE, BOB_PURSE, 100, Reason.CASHOUT, "cashout:7:1", GAME),
        ],
    )
    await close(db, ledger)
    await close(db, ledger)  # closing twice is harmless
    with pytest.raises(AccountClosed):
        await ledger.transfer(ALICE_PURSE, ALICE_STAKE, 5, Reason.TOPUP, "topup:7:0")
    with pytest.raises(AccountClosed):  # nor may the table open a new seat
        await ledger.transfer(ALICE_PURSE, Account.stake(GUILD, TABLE, 5), 5, Reason.BUYIN, "b:5")
    # A replay of something done before the close is still recognised as done.
    [again] = await post(
        db, ledger, [Posting(ALICE_STAKE, ALICE_PURSE, 100, Reason.CASHOUT, "cashout:7:0", GAME)]
    )
    assert again.replayed


async def test_a_closed_account_cannot_reopen_or_close_with_chips(
    db: Database, ledger: Ledger
) -> None:
    await ledger.transfer(ALICE_PURSE, POT, 5, Reason.BUYIN, "b:pot")
    for sql, message in (
        ("UPDATE accounts SET closed_at = 'now' WHERE kind = 'pot'", "escrow not empty"),
        ("UPDATE accounts SET closed_at = 'now' WHERE kind = 'purse'", "only escrow closes"),
        ("UPDATE accounts SET user_id = 5 WHERE kind = 'purse'", "keeps its identity"),
        ("DELETE FROM accounts WHERE kind = 'pot'", "permanent"),
    ):

        async def tamper(tx: Tx, sql: str = sql) -> None:
            await tx.execute(sql)

        with pytest.raises(IntegrityError, match=message):
            await db.write(tamper)
    await ledger.transfer(POT, ALICE_PURSE, 5, Reason.REFUND, "r:pot")
    await close(db, ledger)

    async def reopen(tx: Tx) -> None:
        await tx.execute("UPDATE accounts SET closed_at = NULL WHERE kind = 'pot'")

    with pytest.raises(IntegrityError, match="stay closed"):
        await db.write(reopen)


async def test_chips_never_cross_servers(db: Database, ledger: Ledger) -> None:
    elsewhere = Account.purse(OTHER_GUILD, BOB)
    with pytest.raises(LedgerError, match="between servers"):
        await ledger.transfer(ALICE_PURSE, elsewhere, 5, Reason.GIFT, "gift:x")
    await ledger.purse(GUILD, ALICE)
    await ledger.purse(OTHER_GUILD, BOB)

    async def raw(tx: Tx) -> None:
        await tx.execute(
            "INSERT INTO transfers (guild_id, debit_account_id, credit_account_id, amount,"
            " reason, key) SELECT ?, a.id, b.id, 5, 'gift', 'raw' FROM accounts a, accounts b"
            " WHERE a.guild_id = ? AND a.user_id = ? AND b.guild_id = ? AND b.user_id = ?",
            (GUILD, GUILD, ALICE, OTHER_GUILD, BOB),
        )

    with pytest.raises(IntegrityError, match="another server"):
        await db.write(raw)


async def test_an_account_cannot_pay_itself(ledger: Ledger) -> None:
    with pytest.raises(LedgerError, match="two different accounts"):
        await ledger.transfer(ALICE_PURSE, ALICE_PURSE, 5, Reason.GIFT, "gift:self")


async def test_ids_of_a_rolled_back_work_are_not_remembered(db: Database, ledger: Ledger) -> None:
    async def doomed(tx: Tx) -> None:
        await ledger.post(tx, [Posting(ALICE_PURSE, BOB_PURSE, 5, Reason.GIFT, "gift:doomed")])
        raise RuntimeError("the table service changed its mind")

    with pytest.raises(RuntimeError):
        await db.write(doomed)
    # New accounts now take the row ids the rolled-back purses had.
    await ledger.transfer(Account.purse(GUILD, 900), POT, 7, Reason.BUYIN, "b:900")
    await ledger.transfer(ALICE_PURSE, BOB_PURSE, 5, Reason.GIFT, "gift:later")
    assert await balances(ledger, ALICE_PURSE, BOB_PURSE, POT) == [995, 1005, 7]
