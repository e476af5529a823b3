"""PostgreSQL keeps the ledger's invariants itself (migrations/postgres/0001 and 0004):
each test applies the packaged migrations to a fresh schema, and plain SQL then tries
what the ledger must never do. Skipped unless PARLOUR_TEST_POSTGRES names a database.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator

import asyncpg
import pytest

from tests.storage.pg_schema_helpers import (
    FRIEND,
    GUILD,
    OTHER_GUILD,
    USER,
    migrated_schema,
    migrations,
    refused,
)

TABLE = 7
STAMP = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$")

_TRANSFER = (
    "INSERT INTO transfers"
    " (guild_id, debit_account_id, credit_account_id, amount, reason, key, game, table_id)"
    " VALUES ($1, $2, $3, $4, $5, $6, NULL, NULL) ON CONFLICT (key) DO NOTHING"
)


def test_postgres_migrations_are_named_like_the_sqlite_ones() -> None:
    postgres = migrations("postgres")
    assert sorted(postgres) == sorted(migrations())
    assert len(postgres) >= 7
    for name, sql in postgres.items():
        # The runner wraps each file in a transaction of its own.
        assert not re.search(r"\b(COMMIT|ROLLBACK|SAVEPOINT)\b|\bBEGIN\s*;", sql), name


@pytest.fixture
async def pg() -> AsyncIterator[asyncpg.Connection]:
    async with migrated_schema() as conn:
        yield conn


async def _account(
    conn: asyncpg.Connection,
    kind: str,
    guild_id: int = GUILD,
    *,
    user_id: int | None = None,
    table_id: int | None = None,
    seat: int | None = None,
) -> int:
    """A new account's id."""
    account_id: int = await conn.fetchval(
        "INSERT INTO accounts (guild_id, kind, user_id, table_id, seat)"
        " VALUES ($1, $2, $3, $4, $5) RETURNING id",
        guild_id,
        kind,
        user_id,
        table_id,
        seat,
    )
    return account_id


async def _move(
    conn: asyncpg.Connection,
    src: int,
    dst: int,
    amount: int,
    key: str,
    reason: str = "gift",
    guild_id: int = GUILD,
) -> str:
    """Insert a transfer the way the ledger does; the command status ("INSERT 0 1")."""
    status: str = await conn.execute(_TRANSFER, guild_id, src, dst, amount, reason, key)
    return status


async def _balances(conn: asyncpg.Connection) -> dict[int, int]:
    return {r["id"]: r["balance"] for r in await conn.fetch("SELECT id, balance FROM accounts")}


async def _sums(conn: asyncpg.Connection) -> dict[int, int]:
    """The sum of every balance, per server: 0 while each transfer is double entry."""
    rows = await conn.fetch("SELECT guild_id, SUM(balance) AS total FROM accounts GROUP BY 1")
    return {r["guild_id"]: int(r["total"]) for r in rows}


async def _purses(conn: asyncpg.Connection, chips: int = 100) -> tuple[int, int, int]:
    """The server's issuance account and two purses holding `chips` each."""
    bank = await _account(conn, "issuance")
    mine = await _account(conn, "purse", user_id=USER)
    theirs = await _account(conn, "purse", user_id=FRIEND)
    assert await _move(conn, bank, mine, chips, "start:mine", "start") == "INSERT 0 1"
    assert await _move(conn, bank, theirs, chips, "start:theirs", "start") == "INSERT 0 1"
    return bank, mine, theirs


async def test_a_transfer_moves_both_balances(pg: asyncpg.Connection) -> None:
    bank, mine, theirs = await _purses(pg)
    assert await _move(pg, mine, theirs, 30, "gift:1") == "INSERT 0 1"
    assert await _balances(pg) == {bank: -200, mine: 70, theirs: 130}
    assert await _sums(pg) == {GUILD: 0}
    stamps = await pg.fetch(
        "SELECT created_at FROM accounts UNION ALL SELECT created_at FROM transfers"
    )
    assert all(STAMP.match(r[0]) for r in stamps)


