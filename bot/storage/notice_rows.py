"""Notices owed to channels (migration 0007): written with the change they tell of, read
by the front end that sends them, and deleted once sent. Only SQL lives here."""

from __future__ import annotations

from dataclasses import dataclass

from bot.storage.table_rows import Connection, Reader, now_text
from bot.storage.tx import as_int, as_str


@dataclass(frozen=True, slots=True)
class NoticeRow:
    """A row of `channel_notices`: the words a channel is still to be told."""

    id: int
    channel_id: int
    table_id: int
    words: str
    guild_id: int
    """The table's server: with shards, only the process serving it tells the channel."""


async def add_notice(tx: Connection, channel_id: int, table_id: int, words: str) -> None:
    """Keep a notice for a channel until it is sent."""
    await tx.execute(
        "INSERT INTO channel_notices (channel_id, table_id, words, created_at) VALUES (?, ?, ?, ?)",
        (channel_id, table_id, words, now_text()),
    )


async def notices(db: Reader) -> list[NoticeRow]:
    """Every notice not yet sent, oldest first."""
    found = await db.fetchall(
        "SELECT n.id, n.channel_id, n.table_id, n.words, t.guild_id"
        " FROM channel_notices n JOIN tables t ON t.id = n.table_id ORDER BY n.id"
    )
    return [
        NoticeRow(as_int(r[0]), as_int(r[1]), as_int(r[2]), as_str(r[3]), as_int(r[4]))
        for r in found
    ]


async def drop_notice(tx: Connection, notice_id: int) -> None:
    """Forget a notice that has been sent."""
    await tx.execute("DELETE FROM channel_notices WHERE id = ?", (notice_id,))
