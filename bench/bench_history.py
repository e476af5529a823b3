"""How fast the first page of `/table history` is over a server with 100,000 finished
tables (issue 23: ≤ 50 ms p99), on SQLite and, with PARLOUR_TEST_POSTGRES set, PostgreSQL.

The server's tables are a mix the way a busy server's would be: a third chip tables
(Black Joke, two seats, a buy-in and a cash-out each in the ledger), a third points tables
(Tilters, three seats, `game_results`), a third patience (The Clock, `patience_results`),
among 40 members and one who sat at one table in a thousand. The page is read through
`Standings.history` as the cog reads it: the newest page, one member's, one game's, and
both at once.

    python -m bench.bench_history [--tables 100000] [--reads 200]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import time

from bench._db import Backend, describe, fresh, latencies
from bench._results import write_section
from bot.storage import Database, open_database
from bot.storage.tx import Tx
from bot.tables.standings import Standings

GUILD, MEMBERS, BATCH = 7, 40, 5_000
RARE = MEMBERS + 1
"""A member who sat at one table in a thousand."""


def _rows(first: int, count: int) -> dict[str, list[tuple[object, ...]]]:
    """The rows of tables first..first+count-1."""
    out: dict[str, list[tuple[object, ...]]] = {
        k: [] for k in ("tables", "seats", "results", "patience", "accounts", "transfers")
    }
    for table_id in range(first, first + count):
        kind = table_id % 3
        game = ("black-joke", "tilters", "clock")[kind]
        at = f"2024-01-01T00:00:00.000+00:00|{table_id:09d}"  # distinct, in table order
        out["tables"].append(
            (
                table_id,
                GUILD,
                1,
                game,
                "{}",
                1,
                1,
                100 if kind == 0 else 0,
                "closed",
                "[]",
                "2024",
                at,
                "finished",
            )
        )
        users = [1 + (table_id + s * 7) % MEMBERS for s in range((2, 3, 1)[kind])]
        if table_id % 1000 == 0:
            users[0] = RARE
        for chair, user in enumerate(users):
            out["seats"].append((table_id, chair, user, f"Member {user}", f"t{chair}"))
            if kind != 0:
                out["results"].append((table_id, GUILD, game, user, chair, int(chair == 0), at))
            if kind == 2:
                out["patience"].append((table_id, GUILD, user, game, 1, 50, 0, 0, 1, at))
        if kind == 0:  # a buy-in each, the loser's 10 chips to the winner, cash-outs
            won, lost = (1_000 + table_id * 10 + chair for chair in (0, 1))
            for chair, stake in enumerate((won, lost)):
                out["accounts"].append((stake, GUILD, "stake", table_id, chair))
                out["transfers"].append((users[chair], stake, 100, "buyin", f"b{stake}", table_id))
            out["transfers"].append((lost, won, 10, "settle", f"s{won}", table_id))
            out["transfers"].append((won, users[0], 110, "cashout", f"c{won}", table_id))
            out["transfers"].append((lost, users[1], 90, "cashout", f"c{lost}", table_id))
    return out


async def _fill(db: Database, tables: int) -> None:
    """The server's purses, then its finished tables in batches."""

    async def purses(tx: Tx) -> None:
        await tx.execute(
            "INSERT INTO accounts (id, guild_id, kind) VALUES (0, ?, 'issuance')", (GUILD,)
        )
        await tx.executemany(
            "INSERT INTO accounts (id, guild_id, kind, user_id) VALUES (?, ?, 'purse', ?)",
            [(u, GUILD, u) for u in range(1, RARE + 1)],
        )
        await tx.executemany(
            "INSERT INTO transfers (guild_id, debit_account_id, credit_account_id, amount,"
            " reason, key) VALUES (?, 0, ?, 1000000000, 'grant', ?)",
            [(GUILD, u, f"g{u}") for u in range(1, RARE + 1)],
        )

    await db.write(purses)
    for first in range(1, tables + 1, BATCH):
        rows = _rows(first, min(BATCH, tables + 1 - first))
        await db.write(lambda tx, rows=rows: _batch(tx, rows))  # type: ignore[misc]
    await db.write(_statistics)


