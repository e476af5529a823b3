"""What Parlour may do with a database file: know its own, leave others' alone, say why.

Parlour marks its databases with SQLite's `application_id` header field. A file is
Parlour's when it carries that mark, or (written before the mark existed) when its
`schema_migrations` table records Parlour's first migration. A missing path or an empty
file becomes Parlour's; anything else (another application's database, random bytes, a
folder) is refused before a single byte is written, and the header is read straight
from the file so that even the refusal leaves no journal or WAL files beside it.

Every refusal is a `DatabaseFileError` whose message is one sentence for the person at
the terminal; `guard` turns SQLite's own file errors (a damaged page, a full disk, a
read-only file) into the same sentences, while errors that mean a bug pass through.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
from collections.abc import Iterator
from pathlib import Path

APPLICATION_ID = 0x50524C52
"""`PRAGMA application_id` of every Parlour database: "PRLR" in ASCII."""

_MAGIC = b"SQLite format 3\x00"
_HEADER_SIZE = 100
_APPLICATION_ID_AT = 68
_FIRST_MIGRATION = (1, "ledger")
_DETAIL_CHARS = 100


class DatabaseFileError(Exception):
    """A database file Parlour cannot or must not use; the message is one sentence."""


def claim(path: Path, *, write: bool) -> bool:
    """Check that `path` is Parlour's database (or may become it); return whether it is new.

    With `write`, a missing path or an empty file is fine (it will be created as
    Parlour's) and the file and its folder must be writable. Without, the file must
    already hold a Parlour ledger. Nothing is written either way.
    """
    try:
        info = path.stat()
    except FileNotFoundError:
        return _claim_missing(path, write)
    except NotADirectoryError:
        raise DatabaseFileError(_blocked(path)) from None
    except OSError as exc:
        raise DatabaseFileError(f"Parlour cannot open {path} ({exc.strerror}).") from None
    if stat.S_ISDIR(info.st_mode):
        raise DatabaseFileError(f"{path} is a folder, not a database file.")
    if not stat.S_ISREG(info.st_mode):
        raise DatabaseFileError(f"{path} is not a regular file, so it cannot hold a database.")
    new = _identify(path, info.st_size, write)
    if write:
        _check_writable(path)
    return new


def verify(path: Path) -> None:
    """Refuse a Parlour database whose pages are damaged (SQLite's quick check, read-only)."""
    with guard(path), contextlib.closing(_look(path, foreign=False)) as conn:
        problems = [row[0] for row in conn.execute("PRAGMA quick_check(1)")]
    if problems != ["ok"]:
        raise DatabaseFileError(_damaged(path, str(problems[0] if problems else "no answer")))


def read_only_uri(path: Path) -> str:
    """The URI that reads Parlour's database without writing to it.

    Shared, so that a running bot's latest commits are seen; but immutable when there is
    no WAL and the folder is not writable, since no bot can be writing the file then and
    SQLite could not make the shared-memory file a shared reader needs.
    """
    still = not Path(f"{path}-wal").exists() and not _writable(path.resolve().parent)
    return f"{path.resolve().as_uri()}?mode=ro{'&immutable=1' if still else ''}"


@contextlib.contextmanager
def guard(path: Path | str) -> Iterator[None]:
    """Turn a SQLite error about the file itself into a DatabaseFileError sentence."""
    try:
        yield
    except Exception as exc:
        sentence = _describe(Path(path), exc)
        if sentence is None:
            raise
        raise DatabaseFileError(sentence) from exc


def _claim_missing(path: Path, write: bool) -> bool:
    """A path with nothing at it: fine to create when writing, if its folder allows."""
    if not write:
        raise DatabaseFileError(f"There is no database at {path}.")
    folder = _nearest_existing(path.parent)
    if not folder.is_dir():
        raise DatabaseFileError(_blocked(path))
    if not _writable(folder):
        raise DatabaseFileError(f"Parlour cannot create {path}: {folder} is not writable.")
    return True


def _identify(path: Path, size: int, write: bool) -> bool:
    """Whether an existing file is new to Parlour; refuse it unless it is Parlour's."""
    if size == 0:
        if write:
            return True
        raise DatabaseFileError(f"{path} is empty: it holds no Parlour ledger yet.")
    header = _read_header(path)
    if not header.startswith(_MAGIC):
        raise DatabaseFileError(f"{path} is not a SQLite database, so Parlour leaves it alone.")
    if len(header) < _HEADER_SIZE:
        raise DatabaseFileError(_damaged(path, "it is shorter than a SQLite header"))
    mark = int.from_bytes(header[_APPLICATION_ID_AT : _APPLICATION_ID_AT + 4], "big")
    if mark not in (0, APPLICATION_ID):
        raise DatabaseFileError(_foreign(path))
    if mark == APPLICATION_ID and write:
        return False
    versions, empty = _peek(path, foreign=not mark)
    if empty and mark == 0:
        if write:
            return True
        raise DatabaseFileError(f"{path} is empty: it holds no Parlour ledger yet.")
    if mark == 0 and _FIRST_MIGRATION not in versions:
        raise DatabaseFileError(_foreign(path))
    if not write:
        _check_current(path, {version for version, _ in versions})
    return False


def _peek(path: Path, *, foreign: bool) -> tuple[set[tuple[int, str]], bool]:
    """The migrations a file records, and whether it holds no schema at all."""
    with guard(path), contextlib.closing(_look(path, foreign=foreign)) as conn:
        names = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
        user_version = conn.execute("PRAGMA user_version").fetchone()[0]
        if "schema_migrations" not in names:
            return set(), not names and user_version == 0
        rows = conn.execute("SELECT version, name FROM schema_migrations").fetchall()
    return {(int(version), str(name)) for version, name in rows}, False


def _check_current(path: Path, recorded: set[int]) -> None:
    """Refuse to read a database whose schema is older than this Parlour's."""
    from bot.storage.migrate import load_migrations

    if not {m.version for m in load_migrations()} <= recorded:
        raise DatabaseFileError(
            f"{path} was written by an older Parlour: run `parlour play` or `parlour run`"
            " on it once to bring it up to date."
        )


def _check_writable(path: Path) -> None:
    """Refuse a file (or a folder for its journal) that Parlour could not write."""
    if not _writable(path):
        raise DatabaseFileError(f"{path} is read-only: make it writable, or use another file.")
    folder = path.resolve().parent
    if not _writable(folder):
        # SQLite keeps its write-ahead log and shared memory in files beside the database.
        raise DatabaseFileError(f"Parlour cannot write beside {path}: {folder} is not writable.")


def _writable(path: Path) -> bool:
    """Whether the file or folder may be written, honouring its mode bits even for root."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return False
    return os.access(path, os.W_OK) and bool(mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))


def _read_header(path: Path) -> bytes:
    """The first bytes of the file, where SQLite keeps its magic and application id."""
    try:
        with path.open("rb") as file:
            return file.read(_HEADER_SIZE)
    except OSError as exc:
        raise DatabaseFileError(f"Parlour cannot read {path} ({exc.strerror}).") from None


def _look(path: Path, *, foreign: bool) -> sqlite3.Connection:
    """A read-only connection for a look at a file that leaves nothing behind.

    Immutable, SQLite takes no lock and makes no journal, WAL or shared-memory file. A
    Parlour database with a WAL beside it may be in use by a running bot, so that one
    is opened shared instead, to see the bot's latest commits consistently.
    """
    in_use = not foreign and Path(f"{path}-wal").exists()
    mode = "mode=ro" if in_use else "mode=ro&immutable=1"
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?{mode}", uri=True)
    conn.execute("PRAGMA query_only = ON")
    return conn


def _nearest_existing(path: Path) -> Path:
    """The path itself or its closest ancestor that exists."""
    for candidate in (path, *path.parents):
        if candidate.exists() or candidate.is_symlink():
            return candidate
    return path


def _blocked(path: Path) -> str:
    """The sentence for a path that runs through a file as though it were a folder."""
    blocker = next((p for p in path.parents if p.exists() and not p.is_dir()), path.parent)
    return f"There can be no database at {path}: {blocker} is a file, not a folder."


def _foreign(path: Path) -> str:
    """The sentence for another application's SQLite database."""
    return f"{path} is another application's database, so Parlour leaves it alone."


def _damaged(path: Path, detail: str) -> str:
    """The sentence for a database whose contents SQLite cannot trust."""
    words = " ".join(detail.split())  # a quick check's report runs over several lines
    if len(words) > _DETAIL_CHARS:
        words = words[: _DETAIL_CHARS - 3] + "..."
    return f"{path} is damaged ({words}): restore it from a backup or move it aside."


# SQLite's primary result codes that are about the file, not about Parlour's SQL.
_FILE_ERRORS = {
    "SQLITE_CORRUPT": "damaged",
    "SQLITE_NOTADB": "damaged",
    "SQLITE_FULL": "full",
    "SQLITE_IOERR": "io",
    "SQLITE_READONLY": "read-only",
    "SQLITE_CANTOPEN": "open",
    "SQLITE_PERM": "open",
    "SQLITE_BUSY": "busy",
    "SQLITE_LOCKED": "busy",
}


def _describe(path: Path, exc: BaseException) -> str | None:
    """The sentence for a file problem somewhere in `exc`'s causes; None for anything else."""
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, sqlite3.Error):
            name = str(getattr(seen, "sqlite_errorname", "")).split("_")
            kind = _FILE_ERRORS.get("_".join(name[:2]))
            if kind is not None:
                return _sentence(path, kind, str(seen))
        seen = seen.__cause__
    return None


def _sentence(path: Path, kind: str, detail: str) -> str:
    """One sentence for a kind of file problem."""
    return {
        "damaged": _damaged(path, detail),
        "full": f"The disk holding {path} is full: free some space and try again.",
        "io": f"Parlour could not read or write {path} ({detail}).",
        "read-only": f"{path} is read-only: make it writable, or use another file.",
        "open": f"Parlour cannot open {path} ({detail}).",
        "busy": f"{path} is busy: another Parlour may be using it, so stop that one first.",
    }[kind]
