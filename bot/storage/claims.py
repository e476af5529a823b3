"""A process's claim on its gateway shards, kept in the database (DESIGN.md, "Scale").

On PostgreSQL each shard is a session advisory lock, held on a connection of the
process's own for as long as it runs (an advisory lock is the whole database's, so its
first key is made from the schema Parlour's tables are in: Parlours in two schemas of one
database never wait for each other): a process that stops or dies lets go at once (the
server sees its connection close), and a process started on the same shards, which
was waiting for them, takes them over. The shard count the processes run with is kept
in `parlour_meta`; a process with another count is refused while any shard is held,
and becomes the new count once none is (that is how to reshard: stop all, start with
the new count).

A SQLite file is one process's alone, so there the claim holds every shard at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
from collections.abc import Callable, Sequence

from bot.storage.base import Database
from bot.storage.pg_connect import PgConnection, connect
from bot.storage.postgres import PostgresDatabase
from bot.storage.tx import StorageError, as_str, as_str_or_none

POLL_S = 0.25
WATCH_S = 2.0
_LOG = logging.getLogger(__name__)
_COUNT_KEY = "shard_count"


def describe(shards: Sequence[int]) -> str:
    """Shards as people write them: "0-3, 6"."""
    runs: list[list[int]] = []
    for shard in sorted(shards):
        if runs and shard == runs[-1][-1] + 1:
            runs[-1].append(shard)
        else:
            runs.append([shard])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


class ShardClaim:
    """The shards this process holds, and the connection that holds them (PostgreSQL)."""

    def __init__(
        self, count: int, shards: tuple[int, ...], conn: PgConnection | None = None
    ) -> None:
        self.count = count
        self.shards = shards
        self._conn = conn
        self._watch: asyncio.Task[None] | None = None

    def watch(self, lost: Callable[[], None]) -> None:
        """Call `lost` if the connection holding the shards goes (the claim is then void:
        another process may already be serving them)."""
        if self._conn is not None and self._watch is None:
            watching = self._run_watch(self._conn, lost)
            self._watch = asyncio.create_task(watching, name="parlour-shard-watch")

    async def release(self) -> None:
        """Let go of every shard (closing the connection that holds them)."""
        if self._watch is not None:
            self._watch.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._watch
        if self._conn is not None:
            with contextlib.suppress(Exception):
                await self._conn.close()
            self._conn = None

    async def _run_watch(self, conn: PgConnection, lost: Callable[[], None]) -> None:
        while True:
            await asyncio.sleep(WATCH_S)
            try:
                await asyncio.wait_for(conn.fetchval("SELECT 1"), WATCH_S)
            except Exception:
                _LOG.error("lost the database connection holding shards %s", describe(self.shards))
                lost()
                return


async def claim_shards(db: Database, count: int, shards: Sequence[int]) -> ShardClaim:
    """Hold `shards` of `count`, waiting (and saying so once) while another process does."""
    wanted = tuple(sorted(shards))
    if not isinstance(db, PostgresDatabase):
        return ShardClaim(count, wanted)
    conn = await connect(db.dsn)
    try:
        key = lock_key(as_str(await conn.fetchval("SELECT current_schema()")))
        await _agree_on_count(conn, key, count)
        await _lock_all(conn, key, wanted)
    except BaseException:
        await conn.close()
        raise
    return ShardClaim(count, wanted, conn)


def lock_key(schema: str) -> int:
    """The first key of the shard locks of Parlour's tables in `schema` (the second is
    the shard): 31 bits of a hash of its name, so pg_locks shows it as it is."""
    digest = hashlib.blake2b(f"parlour-shards:{schema}".encode(), digest_size=4).digest()
    return int.from_bytes(digest, "big") >> 1


async def _agree_on_count(conn: PgConnection, key: int, count: int) -> None:
    """Refuse a shard count other than the running processes'; record a new one."""
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock($1, -1)", key)
        found = await conn.fetchval("SELECT value FROM parlour_meta WHERE key = $1", _COUNT_KEY)
        seen = as_str_or_none(found)
        if seen is not None and int(seen) != count and await _held_elsewhere(conn, key):
            raise StorageError(
                f"The Parlour processes on this database run {seen} shards, not {count}:"
                f" to reshard, stop every Parlour process, then start them all with"
                f" --shard-count {count}."
            )
        if seen is None or int(seen) != count:
            await conn.execute(
                "INSERT INTO parlour_meta (key, value) VALUES ($1, $2)"
                " ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
                _COUNT_KEY,
                str(count),
            )


async def _held_elsewhere(conn: PgConnection, key: int) -> bool:
    """Whether any shard lock of this schema is held by another connection."""
    found = await conn.fetchval(
        "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND classid = $1"
        " AND objsubid = 2 AND granted AND pid <> pg_backend_pid() AND database ="
        " (SELECT oid FROM pg_database WHERE datname = current_database())",
        key,
    )
    return bool(found)


async def _lock_all(conn: PgConnection, key: int, shards: tuple[int, ...]) -> None:
    """Take every shard's lock, waiting for those another process holds."""
    waiting: list[int] = list(shards)
    told = False
    while True:
        for shard in list(waiting):
            if await conn.fetchval("SELECT pg_try_advisory_lock($1, $2)", key, shard):
                waiting.remove(shard)
        if not waiting:
            if told:
                _LOG.info("took over shards %s", describe(shards))
            return
        if not told:
            _LOG.warning(
                "shards %s are held by another Parlour process: waiting for them",
                describe(waiting),
            )
            told = True
        await asyncio.sleep(POLL_S)
