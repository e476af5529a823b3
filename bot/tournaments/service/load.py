"""A tournament rebuilt from its rows: at a restart, and for the standings of one that
has finished."""

from __future__ import annotations

from bot.games import registry
from bot.storage import tournament_reads as reads
from bot.storage import tournament_rows as rows
from bot.storage.table_rows import Reader
from bot.tournaments.prizes import PrizeStructure
from bot.tournaments.service.models import (
    Format,
    Phase,
    Player,
    SeatResult,
    Slot,
    Tournament,
)


def shares_text(prizes: PrizeStructure) -> str:
    """A prize structure as stored: '50,30,20'."""
    return ",".join(str(s) for s in prizes.shares)


def parse_shares(text: str) -> PrizeStructure:
    """A prize structure from words: '50 30 20', '50/30/20' or '50,30,20' (ValueError in
    words when it is not one)."""
    parts = text.replace("/", " ").replace(",", " ").replace("%", " ").split()
    try:
        shares = tuple(int(p) for p in parts)
    except ValueError:
        raise ValueError(
            f"{text!r} is not a list of percentages: write them like 50 30 20."
        ) from None
    return PrizeStructure(shares)


async def load(db: Reader, row: rows.TournamentRow) -> Tournament:
    """The tournament of a row, with its players, tables and byes."""
    t = Tournament(
        id=row.id,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        host_id=row.host_id,
        game=registry.get(row.game),
        format=Format(row.format),
        rounds=row.rounds,
        seats=row.seats,
        buy_in=row.buy_in,
        stack=row.stack,
        prizes=parse_shares(row.shares),
        options=dict(row.options),
        seed=row.seed,
        phase=Phase(row.status),
        round=row.round,
        starts_at=row.starts_at,
        message_id=row.message_id,
    )
    for p in await reads.players_of(db, row.id):
        t.players[p.user_id] = Player(p.user_id, p.name, p.seq, p.dropped, p.place, p.prize)
    for s in await reads.slots_of(db, row.id):
        result = None
        if s.result is not None:
            result = SeatResult(
                tuple(s.result["places"]),
                tuple(s.result["points"]),
                tuple(s.result.get("forfeits", [])),
            )
        t.slots.append(Slot(s.round, s.number, tuple(s.seats), s.thread_id, s.table_id, result))
    t.byes = await reads.byes_of(db, row.id)
    return t


def result_row(result: SeatResult) -> dict[str, list[int]]:
    """A table's result as stored."""
    return {
        "places": list(result.places),
        "points": list(result.points),
        "forfeits": list(result.forfeits),
    }
