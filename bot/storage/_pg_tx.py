"""The `Tx` of PostgreSQL over an asyncpg connection, and the `?` placeholders turned
into PostgreSQL's numbered ones."""

from __future__ import annotations

import contextlib
import functools
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from typing import Any

import asyncpg

from bot.storage.tx import Dialect, IntegrityError, Params, Row

_OPAQUE = {"'": "'", '"': '"', "--": "\n", "/*": "*/"}
"""What opens a quoted string or a comment (no placeholder inside), and what closes it."""


@functools.lru_cache(maxsize=1024)
def numbered(sql: str) -> tuple[str, tuple[str, ...]]:
    """`sql` with PostgreSQL's numbered placeholders, and the names they stand for.

    Each `?` outside quoted strings and comments becomes `$1`, `$2`, ...; each `:name`
    (not a `::` cast) becomes the number of its name, the same number each time.
    """
    out: list[str] = []
    names: list[str] = []
    count = 0
    i = 0
    while i < len(sql):
        end = _opaque_end(sql, i)
        if end is not None:
            out.append(sql[i:end])
            i = end
            continue
        char = sql[i]
        if char == "?":
            count += 1
            char = f"${count}"
        elif char == ":" and _starts_name(sql, i):
            j = i + 1
            while j < len(sql) and (sql[j].isalnum() or sql[j] == "_"):
                j += 1
            name = sql[i + 1 : j]
            if name not in names:
                names.append(name)
            out.append(f"${names.index(name) + 1}")
            i = j
            continue
        out.append(char)
        i += 1
    return "".join(out), tuple(names)


def _opaque_end(sql: str, i: int) -> int | None:
    """Where the quoted string or comment that opens at `i` ends; None if none does."""
    for opener, closer in _OPAQUE.items():
        if sql.startswith(opener, i):
            end = sql.find(closer, i + len(opener))
            return len(sql) if end < 0 else end + len(closer)
    return None


def _starts_name(sql: str, i: int) -> bool:
    """Whether the colon at `i` begins a `:name` placeholder (not part of a `::` cast)."""
    before = sql[i - 1] if i else ""
    after = sql[i + 1] if i + 1 < len(sql) else ""
    return before != ":" and (after.isalpha() or after == "_")


def prepare(sql: str, params: Params) -> tuple[str, Sequence[object]]:
    """The statement and its arguments as asyncpg takes them."""
    text, names = numbered(sql)
    if isinstance(params, Mapping):
        return text, [params[name] for name in names]
    return text, params


def refusal(exc: Exception) -> IntegrityError:
    """The IntegrityError for a refusal of PostgreSQL's, with its words and constraint."""
    name = getattr(exc, "constraint_name", None)
    text = str(exc)
    return IntegrityError(f"{text} ({name})" if name and name not in text else text)


def changed(status: str) -> int:
    """The row count of an asyncpg status line ("UPDATE 3", "INSERT 0 1")."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PgTx:
    """A work's view of the writer connection, inside the batch's transaction.

    `aborted` is set once a statement failed outside `attempt`: PostgreSQL then refuses
    everything until the work's savepoint (or the whole transaction) is rolled back.
    """

    dialect: Dialect = "postgres"

    def __init__(self, conn: Any) -> None:
        self._conn = conn
        self.aborted = False

    async def execute(self, sql: str, params: Params = ()) -> int:
        """Run one statement; return how many rows it changed."""
        try:
            status = await self._conn.execute(*_flat(sql, params))
        except asyncpg.IntegrityConstraintViolationError as exc:
            self.aborted = True
            raise refusal(exc) from exc
        except Exception:
            self.aborted = True
            raise
        return changed(str(status))

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        """Run one statement for each row of parameters."""
        batch = [tuple(row) for row in rows]
        if not batch:
            return
        try:
            await self._conn.executemany(numbered(sql)[0], batch)
        except asyncpg.IntegrityConstraintViolationError as exc:
            self.aborted = True
            raise refusal(exc) from exc
        except Exception:
            self.aborted = True
            raise

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        """Run one statement and return every row it gives."""
        try:
            return list(await self._conn.fetch(*_flat(sql, params)))
        except asyncpg.IntegrityConstraintViolationError as exc:
            self.aborted = True
            raise refusal(exc) from exc
        except Exception:
            self.aborted = True
            raise

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        """Run one statement and return its first row, or None."""
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def attempt(self, sql: str, params: Params = ()) -> list[Row]:
        """One statement that may be refused, inside a savepoint of its own."""
        conn = self._conn
        await conn.execute("SAVEPOINT attempt")
        try:
            rows = list(await conn.fetch(*_flat(sql, params)))
        except asyncpg.IntegrityConstraintViolationError as exc:
            await conn.execute("ROLLBACK TO SAVEPOINT attempt; RELEASE SAVEPOINT attempt")
            raise refusal(exc) from exc
        except Exception:
            self.aborted = True
            raise
        await conn.execute("RELEASE SAVEPOINT attempt")
        return rows

    @contextlib.asynccontextmanager
    async def savepoint(self, name: str) -> AsyncIterator[None]:
        """A block that is all-or-nothing, in a savepoint of its own."""
        aborted = self.aborted
        await self._conn.execute(f"SAVEPOINT {name}")
        try:
            yield
        except BaseException:
            await self._conn.execute(f"ROLLBACK TO SAVEPOINT {name}; RELEASE SAVEPOINT {name}")
            self.aborted = aborted
            raise
        await self._conn.execute(f"RELEASE SAVEPOINT {name}")


def _flat(sql: str, params: Params) -> tuple[object, ...]:
    """asyncpg's positional arguments: the statement, then its values."""
    text, values = prepare(sql, params)
    return (text, *values)
