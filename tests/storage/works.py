"""Units of work for the database tests, and a gate that holds the writer mid-batch so
that the works queued meanwhile are known to share the next batch.

On SQLite a work runs on the writer thread and may await nothing but its `Tx`, so the
gate blocks that thread; on PostgreSQL the work awaits an event on the loop.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from typing import Any

from bot.storage import Database, Tx

HOLD_LIMIT_S = 10.0
"""The longest a gate holds the writer, so that a failing test cannot hang it for good."""


def insert(text: str, *, then_fail: bool = False) -> Callable[[Tx], Awaitable[str]]:
    """A work that adds a note, marks it with "!" (and then raises, if asked)."""

    async def work(tx: Tx) -> str:
        await tx.execute("INSERT INTO notes (text) VALUES (?)", (text,))
        await tx.execute("UPDATE notes SET text = text || '!' WHERE text = ?", (text,))
        if then_fail:
            raise ValueError(f"work {text} failed")
        return text

    return work


def insert_one(text: str) -> Callable[[Tx], Awaitable[str]]:
    """A work of one statement, fit to be atomic: it adds a note as given."""

    async def work(tx: Tx) -> str:
        await tx.execute("INSERT INTO notes (text) VALUES (?)", (text,))
        return text

    return work


async def notes(db: Database) -> list[str]:
    """Every committed note, in order."""
    return [row["text"] for row in await db.fetchall("SELECT text FROM notes ORDER BY id")]


class Gate:
    """A work that holds the writer, inside its batch's transaction, until opened."""

    def __init__(self, before: Callable[[Tx], Awaitable[object]] | None = None) -> None:
        """`before` runs in the held work first (to leave something uncommitted)."""
        self._before = before
        self._thread_gate = threading.Event()
        self._loop_gate = asyncio.Event()
        self._entered = threading.Event()

    async def work(self, tx: Tx) -> str:
        """The holding work: run `before`, then wait for the gate to open."""
        if self._before is not None:
            await self._before(tx)
        self._entered.set()
        if tx.dialect == "sqlite":
            # Blocks the writer thread, not the loop: a SQLite work may await nothing else.
            self._thread_gate.wait(HOLD_LIMIT_S)
        else:
            await asyncio.wait_for(self._loop_gate.wait(), HOLD_LIMIT_S)
        return "held"

    async def entered(self) -> None:
        """Return once the writer is inside the holding work."""
        for _ in range(int(HOLD_LIMIT_S * 1000)):
            if self._entered.is_set():
                return
            await asyncio.sleep(0.001)
        raise AssertionError("the writer never took the holding work")

    def open(self) -> None:
        """Let the holding work finish."""
        self._thread_gate.set()
        self._loop_gate.set()


async def hold(db: Database, gate: Gate) -> asyncio.Future[Any]:
    """Queue the gate's work and return its caller once the writer is held inside it."""
    holder = asyncio.ensure_future(db.write(gate.work))
    await gate.entered()
    return holder


async def queued(calls: list[Awaitable[Any]]) -> list[asyncio.Future[Any]]:
    """Start each call and return once every one of them has queued its work."""
    tasks = [asyncio.ensure_future(call) for call in calls]
    await asyncio.sleep(0)
    return tasks


async def one_batch(db: Database, calls: list[Awaitable[Any]]) -> list[Any]:
    """Run `calls` (each a `db.write(...)`) as one batch; their results or errors."""
    gate = Gate()
    holder = await hold(db, gate)
    tasks = await queued(calls)
    gate.open()
    assert await holder == "held"
    return list(await asyncio.gather(*tasks, return_exceptions=True))
