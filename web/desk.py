"""The web's one way to a table's private side: a signed-in player's hand, and their moves.

Every move made from a page passes through `Desk`, which makes the same table service
calls as Discord's controls (`cogs._play`, `cogs._patience_controls`): the same version
check, the same refusals in the same words, the same turn clock, and the table message
in Discord edited as for any move, since the service tells every front end. It makes
them through the relay (`bot.tables.relay`): at once for a table this process holds, and
for one another process holds (shards on PostgreSQL) in that process, reading the hand
from this process's copy of the table. The desk's answers are plain values (a JSON-safe
frame, words), and a refusal is a `TableError` with its sentence.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from bot.front.play import declined, hint_said, played, require_player
from bot.front.still import STILL, still_words
from bot.games import IllegalAction
from bot.ledger import LedgerError
from bot.tables import Table, TableError
from bot.tables.checks import turn_index
from bot.tables.registry import CLOSED
from bot.tables.relay import TableRelay
from bot.tables.seams import hand_of
from bot.tables.typed import typed_move
from web.hands import hand_frame


class Desk:
    """Players' hands and moves, wherever their tables are held."""

    def __init__(self, relay: TableRelay) -> None:
        self.relay = relay

    def _table(self, table_id: int) -> Table:
        """The table as this process sees it, or TableError saying it has closed."""
        table = self.relay.table(table_id)
        if table is None:
            raise TableError(CLOSED)
        return table

    async def hand(self, table_id: int, user_id: int) -> dict[str, Any] | None:
        """The player's private frame now; None when they have no hand there (not
        seated, the game not on, the table closed)."""
        table = self.relay.table(table_id)
        if table is None:
            return None
        try:
            return hand_frame(table, hand_of(table, user_id))
        except TableError:
            return None

    async def act(self, table_id: int, user_id: int, version: int, action: str) -> str:
        """Play the player's move as of the version they saw; what they are told (the
        move in words, or a patience's hint). TableError with the refusal."""
        table = self._table(table_id)
        solitary = table.info.solitary
        if solitary:
            # as on Discord's patience controls: who plays it, then the turn, before all
            require_player(table, user_id)
            turn_index(table, user_id, version)
        move = typed_move(table, user_id, action)
        if move == "hint" and solitary:
            with _refusals():
                return hint_said(await self.relay.hint(table_id, user_id, version))
        if move == STILL and solitary:
            with _refusals():
                facts = await self.relay.still(table_id, user_id, version)
            return still_words(self.relay.table(table_id) or table, facts)
        with _refusals():
            await self.relay.act(table_id, user_id, version, move)
        # the table as it is now; the one read before if that move ended it
        return played(self.relay.table(table_id) or table, move)

    async def decline(self, table_id: int, user_id: int, version: int) -> str:
        """Pass on the optional moves open to the player now; what they are told."""
        table = self._table(table_id)
        with _refusals():
            await self.relay.decline_optional(table_id, user_id, version)
        return declined(_decline_words(self.relay.table(table_id) or table, user_id))


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
