"""Benchmarks of the table service (issue: foundation), written to bench/RESULTS.md.

- a move through the service (apply + persist, no picture): p50 and p99 latency;
- recovery: 1,000 open tables of 200 actions each rebuilt from the database;
- memory held by the service per open table;
- `parlour simulate black-joke`: whole deals per second on one core.

Run: .venv/bin/python bench/bench_tables.py [--quick]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench._results import write_section  # noqa: E402
from bot.games import registry  # noqa: E402
from bot.ledger import Ledger  # noqa: E402
from bot.simulate import simulate  # noqa: E402
from bot.storage import Database, open_database  # noqa: E402
from bot.storage.table_rows import now_text  # noqa: E402
from bot.tables import ServiceSettings, Status, TableService  # noqa: E402
from bot.tables.accounts import digest_of  # noqa: E402


async def move_latency(moves: int) -> dict[str, float]:
    """Latency of TableService.act with two human seats playing random legal moves."""
    with tempfile.TemporaryDirectory() as tmp:
        db = await open_database(Path(tmp) / "bench.db")
        service = TableService(
            db,
            Ledger(db, starting_chips=10**9),
            ServiceSettings(turn_timeout_s=120.0, default_buy_in=10**6),
        )
        rng = random.Random(1)
        times: list[float] = []
        channel = 0
        while len(times) < moves:
            channel += 1
            table = await service.create(
                guild_id=1,
                channel_id=channel,
                host_id=1,
                host_name="A",
                game_key="black-joke",
                options={"rounds": 20},
            )
            await service.join(table.id, 2, "B")
            await service.start(table.id, 1)
            while table.status is Status.PLAYING and len(times) < moves:
                (seat,) = table.game.awaiting(table.state)
                user = table.seats[seat].user_id
                assert user is not None
                action = rng.choice(table.game.legal_actions(table.state, seat))
                started = time.perf_counter()
                await service.act(table.id, user, table.version, action)
                times.append(time.perf_counter() - started)
        await db.close()
    times.sort()
    return {
        "moves": len(times),
        "p50_ms": 1000 * times[len(times) // 2],
        "p99_ms": 1000 * times[int(len(times) * 0.99)],
        "mean_ms": 1000 * statistics.fmean(times),
    }


async def _fill(db: Database, tables: int, actions: int) -> None:
    """Open tables whose logs hold `actions` legal actions each, written straight in."""
    game = registry.get("black-joke")
    service = TableService(
        db, Ledger(db, starting_chips=10**9), ServiceSettings(turn_timeout_s=None)
    )
    for number in range(tables):
        table = await service.create(
            guild_id=1,
            channel_id=10_000 + number,
            host_id=1,
            host_name="A",
            game_key="black-joke",
            seed=number,
            buy_in=10**6,
            options={"rounds": 20},
        )
        for user in (2, 3, 4):
            await service.join(table.id, user, f"P{user}")
        await service.start(table.id, 1)
        rng, state, log = random.Random(number), table.state, []
        for seq in range(1, actions + 1):
            (seat,) = game.awaiting(state)
            action = rng.choice(game.legal_actions(state, seat))
            state = game.apply(state, seat, action)
            log.append((table.id, seq, seat, "act", action, "player", now_text()))
        digest = digest_of(game, state)

        async def work(
            tx: object,
            log: list[tuple[object, ...]] = log,
            digest: str = digest,
            table_id: int = table.id,
        ) -> None:
            await tx.executemany(  # type: ignore[attr-defined]
                "INSERT INTO actions (table_id, seq, seat, kind, action, actor, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                log,
            )
            await tx.execute(  # type: ignore[attr-defined]
                "UPDATE tables SET version = ?, digest = ? WHERE id = ?",
                (actions, digest, table_id),
            )

        await db.write(work)


async def recovery(tables: int, actions: int) -> dict[str, float]:
    """Time to rebuild every open table, and the memory the service holds per table."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "recover.db"
        db = await open_database(path)
        await _fill(db, tables, actions)
        await db.close()

        db = await open_database(path)
        service = TableService(db, Ledger(db), ServiceSettings(turn_timeout_s=None))
        started = time.perf_counter()
        report = await service.recover()
        seconds = time.perf_counter() - started

        # Memory: recover again into a fresh service under tracemalloc. aiosqlite's worker
        # thread keeps the last result set alive until its next query, so one trivial
        # read flushes that before the measurement (it is not held by the service).
        measured = TableService(db, Ledger(db), ServiceSettings(turn_timeout_s=None))
        gc.collect()
        tracemalloc.start()
        base = tracemalloc.get_traced_memory()[0]
        await measured.recover()
        await db.fetchone("SELECT 1")
        gc.collect()
        held = tracemalloc.get_traced_memory()[0] - base
        tracemalloc.stop()
        await db.close()
    assert report.tables == tables and not report.abandoned, report
    return {
        "tables": tables,
        "actions_each": actions,
        "seconds": seconds,
        "bytes_per_table": held / tables,
    }


def simulation(games: int) -> dict[str, float]:
    """`parlour simulate black-joke` speed, 4 AI seats."""
    result = simulate(registry.get("black-joke"), games=games, seats=4, seed=1)
    assert result.invariants_held
    return {"games": games, "deals": result.deals, "deals_per_s": result.deals_per_s}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="smaller runs, no RESULTS.md")
    args = parser.parse_args()
    scale = 10 if args.quick else 1
    moves = asyncio.run(move_latency(5000 // scale))
    rec = asyncio.run(recovery(1000 // scale, 200))
    sim = simulation(20000 // scale)
    figures = {"move": moves, "recovery": rec, "simulate": sim}
    print(json.dumps(figures, indent=2))
    if args.quick:
        return
    lines = [
        "| measure | target | measured |",
        "| --- | --- | --- |",
        f"| move through the table service, p50 ({moves['moves']:,} moves) | ≤ 2 ms"
        f" | {moves['p50_ms']:.2f} ms |",
        f"| move through the table service, p99 | ≤ 10 ms | {moves['p99_ms']:.2f} ms |",
        f"| recovery of {rec['tables']:,} open tables x {rec['actions_each']} actions | ≤ 5 s"
        f" | {rec['seconds']:.2f} s |",
        f"| memory held per open table (tracemalloc, after recovery) | ≤ 10 KB"
        f" | {rec['bytes_per_table'] / 1024:.1f} KB |",
        f"| `parlour simulate black-joke`, 4 AI seats ({sim['deals']:,} deals) | ≥ 5,000 deals/s"
        f" | {sim['deals_per_s']:,.0f} deals/s |",
    ]
    write_section("Table service", lines)


if __name__ == "__main__":
    main()
