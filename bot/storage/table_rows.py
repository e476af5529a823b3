"""The table service's rows: tables, seats and the action log (migration 0002).

Plain functions over a connection, so the service can call them inside one unit of work
together with the ledger's postings. Only SQL lives here; what it means lives in
`bot.tables`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Protocol

from bot.storage.tx import (
    IntegrityError,
    Row,
    Tx,
    as_float_or_none,
    as_int,
    as_int_or_none,
    as_str,
    as_str_or_none,
)

Connection = Tx
"""The connection a unit of work receives."""


def now_text() -> str:
    """The current UTC time as stored in `*_at` columns."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def time_text(seconds: float) -> str:
    """A time (seconds since the epoch) as stored in `*_at` columns."""
    return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="milliseconds")


def text_time(text: str) -> float:
    """A stored `*_at` time as seconds since the epoch."""
    return datetime.fromisoformat(text).timestamp()


@dataclass(frozen=True, slots=True)
class TableRow:
    """A row of `tables`."""

    id: int
    guild_id: int
    channel_id: int
    game: str
    options: dict[str, object]
    seed: int
    host_id: int
    buy_in: int
    status: str
    start_stacks: list[int] | None
    version: int
    digest: str | None
    deadline_at: float | None
    tournament_id: int | None = None
    winnable: bool = False
    """Dealt a seed drawn from the stock of winnable ones (migration 0014)."""


@dataclass(frozen=True, slots=True)
class SeatRow:
    """A row of `seats`."""

    chair: int
    user_id: int | None
    name: str
    ticket: str
    ai_control: bool
    timeouts: int
    leaving: bool
    left: bool


@dataclass(frozen=True, slots=True)
class ActionRow:
    """A row of the action log."""

    seq: int
    seat: int
    kind: str
    action: str


async def insert_table(
    tx: Connection,
    *,
    guild_id: int,
    channel_id: int,
    game: str,
    options: dict[str, object],
    seed: int,
    host_id: int,
    buy_in: int,
    tournament_id: int | None = None,
    winnable: bool = False,
) -> int | None:
    """A new lobby (of a tournament, if `tournament_id` is given; dealt a seed of the
    winnable stock, if `winnable`); None if the channel already has an open table."""
    params = (guild_id, channel_id, game, json.dumps(options), seed, host_id, buy_in)
    try:
        found = await tx.attempt(
            "INSERT INTO tables (guild_id, channel_id, game, options, seed, host_id, buy_in,"
            " status, created_at, tournament_id, winnable)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, 'lobby', ?, ?, ?) RETURNING id",
            (*params, now_text(), tournament_id, int(winnable)),
        )
    except IntegrityError:
        return None
    return as_int(found[0][0])


async def insert_seat(
    tx: Connection,
    table_id: int,
    chair: int,
    user_id: int | None,
    name: str,
    ticket: str,
) -> None:
    """Sit a player (or, with user_id None, an AI) in a chair."""
    await tx.execute(
        "INSERT INTO seats (table_id, chair, user_id, name, ticket) VALUES (?, ?, ?, ?, ?)",
        (table_id, chair, user_id, name, ticket),
    )


async def delete_seat(tx: Connection, table_id: int, chair: int) -> None:
    """Free a chair in the lobby."""
    await tx.execute("DELETE FROM seats WHERE table_id = ? AND chair = ?", (table_id, chair))


async def update_seat(tx: Connection, table_id: int, seat: SeatRow) -> None:
    """Store a seat's control flags."""
    await tx.execute(
        'UPDATE seats SET ai_control = ?, timeouts = ?, leaving = ?, "left" = ?'
        " WHERE table_id = ? AND chair = ?",
        (
            int(seat.ai_control),
            seat.timeouts,
            int(seat.leaving),
            int(seat.left),
            table_id,
            seat.chair,
        ),
    )


async def set_host(tx: Connection, table_id: int, host_id: int) -> None:
    """Hand the table to a new host."""
    await tx.execute("UPDATE tables SET host_id = ? WHERE id = ?", (host_id, table_id))


async def mark_started(tx: Connection, table_id: int, stacks: Sequence[int], digest: str) -> None:
    """Move a lobby into play with the stacks its game starts with."""
    await tx.execute(
        "UPDATE tables SET status = 'playing', start_stacks = ?, digest = ? WHERE id = ?",
        (json.dumps(list(stacks)), digest, table_id),
    )


async def append_action(
    tx: Connection,
    table_id: int,
    seq: int,
    seat: int,
    kind: str,
    action: str,
    actor: str,
    digest: str,
    deadline_at: float | None,
) -> None:
    """Log one accepted entry and move the table's version, digest and deadline on."""
    await tx.execute(
        "INSERT INTO actions (table_id, seq, seat, kind, action, actor, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        (table_id, seq, seat, kind, action, actor, now_text()),
    )
    moved = await tx.execute(
        "UPDATE tables SET version = ?, digest = ?, deadline_at = ? WHERE id = ? AND version = ?",
        (seq, digest, deadline_at, table_id, seq - 1),
    )
    assert moved == 1, f"table {table_id} is not at version {seq - 1}"


async def set_deadline(tx: Connection, table_id: int, deadline_at: float | None) -> None:
    """Store the table's turn deadline."""
    await tx.execute("UPDATE tables SET deadline_at = ? WHERE id = ?", (deadline_at, table_id))


async def close_table(tx: Connection, table_id: int, reason: str) -> None:
    """Close a table for good."""
    await tx.execute(
        "UPDATE tables SET status = 'closed', closed_at = ?, close_reason = ?, deadline_at = NULL"
        " WHERE id = ?",
        (now_text(), reason, table_id),
    )


