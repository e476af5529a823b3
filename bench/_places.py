"""Where a benchmark's bot keeps its data and which gateway shards it holds.

A SQLite file in a temporary folder, or a fresh PostgreSQL schema (tests/backends.py's
`pg_schema`, dropped afterwards) on the server `--postgres` or PARLOUR_TEST_POSTGRES
names (default `postgresql:///test`). The machine's load average goes with every figure.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

from bot.config import Settings
from tests import backends

DEFAULT_POSTGRES = "postgresql:///test"
BACKENDS = ("sqlite", "postgres")


def postgres_server(given: str | None) -> str:
    """The PostgreSQL server to measure on: `given`, else PARLOUR_TEST_POSTGRES, else the
    machine's own `test` database."""
    return given or os.environ.get("PARLOUR_TEST_POSTGRES", "").strip() or DEFAULT_POSTGRES


@contextlib.asynccontextmanager
async def fresh_database(backend: str, server: str) -> AsyncIterator[str]:
    """A new, empty database of `backend`: a SQLite file's path, or the address of a new
    schema on `server` (dropped afterwards)."""
    if backend == "sqlite":
        with tempfile.TemporaryDirectory() as tmp:
            yield str(Path(tmp) / "bench.db")
        return
    backends.POSTGRES = server  # pg_schema makes its schemas on the tests' server
    async with backends.pg_schema() as dsn:
        yield dsn


@dataclass(frozen=True)
class Place:
    """A bot's database (a SQLite path or a PostgreSQL address) and the shards it holds:
    `shards` of `count`, or every guild, unsharded, when `shards` is empty."""

    database: str
    count: int = 1
    shards: tuple[int, ...] = ()

    @property
    def backend(self) -> str:
        """The backend: "postgres" or "sqlite"."""
        return "postgres" if self.database.startswith("postgresql://") else "sqlite"

    def settings(self, **changes: float) -> Settings:
        """The bot's settings: chips enough for any run, a turn clock that never fires."""
        postgres = self.backend == "postgres"
        return Settings(
            token="bench",
            db_path=Path("unused.db" if postgres else self.database),
            db_url=self.database if postgres else None,
            log_level="WARNING",
            starting_chips=int(changes.get("starting_chips", 10**6)),
            buy_in=int(changes.get("buy_in", 10**4)),
            turn_timeout_s=float(changes.get("turn_timeout_s", 600.0)),
            shard_count=self.count if self.shards else None,
            shards=self.shards or None,
        )


def load_average() -> str:
    """The machine's 1, 5 and 15 minute load averages, as `uptime` shows them."""
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f}, {five:.2f}, {fifteen:.2f}"
