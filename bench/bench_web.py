"""Benchmarks of the web table (issue 33), each run in this process against spectators in
another (bench/_sockets.py), or headless Chromium:

- `fanout`: one table of two players watched by 2,000 sockets, a move every
  `--pace` seconds: every frame delivered to every socket, and its time from the commit
  to each socket (p50, p99, worst), and the memory each open socket costs this process;
- `spectators`: 400 tables playing in Discord (the fake, as bench/bench_discord.py plays
  them), each watched by 5 sockets: commit to frame p50/p99, and the Discord figures of
  the same run against a run without the web;
- `page`: the first load of a table's page in headless Chromium (HTML, style, scripts:
  the bytes as sent, and gzipped) and the time to a drawn table, in a new browser
  context and again in the same one.

The machine's load goes with every figure; the first run of a part is in a fresh process,
the later ones in a warm one. `--write` puts the figures in bench/RESULTS.md.

Run: .venv/bin/python bench/bench_web.py PART [--runs N] [--write]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench._discord_report import quantile  # noqa: E402
from bench._places import load_average  # noqa: E402
from bench._web_page import first_load  # noqa: E402
from bench._web_report import write  # noqa: E402
from bench._web_site import (  # noqa: E402
    Site,
    Spectators,
    latencies,
    resident_kb,
    site,
    two_players,
)
from bench._web_spectators import spectators  # noqa: E402
from bot.tables import Table, Update  # noqa: E402

FANOUT_SOCKETS = 2000
FANOUT_MOVES = 40


async def play(where: Site, table: Table, moves: int, pace_s: float) -> list[int]:
    """`moves` random moves, one every `pace_s`; the versions they made."""
    rng, made = random.Random(33), []
    for _ in range(moves):
        await asyncio.sleep(pace_s)
        (seat,) = table.game.awaiting(table.state)
        user = table.seats[seat].user_id
        assert user is not None
        action = rng.choice(table.game.legal_actions(table.state, seat))
        await where.service.act(table.id, user, table.version, action)
        made.append(table.version)
    return made


def time_writes(where: Site) -> tuple[dict[int, float], list[int]]:
    """When the hub was done with each version of a table (every idle page's frame
    written, at once, to its connection: handed to the kernel), and how many pages each
    left to their pumps (busy with an earlier frame)."""
    hub, done, pumped = where.web.hub, {}, []
    inner = hub.table_updated

    async def timed(update: Update) -> None:
        await inner(update)
        done.setdefault(update.table.version, time.monotonic())
        room = hub._rooms.get(update.table.id, set())
        pumped.append(sum(w.pending is not None or w.sending for w in room))

    hub.table_updated = timed  # type: ignore[method-assign]
    return done, pumped


async def fanout(sockets: int, moves: int, pace_s: float, timed_every: int) -> dict[str, Any]:
    """One table watched by `sockets` pages: delivery, fan-out and memory per socket
    (every `timed_every`th socket timed as it reads: bench/_sockets.py)."""
    load = load_average()
    with tempfile.TemporaryDirectory() as folder:
        async with site(Path(folder)) as where:
            table = await two_players(where)
            key = await where.web.keys.key_of(table.id)  # type: ignore[union-attr]
            gc.collect()
            before = resident_kb()
            watching = await Spectators.open(
                where.base, where.web.settings.origin, [key], sockets, timed_every
            )
            gc.collect()
            per_socket_kb = (resident_kb() - before) / sockets
            assert where.web.hub.sockets == sockets
            where.commits.at.clear()  # the frames timed are the moves' only
            written, pumped = time_writes(where)
            made = await play(where, table, moves, pace_s)
            await asyncio.sleep(2.0)  # the last frames on their way
            watched = await watching.close()
    times = latencies(watched, [table.id], where.commits)
    got: dict[int, set[int]] = {}
    for index, version, _ in watched.frames:
        got.setdefault(index, set()).add(version)
    delivered = sum(set(made) <= got.get(i, set()) for i in range(sockets))
    handed = [written[v] - where.commits.at[(table.id, v)] for v in made]
    return {
        "load": load,
        "load_after": load_average(),
        "sockets": sockets,
        "moves": len(made),
        "pace_s": pace_s,
        "timed_every": timed_every,
        "frames": len(times),
        "sockets_with_every_frame": delivered,
        "p50_ms": quantile(times, 0.5),
        "p99_ms": quantile(times, 0.99),
        "max_ms": quantile(times, 1.0),
        "written_p50_ms": quantile(handed, 0.5),
        "written_p99_ms": quantile(handed, 0.99),
        "written_max_ms": quantile(handed, 1.0),
        "pumped": sum(pumped),
        "socket_kb": per_socket_kb,
        "client_cpu_ms_per_frame": 1000 * watched.cpu_s / max(len(watched.frames), 1),
    }


async def run(part: str, runs: int, args: argparse.Namespace) -> list[dict[str, Any]]:
    """The part's runs, one after another in this process."""
    found = []
    for number in range(runs):
        if part == "fanout":
            figures = await fanout(args.sockets, args.moves, args.pace, args.timed_every)
        elif part == "spectators":
            figures = await spectators(
                args.tables, args.per_table, args.table_moves, number % 2 == 1
            )
        else:
            figures = await first_load()
        figures["process"] = "fresh" if number == 0 else "warm"
        print(figures, flush=True)
        found.append(figures)
    return found


def main() -> int:
    """Run a part of the benchmark; exit 1 when a target is missed."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("part", choices=("fanout", "spectators", "page"))
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--sockets", type=int, default=FANOUT_SOCKETS)
    parser.add_argument("--moves", type=int, default=FANOUT_MOVES)
    parser.add_argument("--pace", type=float, default=1.0)
    parser.add_argument("--timed-every", type=int, default=10, help="fanout: time 1 socket in N")
    parser.add_argument("--tables", type=int, default=400)
    parser.add_argument("--per-table", type=int, default=5)
    parser.add_argument("--table-moves", type=int, default=5)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    found = asyncio.run(run(args.part, args.runs, args))
    missed = write(args.part, found, args.write)
    for line in missed:
        print("missed:", line)
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
