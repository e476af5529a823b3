"""The web's one way to a table's private side: a signed-in player's hand, and their moves.

Every move made from a page passes through `Desk`, which calls the same table service
calls as Discord's controls (`cogs._play`, `cogs._patience_controls`): the same version
check, the same refusals in the same words, the same turn clock, and the table message
in Discord edited as for any move, since the service tells every front end. A process
that does not hold a table's shard swaps in a desk that hands the move to the one that
does; so the desk's answers are plain values (a JSON-safe frame, words), and a refusal is
a `TableError` with its sentence.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from bot.front.play import declined, hint, played, require_player
from bot.games import IllegalAction
from bot.ledger import LedgerError
from bot.tables import Table, TableError, TableService
from bot.tables.seams import hand_of
from web.hands import hand_frame


class Desk:
    """Players' hands and moves at this process's tables."""

    def __init__(self, tables: TableService) -> None:
        self.tables = tables

    async def hand(self, table_id: int, user_id: int) -> dict[str, Any] | None:
        """The player's private frame now; None when they have no hand there (not
        seated, the game not on, the table closed)."""
        table = self.tables.registry.get(table_id)
        if table is None:
            return None
        try:
            return hand_frame(table, hand_of(table, user_id))
        except TableError:
            return None

    async def act(self, table_id: int, user_id: int, version: int, action: str) -> str:
        """Play the player's move as of the version they saw; what they are told (the
        move in words, or a patience's hint). TableError with the refusal."""
        table = self.tables.table(table_id)
        if table.game.info.solitary:
            # as on Discord's patience controls: who plays it, then the turn, before all
            require_player(table, user_id)
            self.tables.check_turn(table, user_id, version)
        move = self.tables.typed_move(table_id, user_id, action)
        with _refusals():
            table = await self.tables.act(table_id, user_id, version, move)
        if move == "hint" and table.game.info.solitary and table.state is not None:
            return hint(self.tables, table)
        return played(table, move)

    async def decline(self, table_id: int, user_id: int, version: int) -> str:
        """Pass on the optional moves open to the player now; what they are told."""
        with _refusals():
            table = await self.tables.decline_optional(table_id, user_id, version)
        return declined(_decline_words(table, user_id))


def _decline_words(table: Table, user_id: int) -> str:
    """The game's words for passing, as the player's hand gives them."""
    try:
        return hand_of(table, user_id).decline_words
    except TableError:
        return "Not now"


@contextlib.contextmanager
def _refusals() -> Iterator[None]:
    """The rules' and the ledger's refusals as the TableError every front end answers
    with, their sentence unchanged."""
    try:
        yield
    except (IllegalAction, LedgerError) as exc:
        raise TableError(exc.reason) from None
