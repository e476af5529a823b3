"""Benchmarks of the Discord table through the in-repo fake Discord, into bench/RESULTS.md.

- event-loop lag (p99) while 200 tables play at once, every move a real interaction
  ("My hand" then the move's select) and every table message edited with its picture;
- a whole move (interaction in -> edited table message out) against rendering that
  table's picture alone, measured in the same run.

Run: .venv/bin/python bench/bench_discord.py [--tables N] [--quick]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench._results import write_section  # noqa: E402
from bot.client import ParlourBot  # noqa: E402
from bot.config import Settings  # noqa: E402
from cogs._presenter import names_of  # noqa: E402
from cogs.table import presenter_of  # noqa: E402
from render import render_table  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402

THINK_S = (2.0, 8.0)


def _settings(tmp: str) -> Settings:
    return Settings(
        token="bench",
        db_path=Path(tmp) / "bench.db",
        log_level="WARNING",
        starting_chips=10**6,
        buy_in=10**4,
        turn_timeout_s=600.0,
    )


async def _until(check: Callable[[], Any], timeout_s: float = 30.0) -> Any:
    deadline = time.monotonic() + timeout_s
    while not (found := check()):
        if time.monotonic() > deadline:
            raise TimeoutError("the bot did not answer")
        await asyncio.sleep(0.001)
    return found


async def _open(fake: FakeDiscord, user: Any, channel: int) -> Any:
    await fake.slash(
        "table start", {"game": "black-joke", "options": "rounds=20"}, by=user, channel=channel
    )
    (message,) = [m for m in fake.channel_messages(channel) if m.attachments]
    await fake.click(message, label="Add AI", by=user)
    await fake.click(message, label="Start", by=user)
    return message


async def _hand(fake: FakeDiscord, message: Any, user: Any) -> Any:
    """The player's "My hand" message, or None when no move is offered."""
    hand = await fake.click(message, label="My hand", by=user, settle=False)
    private = (await _until(lambda: hand.followups))[-1]
    return private if private.selects else None


async def _choose(fake: FakeDiscord, private: Any, user: Any) -> None:
    """Pick the first offered move and wait for the bot's answer."""
    value = private.selects[0]["options"][0]["value"]
    chosen = await fake.select(private, [value], by=user, settle=False)
    await _until(lambda: chosen.followups)


async def _move(fake: FakeDiscord, message: Any, user: Any) -> bool:
    """One move of the table's human: My hand, then the first offered move."""
    private = await _hand(fake, message, user)
    if private is None:
        return False
    await _choose(fake, private, user)
    return True


async def loop_lag(tables: int, moves: int) -> dict[str, float]:
    """p99 lag of the event loop while `tables` tables each play `moves` moves at once."""
    with tempfile.TemporaryDirectory() as tmp:
        fake = FakeDiscord(settle_timeout_s=120.0)
        users = [fake.add_user(f"p{i}") for i in range(tables)]
        channels = [fake.add_channel(f"table-{i}") for i in range(tables)]
        bot = ParlourBot(_settings(tmp))
        await fake.start(bot)
        presenter = presenter_of(bot)
        presenter.min_interval_s = 0.0  # settle() would wait out each coalescing delay
        messages = [await _open(fake, u, c) for u, c in zip(users, channels, strict=True)]
        presenter.min_interval_s = 1.0  # play as in production: one edit a second at most
        lags: list[float] = []
        running = True

        async def monitor() -> None:
            while running:
                before = time.perf_counter()
                await asyncio.sleep(0.01)
                lags.append(time.perf_counter() - before - 0.01)

        async def play(message: Any, user: Any, number: int) -> int:
            # players think 2-8 s before each move, as people at a card table do
            rng, done = random.Random(number), 0
            for _ in range(moves):
                await asyncio.sleep(rng.uniform(THINK_S[0], THINK_S[1]))
                done += await _move(fake, message, user)
            return done

        watcher = asyncio.create_task(monitor())
        started = time.perf_counter()
        played = await asyncio.gather(
            *(play(m, u, n) for n, (m, u) in enumerate(zip(messages, users, strict=True)))
        )
        seconds = time.perf_counter() - started
        running = False
        await watcher
        await fake.settle()
        problems = await bot.ledger.check()
        await fake.close()
    assert not problems, problems
    lags.sort()
    return {
        "tables": tables,
        "moves": sum(played),
        "seconds": seconds,
        "lag_p50_ms": 1000 * lags[len(lags) // 2],
        "lag_p99_ms": 1000 * lags[int(len(lags) * 0.99)],
        "lag_max_ms": 1000 * lags[-1],
    }


async def whole_move(moves: int) -> dict[str, float]:
    """A move from interaction to edited message, and the same table's render alone."""
    with tempfile.TemporaryDirectory() as tmp:
        fake = FakeDiscord()
        user = fake.add_user("solo")
        bot = ParlourBot(_settings(tmp))
        await fake.start(bot)
        presenter_of(bot).min_interval_s = 0.0
        message = await _open(fake, user, fake.channel_id)
        table = bot.tables.in_channel(fake.channel_id)
        assert table is not None
        move_times, render_times = [], []
        for _ in range(moves):
            private = await _hand(fake, message, user)
            if private is None:
                break
            edits = len(message.versions)
            started = time.perf_counter()
            await _choose(fake, private, user)
            await _until(lambda edits=edits: len(message.versions) > edits)
            move_times.append(time.perf_counter() - started)
            scene, names = bot.tables.snapshot(table, table_event()).public, names_of(table)
            assert scene is not None
            started = time.perf_counter()
            render_table(scene["scene"], names)
            render_times.append(time.perf_counter() - started)
        await fake.close()
    move_ms = 1000 * statistics.median(move_times)
    render_ms = 1000 * statistics.median(render_times)
    return {
        "moves": len(move_times),
        "move_ms": move_ms,
        "render_ms": render_ms,
        "ratio": move_ms / render_ms,
    }


def table_event() -> Any:
    from bot.tables import Event

    return Event.RESUMED


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--quick", action="store_true", help="small run, no RESULTS.md")
    args = parser.parse_args()
    tables = 20 if args.quick else args.tables
    lag = asyncio.run(loop_lag(tables, 3 if args.quick else 5))
    move = asyncio.run(whole_move(10 if args.quick else 40))
    print(json.dumps({"lag": lag, "move": move}, indent=2))
    if args.quick:
        return
    write_section(
        "Discord table (through the fake Discord)",
        [
            "| measure | target | measured |",
            "| --- | --- | --- |",
            f"| event-loop lag p99 while {lag['tables']} tables play at once, players taking"
            f" {THINK_S[0]:.0f}-{THINK_S[1]:.0f} s a move"
            f" ({lag['moves']:,} moves, {2 * lag['moves']:,} interactions, {lag['seconds']:.1f} s)"
            f" | ≤ 20 ms | {lag['lag_p99_ms']:.1f} ms (p50 {lag['lag_p50_ms']:.1f}, max"
            f" {lag['lag_max_ms']:.1f}) |",
            f"| whole move, interaction in -> edited table message out (median of"
            f" {move['moves']}) | ≤ 1.5 x render | {move['move_ms']:.1f} ms |",
            f"| rendering that table's picture alone (median) | - | {move['render_ms']:.1f} ms |",
            f"| ratio | ≤ 1.5 | {move['ratio']:.2f} |",
        ],
    )


if __name__ == "__main__":
    main()
