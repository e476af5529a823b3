"""bench/bench_web.py's `spectators`: bench/bench_discord.py's tables (each player taking
2-8 s a move in Discord, through the fake, an AI at each table), every table watched by
a few pages' sockets in the spectators' process, against the same tables without the web:
commit to frame, and whether the Discord figures moved."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

from bench._discord_report import quantile
from bench._places import Place, fresh_database, load_average
from bench._web_site import Commits, Spectators, latencies, web_settings
from bench.bench_discord import THINK_S, _open_all, _play_all, _world, loop_lag
from bot.client import make_bot

FRAME_P99_MS = 100.0


async def watched_lag(place: Place, tables: int, per_table: int, moves: int) -> dict[str, Any]:
    """bench_discord's loop lag and answers with the web on and `per_table` sockets on
    each table, and the time from each commit to each frame."""
    fake, users, channels = _world(place, tables)
    settings = dataclasses.replace(place.settings(), web=web_settings())
    assert settings.web is not None
    bot = make_bot(settings, settle_heap=True)
    await fake.start(bot)
    messages = await _open_all(fake, bot, users, channels)
    ids = []
    for channel in channels:
        table = bot.tables.in_channel(channel)
        assert table is not None
        ids.append(table.id)
    assert bot.web.keys is not None
    keys = [await bot.web.keys.key_of(i) for i in ids]
    watching = await Spectators.open(settings.web.public_url, settings.web.origin, keys, per_table)
    commits = Commits()
    bot.tables.presenters.insert(0, commits)
    figures: dict[str, Any] = await _play_all(
        fake, list(zip(messages, users, strict=True)), moves, THINK_S
    )
    await asyncio.sleep(2.0)  # the last frames on their way
    watched = await watching.close()
    await fake.settle(raise_errors=False)
    figures["refused_late"] = sum("Unknown interaction" in e for e in fake.errors)
    problems = await bot.ledger.check()
    await fake.close()
    assert not problems, problems
    times = latencies(watched, ids, commits)
    return figures | {
        "tables": tables,
        "sockets": len(watched.sockets),
        "frames": len(times),
        "frame_p50_ms": quantile(times, 0.5),
        "frame_p99_ms": quantile(times, 0.99),
        "frame_max_ms": quantile(times, 1.0),
        "client_cpu_ms_per_frame": 1000 * watched.cpu_s / max(len(watched.frames), 1),
    }


async def spectators(tables: int, per_table: int, moves: int, web_first: bool) -> dict[str, Any]:
    """One run with the web and spectators and one without, each on a fresh SQLite
    database, in the order asked (the first of a fresh process pays its start-up)."""
    found: dict[str, Any] = {"load": load_average()}
    for part in ("web", "plain") if web_first else ("plain", "web"):
        async with fresh_database("sqlite", "") as database:
            if part == "web":
                found["web"] = await watched_lag(Place(database), tables, per_table, moves)
            else:
                found["plain"] = await loop_lag(Place(database), tables, moves)
        found[f"load_after_{part}"] = load_average()
    return found
