"""Connecting to PostgreSQL, with every way it can go wrong said in one sentence."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Protocol

import asyncpg

from bot.storage.address import check_postgres, scrubbed, shown
from bot.storage.tx import Row, SqlValue, StorageError

CONNECT_TIMEOUT_S = 10.0
READ_ONLY = {"default_transaction_read_only": "on"}
"""The settings of a connection that only reads: PostgreSQL refuses its writes."""


class Unreachable(StorageError):
    """The server did not answer, or is still starting: it may yet (`bot.cli.checks`
    waits for it when told to)."""


class PgConnection(Protocol):
    """The part of an asyncpg connection Parlour uses (asyncpg ships no types of its own:
    what it returns is taken to be one of these)."""

    async def execute(self, query: str, *args: object) -> str:
        """Run statements; the last one's status line ("UPDATE 3")."""

    async def executemany(self, command: str, args: Iterable[Sequence[object]]) -> None:
        """Run one statement for each row of parameters."""

    async def fetch(self, query: str, *args: object) -> list[Row]:
        """Run a query and return every row (asyncpg's Records)."""

    async def fetchmany(self, query: str, args: Iterable[Sequence[object]]) -> list[Row]:
        """Run one query for each row of parameters, in one round trip; every row."""

    async def fetchval(self, query: str, *args: object) -> SqlValue:
        """Run a query and return its first row's first value, or None."""

    def transaction(
        self, *, isolation: str | None = None, readonly: bool = False
    ) -> AbstractAsyncContextManager[object]:
        """A block run in a transaction of its own."""

    async def set_type_codec(
        self,
        typename: str,
        *,
        encoder: Callable[[str], str],
        decoder: Callable[[str], int | float],
        schema: str,
        format: str,
    ) -> None:
        """Read and write a type through these functions."""

    def is_closed(self) -> bool:
        """Whether the connection is closed."""

    async def close(self) -> None:
        """Close the connection politely."""

    def terminate(self) -> None:
        """Close the connection at once."""


class PgPool(Protocol):
    """The part of an asyncpg pool Parlour uses."""

    async def fetch(self, query: str, *args: object) -> list[Row]:
        """Run a query on one of the pool's connections and return every row."""

    async def close(self) -> None:
        """Close every connection, waiting for those in use."""


async def connect(dsn: str, *, read_only: bool = False) -> PgConnection:
    """An asyncpg connection to `dsn` (refusing writes if `read_only`); a `StorageError`
    sentence if there is none to be had (a malformed address is refused before trying)."""
    check_postgres(dsn)
    where = shown(dsn)
    settings = READ_ONLY if read_only else None
    try:
        conn: PgConnection = await asyncpg.connect(
            dsn, timeout=CONNECT_TIMEOUT_S, server_settings=settings
        )
        await prepare_connection(conn)
        return conn
    except (asyncpg.InvalidPasswordError, asyncpg.InvalidAuthorizationSpecificationError) as exc:
        raise StorageError(
            f"PostgreSQL at {where} refused the credentials ({_first_line(exc, dsn)}):"
            " check the user and password in PARLOUR_DB."
        ) from None
    except asyncpg.InvalidCatalogNameError as exc:
        raise StorageError(
            f"PostgreSQL at {where} has no such database ({_first_line(exc, dsn)}):"
            " create it first."
        ) from None
    except (TimeoutError, OSError, asyncpg.CannotConnectNowError) as exc:
        reason = _first_line(exc, dsn) or "no answer"
        raise Unreachable(
            f"PostgreSQL at {where} could not be reached ({reason}):"
            " check that it is running and that PARLOUR_DB names it."
        ) from None
    except (
        asyncpg.PostgresError,
        asyncpg.InterfaceError,
        # asyncpg's own reading of an address the check let by: a bad value of a query
        # parameter, a host list it indexes past, a port socket.connect cannot take
        ValueError,
        LookupError,
        OverflowError,
    ) as exc:
        raise StorageError(
            f"PostgreSQL at {where} could not be used ({_first_line(exc, dsn)})."
        ) from None


async def prepare_connection(conn: PgConnection) -> None:
    """Make a connection answer as SQLite does: a SUM of whole numbers (PostgreSQL's
    numeric) comes back as an int, not a Decimal."""
    await conn.set_type_codec(
        "numeric", encoder=str, decoder=_number, schema="pg_catalog", format="text"
    )


def _number(text: str) -> int | float:
    """A numeric value as Python's int when whole, else float."""
    return int(text) if text.lstrip("-").isdigit() else float(text)


def _first_line(exc: BaseException, dsn: str) -> str:
    """An exception's message, on one line, with no password of the address in it."""
    return " ".join(scrubbed(str(exc), dsn).split())[:160]
