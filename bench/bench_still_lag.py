"""Can I still win? at 200 tables: the event loop's lag while the 200 tables of
bench/bench_discord.py play through the fake Discord, once as they are and once with
patience players asking "Can I still win?" all the while (target: the lag's p99
unchanged; the answers are worked out in the table service's solver pool, the loop
only waits for them).

The askers sit at patience tables of their own (opened beside the 200, in the same bot),
each asking as soon as its last answer came, through `TableService.ask_still`, the call
the Discord button and the web page make; every answer is recorded in its game, so each
ask is of a new state.

Run: nice .venv/bin/python bench/bench_still_lag.py [--tables 200] [--askers 4] [--moves 5]
     [--runs 1] [--pause S] [--write]   (--pause: seconds an asker waits between answers
     and its next ask; 0, the default, asks without a break)
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench._discord_report import quantile  # noqa: E402
from bench._places import Place, fresh_database, load_average, postgres_server  # noqa: E402
from bench._results import write_section  # noqa: E402
from bench.bench_discord import loop_lag  # noqa: E402
from bot.client import ParlourBot  # noqa: E402
from bot.tables import TableError, TableService  # noqa: E402

GAMES = ("fours", "clock", "fourteen", "picture-gallery", "little-lots", "number-eleven")
"""The askers' patiences, in turn (a mix of quick and hard answers)."""


class Askers:
    """Patience tables whose players ask "Can I still win?" again and again."""

    def __init__(self, count: int, pause_s: float) -> None:
        self.count, self.pause_s = count, pause_s
        self.times: list[float] = []
        self.refused = 0
        self._stop = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []

    async def start(self, tables: TableService) -> None:
        """Open the askers' tables and set them asking."""
        for n in range(self.count):
            user = 9_000_000 + n
            table = await tables.create(
                guild_id=0,
                channel_id=8_000_000 + n,
                host_id=user,
                host_name=f"asker{n}",
                game_key=GAMES[n % len(GAMES)],
                options={},
                buy_in=None,
                seed=n,
            )
            await tables.start(table.id, user)
            self._tasks.append(asyncio.create_task(self._ask(tables, table.id, user)))

    async def _ask(self, tables: TableService, table_id: int, user: int) -> None:
        """Ask until stopped (or the game is over)."""
        while not self._stop.is_set():
            table = tables.table(table_id)
            started = time.perf_counter()
            try:
                await tables.ask_still(table_id, user, table.version)
            except TableError:
                self.refused += 1
                return
            except RuntimeError:  # the bot closed its solver pool: the play is over
                return
            self.times.append(time.perf_counter() - started)
            with contextlib.suppress(TimeoutError):  # a player looks before asking again
                await asyncio.wait_for(self._stop.wait(), self.pause_s)

    async def stop(self) -> None:
        """Stop asking: the answers under way are let finish."""
        self._stop.set()
        # an answer under way when the bot closed its pool ends cancelled: that is the end
        await asyncio.gather(*self._tasks, return_exceptions=True)


async def one(
    backend: str, server: str, tables: int, moves: int, askers: int, pause_s: float
) -> dict[str, Any]:
    """One run of the tables, with `askers` players asking beside them (0: none), each
    `pause_s` after its last answer."""
    asking = Askers(askers, pause_s)
    bots: list[ParlourBot] = []

    async def ready(bot: ParlourBot) -> None:
        bots.append(bot)
        if askers:
            await asking.start(bot.tables)

    async with fresh_database(backend, server) as database:
        try:
            lag = await loop_lag(Place(database), tables, moves, ready=ready)
        finally:
            await asking.stop()
            for bot in bots:
                await asyncio.to_thread(bot.tables.close)
    answered = asking.times
    return {
        "askers": askers,
        "lag_p50_ms": lag["lag_p50_ms"],
        "lag_p99_ms": lag["lag_p99_ms"],
        "lag_max_ms": lag["lag_max_ms"],
        "answer_p99_ms": lag["answer_p99_ms"],
        "moves": lag["moves"],
        "asks": len(answered),
        "ask_p50_s": quantile(answered, 0.5) / 1000 if answered else None,
        "ask_p99_s": quantile(answered, 0.99) / 1000 if answered else None,
        "games_over": asking.refused,
    }


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--askers", type=int, default=4)
    parser.add_argument("--moves", type=int, default=5)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--pause", type=float, default=0.0, help="s between an asker's asks")
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    server = postgres_server(None)
    rows = []
    load = load_average()
    for _ in range(args.runs):
        for askers in (0, args.askers):
            run = one("sqlite", server, args.tables, args.moves, askers, args.pause)
            rows.append(asyncio.run(run))
            print(json.dumps(rows[-1]), flush=True)
    if args.write:
        write_section(*report(rows, args, load, load_average()))
    return 0


def report(
    rows: list[dict[str, Any]], args: argparse.Namespace, load: Any, after: Any
) -> tuple[str, list[str]]:
    """The section of bench/RESULTS.md."""
    lines = [
        f"`nice python bench/bench_still_lag.py --tables {args.tables} --askers "
        f"{args.askers} --moves {args.moves} --runs {args.runs} --pause {args.pause}` "
        "(SQLite; load average "
        f"{load} before, {after} after; a fresh bot each run, its solver pool started on "
        "the first ask).",
        "",
        "| askers | loop lag p50 / p99 / max ms | private answer p99 ms | moves | asks |"
        " ask p50 / p99 s |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for r in rows:
        ask = "-" if not r["asks"] else f"{r['ask_p50_s']:.2f} / {r['ask_p99_s']:.2f}"
        lines.append(
            f"| {r['askers']} | {r['lag_p50_ms']:.1f} / {r['lag_p99_ms']:.1f} / "
            f"{r['lag_max_ms']:.0f} | {r['answer_p99_ms']:.0f} | {r['moves']} | {r['asks']} |"
            f" {ask} |"
        )
    return "Can I still win? at 200 tables (issue 34, `bench/bench_still_lag.py`)", lines


if __name__ == "__main__":
    sys.exit(main())
