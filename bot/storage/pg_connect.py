"""Connecting to PostgreSQL, with every way it can go wrong said in one sentence."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Protocol
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bot.storage.tx import Row, SqlValue, StorageError

CONNECT_TIMEOUT_S = 10.0
SCHEMES = ("postgresql://", "postgres://")
READ_ONLY = {"default_transaction_read_only": "on"}
"""The settings of a connection that only reads: PostgreSQL refuses its writes."""
_USER_PASSWORD = re.compile(r"^([a-z]+://[^:/@]*:)[^@]*@")


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


def is_postgres(target: str) -> bool:
    """Whether a database address names PostgreSQL (else it is a SQLite path)."""
    return target.startswith(SCHEMES)


def shown(dsn: str) -> str:
    """The address with any password hidden, fit for logs and messages."""
    try:
        parts = urlsplit(dsn)
        password = parts.password
    except ValueError:
        # Not an address urlsplit can read (a broken IPv6 host): whatever lies between
        # the user's colon and the @ is hidden all the same.
        return _USER_PASSWORD.sub(r"\1***@", dsn, count=1)
    if password is None:
        return dsn
    netloc = parts.netloc.replace(f":{password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


async def connect(dsn: str, *, read_only: bool = False) -> PgConnection:
    """An asyncpg connection to `dsn` (refusing writes if `read_only`); a `StorageError`
    sentence if there is none to be had."""
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
            f"PostgreSQL at {where} refused the credentials ({_first_line(exc)}):"
            " check the user and password in PARLOUR_DB."
        ) from None
    except asyncpg.InvalidCatalogNameError as exc:
        raise StorageError(
            f"PostgreSQL at {where} has no such database ({_first_line(exc)}): create it first."
        ) from None
    except (TimeoutError, OSError) as exc:
        reason = _first_line(exc) or "no answer"
        raise StorageError(
            f"PostgreSQL at {where} could not be reached ({reason}):"
            " check that it is running and that PARLOUR_DB names it."
        ) from None
    except (asyncpg.PostgresError, asyncpg.InterfaceError, ValueError) as exc:
        raise StorageError(
            f"PostgreSQL at {where} could not be used ({_first_line(exc)})."
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


def _first_line(exc: BaseException) -> str:
    """An exception's message, on one line."""
    return " ".join(str(exc).split())[:160]
