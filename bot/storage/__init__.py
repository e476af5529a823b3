"""Storage: one contract (`Tx`, `Database`) on two backends, SQLite and PostgreSQL, each
with its group-commit unit of work and its numbered SQL migrations."""

from bot.storage.base import Database
from bot.storage.migrate import Migration, MigrationError, load_migrations, migrate
from bot.storage.opening import open_database
from bot.storage.tx import (
    IntegrityError,
    Params,
    Row,
    SqlValue,
    StorageError,
    Tx,
    Work,
    as_float_or_none,
    as_int,
    as_int_or_none,
    as_str,
    as_str_or_none,
)

__all__ = [
    "Database",
    "IntegrityError",
    "Migration",
    "MigrationError",
    "Params",
    "Row",
    "SqlValue",
    "StorageError",
    "Tx",
    "Work",
    "as_float_or_none",
    "as_int",
    "as_int_or_none",
    "as_str",
    "as_str_or_none",
    "load_migrations",
    "migrate",
    "open_database",
]
