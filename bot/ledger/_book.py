"""The ledger's core: posting transfers inside a unit of work, on either backend.

Everything here is a function of the work's `Tx` (on SQLite the whole work runs on the
database's writer thread in one go). Each public method is all-or-nothing: it is
either one statement made with `Tx.attempt`, which is undone alone when refused, or it
runs inside a savepoint of its own.

Account ids are cached in `Book.ids`, filled only by callers that know the work which
found the ids has committed: a rolled-back work may leave a row id that a later
account reuses.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.ledger import _sql
from bot.ledger.errors import (
    AccountClosed,
    BadAmount,
    DailyTooSoon,
    KeyConflict,
    LedgerError,
    Overdraft,
)
from bot.ledger.model import (
    MAX_AMOUNT,
    Account,
    AccountKind,
    DailyClaim,
    Posting,
    PostResult,
    Reason,
)
from bot.storage import IntegrityError, Tx, as_float_or_none, as_int

# Ids found or created by one call, to be cached once its work has committed.
Learned = dict[Account, int]

# The messages of the migration's RAISE(ABORT, ...) and the name of its CHECK.
_CLOSED = "ledger: account closed"
_OTHER_SERVER = "ledger: account of another server"
_OVERDRAFT = "no_overdraft"
_NOT_EMPTY = "ledger: escrow not empty"
_MAX_KEY_LENGTH = 200


class Book:
    """Posting and account creation inside a unit of work, with an id cache."""

    def __init__(self, starting_chips: Callable[[int], int]) -> None:
        self.ids: dict[Account, int] = {}
        self._starting_chips = starting_chips

    def knows(self, posting: Posting) -> bool:
        """Whether both of the posting's account ids are cached (it is then one INSERT)."""
        return posting.src in self.ids and posting.dst in self.ids

    async def post(self, conn: Tx, postings: Sequence[Posting]) -> tuple[list[PostResult], Learned]:
        """Make validated postings in order, all or none; return results and new ids."""
        learned: Learned = {}
        if len(postings) == 1 and self.knows(postings[0]):
            # The hot path: one INSERT, atomic by itself, so no savepoint.
            posting = postings[0]
            ids = self.ids
            return [await self._insert(conn, posting, ids[posting.src], ids[posting.dst])], learned
        async with conn.savepoint("ledger_post"):
            results = [await self._post(conn, posting, learned) for posting in postings]
        return results, learned

    async def purse(self, conn: Tx, account: Account) -> tuple[int, Learned]:
        """A purse's balance, creating it (with starting chips) if need be."""
        learned: Learned = {}
        async with conn.savepoint("ledger_purse"):
            account_id = await self._account_id(conn, account, learned)
        row = await conn.fetchone("SELECT balance FROM accounts WHERE id = ?", (account_id,))
        assert row is not None
        return as_int(row[0]), learned

    async def claim_daily(
        self,
        conn: Tx,
        purse: Account,
        amount: int,
        now: float,
        interval_s: float,
    ) -> tuple[DailyClaim, Learned]:
        """Pay a purse its daily chips unless its last claim is under `interval_s` old.

        The check and the payment are one savepoint of one work, so two claims at once
        pay once. The key names the purse's n-th claim, so even a check gone wrong could
        not pay the same claim twice.
        """
        assert purse.kind is AccountKind.PURSE and purse.user_id is not None
        guild_id, user_id = purse.guild_id, purse.user_id
        learned: Learned = {}
        async with conn.savepoint("ledger_daily"):
            found = await conn.fetchone(_sql.LAST_DAILY, (guild_id, user_id))
            assert found is not None
            count, last = as_int(found[0]), as_float_or_none(found[1])
            if last is not None and now < last + interval_s:
                raise DailyTooSoon(last + interval_s - now)
            key = f"daily:{guild_id}:{user_id}:{count + 1}"
            posting = Posting(Account.issuance(guild_id), purse, amount, Reason.DAILY, key)
            validate(posting)
            result = await self._post(conn, posting, learned)
            assert not result.replayed, f"daily_claims lost track of {key}"
            await conn.execute(_sql.INSERT_DAILY, (result.transfer_id, guild_id, user_id, now))
            purse_id = await self._account_id(conn, purse, learned)
            row = await conn.fetchone("SELECT balance FROM accounts WHERE id = ?", (purse_id,))
            assert row is not None
            balance = as_int(row[0])
        return DailyClaim(amount, balance, now + interval_s), learned

    async def close_escrow(self, conn: Tx, guild_id: int, table_id: int) -> None:
        """Close a table's stakes and pot for good; refuse while they hold chips."""
        found = await conn.fetchone(_sql.ESCROW_HELD, (table_id, guild_id))
        held = as_int(found[0]) if found is not None else 0
        if held:
            raise LedgerError(
                f"Table {table_id} still holds {held} chips in escrow; "
                "pay them out before closing it."
            )
        await conn.execute(_sql.CLOSE_ESCROW, (_sql.now_text(), table_id, guild_id))

    async def close_entry(self, conn: Tx, guild_id: int, tournament_id: int) -> None:
        """Close a tournament's entry escrow for good (nothing if it was never opened, or
        is closed already); the database refuses while it holds chips."""
        params = (_sql.now_text(), guild_id, tournament_id)
        try:
            await conn.attempt(_sql.CLOSE_ENTRY, params)
        except IntegrityError as exc:
            if _NOT_EMPTY not in str(exc):
                raise
            found = await conn.fetchone(_sql.ENTRY_HELD, (guild_id, tournament_id))
            held = as_int(found[0]) if found is not None else 0
            raise LedgerError(
                f"Tournament {tournament_id} still holds {held} chips in its entry pot; "
                "pay them out before closing it."
            ) from exc

    async def _post(self, conn: Tx, posting: Posting, learned: Learned) -> PostResult:
        """Make one posting, creating its accounts if need be."""
        src_id = await self._account_id(conn, posting.src, learned)
        dst_id = await self._account_id(conn, posting.dst, learned)
        return await self._insert(conn, posting, src_id, dst_id)

    async def _insert(self, conn: Tx, posting: Posting, src_id: int, dst_id: int) -> PostResult:
        """Insert the transfer row (its trigger moves the balances), or recognise a replay."""
        table_id = posting.table_id
        if table_id is None:
            table_id = posting.src.table_id if posting.src.is_escrow else posting.dst.table_id
        params = (
            posting.src.guild_id,
            src_id,
            dst_id,
            posting.amount,
            str(posting.reason),
            posting.key,
            posting.game,
            table_id,
        )
        try:
            inserted = await conn.attempt(_sql.INSERT_TRANSFER, params)
        except IntegrityError as exc:
            raise await _refusal(conn, posting, src_id, exc) from exc
        if inserted:
            return PostResult(as_int(inserted[0][0]), replayed=False)
        stored = await conn.fetchone(_sql.FIND_TRANSFER, (posting.key,))
        assert stored is not None, f"transfer {posting.key} neither inserted nor found"
        if tuple(stored)[: len(params)] != params:
            raise KeyConflict(posting.key)
        return PostResult(as_int(stored["id"]), replayed=True)

    async def _account_id(self, conn: Tx, account: Account, learned: Learned) -> int:
        """The account's id, creating the account if it does not exist yet."""
        account_id = self.ids.get(account)
        if account_id is None:
            account_id = learned.get(account)
        if account_id is not None:
            return account_id
        where, values = _sql.identity(account)
        row = await conn.fetchone(f"SELECT id FROM accounts WHERE {where}", values)
        account_id = as_int(row[0]) if row is not None else await self._open(conn, account, learned)
        learned[account] = account_id
        return account_id

    async def _open(self, conn: Tx, account: Account, learned: Learned) -> int:
        """Create the account; a purse then receives the server's starting chips."""
        values = (account.guild_id, str(account.kind), account.user_id, account.table_id)
        try:
            found = await conn.attempt(
                _sql.INSERT_ACCOUNT, (*values, account.seat, account.tournament_id)
            )
        except IntegrityError as exc:
            if _CLOSED in str(exc):
                raise AccountClosed(account) from exc
            raise
        account_id = as_int(found[0][0])
        if account.kind is AccountKind.PURSE:
            await self._give_starting_chips(conn, account, account_id, learned)
        return account_id

    async def _give_starting_chips(
        self, conn: Tx, purse: Account, purse_id: int, learned: Learned
    ) -> None:
        """Mint a new purse's starting chips from the server's issuance account."""
        chips = self._starting_chips(purse.guild_id)
        if chips > 0:
            bank = Account.issuance(purse.guild_id)
            key = f"start:{purse.guild_id}:{purse.user_id}"
            start = Posting(bank, purse, chips, Reason.START, key)
            validate(start)
            bank_id = await self._account_id(conn, bank, learned)
            await self._insert(conn, start, bank_id, purse_id)