async def _statistics(tx: Tx) -> None:
    """On PostgreSQL, the planner's statistics of the tables just filled: autovacuum
    gathers them on a live server once a tenth of a table has changed, but a benchmark
    that reads right after a bulk load would otherwise measure plans made blind."""
    if tx.dialect == "postgres":
        await tx.execute("ANALYZE")


async def _batch(tx: Tx, rows: dict[str, list[tuple[object, ...]]]) -> None:
    """One batch of tables with their seats, results and chips."""
    await tx.executemany(
        "INSERT INTO tables (id, guild_id, channel_id, game, options, seed, host_id, buy_in,"
        " status, start_stacks, created_at, closed_at, close_reason)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        rows["tables"],
    )
    await tx.executemany(
        "INSERT INTO seats (table_id, chair, user_id, name, ticket) VALUES (?, ?, ?, ?, ?)",
        rows["seats"],
    )
    await tx.executemany(
        "INSERT INTO game_results (table_id, guild_id, game, user_id, points, won,"
        " finished_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        rows["results"],
    )
    await tx.executemany(
        "INSERT INTO patience_results (table_id, guild_id, user_id, game, won, moves, undos,"
        " hints, score, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        rows["patience"],
    )
    await tx.executemany(
        "INSERT INTO accounts (id, guild_id, kind, table_id, seat) VALUES (?, ?, ?, ?, ?)",
        rows["accounts"],
    )
    await tx.executemany(
        "INSERT INTO transfers (guild_id, debit_account_id, credit_account_id, amount, reason,"
        f" key, game, table_id) VALUES ({GUILD}, ?, ?, ?, ?, ?, 'black-joke', ?)",
        rows["transfers"],
    )
    await tx.executemany(
        "UPDATE accounts SET closed_at = '2024' WHERE id = ?", [(r[0],) for r in rows["accounts"]]
    )


async def _measure(backend: Backend, tables: int, reads: int) -> list[str]:
    """The first page's latencies by filter, as report lines."""
    async with fresh(backend) as where:
        db = await open_database(where)
        try:
            started = time.perf_counter()
            await _fill(db, tables)
            filled = time.perf_counter() - started
            standings = Standings(db)
            lines = [f"**{backend.name}** ({tables:,} tables filled in {filled:.0f} s):", ""]
            lines += ["| first page | p50 | p99 |", "| --- | --- | --- |"]
            cases = {
                "every table": {},
                "one member": {"user_id": 5},
                "one game": {"game": "tilters"},
                "member and game": {"user_id": 5, "game": "clock"},
                "a member at 1 table in 1,000": {"user_id": RARE},
                "a member with none": {"user_id": 999},
            }
            for name, filters in cases.items():
                times = []
                for _ in range(reads):
                    t0 = time.perf_counter()
                    page = await standings.history(GUILD, limit=11, **filters)  # type: ignore[arg-type]
                    times.append(time.perf_counter() - t0)
                assert name == "a member with none" or len(page) == 11, name
                got = latencies(times)
                lines.append(f"| {name} | {got['p50_ms']:.2f} ms | {got['p99_ms']:.2f} ms |")
            return [*lines, ""]
        finally:
            await db.close()


async def main() -> None:
    """Measure on SQLite (and PostgreSQL when PARLOUR_TEST_POSTGRES is set); write RESULTS."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=100_000)
    parser.add_argument("--reads", type=int, default=200)
    args = parser.parse_args()
    backends = [Backend("sqlite", "")]
    server = os.environ.get("PARLOUR_TEST_POSTGRES", "").strip()
    if server:
        backends.append(Backend("postgres", server))
    lines = [await describe(backends[0], args.reads), ""]
    for backend in backends:
        lines += await _measure(backend, args.tables, args.reads)
        print("\n".join(lines))
    write_section("Issue 23: history and records", lines)


if __name__ == "__main__":
    asyncio.run(main())
