"""The writer connection of the SQLite backend: an aiosqlite connection that can hand a
plain function its sqlite3 connection on the worker thread, in one round trip.

`run` goes through `aiosqlite.Connection._execute`, the one funnel every call of the
connection takes. That method is private: aiosqlite is pinned in constraints.txt, and
tests/storage exercise the batches, so an upgrade that changes the funnel fails there
rather than silently.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import TypeVar, cast

import aiosqlite

T = TypeVar("T")


class WriterConnection(aiosqlite.Connection):
    """An aiosqlite connection whose thread can run a whole batch in one call."""

    def __init__(self, connector: Callable[[], sqlite3.Connection]) -> None:
        super().__init__(connector, iter_chunk_size=64)

    @property
    def sqlite(self) -> sqlite3.Connection:
        """The sqlite3 connection itself: to be used on the worker thread only."""
        return self._conn

    async def run(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Call `fn(sqlite3_connection)` on the worker thread, in one round trip."""
        return cast(T, await self._execute(fn, self._conn))  # type: ignore[no-untyped-call]
