"""Opening Parlour's database: a `postgresql://` address is PostgreSQL, any other address
is refused, and anything else is a SQLite file (or `:memory:`), as `bot.storage.address`
reads them."""

from __future__ import annotations

import pathlib

from bot.storage.address import is_postgres
from bot.storage.base import Database
from bot.storage.postgres import PostgresDatabase
from bot.storage.sqlite import SqliteDatabase


async def open_database(target: str | pathlib.Path, *, read_only: bool = False) -> Database:
    """Open (creating or migrating as needed) the database `target` names.

    A database that is not Parlour's, out of reach or newer is refused with one
    sentence (`DatabaseFileError` for a file, `StorageError` for PostgreSQL or an
    address Parlour cannot use).
    `read_only` opens an existing Parlour database without migrating it.
    """
    where = str(target)
    if is_postgres(where):
        return await PostgresDatabase.open(where, read_only=read_only)
    return await SqliteDatabase.open(where, read_only=read_only)