async def test_only_the_issuance_account_goes_below_zero(pg: asyncpg.Connection) -> None:
    bank, mine, theirs = await _purses(pg, chips=10)
    stake = await _account(pg, "stake", table_id=TABLE, seat=0)
    pot = await _account(pg, "pot", table_id=TABLE)
    await _move(pg, mine, stake, 4, "buyin:1", "buyin")
    await _move(pg, stake, pot, 4, "pot:1", "settle")
    before = await _balances(pg)
    for src, have in ((mine, 6), (stake, 0), (pot, 4)):
        await refused(pg, "no_overdraft", _TRANSFER, GUILD, src, theirs, have + 1, "settle", "x")
    await refused(pg, "no_overdraft", "UPDATE accounts SET balance = -1 WHERE id = $1", mine)
    assert await _balances(pg) == before
    assert await _move(pg, bank, theirs, 10**12, "grant", "grant") == "INSERT 0 1"
    assert (await _balances(pg))[bank] == -20 - 10**12
    assert await _sums(pg) == {GUILD: 0}


async def test_transfers_and_daily_claims_are_append_only(pg: asyncpg.Connection) -> None:
    bank, mine, _ = await _purses(pg)
    await _move(pg, bank, mine, 5, "daily:1", "daily")
    daily = await pg.fetchval("SELECT id FROM transfers WHERE key = 'daily:1'")
    await pg.execute("INSERT INTO daily_claims VALUES ($1, $2, $3, $4)", daily, GUILD, USER, 1.5)
    moved = "ledger: transfers are append-only"
    await refused(pg, moved, "UPDATE transfers SET amount = 1")
    await refused(pg, moved, "UPDATE transfers SET key = 'other' WHERE id = $1", daily)
    await refused(pg, moved, "DELETE FROM transfers WHERE id = $1", daily)
    await refused(pg, moved, "TRUNCATE transfers CASCADE")
    claimed = "ledger: daily claims are append-only"
    await refused(pg, claimed, "UPDATE daily_claims SET claimed_at = 0")
    await refused(pg, claimed, "DELETE FROM daily_claims")
    await refused(pg, claimed, "TRUNCATE daily_claims")
    assert await pg.fetchval("SELECT count(*) FROM transfers") == 3
    assert await pg.fetchval("SELECT claimed_at FROM daily_claims") == 1.5


async def test_accounts_are_permanent_and_keep_their_identity(pg: asyncpg.Connection) -> None:
    _, mine, _ = await _purses(pg)
    stake = await _account(pg, "stake", table_id=TABLE, seat=0)
    await refused(pg, "ledger: accounts are permanent", "DELETE FROM accounts WHERE id = $1", mine)
    await refused(pg, "ledger: accounts are permanent", "TRUNCATE accounts CASCADE")
    fixed = "ledger: an account keeps its identity"
    for column, value in (("guild_id", OTHER_GUILD), ("user_id", FRIEND), ("kind", "pot")):
        await refused(pg, fixed, f"UPDATE accounts SET {column} = $1 WHERE id = $2", value, mine)
    for column in ("table_id", "seat"):
        await refused(pg, fixed, f"UPDATE accounts SET {column} = 9 WHERE id = $1", stake)
    await refused(
        pg,
        "accounts_purse",
        "INSERT INTO accounts (guild_id, kind, user_id) VALUES ($1, 'purse', $2)",
        GUILD,
        USER,
    )
    await refused(pg, "account_shape", "INSERT INTO accounts (guild_id, kind) VALUES (1, 'pot')")
    await refused(
        pg, "accounts_kind_check", "INSERT INTO accounts (guild_id, kind) VALUES (1, 'bank')"
    )
    assert await pg.fetchval("SELECT count(*) FROM accounts") == 4


async def test_chips_never_cross_servers(pg: asyncpg.Connection) -> None:
    bank, mine, _ = await _purses(pg)
    elsewhere = await _account(pg, "purse", OTHER_GUILD, user_id=USER)
    message = "ledger: account of another server"
    await refused(pg, message, _TRANSFER, GUILD, mine, elsewhere, 1, "gift", "far:1")
    await refused(pg, message, _TRANSFER, GUILD, elsewhere, mine, 1, "gift", "far:2")
    await refused(pg, message, _TRANSFER, OTHER_GUILD, bank, elsewhere, 1, "grant", "far:3")
    assert (await _balances(pg))[elsewhere] == 0
    assert await pg.fetchval("SELECT count(*) FROM transfers") == 2


