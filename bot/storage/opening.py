"""Opening Parlour's database: a `postgresql://` address is PostgreSQL, anything else a
SQLite file (or `:memory:`)."""

from __future__ import annotations

import pathlib

from bot.storage.base import Database
from bot.storage.pg_connect import is_postgres
from bot.storage.postgres import PostgresDatabase
from bot.storage.sqlite import SqliteDatabase


async def open_database(target: str | pathlib.Path, *, read_only: bool = False) -> Database:
    """Open (creating or migrating as needed) the database `target` names.

    A database that is not Parlour's, out of reach or newer is refused with one
    sentence (`DatabaseFileError` for a file, `StorageError` for PostgreSQL).
    `read_only` opens an existing Parlour database without migrating it.
    """
    where = str(target)
    if is_postgres(where):
        return await PostgresDatabase.open(where, read_only=read_only)
    return await SqliteDatabase.open(where, read_only=read_only)
