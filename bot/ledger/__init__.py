"""The chip ledger: per-server accounts, append-only transfers, checks and leaderboards."""

from bot.ledger.errors import (
    AccountClosed,
    BadAmount,
    DailyTooSoon,
    KeyConflict,
    LedgerError,
    Overdraft,
    Words,
)
from bot.ledger.ledger import Ledger, StartingChips
from bot.ledger.model import (
    DAILY_INTERVAL_S,
    MAX_AMOUNT,
    Account,
    AccountKind,
    DailyClaim,
    HistoryEntry,
    Posting,
    PostResult,
    Reason,
)

__all__ = [
    "DAILY_INTERVAL_S",
    "MAX_AMOUNT",
    "Account",
    "AccountClosed",
    "AccountKind",
    "BadAmount",
    "DailyClaim",
    "DailyTooSoon",
    "HistoryEntry",
    "KeyConflict",
    "Ledger",
    "LedgerError",
    "Overdraft",
    "PostResult",
    "Posting",
    "Reason",
    "StartingChips",
    "Words",
]
