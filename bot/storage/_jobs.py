"""The works of a group-commit batch (`bot.storage.database`): each caller's job with
its future, the savepoint that brackets each work, how a run of plain sqlite3 works goes
on the worker thread in one round trip, and how each job's caller is answered."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from typing import Any

# The savepoint that brackets each work of a batch.
WORK = "work"
OPEN_SAVEPOINT = (f"SAVEPOINT {WORK}",)
MOVE_SAVEPOINT = (f"RELEASE {WORK}", f"SAVEPOINT {WORK}")


class BrokenTransactionError(Exception):
    """The batch transaction is in an unknown state and must be rolled back whole."""


class Job:
    """One caller's work, its future, and what it asked to run once committed."""

    __slots__ = ("atomic", "future", "hooks", "result", "sync", "work")

    def __init__(
        self, work: Callable[[Any], Any], future: asyncio.Future[Any], *, sync: bool, atomic: bool
    ) -> None:
        """Wrap `work` with the future its caller awaits."""
        self.work = work
        self.future = future
        self.sync = sync
        self.atomic = atomic
        self.hooks: list[Callable[[], None]] = []
        self.result: Any = None


def next_group(jobs: list[Job], start: int) -> list[Job]:
    """The async work at `start`, or the run of sync works that begins there."""
    end = start + 1
    if jobs[start].sync:
        while end < len(jobs) and jobs[end].sync:
            end += 1
    return jobs[start:end]


def run_sync_works(
    jobs: list[Job], savepoint_open: bool, conn: sqlite3.Connection
) -> tuple[list[tuple[bool, Any]], bool]:
    """On the worker thread: run sync works in turn, each rolled back alone if it raises.

    Returns each work's (succeeded, result or exception) and whether a savepoint is open.
    A failing savepoint statement escapes, and then the whole batch is rolled back.
    """
    outcomes: list[tuple[bool, Any]] = []
    for job in jobs:
        if not job.atomic:
            if savepoint_open:
                conn.execute(f"RELEASE {WORK}")
            conn.execute(f"SAVEPOINT {WORK}")
            savepoint_open = True
        try:
            outcomes.append((True, job.work(conn)))
        except Exception as exc:
            if not job.atomic:
                conn.execute(f"ROLLBACK TO {WORK}")
            outcomes.append((False, exc))
    return outcomes, savepoint_open


def settle_ran(job: Job, succeeded: bool, value: Any, done: list[Job]) -> None:
    """Record a sync work's outcome: keep its result for the commit, or fail its caller."""
    if succeeded:
        job.result = value
        done.append(job)
    else:
        fail(job, value)


def fail(job: Job, exc: BaseException) -> None:
    """Hand `exc` to the job's caller unless the caller has gone."""
    if not job.future.done():
        job.future.set_exception(exc)
