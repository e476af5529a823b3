"""Several processes share one PostgreSQL database, so the ledger's triggers lock what they
decide on: a transfer or a new escrow account that meets a close under way waits for it
and is then refused, and a close that meets a transfer under way sees its chips, as
SQLite's single writer had it. Skipped unless PARLOUR_TEST_POSTGRES names a database.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import asyncpg
import pytest

from tests.storage.pg_schema_helpers import (
    GUILD,
    USER,
    migrated_schema,
    refused,
    second_connection,
    until_waiting,
)

TABLE = 7
_CLOSE = (
    "UPDATE accounts SET closed_at = 'now' WHERE table_id = $1 AND guild_id = $2"
    " AND kind IN ('stake', 'pot') AND closed_at IS NULL"
)
_TRANSFER = (
    "INSERT INTO transfers (guild_id, debit_account_id, credit_account_id, amount, reason, key)"
    " VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (key) DO NOTHING"
)
_NEW_STAKE = "INSERT INTO accounts (guild_id, kind, table_id, seat) VALUES ($1, 'stake', $2, $3)"


@pytest.fixture
async def pg() -> AsyncIterator[tuple[asyncpg.Connection, asyncpg.Connection]]:
    """Two connections to one fresh schema."""
    async with migrated_schema() as conn:
        other = await second_connection(conn)
        try:
            yield conn, other
        finally:
            await other.close()


async def _escrow(conn: asyncpg.Connection) -> tuple[int, int, int]:
    """A purse holding 50 chips, and an empty stake and pot of table TABLE."""
    ids = [
        await conn.fetchval(
            "INSERT INTO accounts (guild_id, kind, user_id, table_id, seat)"
            " VALUES ($1, $2, $3, $4, $5) RETURNING id",
            GUILD,
            *row,
        )
        for row in (
            ("issuance", None, None, None),
            ("purse", USER, None, None),
            ("stake", None, TABLE, 0),
            ("pot", None, TABLE, None),
        )
    ]
    await conn.execute(_TRANSFER, GUILD, ids[0], ids[1], 50, "start", "start")
    return ids[1], ids[2], ids[3]


async def test_a_transfer_meeting_a_close_under_way_is_refused(
    pg: tuple[asyncpg.Connection, asyncpg.Connection],
) -> None:
    closer, payer = pg
    purse, _, pot = await _escrow(closer)
    async with closer.transaction():
        assert await closer.execute(_CLOSE, TABLE, GUILD) == "UPDATE 2"
        late = asyncio.create_task(
            refused(payer, "ledger: account closed", _TRANSFER, GUILD, purse, pot, 5, "buyin", "b")
        )
        await until_waiting(closer, payer)
    await late
    assert await closer.fetchval("SELECT balance FROM accounts WHERE id = $1", pot) == 0


async def test_a_new_stake_meeting_a_close_under_way_is_refused(
    pg: tuple[asyncpg.Connection, asyncpg.Connection],
) -> None:
    closer, seater = pg
    await _escrow(closer)
    async with closer.transaction():
        assert await closer.execute(_CLOSE, TABLE, GUILD) == "UPDATE 2"
        late = asyncio.create_task(
            refused(seater, "ledger: account closed", _NEW_STAKE, GUILD, TABLE, 1)
        )
        await until_waiting(closer, seater)
    await late
    assert await closer.fetchval("SELECT count(*) FROM accounts WHERE closed_at IS NULL") == 2


async def test_a_close_meeting_a_transfer_under_way_sees_its_chips(
    pg: tuple[asyncpg.Connection, asyncpg.Connection],
) -> None:
    payer, closer = pg
    purse, stake, _ = await _escrow(payer)
    async with payer.transaction():
        await payer.execute(_TRANSFER, GUILD, purse, stake, 5, "buyin", "b")
        late = asyncio.create_task(
            refused(closer, "ledger: escrow not empty", _CLOSE, TABLE, GUILD)
        )
        await until_waiting(payer, closer)
    await late
    assert await payer.fetchval("SELECT balance FROM accounts WHERE id = $1", stake) == 5