async def test_a_closed_escrow_takes_no_more_chips(pg: asyncpg.Connection) -> None:
    bank, mine, theirs = await _purses(pg)
    stake = await _account(pg, "stake", table_id=TABLE, seat=0)
    pot = await _account(pg, "pot", table_id=TABLE)
    await _move(pg, mine, stake, 20, "buyin:1", "buyin")
    await _move(pg, stake, pot, 5, "pot:1", "settle")
    close = (
        "UPDATE accounts SET closed_at = 'now' WHERE table_id = $1 AND guild_id = $2"
        " AND kind IN ('stake', 'pot') AND closed_at IS NULL"
    )
    await refused(pg, "ledger: escrow not empty", close, TABLE, GUILD)
    await _move(pg, stake, mine, 15, "cashout:1", "cashout")
    await _move(pg, pot, theirs, 5, "pot:2", "settle")
    assert await pg.execute(close, TABLE, GUILD) == "UPDATE 2"

    closed = "ledger: account closed"
    await refused(pg, closed, _TRANSFER, GUILD, mine, stake, 1, "topup", "late:1")
    await refused(pg, closed, _TRANSFER, GUILD, pot, mine, 1, "refund", "late:2")
    await refused(
        pg,
        closed,
        "INSERT INTO accounts (guild_id, kind, table_id, seat) VALUES ($1, 'stake', $2, 1)",
        GUILD,
        TABLE,
    )
    # A replay of a transfer of the since-closed table is still just a replay.
    assert await _move(pg, mine, stake, 20, "buyin:1", "buyin") == "INSERT 0 0"
    reopen = "UPDATE accounts SET closed_at = NULL WHERE id = $1"
    await refused(pg, "ledger: closed accounts stay closed", reopen, stake)
    for account in (bank, mine):
        close_one = "UPDATE accounts SET closed_at = 'now' WHERE id = $1"
        await refused(pg, "ledger: only escrow closes", close_one, account)
    # The same table number on another server is another table.
    await _account(pg, "pot", OTHER_GUILD, table_id=TABLE)
    assert await _sums(pg) == {GUILD: 0, OTHER_GUILD: 0}


async def test_a_replayed_key_inserts_nothing_and_moves_nothing(pg: asyncpg.Connection) -> None:
    _, mine, theirs = await _purses(pg)
    assert await _move(pg, mine, theirs, 30, "gift:1") == "INSERT 0 1"
    before = await _balances(pg)
    assert await _move(pg, mine, theirs, 30, "gift:1") == "INSERT 0 0"
    assert await _move(pg, theirs, mine, 99, "gift:1") == "INSERT 0 0"
    assert await _balances(pg) == before
    assert await pg.fetchval("SELECT count(*) FROM transfers WHERE key = 'gift:1'") == 1
    plain = _TRANSFER.removesuffix(" ON CONFLICT (key) DO NOTHING")
    await refused(pg, "transfers_key_key", plain, GUILD, mine, theirs, 30, "gift", "gift:1")


async def test_amounts_reasons_and_keys_outside_the_rules_are_refused(
    pg: asyncpg.Connection,
) -> None:
    bank, mine, theirs = await _purses(pg)
    before = await _balances(pg)
    for amount in (0, -5, 10**12 + 1):
        await refused(
            pg, "transfers_amount_check", _TRANSFER, GUILD, bank, mine, amount, "grant", "bad"
        )
    await refused(pg, "transfers_reason_check", _TRANSFER, GUILD, mine, theirs, 1, "theft", "bad")
    for key in ("", "k" * 201):
        await refused(pg, "transfers_key_check", _TRANSFER, GUILD, mine, theirs, 1, "gift", key)
    await refused(pg, "transfers_check", _TRANSFER, GUILD, mine, mine, 1, "gift", "bad")
    await refused(
        pg, "transfers_debit_account_id_fkey", _TRANSFER, GUILD, 999, mine, 1, "gift", "bad"
    )
    assert await _balances(pg) == before
    assert await _move(pg, mine, theirs, 1, "k" * 200) == "INSERT 0 1"
