"""Benchmarks of the Discord table through the in-repo fake Discord, on SQLite or PostgreSQL.

- 200 tables playing at once, every move a real interaction ("My hand" then the move's
  select), every table message edited with its picture and hands DMed as in production:
  the event loop's lag (p50, p99, worst stall) and every private answer's time, from
  the click to the bot's follow-up (p50, p99, worst);
- a whole move (interaction in -> edited table message out) against rendering that
  table's picture alone, measured in the same run.

Exits non-zero when a target is missed: loop lag p99 over 20 ms, a private answer p99
over 1 s, or an answer that never came (30 s). `--backend postgres` runs on a fresh
schema of the server `--postgres` (or PARLOUR_TEST_POSTGRES, else postgresql:///test)
names, dropped afterwards; `--backend both` alternates the two, run by run. `--write`
puts the figures in bench/RESULTS.md. `--database ADDRESS --shard K --shard-count N`
runs only the 200 tables, as shard K of N on a database made beforehand, waiting for a
line on stdin before play (bench/bench_shards.py runs two such processes at once).

Run: .venv/bin/python bench/bench_discord.py [--backend B] [--runs N] [--quick] [--write]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench._discord_report import (  # noqa: E402
    ANSWER_P99_MS,
    LAG_P99_MS,
    Answers,
    missed,
    quantile,
    report,
)
from bench._places import BACKENDS, Place, fresh_database, load_average, postgres_server  # noqa: E402
from bench._profile import cpu_of, profiled  # noqa: E402
from bench._results import write_section  # noqa: E402
from bench._stalls import StallWatch  # noqa: E402
from bench._trace import Trace  # noqa: E402
from bot.client import ParlourBot, make_bot  # noqa: E402
from bot.front.seats import labels_of  # noqa: E402
from bot.tables import Event  # noqa: E402
from cogs.core import RENDER_PROFILE_ENV, render_worker_pids  # noqa: E402
from cogs.table import presenter_of  # type: ignore[attr-defined]  # noqa: E402
from render import render_table  # noqa: E402
from render.table import forget_kept  # noqa: E402
from tests.fakediscord import FakeDiscord, FakeInteraction  # noqa: E402

THINK_S = (2.0, 8.0)
ANSWER_TIMEOUT_S = 30.0


async def _edited(message: Any, edits: int) -> None:
    """Wait until the message has more than `edits` versions."""
    await message.until_edited(edits, ANSWER_TIMEOUT_S)


async def _answer(interaction: FakeInteraction, started: float, answers: Answers) -> Any:
    """The bot's private follow-up to an interaction; its time since the click is kept."""
    try:
        await interaction.until(lambda i: i.followups, ANSWER_TIMEOUT_S)
    except TimeoutError:
        answers.missing += 1
        raise TimeoutError(f"the bot did not answer within {ANSWER_TIMEOUT_S:.0f} s") from None
    finally:
        acked = interaction.acked_after_s
        answers.acks.append(float("inf") if acked is None else acked)
    answers.times.append(time.perf_counter() - started)
    return interaction.followups[-1]


async def _open(fake: FakeDiscord, user: Any, channel: int) -> Any:
    await fake.slash(
        "table start", {"game": "black-joke", "options": "rounds=20"}, by=user, channel=channel
    )
    (message,) = [m for m in fake.channel_messages(channel) if m.attachments]
    await fake.click(message, label="Add AI", by=user)
    await fake.click(message, label="Start", by=user)
    return message


async def _hand(fake: FakeDiscord, message: Any, user: Any, answers: Answers) -> Any:
    """The player's "My hand" message, or None when no move is offered."""
    started = time.perf_counter()
    hand = await fake.click(message, label="My hand", by=user, settle=False)
    private = await _answer(hand, started, answers)
    if private.selects:
        return private
    fake.forget(hand)
    return None


async def _choose(fake: FakeDiscord, private: Any, user: Any, answers: Answers) -> None:
    """Pick the first offered move and wait for the bot's answer."""
    value = private.selects[0]["options"][0]["value"]
    started = time.perf_counter()
    chosen = await fake.select(private, [value], by=user, settle=False)
    await _answer(chosen, started, answers)
    # the players are done with both; a fake that kept every message would be measured
    fake.forget(chosen)
    fake.forget(fake.interaction(private.interaction_id))


async def _move(fake: FakeDiscord, message: Any, user: Any, answers: Answers) -> bool:
    """One move of the table's human: My hand, then the first offered move (False when
    none was offered, or an answer never came)."""
    try:
        private = await _hand(fake, message, user, answers)
        if private is not None:
            await _choose(fake, private, user, answers)
    except TimeoutError:
        return False
    return private is not None


async def _open_all(
    fake: FakeDiscord, bot: ParlourBot, users: list[Any], channels: list[int]
) -> list[Any]:
    """Open and start a table per player (set-up, not measured)."""
    presenter = presenter_of(bot)
    # settle() would wait out each coalescing delay and DM pause
    presenter.min_interval_s, presenter.mailer.interval_s = 0.0, 0.0
    messages = [await _open(fake, u, c) for u, c in zip(users, channels, strict=True)]
    presenter.min_interval_s, presenter.mailer.interval_s = 1.0, 5.0  # as in production
    return messages


