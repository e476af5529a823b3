"""The writer connection behind `Database.write`: savepoints without extra round trips.

An aiosqlite connection runs every call on its own worker thread, and every call is a
round trip between the event loop and that thread. Each unit of work needs a SAVEPOINT
before its first statement (and the RELEASE of the work before it); sent as calls of
their own, those would triple the round trips of a one-statement work, and the ledger's
hot path is exactly such a work. So this subclass keeps them as a *prelude* that the
worker thread runs just before the work's first call, inside the same round trip.

It overrides `aiosqlite.Connection._execute`, the one funnel that every connection and
cursor call goes through. That method is private: aiosqlite is pinned in
constraints.txt, and tests/storage exercise the savepoints, so an upgrade that changes
the funnel fails there rather than silently.

`run` hands a plain function the sqlite3 connection on the worker thread: many
statements for the price of one round trip.
"""

from __future__ import annotations

import enum
import sqlite3
from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar, cast

import aiosqlite

T = TypeVar("T")


class Prelude(enum.Enum):
    """What became of the statements armed before a unit of work."""

    IDLE = enum.auto()  # nothing armed
    ARMED = enum.auto()  # waiting for the work's first call
    SENT = enum.auto()  # handed to the worker thread, not (yet) known to have run
    RAN = enum.auto()  # ran on the worker thread before the work's first call


class WriterConnection(aiosqlite.Connection):
    """An aiosqlite connection that can run a few statements ahead of its next call."""

    def __init__(self, connector: Callable[[], sqlite3.Connection]) -> None:
        super().__init__(connector, iter_chunk_size=64)
        self._prelude: tuple[str, ...] = ()
        self.prelude = Prelude.IDLE

    def arm(self, statements: tuple[str, ...]) -> None:
        """Run `statements` on the worker thread just before the next call, in its round trip."""
        self._prelude = statements
        self.prelude = Prelude.ARMED

    def disarm(self) -> Prelude:
        """Drop a prelude that was never sent and say what became of the last one."""
        state = self.prelude
        self._prelude = ()
        self.prelude = Prelude.IDLE
        return state

    async def run(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Call `fn(sqlite3_connection)` on the worker thread, in one round trip."""
        return cast(T, await self._execute(fn, self._conn))

    async def _execute(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        if self.prelude is Prelude.ARMED:
            self.prelude = Prelude.SENT
            call = partial(fn, *args, **kwargs)
            return await super()._execute(self._run_prelude, self._prelude, call)  # type: ignore[no-untyped-call]
        return await super()._execute(fn, *args, **kwargs)  # type: ignore[no-untyped-call]

    def _run_prelude(self, statements: tuple[str, ...], call: Callable[[], Any]) -> Any:
        # Runs on the worker thread. The event loop reads `prelude` only after this call's
        # future resolves, so the plain attribute write is safely published.
        conn = self._conn
        for sql in statements:
            conn.execute(sql)
        self.prelude = Prelude.RAN
        return call()
