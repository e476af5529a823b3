"""Errors the ledger raises for postings it refuses; each carries a readable `reason`."""

from __future__ import annotations

from bot.ledger.model import MAX_AMOUNT, Account


class LedgerError(Exception):
    """A posting the ledger refused, with a sentence a user can read in `reason`."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Overdraft(LedgerError):
    """The source account holds fewer chips than the posting moves."""

    def __init__(self, account: Account, needed: int, available: int) -> None:
        super().__init__(
            f"Not enough chips: {account.describe()} holds {available}, and {needed} are needed."
        )
        self.account = account
        self.needed = needed
        self.available = available


class KeyConflict(LedgerError):
    """The idempotency key was already used for a different transfer."""

    def __init__(self, key: str) -> None:
        super().__init__(
            f"That event ({key}) was already recorded with different chips; nothing was moved."
        )
        self.key = key


class BadAmount(LedgerError):
    """The amount is not a whole number of chips between 1 and the ledger's maximum."""

    def __init__(self, amount: object) -> None:
        super().__init__(f"An amount of chips must be a whole number from 1 to {MAX_AMOUNT:,}.")
        self.amount = amount


class AccountClosed(LedgerError):
    """The posting touches the escrow of a table (or a tournament) that has closed."""

    def __init__(self, account: Account | None = None) -> None:
        where = f" ({account.describe()})" if account is not None else ""
        what = "tournament" if account is not None and account.tournament_id else "table"
        super().__init__(f"That {what} has closed{where}; its chips can no longer move.")
        self.account = account


class DailyTooSoon(LedgerError):
    """The player claimed their daily chips less than the interval ago."""

    def __init__(self, wait_s: float) -> None:
        super().__init__(
            f"Your daily chips are already claimed. You can claim again in {wait_text(wait_s)}."
        )
        self.wait_s = wait_s


def wait_text(seconds: float) -> str:
    """A wait in hours and minutes, rounded down: "19 h 59 min", "5 min", "under a minute"."""
    whole = max(0, int(seconds))
    hours, minutes = divmod(whole // 60, 60)
    if hours:
        return f"{hours} h {minutes} min"
    return f"{minutes} min" if minutes else "under a minute"
