"""The ledger's synchronous core: posting transfers with a sqlite3 connection.

Everything here runs on the database's writer thread (through `Database.write_sync`
or `Database.run_sync`), so that a posting, however many statements it takes, costs
one round trip from the event loop. Each public method is all-or-nothing: it is either
one change statement, which SQLite undoes by itself when it fails, or it runs inside
a savepoint of its own.

Account ids are cached in `Book.ids`, filled only by callers that know the work which
found the ids has committed: a rolled-back work may leave a row id that a later
account reuses.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable, Iterator, Sequence

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

# Ids found or created by one call, to be cached once its work has committed.
Learned = dict[Account, int]

# The messages of the migration's RAISE(ABORT, ...) and the name of its CHECK.
_CLOSED = "ledger: account closed"
_OTHER_SERVER = "ledger: account of another server"
_OVERDRAFT = "no_overdraft"
_MAX_KEY_LENGTH = 200


class Book:
    """Posting and account creation over a sqlite3 connection, with an id cache."""

    def __init__(self, starting_chips: Callable[[int], int]) -> None:
        self.ids: dict[Account, int] = {}
        self._starting_chips = starting_chips

    def knows(self, posting: Posting) -> bool:
        """Whether both of the posting's account ids are cached (it is then one INSERT)."""
        return posting.src in self.ids and posting.dst in self.ids

    def post(
        self, conn: sqlite3.Connection, postings: Sequence[Posting]
    ) -> tuple[list[PostResult], Learned]:
        """Make validated postings in order, all or none; return results and new ids."""
        learned: Learned = {}
        if len(postings) == 1 and self.knows(postings[0]):
            # The hot path: one INSERT, atomic by itself, so no savepoint.
            posting = postings[0]
            ids = self.ids
            return [self._insert(conn, posting, ids[posting.src], ids[posting.dst])], learned
        with _savepoint(conn, "ledger_post"):
            results = [self._post(conn, posting, learned) for posting in postings]
        return results, learned

    def purse(self, conn: sqlite3.Connection, account: Account) -> tuple[int, Learned]:
        """A purse's balance, creating it (with starting chips) if need be."""
        learned: Learned = {}
        with _savepoint(conn, "ledger_purse"):
            account_id = self._account_id(conn, account, learned)
        row = conn.execute("SELECT balance FROM accounts WHERE id = ?", (account_id,)).fetchone()
        return int(row[0]), learned

    def claim_daily(
        self,
        conn: sqlite3.Connection,
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
        with _savepoint(conn, "ledger_daily"):
            count, last = conn.execute(_sql.LAST_DAILY, (guild_id, user_id)).fetchone()
            if last is not None and now < last + interval_s:
                raise DailyTooSoon(last + interval_s - now)
            key = f"daily:{guild_id}:{user_id}:{count + 1}"
            posting = Posting(Account.issuance(guild_id), purse, amount, Reason.DAILY, key)
            validate(posting)
            result = self._post(conn, posting, learned)
            assert not result.replayed, f"daily_claims lost track of {key}"
            conn.execute(_sql.INSERT_DAILY, (result.transfer_id, guild_id, user_id, now))
            purse_id = self._account_id(conn, purse, learned)
            row = conn.execute("SELECT balance FROM accounts WHERE id = ?", (purse_id,))
            balance = int(row.fetchone()[0])
        return DailyClaim(amount, balance, now + interval_s), learned

    def close_escrow(self, conn: sqlite3.Connection, guild_id: int, table_id: int) -> None:
        """Close a table's stakes and pot for good; refuse while they hold chips."""
        held = int(conn.execute(_sql.ESCROW_HELD, (table_id, guild_id)).fetchone()[0])
        if held:
            raise LedgerError(
                f"Table {table_id} still holds {held} chips in escrow; "
                "pay them out before closing it."
            )
        conn.execute(_sql.CLOSE_ESCROW, (table_id, guild_id))

    def _post(self, conn: sqlite3.Connection, posting: Posting, learned: Learned) -> PostResult:
        """Make one posting, creating its accounts if need be."""
        src_id = self._account_id(conn, posting.src, learned)
        dst_id = self._account_id(conn, posting.dst, learned)
        return self._insert(conn, posting, src_id, dst_id)

    def _insert(
        self, conn: sqlite3.Connection, posting: Posting, src_id: int, dst_id: int
    ) -> PostResult:
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
            cursor = conn.execute(_sql.INSERT_TRANSFER, params)
        except sqlite3.IntegrityError as exc:
            raise _refusal(conn, posting, src_id, exc) from exc
        if cursor.rowcount == 1:
            assert cursor.lastrowid is not None
            return PostResult(cursor.lastrowid, replayed=False)
        stored = conn.execute(_sql.FIND_TRANSFER, (posting.key,)).fetchone()
        if tuple(stored)[: len(params)] != params:
            raise KeyConflict(posting.key)
        return PostResult(int(stored["id"]), replayed=True)

    def _account_id(self, conn: sqlite3.Connection, account: Account, learned: Learned) -> int:
        """The account's id, creating the account if it does not exist yet."""
        account_id = self.ids.get(account)
        if account_id is None:
            account_id = learned.get(account)
        if account_id is not None:
            return account_id
        where, values = _sql.identity(account)
        row = conn.execute(f"SELECT id FROM accounts WHERE {where}", values).fetchone()
        account_id = int(row[0]) if row is not None else self._open(conn, account, learned)
        learned[account] = account_id
        return account_id

    def _open(self, conn: sqlite3.Connection, account: Account, learned: Learned) -> int:
        """Create the account; a purse then receives the server's starting chips."""
        values = (account.guild_id, str(account.kind), account.user_id, account.table_id)
        try:
            cursor = conn.execute(_sql.INSERT_ACCOUNT, (*values, account.seat))
        except sqlite3.IntegrityError as exc:
            if _CLOSED in str(exc):
                raise AccountClosed(account) from exc
            raise
        account_id = cursor.lastrowid
        assert account_id is not None
        if account.kind is AccountKind.PURSE:
            self._give_starting_chips(conn, account, account_id, learned)
        return account_id

    def _give_starting_chips(
        self, conn: sqlite3.Connection, purse: Account, purse_id: int, learned: Learned
    ) -> None:
        """Mint a new purse's starting chips from the server's issuance account."""
        chips = self._starting_chips(purse.guild_id)
        if chips > 0:
            bank = Account.issuance(purse.guild_id)
            key = f"start:{purse.guild_id}:{purse.user_id}"
            start = Posting(bank, purse, chips, Reason.START, key)
            validate(start)
            self._insert(conn, start, self._account_id(conn, bank, learned), purse_id)


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


def _refusal(
    conn: sqlite3.Connection, posting: Posting, src_id: int, exc: sqlite3.IntegrityError
) -> Exception:
    """The LedgerError for a transfer the database refused (or `exc` itself if unknown)."""
    message = str(exc)
    if _OVERDRAFT in message:
        row = conn.execute("SELECT balance FROM accounts WHERE id = ?", (src_id,)).fetchone()
        return Overdraft(posting.src, posting.amount, int(row[0]))
    if _CLOSED in message:
        return AccountClosed(posting.src if posting.src.is_escrow else posting.dst)
    if _OTHER_SERVER in message:
        return LedgerError("Chips cannot move between servers.")
    return exc


@contextlib.contextmanager
def _savepoint(conn: sqlite3.Connection, name: str) -> Iterator[None]:
    """Make a block all-or-nothing: on any error, undo it and re-raise."""
    conn.execute(f"SAVEPOINT {name}")
    try:
        yield
    except BaseException:
        conn.execute(f"ROLLBACK TO {name}")
        conn.execute(f"RELEASE {name}")
        raise
    conn.execute(f"RELEASE {name}")