def _table(row: Row) -> TableRow:
    stacks = as_str_or_none(row["start_stacks"])
    return TableRow(
        id=as_int(row["id"]),
        guild_id=as_int(row["guild_id"]),
        channel_id=as_int(row["channel_id"]),
        game=as_str(row["game"]),
        options=json.loads(as_str(row["options"])),
        seed=as_int(row["seed"]),
        host_id=as_int(row["host_id"]),
        buy_in=as_int(row["buy_in"]),
        status=as_str(row["status"]),
        start_stacks=json.loads(stacks) if stacks is not None else None,
        version=as_int(row["version"]),
        digest=as_str_or_none(row["digest"]),
        deadline_at=as_float_or_none(row["deadline_at"]),
        tournament_id=as_int_or_none(row["tournament_id"]),
        winnable=bool(row["winnable"]),
    )


def _seat(row: Row) -> SeatRow:
    return SeatRow(
        chair=as_int(row["chair"]),
        user_id=as_int_or_none(row["user_id"]),
        name=as_str(row["name"]),
        ticket=as_str(row["ticket"]),
        ai_control=bool(row["ai_control"]),
        timeouts=as_int(row["timeouts"]),
        leaving=bool(row["leaving"]),
        left=bool(row["left"]),
    )


class Reader(Protocol):
    """Anything that runs a query and returns its rows (the Database)."""

    async def fetchall(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        """The rows of a query."""
        ...


async def open_tables(db: Reader) -> list[TableRow]:
    """Every table not closed, oldest first."""
    found = await db.fetchall("SELECT * FROM tables WHERE status != 'closed' ORDER BY id")
    return [_table(r) for r in found]


async def seats_of(db: Reader, table_ids: Sequence[int]) -> dict[int, list[SeatRow]]:
    """The seats of these tables, by chair."""
    out: dict[int, list[SeatRow]] = {t: [] for t in table_ids}
    for chunk in _chunks(table_ids):
        marks = ",".join("?" * len(chunk))
        found = await db.fetchall(
            f"SELECT * FROM seats WHERE table_id IN ({marks}) ORDER BY table_id, chair", chunk
        )
        for row in found:
            out[as_int(row["table_id"])].append(_seat(row))
    return out


async def actions_of(db: Reader, table_ids: Sequence[int]) -> dict[int, list[ActionRow]]:
    """The action logs of these tables, in order."""
    out: dict[int, list[ActionRow]] = {t: [] for t in table_ids}
    for chunk in _chunks(table_ids):
        marks = ",".join("?" * len(chunk))
        found = await db.fetchall(
            "SELECT table_id, seq, seat, kind, action FROM actions"
            f" WHERE table_id IN ({marks}) ORDER BY table_id, seq",
            chunk,
        )
        for table_id, seq, seat, kind, action in found:
            row = ActionRow(as_int(seq), as_int(seat), as_str(kind), as_str(action))
            out[as_int(table_id)].append(row)
    return out


def _chunks(ids: Sequence[int], size: int = 500) -> list[tuple[int, ...]]:
    return [tuple(ids[i : i + size]) for i in range(0, len(ids), size)]


async def set_message(tx: Connection, table_id: int, message_id: int) -> None:
    """Remember which message shows a table."""
    await tx.execute("UPDATE tables SET message_id = ? WHERE id = ?", (message_id, table_id))


async def messages_of(db: Reader, table_ids: Sequence[int]) -> dict[int, int]:
    """The message showing each of these tables, where one was sent."""
    out: dict[int, int] = {}
    for chunk in _chunks(table_ids):
        marks = ",".join("?" * len(chunk))
        found = await db.fetchall(
            f"SELECT id, message_id FROM tables WHERE id IN ({marks}) AND message_id IS NOT NULL",
            chunk,
        )
        out.update({as_int(row["id"]): as_int(row["message_id"]) for row in found})
    return out


async def set_dm_status(
    tx: Connection, user_id: int, is_open: bool, told: bool, checked_at: float
) -> None:
    """Store whether a user's DMs are open, whether they were told they are closed, and
    when that was learnt (seconds since the epoch)."""
    await tx.execute(
        "INSERT INTO dm_status (user_id, open, told, checked_at) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (user_id) DO UPDATE SET open = excluded.open, told = excluded.told,"
        " checked_at = excluded.checked_at",
        (user_id, int(is_open), int(told), time_text(checked_at)),
    )


async def dm_statuses(db: Reader) -> dict[int, tuple[bool, bool, float]]:
    """Every stored DM status: user -> (open, told, checked at in seconds since the epoch)."""
    found = await db.fetchall("SELECT user_id, open, told, checked_at FROM dm_status")
    return {
        as_int(row["user_id"]): (
            bool(row["open"]),
            bool(row["told"]),
            text_time(as_str(row["checked_at"])),
        )
        for row in found
    }


async def table_row(db: Reader, table_id: int) -> TableRow | None:
    """One table's row, open or closed."""
    found = await db.fetchall("SELECT * FROM tables WHERE id = ?", (table_id,))
    return _table(found[0]) if found else None


async def open_in_channel(db: Reader, channel_id: int) -> TableRow | None:
    """The table open in a channel (there is at most one), or None."""
    found = await db.fetchall(
        "SELECT * FROM tables WHERE channel_id = ? AND status != 'closed'", (channel_id,)
    )
    return _table(found[0]) if found else None
