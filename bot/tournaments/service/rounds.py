"""A tournament's rounds: what the next round is (or that there is none), and the
opening of its tables, each in a thread of its own, in an order a restart can resume.

A round is stored whole before any table opens (its slots and byes, and the round
number, in one unit of work). A slot then gets its thread (stored), then its table (the
table service stores it started, or not at all), then the table's id (stored). A restart
anywhere in that finds the slot's thread, and the table opened in it, or opens them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from bot.storage import tournament_rows as rows
from bot.tournaments.pairing import Round, knockout_round, swiss_round
from bot.tournaments.pairing import Table as Paired
from bot.tournaments.service.board import bracket_of, seated_slots, table_results
from bot.tournaments.service.models import Format, Slot, Tournament
from bot.tournaments.standings import bye_points, match_points


def default_rounds(players: int) -> int:
    """The rounds a Swiss plays when the host does not say: enough for one player to
    win every round against a field of this size (the base-2 logarithm, rounded up)."""
    return max(1, math.ceil(math.log2(max(players, 2))))


def next_round(t: Tournament) -> Round | None:
    """The round to seat after the last one, or None when the tournament is over."""
    round_no = t.round + 1
    if t.format is Format.KNOCKOUT:
        slots = seated_slots(t, bracket_of(t).slots, round_no)
        if sum(p is not None for p in slots) < 2:
            return None
        return knockout_round(slots, t.seats)
    players = [p.user_id for p in t.in_play()]
    if round_no > t.rounds or len(players) < 2:
        return None
    points: dict[int, int] = {}
    for result in table_results(t):
        for who, mp in zip(result.seats, match_points(result), strict=True):
            if who is not None:
                points[who] = points.get(who, 0) + mp
    for byes in t.byes.values():
        for who in byes:
            points[who] = points.get(who, 0) + bye_points(t.seats)
    history = [
        Round(tuple(Paired(s.seats) for s in t.slots_of(r)), t.byes.get(r, ()))
        for r in range(1, t.round + 1)
    ]
    return swiss_round(players, points, history, t.seats, t.seed, fill_with_ai=t.seats > 2)


async def store_round(tx: rows.Connection, t: Tournament, seated: Round) -> list[Slot]:
    """Store the next round (its slots, its byes and its number); its slots."""
    round_no = t.round + 1
    slots = [Slot(round_no, n, table.seats) for n, table in enumerate(seated.tables, 1)]
    for slot in slots:
        await rows.insert_slot(tx, t.id, round_no, slot.number, slot.seats)
    for who in seated.byes:
        await rows.insert_bye(tx, t.id, round_no, who)
    await rows.set_round(tx, t.id, round_no, t.rounds)
    return slots


def seat_names(t: Tournament, seats: Sequence[int | None]) -> list[tuple[int | None, str]]:
    """The seats of a slot as the table service takes them: players by their names,
    AI seats numbered ("AI 1", "AI 2")."""
    out: list[tuple[int | None, str]] = []
    ai = 0
    for who in seats:
        if who is None:
            ai += 1
            out.append((None, f"AI {ai}"))
        else:
            out.append((who, t.name_of(who)))
    return out
