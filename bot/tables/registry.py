"""The open tables of this process, by id and by channel, and the one way a request
takes hold of a table: its lock, with the table looked for again once the lock is held."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from bot.tables.models import Status, Table, TableError

CLOSED = "That table has closed. Start a new one with /table start."


class TableRegistry:
    """The tables open in memory, and which channel each is in."""

    def __init__(self) -> None:
        self._tables: dict[int, Table] = {}
        self._by_channel: dict[int, int] = {}

    def get(self, table_id: int) -> Table | None:
        """The open table with this id, if any."""
        return self._tables.get(table_id)

    def table(self, table_id: int) -> Table:
        """The open table with this id, or TableError saying it has closed."""
        table = self._tables.get(table_id)
        if table is None:
            raise TableError(CLOSED)
        return table

    @contextlib.asynccontextmanager
    async def held(self, table_id: int, closed: str = CLOSED) -> AsyncIterator[Table]:
        """The open table with this id, its lock held for the block. Every request that
        changes a table comes through here: the table is looked for again once the lock
        is held, since the request queued before may have closed it meanwhile (two stops
        at once, a move that ends the game); then TableError with `closed`."""
        table = self._tables.get(table_id)
        if table is None:
            raise TableError(closed)
        async with table.lock:
            if not self.is_open(table):
                raise TableError(closed)
            yield table

    def is_open(self, table: Table) -> bool:
        """Whether this very table is still open in this process (checked under its lock
        by every change, the AI's moves and the turn clock's included)."""
        return table.status is not Status.CLOSED and self._tables.get(table.id) is table

    def in_channel(self, channel_id: int) -> Table | None:
        """The open table of a channel, if any."""
        table_id = self._by_channel.get(channel_id)
        return None if table_id is None else self._tables.get(table_id)

    def require_in_channel(self, channel_id: int) -> Table:
        """The open table of a channel, or TableError saying there is none."""
        table = self.in_channel(channel_id)
        if table is None:
            raise TableError("There is no table in this channel. Start one with /table start.")
        return table

    def all(self) -> list[Table]:
        """Every open table."""
        return list(self._tables.values())

    def remember(self, table: Table) -> None:
        """Hold a table as open (a new lobby, or one rebuilt at a restart)."""
        self._tables[table.id] = table
        self._by_channel[table.channel_id] = table.id

    def forget(self, table: Table) -> None:
        """Mark a table closed and let go of it, freeing its channel."""
        table.status, table.deadline_at = Status.CLOSED, None
        self._tables.pop(table.id, None)
        if self._by_channel.get(table.channel_id) == table.id:
            del self._by_channel[table.channel_id]
