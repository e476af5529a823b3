"""Notices owed to channels (migration 0007): written with the change they tell of, read
by the front end that sends them, and deleted once sent. Only SQL lives here."""

from __future__ import annotations

from dataclasses import dataclass

from bot.storage.table_rows import Connection, Reader, now_text


@dataclass(frozen=True, slots=True)
class NoticeRow:
    """A row of `channel_notices`: the words a channel is still to be told."""

    id: int
    channel_id: int
    table_id: int
    words: str


async def add_notice(tx: Connection, channel_id: int, table_id: int, words: str) -> None:
    """Keep a notice for a channel until it is sent."""
    await tx.execute(
        "INSERT INTO channel_notices (channel_id, table_id, words, created_at) VALUES (?, ?, ?, ?)",
        (channel_id, table_id, words, now_text()),
    )


async def notices(db: Reader) -> list[NoticeRow]:
    """Every notice not yet sent, oldest first."""
    found = await db.fetchall(
        "SELECT id, channel_id, table_id, words FROM channel_notices ORDER BY id"
    )
    return [NoticeRow(r["id"], r["channel_id"], r["table_id"], r["words"]) for r in found]


async def drop_notice(tx: Connection, notice_id: int) -> None:
    """Forget a notice that has been sent."""
    await tx.execute("DELETE FROM channel_notices WHERE id = ?", (notice_id,))
