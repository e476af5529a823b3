"""Reading the tournament service's rows (migration 0010): live tournaments, one
tournament's players, tables and byes, and what the records and leaderboards count.
Writes are in `tournament_rows`."""

from __future__ import annotations

import json

from bot.storage.table_rows import Reader
from bot.storage.tournament_rows import PlayerRow, SlotRow, TournamentRow
from bot.storage.tx import Row, as_float_or_none, as_int, as_int_or_none, as_str, as_str_or_none


async def live(db: Reader) -> list[TournamentRow]:
    """Every tournament still in signup, running or paying, oldest first."""
    found = await db.fetchall(
        "SELECT * FROM tournaments WHERE status IN ('signup', 'running', 'paying') ORDER BY id"
    )
    return [_tournament(r) for r in found]


async def tournament(db: Reader, tournament_id: int) -> TournamentRow | None:
    """One tournament's row, whatever its phase."""
    found = await db.fetchall("SELECT * FROM tournaments WHERE id = ?", (tournament_id,))
    return _tournament(found[0]) if found else None


async def players_of(db: Reader, tournament_id: int) -> list[PlayerRow]:
    """A tournament's players, by joining order."""
    found = await db.fetchall(
        "SELECT user_id, name, seq, dropped, place, prize FROM tournament_players"
        " WHERE tournament_id = ? ORDER BY seq",
        (tournament_id,),
    )
    return [
        PlayerRow(
            as_int(r["user_id"]),
            as_str(r["name"]),
            as_int(r["seq"]),
            as_int(r["dropped"]),
            as_int_or_none(r["place"]),
            as_int(r["prize"]),
        )
        for r in found
    ]


async def slots_of(db: Reader, tournament_id: int) -> list[SlotRow]:
    """A tournament's tables, round by round."""
    found = await db.fetchall(
        "SELECT round, number, seats, thread_id, table_id, result FROM tournament_tables"
        " WHERE tournament_id = ? ORDER BY round, number",
        (tournament_id,),
    )
    out = []
    for r in found:
        result = as_str_or_none(r["result"])
        out.append(
            SlotRow(
                as_int(r["round"]),
                as_int(r["number"]),
                json.loads(as_str(r["seats"])),
                as_int_or_none(r["thread_id"]),
                as_int_or_none(r["table_id"]),
                json.loads(result) if result is not None else None,
            )
        )
    return out


async def byes_of(db: Reader, tournament_id: int) -> dict[int, tuple[int, ...]]:
    """A tournament's byes, per round."""
    found = await db.fetchall(
        "SELECT round, user_id FROM tournament_byes WHERE tournament_id = ? ORDER BY round,"
        " user_id",
        (tournament_id,),
    )
    out: dict[int, tuple[int, ...]] = {}
    for r in found:
        out[as_int(r["round"])] = (*out.get(as_int(r["round"]), ()), as_int(r["user_id"]))
    return out


async def table_in_thread(db: Reader, tournament_id: int, thread_id: int) -> int | None:
    """The table a tournament opened in a thread, if one was (a restart between opening
    it and storing its id finds it here)."""
    found = await db.fetchall(
        "SELECT id FROM tables WHERE tournament_id = ? AND channel_id = ? ORDER BY id DESC",
        (tournament_id, thread_id),
    )
    return as_int(found[0][0]) if found else None


async def played_at(db: Reader, table_id: int, seat: int) -> bool:
    """Whether a player made a move of their own at a seat of a table."""
    found = await db.fetchall(
        "SELECT 1 FROM actions WHERE table_id = ? AND seat = ? AND actor = 'player' LIMIT 1",
        (table_id, seat),
    )
    return bool(found)


async def live_player_in(db: Reader, guild_id: int, user_id: int) -> int | None:
    """The live tournament of a server a player is signed up to and still in, if any."""
    found = await db.fetchall(
        "SELECT t.id FROM tournament_players p JOIN tournaments t ON t.id = p.tournament_id"
        " WHERE p.user_id = ? AND t.guild_id = ? AND p.dropped = 0"
        " AND t.status IN ('signup', 'running', 'paying') ORDER BY t.id LIMIT 1",
        (user_id, guild_id),
    )
    return as_int(found[0][0]) if found else None


async def finished_places(db: Reader, guild_id: int, user_id: int) -> list[int | None]:
    """A player's places in a server's finished tournaments, oldest first."""
    found = await db.fetchall(
        "SELECT p.place FROM tournament_players p JOIN tournaments t ON t.id = p.tournament_id"
        " WHERE p.user_id = ? AND t.guild_id = ? AND t.status = 'finished' ORDER BY t.id",
        (user_id, guild_id),
    )
    return [as_int_or_none(r[0]) for r in found]


async def winners(db: Reader, guild_id: int, limit: int) -> list[tuple[int, int]]:
    """The players of a server with the most tournament wins: (user id, wins), most first,
    ties by user id."""
    found = await db.fetchall(
        "SELECT p.user_id, COUNT(*) AS wins FROM tournament_players p"
        " JOIN tournaments t ON t.id = p.tournament_id"
        " WHERE t.guild_id = ? AND t.status = 'finished' AND p.place = 1"
        " GROUP BY p.user_id ORDER BY wins DESC, p.user_id LIMIT ?",
        (guild_id, limit),
    )
    return [(as_int(r[0]), as_int(r[1])) for r in found]


def _tournament(row: Row) -> TournamentRow:
    return TournamentRow(
        id=as_int(row["id"]),
        guild_id=as_int(row["guild_id"]),
        channel_id=as_int(row["channel_id"]),
        message_id=as_int_or_none(row["message_id"]),
        host_id=as_int(row["host_id"]),
        game=as_str(row["game"]),
        format=as_str(row["format"]),
        rounds=as_int(row["rounds"]),
        seats=as_int(row["seats"]),
        buy_in=as_int(row["buy_in"]),
        stack=as_int(row["stack"]),
        shares=as_str(row["shares"]),
        options=json.loads(as_str(row["options"])),
        seed=as_int(row["seed"]),
        starts_at=as_float_or_none(row["starts_at"]),
        status=as_str(row["status"]),
        round=as_int(row["round"]),
    )
