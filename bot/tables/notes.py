"""What the Discord layer remembers about tables and players between restarts: which
message shows each table, whose direct messages are open (and when that was last
tried), and the notices still owed to channels (a table set aside at a restart).

The cogs keep these through this service, never through the database directly, so the
storage layer has one caller per kind of record.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.storage import Database, notice_rows
from bot.storage import table_rows as rows
from bot.storage.notice_rows import NoticeRow


@dataclass(frozen=True, slots=True)
class DmStatus:
    """What is known of a user's DMs: open or not, whether they were told they are
    closed, and when that was last learnt (seconds since the epoch)."""

    open: bool
    told: bool
    checked_at: float


class TableNotes:
    """Table messages and DM statuses, read and written through the database."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def messages_of(self, table_ids: Sequence[int]) -> dict[int, int]:
        """The message showing each of these tables, where one was sent."""
        return await rows.messages_of(self._db, table_ids)

    async def set_message(self, table_id: int, message_id: int) -> None:
        """Remember which message shows a table."""
        await self._db.write(lambda tx: rows.set_message(tx, table_id, message_id))

    async def dm_statuses(self) -> dict[int, DmStatus]:
        """Every stored DM status, by user."""
        found = await rows.dm_statuses(self._db)
        return {user: DmStatus(*status) for user, status in found.items()}

    async def set_dm_status(self, user_id: int, is_open: bool, told: bool, at: float) -> None:
        """Store whether a user's DMs are open, whether they were told they are closed, and
        when that was learnt (`at`, seconds since the epoch)."""
        await self._db.write(lambda tx: rows.set_dm_status(tx, user_id, is_open, told, at))

    async def notices(self) -> list[NoticeRow]:
        """The notices still owed to channels, oldest first."""
        return await notice_rows.notices(self._db)

    async def drop_notice(self, notice_id: int) -> None:
        """Forget a notice once its channel has it (or can never have it)."""
        await self._db.write(lambda tx: notice_rows.drop_notice(tx, notice_id))
