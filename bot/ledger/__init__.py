"""The chip ledger: per-server accounts, append-only transfers, checks and leaderboards."""

from bot.ledger.errors import AccountClosed, BadAmount, KeyConflict, LedgerError, Overdraft
from bot.ledger.ledger import Ledger, StartingChips
from bot.ledger.model import (
    MAX_AMOUNT,
    Account,
    AccountKind,
    HistoryEntry,
    Posting,
    PostResult,
    Reason,
)

__all__ = [
    "MAX_AMOUNT",
    "Account",
    "AccountClosed",
    "AccountKind",
    "BadAmount",
    "HistoryEntry",
    "KeyConflict",
    "Ledger",
    "LedgerError",
    "Overdraft",
    "PostResult",
    "Posting",
    "Reason",
    "StartingChips",
]
