"""The ledger's plain data: account identities, postings, reasons, and what reads return."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import datetime

MAX_AMOUNT = 10**12
DAILY_INTERVAL_S = 20 * 3600
"""How long a player waits between two daily claims."""


class Reason(enum.StrEnum):
    """Why chips moved; stored in every transfer (the migration lists the same set)."""

    START = "start"  # a purse's starting chips, from the server's issuance account
    DAILY = "daily"
    GRANT = "grant"  # an admin's grant
    GIFT = "gift"  # purse to purse
    BUYIN = "buyin"  # purse to a seat's stake
    TOPUP = "topup"
    CASHOUT = "cashout"  # a seat's stake back to the purse
    SETTLE = "settle"  # between stakes and the pot during play
    REFUND = "refund"
    AI_BUYIN = "ai_buyin"  # issuance to an AI seat's stake
    AI_CASHOUT = "ai_cashout"
    CARRY = "carry"
    ENTRY = "entry"  # purse to a tournament's entry escrow: a buy-in
    PRIZE = "prize"  # a tournament's entry escrow to a purse
    LEND = "lend"  # issuance to a seat's stake at a tournament table: its equal stack
    REPAY = "repay"  # that stake back to the issuance when the seat leaves


class AccountKind(enum.StrEnum):
    """The five kinds of account a server's economy has."""

    ISSUANCE = "issuance"  # mints chips; the only account allowed below zero
    PURSE = "purse"  # a player's chips
    STAKE = "stake"  # escrow: what one seat brought to a chip table
    POT = "pot"  # escrow: a chip table's pot
    ENTRY = "entry"  # escrow: a tournament's buy-ins, until its prizes are paid


@dataclass(frozen=True, slots=True)
class Account:
    """The identity of an account; build one with the classmethods."""

    guild_id: int
    kind: AccountKind
    user_id: int | None = None
    table_id: int | None = None
    seat: int | None = None
    tournament_id: int | None = None

    def __post_init__(self) -> None:
        wants = _SHAPE[self.kind]
        has = (
            self.user_id is not None,
            self.table_id is not None,
            self.seat is not None,
            self.tournament_id is not None,
        )
        assert has == wants, f"malformed {self.kind} account: {self!r}"

    @classmethod
    def issuance(cls, guild_id: int) -> Account:
        """The server's issuance account, which mints starting chips, dailies and grants."""
        return cls(guild_id, AccountKind.ISSUANCE)

    @classmethod
    def purse(cls, guild_id: int, user_id: int) -> Account:
        """A player's purse in one server."""
        return cls(guild_id, AccountKind.PURSE, user_id=user_id)

    @classmethod
    def stake(cls, guild_id: int, table_id: int, seat: int) -> Account:
        """The escrow holding what one seat brought to a chip table."""
        return cls(guild_id, AccountKind.STAKE, table_id=table_id, seat=seat)

    @classmethod
    def pot(cls, guild_id: int, table_id: int) -> Account:
        """The escrow holding a chip table's pot."""
        return cls(guild_id, AccountKind.POT, table_id=table_id)

    @classmethod
    def entry(cls, guild_id: int, tournament_id: int) -> Account:
        """The escrow holding a tournament's buy-ins until its prizes are paid."""
        return cls(guild_id, AccountKind.ENTRY, tournament_id=tournament_id)

    @property
    def is_escrow(self) -> bool:
        """Whether this account belongs to a table (a stake or a pot)."""
        return self.table_id is not None

    @property
    def closes(self) -> bool:
        """Whether this account can be closed: a table's stake or pot, a tournament's entry."""
        return self.kind in (AccountKind.STAKE, AccountKind.POT, AccountKind.ENTRY)

    def describe(self) -> str:
        """The account in a few plain words, e.g. "the pot of table 7"."""
        if self.kind is AccountKind.ISSUANCE:
            return "the bank"
        if self.kind is AccountKind.PURSE:
            return f"the purse of user {self.user_id}"
        if self.kind is AccountKind.STAKE:
            # seats are counted from 1 wherever a person reads them, as in the pictures
            return f"the stake of seat {(self.seat or 0) + 1} at table {self.table_id}"
        if self.kind is AccountKind.ENTRY:
            return f"the entry pot of tournament {self.tournament_id}"
        return f"the pot of table {self.table_id}"


# Which of (user_id, table_id, seat, tournament_id) each kind of account has.
_SHAPE = {
    AccountKind.ISSUANCE: (False, False, False, False),
    AccountKind.PURSE: (True, False, False, False),
    AccountKind.STAKE: (False, True, True, False),
    AccountKind.POT: (False, True, False, False),
    AccountKind.ENTRY: (False, False, False, True),
}


@dataclass(frozen=True, slots=True)
class Posting:
    """One transfer to make: `amount` chips from `src` to `dst`, named by an idempotency key.

    The key is derived from the event (`settle:{table}:{seq}:{leg}`,
    `daily:{guild}:{user}:{date}`), so posting the same event twice pays once. Escrow
    postings should name their `game`: the per-game leaderboard counts buy-ins and
    cash-outs by it. `table_id` defaults to the table of the escrow account involved.
    """

    src: Account
    dst: Account
    amount: int
    reason: Reason
    key: str
    game: str | None = None
    table_id: int | None = None


@dataclass(frozen=True, slots=True)
class PostResult:
    """The transfer a posting made, or found already made under the same key."""

    transfer_id: int
    replayed: bool


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One transfer in or out of a purse, as the purse's owner sees it."""

    transfer_id: int
    at: datetime  # UTC
    amount: int  # positive in, negative out
    reason: Reason
    counterparty: Account
    counterparty_text: str  # counterparty.describe()
    game: str | None


@dataclass(frozen=True, slots=True)
class DailyClaim:
    """A daily claim that was paid: how much, the purse's balance after it, and when the
    next claim opens (unix seconds)."""

    amount: int
    balance: int
    next_at: float
