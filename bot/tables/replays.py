"""The front ends' way to a replay: `Replays(db)`, attached to the table service as
`service.replays`, loads a stored table (open or closed) and plays it again
(`bot.tables.replay`), keeping the latest replays in a small LRU cache.

`await replays.open(table_id, guild_id)` refuses with TableError in words when the table
is unknown, never started, or was played in another server than `guild_id` (None: no
check, for the terminal, which holds the whole database). An open table's replay is
cached by its version, so a move made since gives a fresh one.
"""

from __future__ import annotations

from collections import OrderedDict

from bot.storage import table_rows as rows
from bot.storage.table_rows import Reader
from bot.tables.models import Status, TableError
from bot.tables.recovery import build_table
from bot.tables.replay import Replay

CACHED = 32
"""How many replays are kept loaded (a 400-step replay keeps 13 states whole)."""


class Replays:
    """Loads tables' replays from storage, the latest few kept."""

    def __init__(self, db: Reader, cached: int = CACHED) -> None:
        """Read tables from `db`, keeping up to `cached` replays."""
        self.db = db
        self.cached = cached
        self._cache: OrderedDict[int, tuple[tuple[int, str], Replay]] = OrderedDict()

    async def open(self, table_id: int, guild_id: int | None = None) -> Replay:
        """The replay of a table; TableError if it is unknown, not started, or (with
        `guild_id`) another server's."""
        row = await rows.table_row(self.db, table_id)
        if row is None or (guild_id is not None and row.guild_id != guild_id):
            # another server's table is not told apart from none at all: ids are not secret,
            # but what is played elsewhere is not this server's business
            where = "" if guild_id is None else " in this server"
            raise TableError(f"There is no table {table_id}{where}.")
        if row.status == Status.LOBBY:
            raise TableError(f"Table {table_id} has not started yet: there is nothing to replay.")
        key = (row.version, row.status)
        found = self._cache.get(table_id)
        if found is not None and found[0] == key:
            self._cache.move_to_end(table_id)
            return found[1]
        seats = await rows.seats_of(self.db, [table_id])
        log = await rows.actions_of(self.db, [table_id])
        replay = Replay(build_table(row, seats[table_id]), log[table_id], row.digest)
        self._cache[table_id] = (key, replay)
        while len(self._cache) > self.cached:
            self._cache.popitem(last=False)
        return replay
