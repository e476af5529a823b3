"""Storage: one contract (`Tx`, `Database`) on two backends, SQLite and PostgreSQL, each
with its group-commit unit of work and its numbered SQL migrations."""

from bot.storage.base import Database
from bot.storage.migrate import Migration, MigrationError, load_migrations, migrate
from bot.storage.opening import open_database
from bot.storage.tx import IntegrityError, Params, Row, StorageError, Tx, Work

__all__ = [
    "Database",
    "IntegrityError",
    "Migration",
    "MigrationError",
    "Params",
    "Row",
    "StorageError",
    "Tx",
    "Work",
    "load_migrations",
    "migrate",
    "open_database",
]
