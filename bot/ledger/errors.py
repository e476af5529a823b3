"""Errors the ledger raises for postings it refuses; each carries a readable `reason`.

A refusal a player reads is also kept as catalogue data (`Words`: key, English source,
parameters), which `bot.i18n` turns into the reader's language. The ledger may not import
the rules' `Message` (it imports nothing of ours but storage), so it keeps these plain
values of its own; `worded` is found by the catalogue's extraction as `message` is.
"""

from __future__ import annotations

from typing import NamedTuple

from bot.ledger.model import MAX_AMOUNT, Account


class Words(NamedTuple):
    """A refusal as catalogue data: key, English (and its plural, by `count`), parameters."""

    key: str
    english: str
    plural: str | None
    params: tuple[tuple[str, int | str], ...]

    def text(self) -> str:
        """The refusal in English (numbers grouped: 1,250)."""
        values = dict(self.params)
        form = self.english if self.plural is None or values.get("count") == 1 else self.plural
        return form.format(**{k: f"{v:,}" if isinstance(v, int) else v for k, v in values.items()})


def worded(key: str, english: str, plural: str | None = None, **params: int | str) -> Words:
    """A refusal's words: its key, English source (plural form by `count`), parameters."""
    return Words(key, english, plural, tuple(sorted(params.items())))


class LedgerError(Exception):
    """A posting the ledger refused, with a sentence a user can read in `reason` (and,
    when it was raised with `Words`, those words for any language in `words`)."""

    def __init__(self, reason: str | Words) -> None:
        self.words = reason if isinstance(reason, Words) else None
        text = reason.text() if isinstance(reason, Words) else reason
        super().__init__(text)
        self.reason = text


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
        super().__init__(_too_soon(wait_s))
        self.wait_s = wait_s


def _too_soon(seconds: float) -> Words:
    """The refusal of an early daily claim, with the wait as `wait_text` gives it."""
    hours, minutes = divmod(max(0, int(seconds)) // 60, 60)
    if hours:
        return worded(
            "ledger.daily.too-soon.hours",
            "Your daily chips are already claimed. You can claim again in {hours} h {minutes} min.",
            hours=hours,
            minutes=minutes,
        )
    if minutes:
        return worded(
            "ledger.daily.too-soon.minutes",
            "Your daily chips are already claimed. You can claim again in {minutes} min.",
            minutes=minutes,
        )
    return worded(
        "ledger.daily.too-soon.moment",
        "Your daily chips are already claimed. You can claim again in under a minute.",
    )


def wait_text(seconds: float) -> str:
    """A wait in hours and minutes, rounded down: "19 h 59 min", "5 min", "under a minute"."""
    whole = max(0, int(seconds))
    hours, minutes = divmod(whole // 60, 60)
    if hours:
        return f"{hours} h {minutes} min"
    return f"{minutes} min" if minutes else "under a minute"