def _world(place: Place, tables: int) -> tuple[FakeDiscord, list[Any], list[int]]:
    """A fake Discord with a player and a channel per table, in a guild on the (first)
    shard the bot holds."""
    fake = FakeDiscord(settle_timeout_s=120.0, keep_requests=False, shard_count=place.count)
    users = [fake.add_user(f"p{i}") for i in range(tables)]
    guild = 0  # the fake's first guild, on shard 0
    if place.shards and place.shards[0] != 0:
        guild = fake.add_guild("bench", shard=place.shards[0], members=tuple(users))
    for user in users:  # every player's Discord, and the server, in the run's language
        user.locale = LOCALE
    for found in fake.world.guilds.values():
        found.locale = LOCALE
    return fake, users, [fake.add_channel(f"table-{i}", guild=guild) for i in range(tables)]


LOCALE = "en-US"
"""The Discord locale of every player and of the server (`--locale`): the words' cost."""

Ready = Callable[[ParlourBot], Awaitable[None]]
"""What runs once the tables are open, before play: given the bot."""


async def loop_lag(
    place: Place,
    tables: int,
    moves: int,
    ready: Ready | None = None,
    think: tuple[float, float] = THINK_S,
    trace: bool = False,
    stalls: bool = False,
) -> dict[str, Any]:
    """Loop lag and private answer times while `tables` tables each play `moves` moves,
    their players taking `think` seconds (at least, at most) a move; `ready` is awaited
    with the bot once the tables are open, before play starts; with `trace`, where each answer's
    time went (bench/_trace.py); with `stalls`, where the loop stalled (bench/_stalls.py)."""
    fake, users, channels = _world(place, tables)
    bot = make_bot(place.settings(), settle_heap=True)
    await fake.start(bot)
    messages = await _open_all(fake, bot, users, channels)
    if ready is not None:
        await ready(bot)
    players = list(zip(messages, users, strict=True))
    if trace:
        tracer = Trace(lambda i: getattr(fake.api.interactions.get(i), "created_s", None))
        with tracer.installed(presenter_of(bot)):
            figures: dict[str, Any] = await _play_all(fake, players, moves, think)
        figures["trace"] = tracer.summary()
    elif stalls:
        async with StallWatch(stall_s=0.02) as watch:
            figures = await _play_all(fake, players, moves, think)
        figures |= {"stalls": watch.summary(), "longest_stalls": watch.longest()}
        figures |= watch.collected()
    else:
        figures = await _play_all(fake, players, moves, think)
    await fake.settle(raise_errors=False)
    # an interaction not acknowledged within 3 s is refused by Discord ("did not respond")
    figures["refused_late"] = sum("Unknown interaction" in e for e in fake.errors)
    figures["bot_errors"] = len(fake.errors)
    problems = await bot.ledger.check()
    await fake.close()
    assert not problems, problems
    return {"tables": tables} | figures


async def _play_all(
    fake: FakeDiscord, players: list[tuple[Any, Any]], moves: int, think: tuple[float, float]
) -> dict[str, float]:
    """Every table's player (its table message, the user) makes `moves` moves, all at
    once, while a task watches the loop's lag."""
    lags: list[float] = []
    answers = Answers()
    stop = asyncio.Event()

    async def monitor() -> None:
        while not stop.is_set():
            before = time.perf_counter()
            await asyncio.sleep(0.01)
            lags.append(time.perf_counter() - before - 0.01)

    async def play(message: Any, user: Any, number: int) -> int:
        # players think (2-8 s) before each move, as people at a card table do
        rng, done = random.Random(number), 0
        for _ in range(moves):
            await asyncio.sleep(rng.uniform(think[0], think[1]))
            done += await _move(fake, message, user, answers)
        return done

    watcher = asyncio.create_task(monitor())
    began, started, cpu = time.time(), time.perf_counter(), time.process_time()
    workers = cpu_of(render_worker_pids())
    try:
        played = sum(await asyncio.gather(*(play(m, u, n) for n, (m, u) in enumerate(players))))
    finally:
        stop.set()
        await watcher
    seconds = time.perf_counter() - started
    cpu, workers = time.process_time() - cpu, cpu_of(render_worker_pids()) - workers
    return {
        "bot_cpu_ms_per_move": 1000 * cpu / max(played, 1),
        "worker_cpu_ms_per_move": 1000 * workers / max(played, 1),
        "moves": played,
        "answers": len(answers.times),
        "never_answered": answers.missing,
        "not_acked_in_3s": answers.late(),
        "seconds": seconds,
        "began": began,
        "ended": began + seconds,
        "moves_per_s": played / seconds,
        "lag_p50_ms": quantile(lags, 0.5),
        "lag_p99_ms": quantile(lags, 0.99),
        "lag_max_ms": quantile(lags, 1.0),
        "answer_p50_ms": quantile(answers.times, 0.5),
        "answer_p99_ms": quantile(answers.times, 0.99),
        "answer_max_ms": quantile(answers.times, 1.0),
        "ack_max_ms": quantile(answers.acks, 1.0),
    }


