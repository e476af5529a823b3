"""Opening Parlour's SQLite connections: each role ("writer", "reader",
"checkpointer") configured for WAL and the group-commit writer, and the file stamped as
Parlour's first of all."""

from __future__ import annotations

import pathlib
import sqlite3

from bot.storage._writer import WriterConnection
from bot.storage.files import APPLICATION_ID, read_only_uri

BUSY_TIMEOUT_MS = 5000


def open_connection(path: str, role: str, *, read_only: bool = False) -> sqlite3.Connection:
    """Open and configure one sqlite3 connection: "writer", "reader" or "checkpointer"."""
    if read_only:
        uri = read_only_uri(pathlib.Path(path))
        conn = sqlite3.connect(uri, uri=True, isolation_level=None)
        role = "reader"
    else:
        conn = sqlite3.connect(path, isolation_level=None)
    conn.row_factory = sqlite3.Row
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    # NORMAL is durable across application crashes in WAL mode; only a power loss can
    # lose the last commits, and never corrupts the file.
    conn.execute("PRAGMA synchronous = NORMAL")
    if role == "reader":
        conn.execute("PRAGMA query_only = ON")
    if role != "writer":
        return conn
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA foreign_keys = ON")
    # Savepoint journals stay in memory: every work of a batch opens one.
    conn.execute("PRAGMA temp_store = MEMORY")
    if path != ":memory:":
        # A checkpoint inside COMMIT would stall the whole batch (and every caller
        # waiting on it) for milliseconds; the checkpointer task does it off to the side.
        conn.execute("PRAGMA wal_autocheckpoint = 0")
    return conn


async def mark(writer: WriterConnection) -> None:
    """Stamp the file as Parlour's, first of all, so that even a half-made one is known."""
    rows = list(await writer.execute_fetchall("PRAGMA application_id"))
    if rows[0][0] != APPLICATION_ID:
        await writer.execute(f"PRAGMA application_id = {APPLICATION_ID}")
