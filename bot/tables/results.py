"""A finished game's record: each player's points and win, and for patience the
statistics counters (`Game.stats`), written inside the unit of work that ends the game.
AI seats are not recorded."""

from __future__ import annotations

from typing import Any

from bot.games import Outcome
from bot.storage import table_rows as rows
from bot.storage.patience_rows import PatienceRow, record_patience
from bot.storage.result_rows import record_results
from bot.tables.models import Table


async def record_finished(tx: rows.Connection, table: Table, state: Any) -> None:
    """Record a finished game's results (and a patience game's statistics)."""
    game = table.game
    outcome = game.outcome(state)
    await record_results(tx, table.guild_id, table.id, game.info.key, _results(table, outcome))
    counters = game.stats(state)
    if counters is not None:
        patience = _patience_rows(table, outcome, counters)
        await record_patience(tx, table.guild_id, table.id, game.info.key, patience)


def _results(table: Table, outcome: Outcome | None) -> list[tuple[int, int, bool]]:
    """Each player's (user, points, won) in a finished game."""
    assert outcome is not None
    return [
        (seat.user_id, outcome.points[i], i in outcome.winners)
        for i, seat in enumerate(table.seats)
        if seat.user_id is not None
    ]


def _patience_rows(
    table: Table, outcome: Outcome | None, counters: dict[str, int]
) -> list[PatienceRow]:
    """Each player's row of a finished patience game."""
    assert outcome is not None
    return [
        PatienceRow(seat.user_id, i in outcome.winners, counters)
        for i, seat in enumerate(table.seats)
        if seat.user_id is not None
    ]
