"""The rows of a copy (`bot.storage.copy`): claiming the target, every table copied in key
order from where an earlier run left off, and the ledger settled to the source's
balances by the target's own rules.

Accounts are made empty and open, as they were first made; the transfers follow in id
order (the order they were made in), and the target's trigger moves each balance as it
did the first time, refusing an overdraft or a closed account as it always does; then
the accounts the source has closed are closed, which the target allows only if they
are empty. Every balance must then equal the source's, in the step that finishes the
copy.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.storage._copy_io import (
    OWN_TABLES,
    TABLES,
    Copied,
    Target,
    column_names,
    holding_data,
    last_key,
    move_identities,
    pages,
    quoted,
    table_names,
)
from bot.storage.pg_migrate import COPY_MARK
from bot.storage.tx import IntegrityError, StorageError, Tx, as_int

Progress = Callable[[str, int, bool], None]
"""Told (table, rows copied so far, whether the table is done) as the copy goes."""

Row = tuple[object, ...]
_ACCOUNTS = next(table for table in TABLES if table.name == "accounts")
_COPY_MARK_SQL = "SELECT value FROM parlour_meta WHERE key = ?"


async def copy_rows(
    src: Tx, dst: Target, ends: tuple[str, str], source_id: str, progress: Progress
) -> dict[str, int]:
    """Copy every table from `src` (source and target as shown in `ends`); return how
    many rows each holds in the target."""
    columns = await _plan(src, dst.tx, *ends)
    async with dst.step():
        await _claim(dst.tx, ends[1], source_id)
    rows: dict[str, int] = {}
    for table in TABLES:
        rows[table.name] = await _copy_table(src, dst, table, columns[table.name], progress)
    async with dst.step():
        await _settle(src, dst.tx, ends[1])
        await move_identities(dst.tx)
        if dst.tx.dialect == "postgres":
            await dst.tx.execute("DELETE FROM parlour_meta WHERE key = ?", (COPY_MARK,))
    return rows


async def _plan(src: Tx, dst: Tx, source: str, target: str) -> dict[str, list[str]]:
    """The columns to copy of each table; refuse two schemas that differ."""
    known = {t.name for t in TABLES}
    for where, tx in ((source, src), (target, dst)):
        names = await table_names(tx) - OWN_TABLES
        if names != known:
            odd = ", ".join(sorted(names ^ known))
            raise StorageError(
                f"{where} does not have this Parlour's tables (it differs at {odd}):"
                " bring it up to date with this Parlour first."
            )
    columns: dict[str, list[str]] = {}
    for table in TABLES:
        theirs = await column_names(src, table.name)
        if sorted(theirs) != sorted(await column_names(dst, table.name)):
            raise StorageError(
                f"The table {table.name} has other columns in {source} than in {target}:"
                " bring both up to date with this Parlour first."
            )
        columns[table.name] = theirs
    return columns


async def _claim(tx: Tx, target: str, source_id: str) -> None:
    """Take the target for this copy: it must hold no data, or only an unfinished copy
    of this source. On PostgreSQL, mark it as being copied until the copy is done."""
    if tx.dialect == "postgres":
        # Whatever writes to the target meanwhile waits for this step, and is then seen.
        names = ", ".join(["parlour_meta", *(t.name for t in TABLES)])
        await tx.execute(f"LOCK TABLE {names} IN SHARE ROW EXCLUSIVE MODE")
        marked = await tx.fetchone(_COPY_MARK_SQL, (COPY_MARK,))
        if marked is not None:
            unfinished(target, str(marked[0]), source_id)
            return
    full = await holding_data(tx)
    if full:
        raise already_full(target, full)
    if tx.dialect == "postgres":
        await tx.execute(
            "INSERT INTO parlour_meta (key, value) VALUES (?, ?)", (COPY_MARK, source_id)
        )


def unfinished(target: str, marked: str, source_id: str) -> None:
    """Refuse to finish another source's unfinished copy."""
    if marked != source_id:
        raise StorageError(
            f"{target} holds an unfinished copy of {marked}: copy from that database again"
            " to finish it, or copy into a new, empty database instead."
        )


def already_full(target: str, full: list[str]) -> StorageError:
    """The refusal of a target that holds data in the tables `full`."""
    listed = ", ".join(full[:3]) + (", ..." if len(full) > 3 else "")
    return StorageError(
        f"{target} already holds Parlour data (in {listed}), so nothing was written:"
        " copy into a new, empty database instead."
    )


async def _copy_table(
    src: Tx, dst: Target, table: Copied, columns: list[str], progress: Progress
) -> int:
    """Copy one table's rows after those already there, a step a page; return the count."""
    names = ", ".join(quoted(c) for c in columns)
    places = ", ".join("?" for _ in columns)
    insert = f"INSERT INTO {table.name} ({names}) VALUES ({places})"
    row = await dst.tx.fetchone(f"SELECT COUNT(*) FROM {table.name}")
    copied = as_int(row[0]) if row is not None else 0
    fresh = _fresh_account(columns) if table is _ACCOUNTS else None
    async for page in pages(src, table, columns, await last_key(dst.tx, table)):
        rows = [fresh(r) for r in page] if fresh is not None else page
        try:
            async with dst.step():
                await dst.tx.executemany(insert, rows)
        except IntegrityError as exc:
            raise StorageError(
                f"The target refused a row of {table.name} ({exc}): start again with a new,"
                " empty database."
            ) from exc
        copied += len(rows)
        progress(table.name, copied, False)
    progress(table.name, copied, True)
    return copied


def _fresh_account(columns: Sequence[str]) -> Callable[[Row], Row]:
    """An account's row as it is inserted: empty and open, as it was first made."""
    balance, closed = columns.index("balance"), columns.index("closed_at")

    def fresh(row: Row) -> Row:
        made = list(row)
        made[balance] = 0
        made[closed] = None
        return tuple(made)

    return fresh


async def _settle(src: Tx, dst: Tx, target: str) -> None:
    """Once every transfer is in: close what the source has closed, then refuse the copy
    unless every balance equals the source's."""
    columns = ["id", "balance", "closed_at"]
    balances: dict[object, object] = {}
    closings: list[tuple[object, object]] = []
    async for page in pages(src, _ACCOUNTS, columns):
        for account, balance, closed_at in page:
            balances[account] = balance
            if closed_at is not None:
                closings.append((closed_at, account))
    close = "UPDATE accounts SET closed_at = ? WHERE id = ? AND closed_at IS NULL"
    try:
        await dst.executemany(close, closings)
    except IntegrityError as exc:
        raise StorageError(
            f"{target} refused to close an account as the source has it ({exc}): start"
            " again with a new, empty database."
        ) from exc
    wrong: list[str] = []
    async for page in pages(dst, _ACCOUNTS, ["id", "balance"]):
        wrong += [
            f"account {a} holds {b}, not {balances.get(a)}" for a, b in page if b != balances.get(a)
        ]
    if wrong:
        raise StorageError(
            f"The transfers rebuilt other balances in {target} than the source's"
            f" ({'; '.join(wrong[:3])}): start again with a new, empty database."
        )