def validate(posting: Posting) -> None:
    """Refuse a posting that could never be right, before it reaches the database."""
    amount = posting.amount
    # bool is an int too, and True chips is no amount.
    if type(amount) is not int or not 0 < amount <= MAX_AMOUNT:
        raise BadAmount(amount)
    if posting.src.guild_id != posting.dst.guild_id:
        raise LedgerError("Chips cannot move between servers.")
    if posting.src == posting.dst:
        raise LedgerError("Chips must move between two different accounts.")
    if not isinstance(posting.reason, Reason):
        raise LedgerError(f"{posting.reason!r} is not a reason chips may move for.")
    if not 0 < len(posting.key) <= _MAX_KEY_LENGTH:
        raise LedgerError(f"A transfer's key must be 1 to {_MAX_KEY_LENGTH} characters long.")


async def _refusal(conn: Tx, posting: Posting, src_id: int, exc: IntegrityError) -> Exception:
    """The LedgerError for a transfer the database refused (or `exc` itself if unknown)."""
    message = str(exc)
    if _OVERDRAFT in message:
        row = await conn.fetchone("SELECT balance FROM accounts WHERE id = ?", (src_id,))
        assert row is not None
        return Overdraft(posting.src, posting.amount, as_int(row[0]))
    if _CLOSED in message:
        return AccountClosed(posting.src if posting.src.closes else posting.dst)
    if _OTHER_SERVER in message:
        return LedgerError("Chips cannot move between servers.")
    return exc
