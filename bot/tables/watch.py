"""Spectators' keys: the unguessable part of a table's web link (issue 33).

A table's key is made the first time its link is asked for (by `/table watch`, or the
table message's Watch button while the web is on) and kept in the database, so a link
still works after a restart; a reset by the host or a moderator replaces it, and the
listeners (the web's open pages) are told so that the pages open on the old key close.
A key names its table and nothing else: nothing lists keys, tables or their servers.
With shards on PostgreSQL, a reset made in one process is told to the others
(`announce`), each of which forgets the old key and closes its pages open on it.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from bot.storage import Database, table_rows, watch_rows

KEY_BYTES = 18
"""Random bytes in a key: 144 bits, 24 characters in a link."""

Listener = Callable[[int, str], None]
"""Told (table id, the old key) when a table's key is replaced."""


def new_key() -> str:
    """A fresh unguessable key, safe in a URL's path."""
    return secrets.token_urlsafe(KEY_BYTES)


class WatchKeys:
    """Every table's spectator key, read through a small cache (keys change only here)."""

    def __init__(self, db: Database) -> None:
        self._db = db
        self._keys: dict[int, str] = {}
        self._tables: dict[str, int] = {}
        self.listeners: list[Listener] = []
        self.announce: Callable[[int], Any] | None = None
        """Told the table whose key this process replaced (for the other processes)."""

    async def key_of(self, table_id: int) -> str:
        """The table's key, made now if it has none yet."""
        found = self._keys.get(table_id)
        if found is None:
            found = await watch_rows.key_of(self._db, table_id)
        if found is None:
            made = new_key()
            found = await self._db.write(lambda tx: watch_rows.add_key(tx, table_id, made))
        self._remember(table_id, found)
        return found

    async def key_in_channel(self, guild_id: int, channel_id: int) -> str | None:
        """The key of the table open in a channel of a server, whichever process holds
        it (read from the database), made now if it has none; None when there is none."""
        row = await table_rows.open_in_channel(self._db, channel_id)
        if row is None or row.guild_id != guild_id:
            return None
        return await self.key_of(row.id)

    async def table_of(self, key: str) -> int | None:
        """The table a key names, or None for a key that names none (never made, or
        replaced)."""
        found = self._tables.get(key)
        if found is None:
            found = await watch_rows.table_of(self._db, key)
            if found is not None:
                self._remember(found, key)
        return found

    async def reset(self, table_id: int) -> str:
        """Replace the table's key; tell the listeners the old one is gone. The new key."""
        old = await self.key_of(table_id)
        made = new_key()
        await self._db.write(lambda tx: watch_rows.replace_key(tx, table_id, made))
        del self._tables[old]
        self._remember(table_id, made)
        for listener in self.listeners:
            listener(table_id, old)
        if self.announce is not None:
            self.announce(table_id)
        return made

    def forget(self, table_id: int) -> None:
        """Another process replaced the table's key: drop it, and tell the listeners of
        the old one if it was known here."""
        old = self._keys.pop(table_id, None)
        if old is not None:
            self._tables.pop(old, None)
            for listener in self.listeners:
                listener(table_id, old)

    async def recheck(self) -> None:
        """Forget every key known here that the database no longer holds (a reset told
        while this process could not hear it)."""
        for table_id, key in list(self._keys.items()):
            if await watch_rows.key_of(self._db, table_id) != key:
                self.forget(table_id)

    def _remember(self, table_id: int, key: str) -> None:
        """Cache a table's key both ways."""
        self._keys[table_id] = key
        self._tables[key] = table_id
