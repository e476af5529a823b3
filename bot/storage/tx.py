"""The storage contract every unit of work is written against, whatever the backend.

A *work* is an async function of a `Tx`. It reads and writes only through the `Tx` it is
given, in one SQL dialect both backends understand: `?` placeholders (or `:name` with a
mapping; PostgreSQL's are numbered for it), `INSERT ... RETURNING id` for new ids,
`ON CONFLICT ... DO NOTHING`, and integers for flags. Each backend runs works in group
commits (`Database.write`).

On SQLite a work's `await tx.…` never suspends: the backend drives the whole work on its
writer thread in one go, so a work must await nothing but its `Tx` (and functions that
do the same). On PostgreSQL each statement is a round trip of its own.

A statement the database refuses raises `IntegrityError` on both backends, with the
database's words (the constraint's name, or a trigger's "ledger: ..." message). Inside a
work, a refused statement undoes the whole work, unless it was made with `attempt`,
which undoes that statement alone and lets the work go on (PostgreSQL otherwise
abandons the transaction at the first error).

A work may be run more than once before its batch commits (PostgreSQL runs it again
after undoing it, for instance when it went on from a refusal): it must act on nothing
but its `Tx` and `Database.on_commit`, and only the run that commits counts.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Literal, Protocol, TypeVar

T = TypeVar("T")
SqlValue = int | str | float | bytes | None
"""One column's value as both backends give it back: integers for flags, text for times
and JSON, and PostgreSQL's numeric as an int when whole (see `pg_connect`)."""
Params = Sequence[object] | Mapping[str, object]
Dialect = Literal["sqlite", "postgres"]


class Row(Protocol):
    """A result row: by column name or position (sqlite3.Row and asyncpg's Record)."""

    def __getitem__(self, key: int | str) -> SqlValue:
        """The value of a column, by position or by name."""

    def __len__(self) -> int:
        """The number of columns."""

    def __iter__(self) -> Iterator[SqlValue]:
        """The values, in column order."""


def as_int(value: SqlValue) -> int:
    """A column known to hold an integer (a flag or a boolean comes back as 0 or 1)."""
    assert isinstance(value, int), f"expected an integer column, got {value!r}"
    return int(value)


def as_str(value: SqlValue) -> str:
    """A column known to hold text."""
    assert isinstance(value, str), f"expected a text column, got {value!r}"
    return value


def as_int_or_none(value: SqlValue) -> int | None:
    """A nullable integer column."""
    return None if value is None else as_int(value)


def as_str_or_none(value: SqlValue) -> str | None:
    """A nullable text column."""
    return None if value is None else as_str(value)


def as_float_or_none(value: SqlValue) -> float | None:
    """A nullable real column (SQLite may give a whole one back as an int, kept as is)."""
    assert value is None or isinstance(value, int | float), f"expected a number, got {value!r}"
    return value


class IntegrityError(Exception):
    """The database refused a statement: a constraint, a unique key or a ledger trigger."""


class StorageError(Exception):
    """A database Parlour cannot or must not use; the message is one sentence."""


class Tx(Protocol):
    """The connection a unit of work is given."""

    dialect: Dialect

    async def execute(self, sql: str, params: Params = ()) -> int:
        """Run one statement; return how many rows it changed."""

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        """Run one statement for each row of parameters."""

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        """Run one statement and return every row it gives."""

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        """Run one statement and return its first row, or None."""

    async def attempt(self, sql: str, params: Params = ()) -> list[Row]:
        """Run one statement whose refusal the caller handles: if the database refuses
        it (`IntegrityError`), that statement alone is undone and the work may go on."""

    def savepoint(self, name: str) -> AbstractAsyncContextManager[None]:
        """A block that is all-or-nothing: if it raises, what it did is undone, and the
        work may go on from where the block began."""


Work = Callable[[Tx], Awaitable[T]]
