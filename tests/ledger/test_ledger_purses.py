"""The moves a player asks for: daily claims (once per interval, even when claimed twice at
the same moment) and gifts between purses (a replayed key gives once)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable

import pytest

from bot.ledger import DAILY_INTERVAL_S, Account, DailyTooSoon, Ledger, LedgerError, Reason
from bot.ledger.errors import wait_text
from bot.storage import Database, IntegrityError, Tx
from tests.ledger.conftest import ALICE, BOB, GUILD, OTHER_GUILD

BANK = Account.issuance(GUILD)
T0 = 1_700_000_000.0


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(ledger: Ledger) -> Clock:
    clock = Clock()
    ledger.clock = clock
    return clock


async def keys(db: Database, reason: Reason) -> list[str]:
    rows = await db.fetchall("SELECT key FROM transfers WHERE reason = ? ORDER BY id", (reason,))
    return [row[0] for row in rows]


async def test_a_daily_claim_opens_a_purse_and_pays_from_the_bank(
    db: Database, ledger: Ledger, clock: Clock
) -> None:
    claim = await ledger.claim_daily(GUILD, ALICE, 100)
    assert (claim.amount, claim.balance, claim.next_at) == (100, 1100, T0 + DAILY_INTERVAL_S)
    assert await ledger.balance(BANK) == -1100
    assert await keys(db, Reason.DAILY) == [f"daily:{GUILD}:{ALICE}:1"]


async def test_a_second_claim_waits_for_the_interval(
    db: Database, ledger: Ledger, clock: Clock
) -> None:
    await ledger.claim_daily(GUILD, ALICE, 100)
    clock.now += 60
    with pytest.raises(DailyTooSoon) as refused:
        await ledger.claim_daily(GUILD, ALICE, 100)
    assert refused.value.wait_s == DAILY_INTERVAL_S - 60
    assert refused.value.reason.endswith("You can claim again in 19 h 59 min.")

    clock.now = T0 + DAILY_INTERVAL_S
    claim = await ledger.claim_daily(GUILD, ALICE, 40)  # the amount may change meanwhile
    assert claim.balance == 1140
    assert await keys(db, Reason.DAILY) == [f"daily:{GUILD}:{ALICE}:{n}" for n in (1, 2)]


async def test_claims_at_the_same_moment_pay_once(
    db: Database, ledger: Ledger, clock: Clock
) -> None:
    results = await asyncio.gather(
        *(ledger.claim_daily(GUILD, ALICE, 100) for _ in range(10)), return_exceptions=True
    )
    paid = [r for r in results if not isinstance(r, BaseException)]
    assert len(paid) == 1
    assert all(isinstance(r, DailyTooSoon) for r in results if r not in paid)
    assert await ledger.purse(GUILD, ALICE) == 1100


async def test_each_player_and_server_has_its_own_daily(ledger: Ledger, clock: Clock) -> None:
    await ledger.claim_daily(GUILD, ALICE, 100)
    await ledger.claim_daily(GUILD, BOB, 100)
    await ledger.claim_daily(OTHER_GUILD, ALICE, 100)
    assert await ledger.purse(OTHER_GUILD, ALICE) == 1100


async def test_no_daily_chips_and_bad_amounts_are_refused(ledger: Ledger, clock: Clock) -> None:
    with pytest.raises(LedgerError, match="gives no daily chips"):
        await ledger.claim_daily(GUILD, ALICE, 0)
    with pytest.raises(LedgerError, match="whole number from 1"):
        await ledger.claim_daily(GUILD, ALICE, 10**13)
    assert await ledger.balance(Account.purse(GUILD, ALICE)) == 0  # nothing was opened


async def test_daily_claims_are_append_only(db: Database, ledger: Ledger, clock: Clock) -> None:
    await ledger.claim_daily(GUILD, ALICE, 100)
    for sql in ("UPDATE daily_claims SET claimed_at = 0", "DELETE FROM daily_claims"):

        async def tamper(tx: Tx, sql: str = sql) -> None:
            await tx.execute(sql)

        with pytest.raises(IntegrityError, match="append-only"):
            await db.write(tamper)


@pytest.mark.parametrize(
    ("seconds", "text"),
    [
        (DAILY_INTERVAL_S - 0.5, "19 h 59 min"),
        (DAILY_INTERVAL_S, "20 h 0 min"),
        (3600, "1 h 0 min"),
        (59 * 60 + 59, "59 min"),
        (59, "under a minute"),
        (-3, "under a minute"),
    ],
)
def test_waits_read_in_hours_and_minutes(seconds: float, text: str) -> None:
    assert wait_text(seconds) == text


# -- gifts ------------------------------------------------------------------------------


async def test_a_gift_moves_chips_once_per_key(db: Database, ledger: Ledger) -> None:
    first = await ledger.gift(GUILD, ALICE, BOB, 250, "gift:1:99")
    again = await ledger.gift(GUILD, ALICE, BOB, 250, "gift:1:99")
    assert not first.replayed and again.replayed and again.transfer_id == first.transfer_id
    assert await ledger.purse(GUILD, ALICE) == 750
    assert await ledger.purse(GUILD, BOB) == 1250
    assert await keys(db, Reason.GIFT) == ["gift:1:99"]


async def refusal(work: Awaitable[object]) -> str:
    """The sentence of the LedgerError that `work` raises."""
    with pytest.raises(LedgerError) as refused:
        await work
    return refused.value.reason


async def test_gifts_refused_in_words_for_the_giver(ledger: Ledger) -> None:
    to_self = "You cannot give chips to yourself."
    assert await refusal(ledger.check_gift(GUILD, ALICE, ALICE, 5)) == to_self
    assert await refusal(ledger.gift(GUILD, ALICE, ALICE, 5, "gift:self")) == to_self
    for amount in (0, -5, True):
        said = await refusal(ledger.check_gift(GUILD, ALICE, BOB, amount))
        assert said == "Give a whole number of chips, at least 1."
    said = await refusal(ledger.check_gift(GUILD, ALICE, BOB, 1001))
    assert said == "You have 1,000 chips, so you can give at most 1,000."
    assert await ledger.check_gift(GUILD, ALICE, BOB, 1000) == 1000

    await ledger.gift(GUILD, ALICE, BOB, 1000, "gift:all")
    assert await refusal(ledger.check_gift(GUILD, ALICE, BOB, 1)) == "You have no chips to give."
    said = await refusal(ledger.gift(GUILD, ALICE, BOB, 1, "gift:late"))
    assert said == "You have 0 chips now, so the gift of 1 was not made."
