"""What a process following a table held by another reads of it (`bot.tables.mirror`):
its log from a version on, with who chose each entry. Only SQL lives here."""

from __future__ import annotations

from dataclasses import dataclass

from bot.storage.table_rows import ActionRow, Reader
from bot.storage.tx import as_int, as_str


@dataclass(frozen=True, slots=True)
class LoggedAction:
    """An entry of a table's log and who chose it (an `Actor`'s value)."""

    row: ActionRow
    actor: str


async def actions_since(db: Reader, table_id: int, after: int, upto: int) -> list[LoggedAction]:
    """The table's entries after version `after` up to version `upto`, in order."""
    found = await db.fetchall(
        "SELECT seq, seat, kind, action, actor FROM actions"
        " WHERE table_id = ? AND seq > ? AND seq <= ? ORDER BY seq",
        (table_id, after, upto),
    )
    return [
        LoggedAction(
            ActionRow(as_int(seq), as_int(seat), as_str(kind), as_str(action)), as_str(actor)
        )
        for seq, seat, kind, action, actor in found
    ]
