"""What the storage benchmarks share: the choice of backend on the command line, a fresh
database of that backend for each run (a file in a temporary folder, or a new schema on
the PostgreSQL server, dropped afterwards), the yardstick's raw connections, and the
line that records the machine, the database and the load."""

from __future__ import annotations

import argparse
import contextlib
import os
import platform
import sqlite3
import statistics
import tempfile
import uuid
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path

import asyncpg

from bot.storage.migrate import load_migrations, split_statements

DEFAULT_POSTGRES = "postgresql:///test"
NAMES = {"sqlite": "SQLite", "postgres": "PostgreSQL"}


@dataclass(frozen=True)
class Backend:
    """The backend a benchmark runs on, and the PostgreSQL server if that is it."""

    kind: str
    server: str

    @property
    def name(self) -> str:
        """The backend's name as RESULTS.md writes it."""
        return NAMES[self.kind]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options every storage benchmark takes: --backend and --postgres."""
    parser.add_argument("--backend", choices=sorted(NAMES), default="sqlite")
    parser.add_argument(
        "--postgres",
        default=os.environ.get("PARLOUR_TEST_POSTGRES", "").strip() or DEFAULT_POSTGRES,
        help="the PostgreSQL server (default: PARLOUR_TEST_POSTGRES, else postgresql:///test)",
    )


def backend_of(args: argparse.Namespace) -> Backend:
    """The backend the command line chose."""
    return Backend(args.backend, args.postgres)


@contextlib.contextmanager
def temp_file() -> Iterator[str]:
    """The path of a database file in a new temporary folder, removed afterwards."""
    with tempfile.TemporaryDirectory() as folder:
        yield str(Path(folder) / "bench.db")


@contextlib.asynccontextmanager
async def fresh(backend: Backend) -> AsyncIterator[str]:
    """The address of a new, empty database of `backend`, removed afterwards."""
    if backend.kind == "sqlite":
        with temp_file() as path:
            yield path
        return
    schema = f"bench_{uuid.uuid4().hex[:12]}"
    conn = await asyncpg.connect(backend.server)
    try:
        await conn.execute(f"CREATE SCHEMA {schema}")
    finally:
        await conn.close()
    try:
        sep = "&" if "?" in backend.server else "?"
        yield f"{backend.server}{sep}search_path={schema}"
    finally:
        conn = await asyncpg.connect(backend.server)
        try:
            await conn.execute(f"DROP SCHEMA {schema} CASCADE")
        finally:
            await conn.close()


@contextlib.contextmanager
def raw_sqlite() -> Iterator[sqlite3.Connection]:
    """A stdlib sqlite3 connection to a new file with Parlour's schema, configured as the
    backend's writer is (WAL, synchronous=NORMAL, foreign keys), in autocommit mode."""
    with tempfile.TemporaryDirectory() as folder:
        conn = sqlite3.connect(Path(folder) / "raw.db", isolation_level=None)
        for pragma in ("journal_mode = WAL", "synchronous = NORMAL", "foreign_keys = ON"):
            conn.execute(f"PRAGMA {pragma}")
        for migration in load_migrations():
            for statement in split_statements(migration.sql):
                conn.execute(statement)
        try:
            yield conn
        finally:
            conn.close()


async def describe(backend: Backend, rounds: int) -> str:
    """The line that says what ran where: processor, database version, load, rounds."""
    if backend.kind == "sqlite":
        version = f"SQLite {sqlite3.sqlite_version} (stdlib sqlite3, aiosqlite)"
    else:
        conn = await asyncpg.connect(backend.server)
        try:
            found = await conn.fetchval("SHOW server_version")
            sync = await conn.fetchval("SHOW synchronous_commit")
        finally:
            await conn.close()
        version = (
            f"PostgreSQL {found} on the same machine (Unix socket, synchronous_commit={sync}),"
            f" asyncpg {asyncpg.__version__}"
        )
    one, five, _ = os.getloadavg()
    return (
        f"CPU: {cpu_model()}; {version}; load average at start {one:.2f} (5 min {five:.2f}),"
        f" other jobs sharing the machine. Median of {rounds} runs; a fresh database each run."
    )


def cpu_model() -> str:
    """The processor's name, as the kernel reports it."""
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return platform.processor() or "unknown"


def latencies(times: list[float]) -> dict[str, float]:
    """p50, p99 and max of some durations in seconds, in milliseconds."""
    times = sorted(times)
    return {
        "p50_ms": times[len(times) // 2] * 1000,
        "p99_ms": times[int(len(times) * 0.99)] * 1000,
        "max_ms": times[-1] * 1000,
    }


def median(runs: list[dict[str, float]], key: str) -> float:
    """The median of one figure over several runs."""
    return statistics.median(run[key] for run in runs)


def listing(runs: list[dict[str, float]], key: str) -> str:
    """One figure of every run, for the record."""
    if key.endswith("_ms"):
        return ", ".join(f"{run[key]:.1f}" for run in runs)
    return ", ".join(f"{run[key]:,.0f}" for run in runs)
