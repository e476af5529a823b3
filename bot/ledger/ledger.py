"""The chip ledger: posting transfers between accounts, and reading balances.

Every chip movement is one row of `transfers`; the triggers of migration 0001 move the
balances, and the database itself refuses an overdraft, a transfer touching a closed
escrow, or an edit of a past transfer. Python checks what it can first only to give a
clear message.

A posting's accounts are created on first use; a purse created that way first receives
the server's starting chips from its issuance account. The SQL itself lives in
`bot.ledger._book`, as functions of a unit of work's `Tx`; this class is the
asyncio face of it. Reports (check, history, leaderboards) live in `bot.ledger.reports`.

The moves a player asks for (daily claims, gifts) are here too, refusing in sentences
addressed to that player. The daily claim's clock is `Ledger.clock`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from functools import partial

from bot.ledger import _sql, reports
from bot.ledger._book import Book, Learned, validate
from bot.ledger._sql import identity
from bot.ledger.errors import LedgerError, Overdraft, worded
from bot.ledger.model import (
    DAILY_INTERVAL_S,
    Account,
    DailyClaim,
    HistoryEntry,
    Posting,
    PostResult,
    Reason,
)
from bot.storage import Database, Tx, as_int

StartingChips = int | Callable[[int], int]


class Ledger:
    """A per-server chip economy kept in the database's `accounts` and `transfers`."""

    def __init__(
        self,
        db: Database,
        *,
        starting_chips: StartingChips = 1000,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._db = db
        # Unix seconds, for the daily claim's interval; tests move it.
        self.clock = clock
        # On SQLite it is called on the writer thread, so it must not touch the event loop.
        chips = starting_chips if callable(starting_chips) else (lambda _guild: starting_chips)
        self._book = Book(chips)
        self.transfers_made = 0
        """Transfers this process has committed (not those found already made): a metric."""

    async def post(self, tx: Tx, postings: Sequence[Posting]) -> list[PostResult]:
        """Make `postings` in order, inside a `Database.write` work: all of them or none."""
        for posting in postings:
            validate(posting)
        if not postings:
            return []
        results, learned = await self._book.post(tx, postings)
        if learned:
            # Ids are cached only once durable: if this work rolls back, a new row may
            # later be given the same id.
            self._db.on_commit(partial(self._book.ids.update, learned))
        made = sum(1 for r in results if not r.replayed)
        if made:
            self._db.on_commit(partial(self._counted, made))
        return results

    def _counted(self, made: int) -> None:
        """Count transfers once committed."""
        self.transfers_made += made

    async def transfer(
        self,
        src: Account,
        dst: Account,
        amount: int,
        reason: Reason,
        key: str,
        *,
        game: str | None = None,
        table_id: int | None = None,
    ) -> PostResult:
        """Move `amount` chips from `src` to `dst` in a unit of work of its own."""
        posting = Posting(src, dst, amount, reason, key, game, table_id)
        validate(posting)

        async def work(tx: Tx) -> tuple[list[PostResult], Learned]:
            return await self._book.post(tx, (posting,))

        # Book.post is all-or-nothing by itself, so the work needs no savepoint.
        results, learned = await self._db.write(work, atomic=True)
        self._book.ids.update(learned)
        return results[0]

    async def balance(self, account: Account) -> int:
        """The account's committed balance; 0 when it does not exist yet."""
        where, values = identity(account)
        row = await self._db.fetchone(f"SELECT balance FROM accounts WHERE {where}", values)
        return 0 if row is None else as_int(row[0])

    async def purse(self, guild_id: int, user_id: int) -> int:
        """A player's balance, creating their purse (with starting chips) if need be."""
        account = Account.purse(guild_id, user_id)
        if account in self._book.ids:
            return await self.balance(account)

        async def work(tx: Tx) -> tuple[int, Learned]:
            return await self._book.purse(tx, account)

        balance, learned = await self._db.write(work, atomic=True)
        self._book.ids.update(learned)
        return balance

    async def claim_daily(
        self, guild_id: int, user_id: int, amount: int, *, interval_s: float = DAILY_INTERVAL_S
    ) -> DailyClaim:
        """Pay a player `amount` chips from the bank, once per `interval_s` by `clock`.

        DailyTooSoon (a LedgerError) says how long to wait. The check and the payment are
        one unit of work, so claims made at the same moment pay once.
        """
        if amount <= 0:
            raise LedgerError(worded("ledger.daily.none", "This server gives no daily chips."))
        purse, now = Account.purse(guild_id, user_id), self.clock()

        async def work(tx: Tx) -> tuple[DailyClaim, Learned]:
            return await self._book.claim_daily(tx, purse, amount, now, interval_s)

        claim, learned = await self._db.write(work, atomic=True)
        self._book.ids.update(learned)
        return claim

    async def check_gift(self, guild_id: int, giver_id: int, recipient_id: int, amount: int) -> int:
        """Refuse, in words for the giver, a gift they cannot make now; else their balance."""
        _check_gift(giver_id, recipient_id, amount)
        balance = await self.purse(guild_id, giver_id)
        if amount > balance:
            if balance == 0:
                raise LedgerError(worded("ledger.gift.nothing", "You have no chips to give."))
            raise LedgerError(
                worded(
                    "ledger.gift.at-most",
                    "You have {count} chip, so you can give at most {count}.",
                    "You have {count} chips, so you can give at most {count}.",
                    count=balance,
                )
            )
        return balance

    async def gift(
        self, guild_id: int, giver_id: int, recipient_id: int, amount: int, key: str
    ) -> PostResult:
        """Move chips from the giver's purse to the recipient's; a replayed key pays once."""
        _check_gift(giver_id, recipient_id, amount)
        giver = Account.purse(guild_id, giver_id)
        recipient = Account.purse(guild_id, recipient_id)
        try:
            return await self.transfer(giver, recipient, amount, Reason.GIFT, key)
        except Overdraft as exc:
            raise LedgerError(
                worded(
                    "ledger.gift.short",
                    "You have {count} chip now, so the gift of {amount} was not made.",
                    "You have {count} chips now, so the gift of {amount} was not made.",
                    count=exc.available,
                    amount=amount,
                )
            ) from None

    async def escrow(self, guild_id: int, table_id: int) -> dict[Account, int]:
        """A table's escrow as the ledger holds it: each stake and the pot with chips in
        them (the source of truth when a table's own record cannot be trusted)."""
        found = await self._db.fetchall(_sql.ESCROW_ACCOUNTS, (table_id, guild_id))
        held: dict[Account, int] = {}
        for row in found:
            if row["kind"] == "pot":
                account = Account.pot(guild_id, table_id)
            else:
                account = Account.stake(guild_id, table_id, as_int(row["seat"]))
            held[account] = as_int(row["balance"])
        return held

    async def close_escrow(self, tx: Tx, guild_id: int, table_id: int) -> None:
        """Inside a work, close a table's stakes and pot for good; they must be empty."""
        await self._book.close_escrow(tx, guild_id, table_id)

    async def close_entry(self, tx: Tx, guild_id: int, tournament_id: int) -> None:
        """Inside a work, close a tournament's entry escrow for good; it must be empty (the
        database refuses otherwise). Nothing happens if it was never opened."""
        await self._book.close_entry(tx, guild_id, tournament_id)

    async def check(self, guild_id: int | None = None) -> list[str]:
        """Every broken ledger invariant, in plain words; [] when all hold."""
        return await reports.check(self._db, guild_id)

    async def history(
        self, guild_id: int, user_id: int, *, limit: int = 10, offset: int = 0
    ) -> list[HistoryEntry]:
        """A player's purse transfers, newest first, `limit` of them after skipping `offset`."""
        return await reports.history(self._db, guild_id, user_id, limit=limit, offset=offset)

    async def leaderboard(
        self, guild_id: int, *, game: str | None = None, limit: int = 10
    ) -> list[tuple[int, int]]:
        """(user_id, value) best first: purse balances, or net winnings at `game`."""
        return await reports.leaderboard(self._db, guild_id, game=game, limit=limit)

    async def rank(
        self, guild_id: int, user_id: int, *, game: str | None = None
    ) -> tuple[int, int] | None:
        """A player's (1-based rank, value) on that leaderboard; None when not on it."""
        return await reports.rank(self._db, guild_id, user_id, game=game)


def _check_gift(giver_id: int, recipient_id: int, amount: int) -> None:
    """Refuse a gift that could never be made, in words for the giver."""
    if giver_id == recipient_id:
        raise LedgerError(worded("ledger.gift.yourself", "You cannot give chips to yourself."))
    if type(amount) is not int or amount < 1:
        raise LedgerError(worded("ledger.gift.whole", "Give a whole number of chips, at least 1."))
