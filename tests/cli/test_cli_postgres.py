"""`parlour ledger check --db postgresql://…`: a sound PostgreSQL ledger passes, a
tampered one fails with the problem in words, and an empty database is refused."""

from __future__ import annotations

import asyncpg
import pytest

from bot.cli import main
from bot.ledger import Account, Ledger, Reason
from bot.storage import open_database
from tests.backends import needs_postgres, pg_schema

pytestmark = needs_postgres


async def test_ledger_check_reads_a_postgresql_database(
    capsys: pytest.CaptureFixture[str],
) -> None:
    async with pg_schema() as dsn:
        db = await open_database(dsn)
        ledger = Ledger(db, starting_chips=1000)
        await ledger.transfer(Account.purse(1, 2), Account.purse(1, 3), 40, Reason.GIFT, "g:1")
        await db.close()
        assert await _check(dsn) == 0
        assert capsys.readouterr().out == f"Every ledger invariant holds in {dsn}.\n"
        conn = await asyncpg.connect(dsn)
        await conn.execute("UPDATE accounts SET balance = balance + 5 WHERE user_id = 3")
        await conn.close()
        assert await _check(dsn) == 1
        out = capsys.readouterr().out
        assert out.startswith("2 ledger invariant(s) broken:")
        assert "holds 1045 chips, but its transfers add up to 1040" in out


async def test_ledger_check_refuses_an_empty_postgresql_database(
    capsys: pytest.CaptureFixture[str],
) -> None:
    async with pg_schema() as dsn:
        assert await _check(dsn) == 2
    assert capsys.readouterr().err == f"parlour: PostgreSQL at {dsn} holds no Parlour data yet.\n"


async def _check(dsn: str) -> int:
    """`parlour ledger check --db dsn`, run as the command runs it (its own event loop)."""
    import asyncio

    return await asyncio.to_thread(main, ["ledger", "check", "--db", dsn])