async def whole_move(place: Place, moves: int) -> dict[str, float]:
    """A move from interaction to edited message (the player's own answer, drawn at the
    same time, not waited for), and the same table's render alone."""
    fake = FakeDiscord()
    user = fake.add_user("solo")
    bot = ParlourBot(place.settings())
    await fake.start(bot)
    presenter_of(bot).min_interval_s = 0.0
    message = await _open(fake, user, fake.channel_id)
    table = bot.tables.in_channel(fake.channel_id)
    assert table is not None
    move_times: list[float] = []
    render_times: list[float] = []
    forget_kept()  # this process's pictures start cold, as a worker's first of a table do
    answers = Answers()
    for _ in range(moves):
        private = await _hand(fake, message, user, answers)
        if private is None:
            break
        edits = len(message.versions)
        started = time.perf_counter()
        value = private.selects[0]["options"][0]["value"]
        chosen = await fake.select(private, [value], by=user, settle=False)
        await _edited(message, edits)  # the move is whole once the table shows it
        move_times.append(time.perf_counter() - started)
        await _answer(chosen, started, answers)  # the player's answer, not timed here
        fake.forget(chosen)
        fake.forget(fake.interaction(private.interaction_id))
        scene, names = bot.tables.snapshot(table, Event.RESUMED).public, labels_of(table)
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


async def one_run(
    backend: str,
    server: str,
    tables: int,
    moves: tuple[int, int],
    profile: Path | None = None,
    trace: bool = False,
    stalls: bool = False,
) -> Any:
    """The tables, then the whole move, each on a fresh database of `backend`; with a
    `profile` folder, the tables alone, the bot's process and its render workers
    profiled into it (bench/_profile.py sums them up); `trace` and `stalls` as in
    `loop_lag`."""
    load = load_average()
    if profile is not None:
        os.environ[RENDER_PROFILE_ENV] = str(profile)  # before the workers start
    async with fresh_database(backend, server) as database:
        with profiled(profile and profile / f"bot-{tables}.prof"):
            lag = await loop_lag(Place(database), tables, moves[0], trace=trace, stalls=stalls)
    move: dict[str, float] = {}
    if profile is None and not trace:
        async with fresh_database(backend, server) as database:
            move = await whole_move(Place(database), moves[1])
    ended = load_average()
    return {"backend": backend, "load": load, "load_after": ended, "lag": lag, "move": move,
            "missed": missed(lag)}  # fmt: skip


async def as_shard(args: argparse.Namespace) -> dict[str, float]:
    """The tables alone, as one shard of a sharded bot on a database made beforehand:
    "ready" on stdout once they are open, then play when a line comes on stdin."""

    async def ready(_bot: ParlourBot) -> None:
        print("ready", flush=True)
        await asyncio.to_thread(sys.stdin.readline)

    place = Place(args.database, args.shard_count, (args.shard,))
    low, high = (float(s) for s in args.think.split(","))
    return await loop_lag(place, args.tables, args.moves, ready, (low, high))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--backend", choices=(*BACKENDS, "both"), default="sqlite")
    parser.add_argument("--postgres", help="the PostgreSQL server (an asyncpg address)")
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--moves", type=int, default=5, help="moves of each table's player")
    parser.add_argument("--runs", type=int, default=1, help="runs of each backend")
    parser.add_argument("--quick", action="store_true", help="20 tables, 3 moves each")
    parser.add_argument("--locale", default="en-US", help="every player's and the server's")
    parser.add_argument("--write", action="store_true", help="write bench/RESULTS.md")
    parser.add_argument("--database", help="play as one shard on this database (no set-up)")
    parser.add_argument("--shard", type=int, default=0)
    parser.add_argument("--shard-count", type=int, default=2)
    parser.add_argument("--think", default="2,8", help="as a shard: LOW,HIGH s a move")
    parser.add_argument("--profile", type=Path, help="profile the tables' run into this folder")
    parser.add_argument("--trace", action="store_true", help="where each answer's time went")
    parser.add_argument("--stalls", action="store_true", help="where the event loop stalled")
    args = parser.parse_args()
    if args.profile:
        args.profile.mkdir(parents=True, exist_ok=True)
    if args.database:
        lag = asyncio.run(as_shard(args))
        print(json.dumps(lag | {"missed": missed(lag)}), flush=True)
        return 1 if missed(lag) else 0
    global LOCALE
    LOCALE = args.locale
    tables, moves = (20, (3, 10)) if args.quick else (args.tables, (args.moves, 40))
    server = postgres_server(args.postgres)
    order = BACKENDS if args.backend == "both" else (args.backend,)
    runs = []
    for _ in range(args.runs):
        for backend in order:
            run = one_run(backend, server, tables, moves, args.profile, args.trace, args.stalls)
            runs.append(asyncio.run(run))
            print(json.dumps(runs[-1]), flush=True)
    if args.write:
        title, lines = report(runs, THINK_S, LAG_P99_MS, ANSWER_P99_MS)
        write_section(title, lines)
    return 1 if any(r["missed"] for r in runs) else 0


if __name__ == "__main__":
    sys.exit(main())
