"""A move as a person types it, matched to the move as the game lists it. The table service
takes a move only exactly as `legal_actions` lists it (so the log holds nothing else);
front ends where people type (the terminal, Discord's "Other move..." box) match what was
typed to that list first: case and runs of spaces do not matter."""

from __future__ import annotations

from collections.abc import Iterable

from bot.tables.models import Table


def as_listed(typed: str, legal: Iterable[str]) -> str:
    """The listed move the typed text means (equal but for case and spacing), else the
    text as typed, for the table to refuse in words."""
    wanted = " ".join(typed.split()).casefold()
    for move in legal:
        if move.casefold() == wanted:
            return move
    return typed


def typed_move(table: Table | None, user_id: int, typed: str) -> str:
    """A move a player typed at a table, matched to the moves they may make now as
    listed; as typed when it matches none (or the table is gone, or they sit elsewhere)."""
    index = None if table is None else table.seat_of(user_id)
    if table is None or table.state is None or index is None:
        return typed
    return as_listed(typed, table.game.actions_now(table.state, index))
