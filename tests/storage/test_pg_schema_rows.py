"""The PostgreSQL schema takes the rows the table service, the settings and the results
write (the statements of bot/storage/*_rows.py, with $n placeholders), Discord's 64-bit
ids included, and keeps their unique keys and CHECKs. Skipped unless
PARLOUR_TEST_POSTGRES names a database.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import asyncpg
import pytest

from tests.storage.pg_schema_helpers import (
    CHANNEL,
    FRIEND,
    GUILD,
    OTHER_GUILD,
    USER,
    migrated_schema,
    refused,
)


@pytest.fixture
async def pg() -> AsyncIterator[asyncpg.Connection]:
    async with migrated_schema() as conn:
        yield conn


async def test_tables_seats_and_actions_take_the_service_rows(pg: asyncpg.Connection) -> None:
    new_table = (
        "INSERT INTO tables (guild_id, channel_id, game, options, seed, host_id, buy_in,"
        " status, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, 'lobby', $8) RETURNING id"
    )
    row = (GUILD, CHANNEL, "whist", "{}", 2**63 - 1, USER, 0, "2025-01-01")
    table_id = await pg.fetchval(new_table, *row)
    await refused(pg, "tables_one_open_per_channel", new_table, *row)
    seat = "INSERT INTO seats (table_id, chair, user_id, name, ticket) VALUES ($1, $2, $3, $4, $5)"
    await pg.execute(seat, table_id, 0, USER, "Ada", "t0")
    await pg.execute(seat, table_id, 1, None, "AI", "t1")
    await refused(pg, "seats_one_per_user", seat, table_id, 2, USER, "Ada", "t2")
    await pg.execute(
        'UPDATE seats SET ai_control = $1, timeouts = $2, leaving = $3, "left" = $4'
        " WHERE table_id = $5 AND chair = $6",
        1,
        2,
        0,
        1,
        table_id,
        0,
    )
    await pg.execute(
        "UPDATE tables SET status = 'playing', start_stacks = $1, digest = $2 WHERE id = $3",
        "[10, 10]",
        "d0",
        table_id,
    )
    await pg.execute(
        "INSERT INTO actions (table_id, seq, seat, kind, action, actor, created_at)"
        " VALUES ($1, $2, $3, $4, $5, $6, $7)",
        table_id,
        1,
        0,
        "act",
        "play 7H",
        "player",
        "2025-01-01",
    )
    moved = await pg.execute(
        "UPDATE tables SET version = $1, digest = $2, deadline_at = $3 WHERE id = $4"
        " AND version = $5",
        1,
        "d1",
        1_700_000_000.25,
        table_id,
        0,
    )
    assert moved == "UPDATE 1"
    await pg.execute("UPDATE tables SET message_id = $1 WHERE id = $2", 2**63 - 2, table_id)
    await pg.execute(
        "UPDATE tables SET status = 'closed', closed_at = $1, close_reason = $2,"
        " deadline_at = NULL WHERE id = $3",
        "2025-01-02",
        "finished",
        table_id,
    )
    assert await pg.fetchval(new_table, *row) is not None  # the channel is free again
    seats = await pg.fetch('SELECT chair, ai_control, timeouts, "left" FROM seats ORDER BY chair')
    assert [tuple(s) for s in seats] == [(0, 1, 2, 1), (1, 0, 0, 0)]
    got = await pg.fetchrow(
        "SELECT seed, message_id, version, status FROM tables WHERE id = $1", table_id
    )
    assert tuple(got) == (2**63 - 1, 2**63 - 2, 1, "closed")


async def test_settings_results_and_notices_take_the_service_rows(pg: asyncpg.Connection) -> None:
    table_id = await pg.fetchval(
        "INSERT INTO tables (guild_id, channel_id, game, options, seed, host_id, buy_in, status,"
        " created_at) VALUES ($1, 1, 'klondike', '{}', 1, $2, 0, 'closed', 'x') RETURNING id",
        GUILD,
        USER,
    )
    columns = "starting_chips, daily_chips, buy_in, min_buy_in, max_buy_in, turn_clock_s"
    upsert = (
        f"INSERT INTO guild_settings (guild_id, {columns}, moderator_role_id, updated_at)"
        " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (guild_id) DO UPDATE SET"
        " daily_chips = excluded.daily_chips, moderator_role_id = excluded.moderator_role_id,"
        " updated_at = excluded.updated_at"
    )
    await pg.execute(upsert, GUILD, 500, None, 10, 1, 100, 60, None, "a")
    await pg.execute(upsert, GUILD, 500, 25, 10, 1, 100, 60, 600_000_000_000_000_001, "b")
    await refused(pg, "buy_in", upsert, OTHER_GUILD, 1, 1, 0, 1, 1, 1, None, "c")
    await pg.executemany(
        "INSERT INTO guild_channels (guild_id, channel_id) VALUES ($1, $2)",
        [(GUILD, CHANNEL), (GUILD, 700_000_000_000_000_002)],
    )
    dm = (
        "INSERT INTO dm_status (user_id, open, told, checked_at) VALUES ($1, $2, $3, $4)"
        " ON CONFLICT (user_id) DO UPDATE SET open = excluded.open, told = excluded.told,"
        " checked_at = excluded.checked_at"
    )
    await pg.execute(dm, USER, 1, 0, "a")
    await pg.execute(dm, USER, 0, 1, "b")
    result = (
        "INSERT INTO game_results (table_id, guild_id, game, user_id, points, won, finished_at)"
        " VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (table_id, user_id) DO NOTHING"
    )
    await pg.executemany(result, [(table_id, GUILD, "whist", USER, 7, 1, "x")] * 2)
    await refused(pg, "won", result, table_id, GUILD, "whist", FRIEND, 7, 2, "x")
    patience = (
        "INSERT INTO patience_results (table_id, guild_id, user_id, game, won, moves, undos,"
        " hints, score, finished_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)"
        " ON CONFLICT (table_id, user_id) DO NOTHING"
    )
    await pg.executemany(patience, [(table_id, GUILD, USER, "klondike", 1, 90, 0, 0, 5, "x")] * 2)
    await refused(pg, "moves", patience, table_id, GUILD, FRIEND, "klondike", 0, -1, 0, 0, 0, "x")
    await pg.execute(
        "INSERT INTO channel_notices (channel_id, table_id, words, created_at)"
        " VALUES ($1, $2, $3, $4)",
        CHANNEL,
        table_id,
        "Set aside.",
        "x",
    )
    notice = await pg.fetchrow("SELECT id, channel_id, words FROM channel_notices ORDER BY id")
    assert tuple(notice) == (1, CHANNEL, "Set aside.")
    assert await pg.execute("DELETE FROM channel_notices WHERE id = $1", notice["id"]) == "DELETE 1"
    settings = await pg.fetchrow("SELECT daily_chips, moderator_role_id FROM guild_settings")
    assert tuple(settings) == (25, 600_000_000_000_000_001)
    assert await pg.fetchval("SELECT count(*) FROM guild_channels") == 2
    assert tuple(await pg.fetchrow("SELECT open, told FROM dm_status")) == (0, 1)
    wins = await pg.fetchval("SELECT SUM(won) FROM game_results")
    assert (wins, type(wins)) == (1, int)  # an INTEGER flag sums to an int, not a Decimal
    assert await pg.fetchval("SELECT SUM(won) FROM patience_results") == 1
