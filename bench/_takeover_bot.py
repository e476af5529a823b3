"""The two processes of bench/bench_takeover.py: the first, which opens the tables and is
killed, and the replacement, which takes its shards over and rebuilds them."""

from __future__ import annotations

import asyncio
import json
import random
import time
from pathlib import Path
from typing import Any

from bench._places import Place
from bot.client import ParlourBot, ShardedParlourBot, make_bot
from bot.config import Settings
from bot.storage.claims import ShardClaim
from bot.tables import Status, Table, TableService
from bot.tables.accounts import digest_of
from bot.tables.recovery import GuildFilter
from tests.fakediscord import FakeDiscord


def _fake(place: Place) -> tuple[FakeDiscord, list[int]]:
    """A fake Discord with a guild on each shard the bot holds (the first guild is on
    shard 0); the guilds' ids."""
    fake = FakeDiscord(shard_count=place.count, keep_requests=False)
    guilds = [fake.guild_id]
    guilds += [fake.add_guild(f"shard {s}", shard=s) for s in place.shards if s != 0]
    return fake, guilds


def _before(tables: list[Table]) -> dict[str, list[Any]]:
    """Each table's version and state digest, by id."""
    return {str(t.id): [t.version, digest_of(t.game, t.state)] for t in tables}


async def _open_table(service: TableService, guild: int, channel: int, host: int) -> Table:
    """A black-joke table of a player and an AI, started."""
    table = await service.create(
        guild_id=guild,
        channel_id=channel,
        host_id=host,
        host_name=f"P{host}",
        game_key="black-joke",
        options={"rounds": 20},
    )
    await service.add_ai(table.id, host)
    return await service.start(table.id, host)


async def _play(service: TableService, table: Table, host: int, moves: int) -> None:
    """Up to `moves` random legal moves of the player (the AI answers each at once)."""
    rng = random.Random(table.id)
    for _ in range(moves):
        if table.status is not Status.PLAYING or 0 not in table.game.awaiting(table.state):
            return
        action = rng.choice(table.game.legal_actions(table.state, 0))
        await service.act(table.id, host, table.version, action)


async def serve_first(place: Place, tables: int, moves: int, state: Path) -> None:
    """Hold the shards, open and play the tables, write them down, say "ready", and run
    until killed."""
    fake, guilds = _fake(place)
    hosts = [fake.add_user(f"p{i}").id for i in range(tables)]
    channels = [fake.add_channel(f"t{i}", guild=guilds[i % len(guilds)]) for i in range(tables)]
    bot = make_bot(place.settings(), settle_heap=True)
    await fake.start(bot)
    opened = []
    for number, (host, channel) in enumerate(zip(hosts, channels, strict=True)):
        guild = guilds[number % len(guilds)]
        opened.append(await _open_table(bot.tables, guild, channel, host))
    for table, host in zip(opened, hosts, strict=True):
        await _play(bot.tables, table, host, moves)
    await asyncio.to_thread(state.write_text, json.dumps(_before(bot.tables.tables())))
    print("ready", flush=True)
    await asyncio.Event().wait()


class TimedBot(ShardedParlourBot):
    """The sharded bot, noting when each step of its start-up ends (wall clock); it says
    "claiming" on stdout as it starts to claim its shards."""

    def __init__(self, settings: Settings) -> None:
        super().__init__(settings)
        self.marks: dict[str, float] = {}

    def _shards_to_claim(self) -> tuple[int, tuple[int, ...]]:
        self.marks["claiming"] = time.time()
        print("claiming", flush=True)
        return super()._shards_to_claim()

    @property
    def claim(self) -> ShardClaim:
        """The shards held, noted as they are taken."""
        return self._held

    @claim.setter
    def claim(self, held: ShardClaim) -> None:
        self.marks["claimed"] = time.time()
        self._held = held

    def _guild_filter(self) -> GuildFilter | None:
        self.marks["recovering"] = time.time()  # called just before TableService.recover
        return super()._guild_filter()

    def dispatch(self, event_name: str, /, *args: Any, **kwargs: Any) -> None:
        """Note the end of recovery (setup_hook's "tables_recovered"), then dispatch."""
        if event_name == "tables_recovered":
            self.marks["recovered"] = time.time()
        super().dispatch(event_name, *args, **kwargs)


def _compare(running: ParlourBot, before: dict[str, list[Any]]) -> int:
    """How many tables have the version and digest written down before the kill."""
    now = _before(running.tables.tables())
    return sum(now.get(table_id) == seen for table_id, seen in before.items())


async def replace_first(place: Place, state: Path, started: float) -> dict[str, Any]:
    """Start the bot on the same shards (waiting for them if need be), then check every
    table against what the first process wrote down, and the ledger."""
    imported = time.time()
    fake, _ = _fake(place)
    running = TimedBot(place.settings())
    await fake.start(running)
    marks = running.marks | {"imported": imported, "ready": time.time()}
    before = json.loads(await asyncio.to_thread(state.read_text))
    same = _compare(running, before)
    problems = await running.ledger.check()
    tables = running.tables.tables()
    await fake.close()
    return {
        "started": started,
        "marks": marks,
        "recover_s": marks["recovered"] - marks["recovering"],
        "tables": len(tables),
        "actions": sum(t.version for t in tables),
        "before": len(before),
        "same": same,
        "ledger": problems,
    }
