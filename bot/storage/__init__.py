"""Storage: the aiosqlite database, its group-commit unit of work, and SQL migrations."""

from bot.storage.database import Database, Params, SyncWork, Work
from bot.storage.migrate import Migration, MigrationError, load_migrations, migrate

__all__ = [
    "Database",
    "Migration",
    "MigrationError",
    "Params",
    "SyncWork",
    "Work",
    "load_migrations",
    "migrate",
]
