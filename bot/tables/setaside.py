"""Setting aside a table that cannot be rebuilt after a restart (its game is gone from this
build, its log no longer replays, its rows are damaged): the chips in its escrow go home
as the ledger holds them, whatever the table's own record says, and the table closes so
that its channel is free again. One broken table never stops the bot from starting.

The pot is shared evenly among the seats still at the table (all seats if none is), odd
chips in seat order; then every stake goes to its owner: a player's purse, or the
server's issuance for an AI seat (and for a stake whose seat row is missing, since its
owner is unknown, and for every stake of a tournament table, which the bank lent).
Keys are `setaside:{table}:...`, used by nothing else, so a setting
aside can never be taken for a payout already made.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.games.chips import split_evenly
from bot.ledger import Account, Posting, Reason
from bot.storage.table_rows import SeatRow, TableRow


@dataclass(frozen=True, slots=True)
class SetAside:
    """A table recovery gave up on, and what its channel is told."""

    table_id: int
    guild_id: int
    channel_id: int
    game: str
    words: str


def set_aside_words(row: TableRow, returned: bool) -> SetAside:
    """The notice for a table's channel, in plain words."""
    chips = " Every chip on it went back to its owner." if returned else ""
    words = (
        f"Table #{row.id} ({row.game}) could not be restored after the bot restarted, so it "
        f"was closed.{chips} Start a new table with /table start."
    )
    return SetAside(row.id, row.guild_id, row.channel_id, row.game, words)


def homecoming(
    row: TableRow, seats: Sequence[SeatRow], held: Mapping[Account, int]
) -> list[Posting]:
    """The postings that empty a table's escrow (`held`: each escrow account's balance as
    the ledger has it): the pot shared among the seats still at the table, then every
    stake to its owner."""
    guild, table = row.guild_id, row.id
    stakes = {a.seat: b for a, b in held.items() if a.kind == "stake" and a.seat is not None}
    pot = sum(b for a, b in held.items() if a.kind == "pot")
    postings: list[Posting] = []
    here = [s.chair for s in seats if not s.left] or [s.chair for s in seats]
    if pot and not here:
        here = sorted(stakes) or [0]
    for chair, part in zip(here, split_evenly(pot, len(here)), strict=True):
        if part:
            dst = Account.stake(guild, table, chair)
            postings.append(_posting(row, Account.pot(guild, table), dst, part, f"pot:{chair}"))
            stakes[chair] = stakes.get(chair, 0) + part
    owners = {s.chair: s.user_id for s in seats}
    for chair, amount in sorted(stakes.items()):
        if amount <= 0:
            continue
        user = None if row.tournament_id is not None else owners.get(chair)
        dst = Account.issuance(guild) if user is None else Account.purse(guild, user)
        src = Account.stake(guild, table, chair)
        postings.append(_posting(row, src, dst, amount, f"stake:{chair}"))
    return postings


def _posting(row: TableRow, src: Account, dst: Account, amount: int, leg: str) -> Posting:
    """One leg of setting a table aside."""
    reason = Reason.REFUND if dst.kind == "stake" else Reason.CASHOUT
    if dst.kind == "issuance":
        reason = Reason.AI_CASHOUT if row.tournament_id is None else Reason.REPAY
    key = f"setaside:{row.id}:{leg}"
    return Posting(src, dst, amount, reason, key, game=row.game, table_id=row.id)
