"""Winnable deals: `/patience play winnable:true`'s work from the command to the dealt
table (the draw, the table made and started: `bot.tables.winnable` and the table
service, as the Discord command and `parlour play --winnable` call them), with the stock
warm (filled by the background beforehand) and cold (empty: the deal searched on the
spot in the solver's worker). Targets (issue 34): p99 <= 100 ms warm, <= 2 s cold.

Run: nice .venv/bin/python bench/bench_winnable.py [--draws N] [--games a,b,...] [--write]
(SQLite in a fresh folder; one solver worker, the default; the pool started before the
timing, as in a bot that has run a while).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench._places import load_average  # noqa: E402
from bench._results import write_section  # noqa: E402
from bot.games import registry  # noqa: E402
from bot.games.patience.search import Budget  # noqa: E402
from bot.ledger import Ledger  # noqa: E402
from bot.storage import open_database  # noqa: E402
from bot.tables import ServiceSettings, TableError, TableService  # noqa: E402
from bot.tables.winnable import options_text  # noqa: E402

GAMES = ("clock", "fourteen", "st-helena", "sultan", "legitimist", "toad", "bethel")
USER = 1


async def deal_one(service: TableService, key: str, channel: int) -> float:
    """Seconds from the command to the dealt table; raises TableError when refused."""
    started = time.perf_counter()
    deal = await service.winnable.draw(key)
    table = await service.create(
        guild_id=1,
        channel_id=channel,
        host_id=USER,
        host_name="p",
        game_key=key,
        deal=deal,
    )
    await service.start(table.id, USER)
    seconds = time.perf_counter() - started
    await service.stop(table.id, USER, moderator=True)
    return seconds


async def one_game(key: str, draws: int, folder: Path) -> dict[str, Any]:
    """Cold draws (no background: every draw searches), then warm ones (the stock
    refilled by the background between draws)."""
    db = await open_database(str(folder / f"{key}.db"))
    service = TableService(db, Ledger(db), ServiceSettings(turn_timeout_s=None))
    cold: list[float] = []
    refused = 0
    warm: list[float] = []
    try:
        # the worker started before the timing, as in a bot that has run a while
        await service.solver.first_won(registry.get(key), {}, [], _budget(), 0.0)
        for n in range(draws):
            try:
                cold.append(await deal_one(service, key, 1000 + n))
            except TableError:
                refused += 1
        service.winnable.start()
        for n in range(draws):
            service.winnable.want(key, _opts(key))
            await asyncio.wait_for(service.winnable.settled(), 300)
            warm.append(await deal_one(service, key, 2000 + n))
    finally:
        await service.winnable.stop()
        await asyncio.to_thread(service.close)
        await db.close()
    return {"game": key, "cold": cold, "refused": refused, "warm": warm}


def _budget() -> Budget:
    """A budget that solves nothing (the job only starts the worker)."""
    return Budget(positions=1, seconds=0.01)


def _opts(key: str) -> str:
    """The stock's options text of a game's defaults."""
    return options_text(registry.get(key).options({}))


def p99(values: list[float]) -> float:
    """The 99th percentile (the largest of fewer than 100), in ms."""
    ordered = sorted(values)
    return 1000 * ordered[min(int(len(ordered) * 0.99), len(ordered) - 1)] if ordered else 0.0


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--draws", type=int, default=10)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    load = load_average()
    rows = []
    with tempfile.TemporaryDirectory() as where:
        for key in args.games.split(","):
            rows.append(asyncio.run(one_game(key, args.draws, Path(where))))
            r = rows[-1]
            print(key, f"cold p99 {p99(r['cold']):.0f} ms ({r['refused']} refused)",
                  f"warm p99 {p99(r['warm']):.1f} ms", flush=True)  # fmt: skip
    lines = [
        f"`nice python bench/bench_winnable.py --draws {args.draws}` (SQLite, one solver "
        f"worker; load average {load} before, {load_average()} after). Each game: "
        f"{args.draws} cold draws (empty stock: searched on the spot, refused after 1.5 s),"
        f" then {args.draws} warm ones (the background refilled the stock in between).",
        "",
        "| game | cold p50 / p99 ms | cold refused | warm p50 / p99 ms |",
        "| --- | --- | --- | --- |",
    ]
    for r in rows:
        cold, warm = sorted(r["cold"]), sorted(r["warm"])
        c50 = 1000 * cold[len(cold) // 2] if cold else 0.0
        w50 = 1000 * warm[len(warm) // 2] if warm else 0.0
        lines.append(
            f"| {r['game']} | {c50:.0f} / {p99(r['cold']):.0f} | {r['refused']} of "
            f"{len(r['cold']) + r['refused']} | {w50:.1f} / {p99(r['warm']):.1f} |"
        )
    if args.write:
        write_section("Winnable deals (issue 34, `bench/bench_winnable.py`)", lines)
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
