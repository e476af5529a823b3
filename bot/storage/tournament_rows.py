"""The tournament service's rows: tournaments, their players, the tables of each round
and the byes (migration 0010).

Plain functions over a connection, so the service can store a change in one unit of work
with the ledger's postings. Only SQL lives here; what it means lives in
`bot.tournaments.service`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from bot.storage.table_rows import now_text
from bot.storage.tx import Tx, as_int

Connection = Tx
"""The connection a unit of work receives."""


@dataclass(frozen=True, slots=True)
class TournamentRow:
    """A row of `tournaments`."""

    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    host_id: int
    game: str
    format: str
    rounds: int
    seats: int
    buy_in: int
    stack: int
    shares: str
    options: dict[str, object]
    seed: int
    starts_at: float | None
    status: str
    round: int


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """A row of `tournament_players`."""

    user_id: int
    name: str
    seq: int
    dropped: int
    place: int | None
    prize: int


@dataclass(frozen=True, slots=True)
class SlotRow:
    """A row of `tournament_tables`: one table of one round."""

    round: int
    number: int
    seats: list[int | None]
    thread_id: int | None
    table_id: int | None
    result: dict[str, list[int]] | None


@dataclass(frozen=True, slots=True)
class NewTournament:
    """What a new tournament is stored with."""

    guild_id: int
    channel_id: int
    host_id: int
    game: str
    format: str
    rounds: int
    seats: int
    buy_in: int
    stack: int
    shares: str
    options: dict[str, object]
    seed: int
    starts_at: float | None


async def insert_tournament(tx: Connection, new: NewTournament) -> int:
    """Store a new tournament in signup; its id."""
    found = await tx.attempt(
        "INSERT INTO tournaments (guild_id, channel_id, host_id, game, format, rounds, seats,"
        " buy_in, stack, shares, options, seed, starts_at, status, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'signup', ?) RETURNING id",
        (
            new.guild_id,
            new.channel_id,
            new.host_id,
            new.game,
            new.format,
            new.rounds,
            new.seats,
            new.buy_in,
            new.stack,
            new.shares,
            json.dumps(new.options),
            new.seed,
            new.starts_at,
            now_text(),
        ),
    )
    return as_int(found[0][0])


async def set_message(tx: Connection, tournament_id: int, message_id: int) -> None:
    """Remember the tournament's signup message."""
    await tx.execute(
        "UPDATE tournaments SET message_id = ? WHERE id = ?", (message_id, tournament_id)
    )


async def set_status(tx: Connection, tournament_id: int, status: str) -> None:
    """Move a tournament to another phase (a finished or cancelled one is stamped)."""
    done = now_text() if status in ("finished", "cancelled") else None
    await tx.execute(
        "UPDATE tournaments SET status = ?, finished_at = ? WHERE id = ?",
        (status, done, tournament_id),
    )


async def set_round(tx: Connection, tournament_id: int, round_no: int, rounds: int) -> None:
    """Store the round under way (and the rounds to play, fixed at the start)."""
    await tx.execute(
        "UPDATE tournaments SET round = ?, rounds = ? WHERE id = ?",
        (round_no, rounds, tournament_id),
    )


async def insert_player(tx: Connection, tournament_id: int, user_id: int, name: str) -> int:
    """Sign a player up; the number of their signup (1, 2, ...: the joining order and
    the name of their buy-in in the ledger). A number is never given twice, even after
    a player leaves during signup and someone joins or they rejoin: the tournament counts
    every signup ever made."""
    found = await tx.fetchall(
        "UPDATE tournaments SET signups = signups + 1 WHERE id = ? RETURNING signups",
        (tournament_id,),
    )
    seq = as_int(found[0][0])
    await tx.execute(
        "INSERT INTO tournament_players (tournament_id, user_id, name, seq) VALUES (?, ?, ?, ?)",
        (tournament_id, user_id, name, seq),
    )
    return seq


async def delete_player(tx: Connection, tournament_id: int, user_id: int) -> None:
    """Take a player off the list during signup."""
    await tx.execute(
        "DELETE FROM tournament_players WHERE tournament_id = ? AND user_id = ?",
        (tournament_id, user_id),
    )


async def drop_player(tx: Connection, tournament_id: int, user_id: int, round_no: int) -> None:
    """Mark a player out after a round (they left or forfeited)."""
    await tx.execute(
        "UPDATE tournament_players SET dropped = ? WHERE tournament_id = ? AND user_id = ?",
        (max(round_no, 1), tournament_id, user_id),
    )


async def set_place(
    tx: Connection, tournament_id: int, user_id: int, place: int, prize: int
) -> None:
    """Store a player's final place and prize."""
    await tx.execute(
        "UPDATE tournament_players SET place = ?, prize = ?"
        " WHERE tournament_id = ? AND user_id = ?",
        (place, prize, tournament_id, user_id),
    )


async def insert_slot(
    tx: Connection, tournament_id: int, round_no: int, number: int, seats: Sequence[int | None]
) -> None:
    """Store one table of a round, not yet opened."""
    await tx.execute(
        "INSERT INTO tournament_tables (tournament_id, round, number, seats) VALUES (?, ?, ?, ?)",
        (tournament_id, round_no, number, json.dumps(list(seats))),
    )


async def insert_bye(tx: Connection, tournament_id: int, round_no: int, user_id: int) -> None:
    """Store a player's bye in a round."""
    await tx.execute(
        "INSERT INTO tournament_byes (tournament_id, round, user_id) VALUES (?, ?, ?)",
        (tournament_id, round_no, user_id),
    )


async def set_thread(
    tx: Connection, tournament_id: int, round_no: int, number: int, thread_id: int
) -> None:
    """Remember the thread a table of a round is played in."""
    await _set_slot(tx, "thread_id", thread_id, tournament_id, round_no, number)


async def set_table(
    tx: Connection, tournament_id: int, round_no: int, number: int, table_id: int
) -> None:
    """Remember the table opened for a slot."""
    await _set_slot(tx, "table_id", table_id, tournament_id, round_no, number)


async def set_result(
    tx: Connection, tournament_id: int, round_no: int, number: int, result: dict[str, list[int]]
) -> None:
    """Store how a table ended."""
    await _set_slot(tx, "result", json.dumps(result), tournament_id, round_no, number)


_SLOT_COLUMNS = frozenset({"thread_id", "table_id", "result"})


async def _set_slot(
    tx: Connection, column: str, value: object, tournament_id: int, round_no: int, number: int
) -> None:
    """Set one column of one slot (one of `_SLOT_COLUMNS`, never a caller's words)."""
    assert column in _SLOT_COLUMNS, column
    await tx.execute(
        f"UPDATE tournament_tables SET {column} = ? WHERE tournament_id = ? AND round = ?"
        " AND number = ?",
        (value, tournament_id, round_no, number),
    )
