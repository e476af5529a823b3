"""Where a table's chips go: the ledger postings of one stored entry (the transfers the
state carries, a pot left at the end shared out), a seat's stake going home, and the
closing of a table's escrow. Pure arithmetic on the table but for `close_rows`, which
posts inside the caller's unit of work."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

from bot.games import ChipGame, Transfer
from bot.games.chips import apply_transfers
from bot.ledger import Account, Ledger, Posting, Reason
from bot.storage import table_rows as rows
from bot.tables.accounts import seat_account
from bot.tables.models import Seat, Table, TableError

log = logging.getLogger(__name__)


class Settlement:
    """The chips of the tables, worked out as postings and written through one ledger."""

    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger

    def entry_postings(
        self, table: Table, state: Any, seq: int, over: bool, extra: list[Posting]
    ) -> tuple[list[Posting], tuple[int, ...]]:
        """The ledger postings of entry `seq` of a table: `extra` (a cash-out, a top-up),
        the transfers the state carries and, when it ends a chip game, the sharing of a
        pot left; with the final stacks (empty unless it ends a chip game)."""
        postings = list(extra)
        if not table.is_chip_game:
            return postings, ()
        moved = chip_game(table).last_transfers(state)
        postings += postings_of(table, moved, f"settle:{table.id}:{seq}")
        if not over:
            return postings, ()
        closing, stacks = closing_of(table, state)
        postings += postings_of(table, closing, f"close:{table.id}:{seq}")
        return postings, stacks

    async def close_rows(
        self,
        tx: rows.Connection,
        table: Table,
        seats: list[Seat],
        stacks: tuple[int, ...],
        reason: str,
    ) -> None:
        """Cash every stake out to its owner, close the escrow and the table. A seat that
        left holds nothing by then (but at a tournament table, whose leavers' seats the AI
        plays to the end, stack and all); should it hold chips all the same, they go home
        too, since a closed table's escrow must be empty."""
        postings = []
        for index, seat in enumerate(seats):
            amount = stacks[index] if index < len(stacks) else 0
            if table.is_chip_game and amount > 0:
                late = seat.left and table.tournament_id is None
                if late:
                    log.error("table %d: seat %d left but holds %d chips", table.id, index, amount)
                postings.append(cash_out(table, seat, amount, late=late))
        if postings:
            await self.ledger.post(tx, postings)
        if table.is_chip_game:
            await self.ledger.close_escrow(tx, table.guild_id, table.id)
        await rows.close_table(tx, table.id, reason)


def postings_of(table: Table, moved: Iterable[Transfer], prefix: str) -> list[Posting]:
    """Postings for a game's transfers between seats and the pot, keyed `prefix:leg`."""
    key = table.game.info.key
    return [
        Posting(
            account_of(table, t.src),
            account_of(table, t.dst),
            t.amount,
            Reason.REFUND if t.reason == "refund" else Reason.SETTLE,
            f"{prefix}:{leg}",
            game=key,
            table_id=table.id,
        )
        for leg, t in enumerate(moved)
    ]


def closing_of(table: Table, state: Any) -> tuple[tuple[Transfer, ...], tuple[int, ...]]:
    """The transfers that share a pot left in a finished chip game, and the stacks after."""
    game = chip_game(table)
    pot = game.pot(state)
    closing = game.closing_transfers(state, pot) if pot else ()
    stacks, _ = stacks_after(game.stacks(state), pot, closing)
    return closing, stacks


def cash_out(table: Table, seat: Seat, amount: int, *, late: bool = False) -> Posting:
    """A seat's stake going home: to its player's purse, or an AI's to the issuance, or
    at a tournament table (where the bank lent every stake) back to the issuance.
    A seat cashes out once (`cashout:{table}:{ticket}`); `late` marks chips found on a
    seat that had already cashed out, which must not reuse that key."""
    if table.tournament_id is not None:
        dst, reason = Account.issuance(table.guild_id), Reason.REPAY
    elif seat.user_id is None:
        dst, reason = Account.issuance(table.guild_id), Reason.AI_CASHOUT
    else:
        dst, reason = Account.purse(table.guild_id, seat.user_id), Reason.CASHOUT
    key = f"cashout:{table.id}:{seat.ticket}" + (":late" if late else "")
    src = Account.stake(table.guild_id, table.id, seat.chair)
    return Posting(src, dst, amount, reason, key, game=table.game.info.key, table_id=table.id)


def account_of(table: Table, index: int) -> Account:
    """The ledger account behind a game's seat index (or the pot) at this table."""
    return seat_account(table.guild_id, table.id, [s.chair for s in table.seats], index)


def chip_game(table: Table) -> ChipGame[Any]:
    """The table's game as a chip game; TableError if it is not played for chips."""
    game = table.game
    if not isinstance(game, ChipGame):
        raise TableError(f"{game.info.title} is not played for chips.")
    return game


def stacks_after(
    stacks: tuple[int, ...], pot: int, moved: Iterable[Transfer]
) -> tuple[tuple[int, ...], int]:
    """The stacks and pot after some transfers."""
    return apply_transfers(stacks, pot, list(moved))


def zeros(table: Table) -> tuple[int, ...]:
    """An empty stack for every seat (what a table that is not for chips closes with)."""
    return tuple(0 for _ in table.seats)


def top_up_posting(table: Table, index: int, user_id: int, amount: int) -> Posting:
    """Chips brought from a player's purse to their stake, keyed by the entry that
    records them (the table's next version)."""
    return Posting(
        Account.purse(table.guild_id, user_id),
        account_of(table, index),
        amount,
        Reason.TOPUP,
        f"topup:{table.id}:{table.version + 1}",
        game=table.game.info.key,
        table_id=table.id,
    )
