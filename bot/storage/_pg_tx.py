"""The `Tx` of PostgreSQL over an asyncpg connection, and the `?` placeholders turned
into PostgreSQL's numbered ones."""

from __future__ import annotations

import contextlib
import functools
from collections.abc import AsyncIterator, Iterable, Iterator, Mapping, Sequence

import asyncpg

from bot.storage.pg_connect import PgConnection
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

    `aborted` is set once a statement failed outside a savepoint: PostgreSQL then
    refuses everything until the work's savepoint (or the whole transaction) is rolled
    back.

    A work is first run *boldly*: `attempt` makes its statement bare (one round trip,
    not three: SAVEPOINT, the statement, RELEASE), and `savepoint`, in a work that has a
    savepoint of its own (`undoable`), opens none. Nearly always nothing is refused and
    that is the whole story. When a bare statement is refused, or an exception leaves a
    block with no savepoint, the work's outcome is in doubt unless that very exception
    ends the work (it would have ended it with real savepoints too, and the work's undo
    covers what it did): `gamble` keeps it, and the writer undoes the work (or, with no
    savepoint of its own, the batch) and runs it again *carefully* (`careful`), with
    real savepoints throughout.
    """

    dialect: Dialect = "postgres"

    def __init__(self, conn: PgConnection, *, careful: bool = True, undoable: bool = False) -> None:
        self._conn = conn
        self._bare_attempts = not careful
        self._bare_savepoints = not careful and undoable
        self.aborted = False
        self.gamble: BaseException | None = None

    def in_doubt(self, outcome: BaseException | None) -> bool:
        """Whether a bold run that ended with `outcome` (None: succeeded) must be run
        again carefully: a bare statement was refused, or an exception left a block with
        no savepoint, and the work did not end with that same exception."""
        return self.gamble is not None and outcome is not self.gamble

    @contextlib.contextmanager
    def _statement(self) -> Iterator[None]:
        """Around one statement outside a savepoint: a failure leaves the transaction
        aborted, and a refusal of the database's becomes an IntegrityError."""
        try:
            yield
        except asyncpg.IntegrityConstraintViolationError as exc:
            self.aborted = True
            raise refusal(exc) from exc
        except Exception:
            self.aborted = True
            raise

    def _bet(self, exc: BaseException) -> None:
        """Remember the first exception a bold run let through."""
        if self.gamble is None:
            self.gamble = exc

    async def execute(self, sql: str, params: Params = ()) -> int:
        """Run one statement; return how many rows it changed."""
        with self._statement():
            text, values = prepare(sql, params)
            status = await self._conn.execute(text, *values)
        return changed(str(status))

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        """Run one statement for each row of parameters."""
        batch = [tuple(row) for row in rows]
        if not batch:
            return
        with self._statement():
            await self._conn.executemany(numbered(sql)[0], batch)

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        """Run one statement and return every row it gives."""
        with self._statement():
            text, values = prepare(sql, params)
            return list(await self._conn.fetch(text, *values))

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        """Run one statement and return its first row, or None."""
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def attempt(self, sql: str, params: Params = ()) -> list[Row]:
        """One statement that may be refused: bare in a bold run (a refusal puts the work
        in doubt), inside a savepoint of its own in a careful one."""
        if self._bare_attempts:
            try:
                return await self.fetchall(sql, params)
            except IntegrityError as exc:
                self._bet(exc)
                raise
        conn = self._conn
        text, values = prepare(sql, params)
        await conn.execute("SAVEPOINT attempt")
        try:
            rows = list(await conn.fetch(text, *values))
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
        """A block that is all-or-nothing: in a savepoint of its own, or (a bold run of an
        undoable work) in none, an exception leaving it putting the work in doubt."""
        if self._bare_savepoints:
            try:
                yield
            except BaseException as exc:
                self._bet(exc)
                raise
            return
        aborted = self.aborted
        await self._conn.execute(f"SAVEPOINT {name}")
        try:
            yield
        except BaseException:
            await self._conn.execute(f"ROLLBACK TO SAVEPOINT {name}; RELEASE SAVEPOINT {name}")
            self.aborted = aborted
            raise
        await self._conn.execute(f"RELEASE SAVEPOINT {name}")
