"""`parlour db copy --from DB --to DB`: move a server's data between databases (a SQLite
file or a `postgresql://` address at either end), checked on both ends afterwards."""

from __future__ import annotations

import argparse
import asyncio
import sys

from bot.ledger import Ledger
from bot.storage import Database, StorageError
from bot.storage.copy import CopyReport, copy_database

DESCRIPTION = (
    "Copy every Parlour table, rows and ids exactly, from one database into a new one: a"
    " SQLite file or a postgresql:// address at either end. The target must hold no Parlour"
    " data; an interrupted copy is finished by running the same command again. Stop the bot"
    " first: the copy is compared with the source afterwards (balances, open tables, action"
    " logs, the ledger check) and any difference makes it fail."
)


def add_db(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The `db` commands: `db copy`."""
    db = sub.add_parser("db", help="database tools")
    db_sub = db.add_subparsers(dest="db_command", metavar="COMMAND", required=True)
    copy = db_sub.add_parser(
        "copy", help="copy a server's data into a new database", description=DESCRIPTION
    )
    copy.add_argument(
        "--from", dest="source", required=True, metavar="DB", help="the database to copy"
    )
    copy.add_argument(
        "--to", dest="target", required=True, metavar="DB", help="the new database to fill"
    )
    copy.set_defaults(handler=_copy)


def _copy(args: argparse.Namespace) -> int:
    """`parlour db copy`: copy, show progress on a terminal, list any difference."""
    tty = sys.stderr.isatty()
    try:
        report = asyncio.run(
            copy_database(
                args.source, args.target, check=_ledger_check, progress=_show if tty else None
            )
        )
    except StorageError as exc:
        print(f"parlour: {exc}", file=sys.stderr)
        return 2
    if report.problems:
        _tell_problems(report)
        return 1
    if tty:
        total = sum(report.rows.values())
        print(
            f"Copied {total:,} rows from {report.source} to {report.target}: balances, open"
            " tables and action logs match, and the ledger checks out on both.",
            file=sys.stderr,
        )
    return 0


async def _ledger_check(db: Database) -> list[str]:
    """The ledger's broken invariants in `db`."""
    return await Ledger(db).check()


def _show(table: str, rows: int, done: bool) -> None:
    """One line per table on the terminal, its row count rising as the copy goes."""
    count = f"{rows:>12,} row{'' if rows == 1 else 's'}"
    print(f"\r  {table:<17} {count}", end="\n" if done else "", file=sys.stderr, flush=True)


def _tell_problems(report: CopyReport) -> None:
    """The copy's differences from its source, one a line."""
    print(
        f"parlour: the copy in {report.target} does not match {report.source}"
        f" ({len(report.problems)} difference(s)); was the bot still running on the source?",
        file=sys.stderr,
    )
    for problem in report.problems:
        print(f"  - {problem}", file=sys.stderr)
