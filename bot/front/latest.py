"""The latest wins: a front end that cannot show every change of a table (Discord's rate
limits, a picture that takes a worker's time) keeps only each table's latest change and
shows it at most once per interval, from one task per table that runs while there is
something to show.

The front end says what to show with (`show`) and how long to wait between two shows of
a table, given the change waiting (`interval`). A show may find itself overtaken (a
newer change came while it worked, and what it made would be replaced before it was
seen): it says so by returning False, and the newest is shown at once in its place,
without waiting another interval.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Generic, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")

Show = Callable[[int, T], Awaitable[bool]]
"""Show a table's latest change; False when overtaken by a newer one (shown instead)."""


class Coalescer(Generic[T]):
    """Each table's latest change, shown at most once per interval by the table's own
    task (started by `offer`, ended when nothing waits)."""

    def __init__(self, show: Show[T], interval: Callable[[T], float], *, name: str) -> None:
        self._show, self._interval, self._name = show, interval, name
        self._latest: dict[int, T] = {}
        self._shown_at: dict[int, float] = {}
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._news: dict[int, asyncio.Event] = {}

    def offer(self, table_id: int, change: T) -> None:
        """Make `change` the next shown of its table (in place of any waiting), and make
        sure the table's task runs. Never waits."""
        self._latest[table_id] = change
        task = self._tasks.get(table_id)
        if task is None or task.done():
            self._tasks[table_id] = asyncio.create_task(
                self._run(table_id), name=f"{self._name}-{table_id}"
            )
        else:
            self._news.setdefault(table_id, asyncio.Event()).set()

    def running(self, table_id: int) -> asyncio.Task[None] | None:
        """The table's task, while it has one (done once nothing more waits)."""
        return self._tasks.get(table_id)

    async def close(self) -> None:
        """Cancel every task; what waited is not shown."""
        tasks = [t for t in self._tasks.values() if not t.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._tasks.clear()
        self._latest.clear()

    async def _run(self, table_id: int) -> None:
        """Show the table's latest change, each an interval after the last shown, until
        none waits."""
        while (latest := self._latest.get(table_id)) is not None:
            wait = self._shown_at.get(table_id, 0.0) + self._interval(latest) - time.monotonic()
            if wait > 0:
                await self._nap(table_id, wait)
                continue  # a newer change may change the wait
            change = self._latest.pop(table_id)
            try:
                shown = await self._show(table_id, change)
            except Exception:  # what failed is redone by the table's next change
                log.warning("could not show table %d", table_id, exc_info=True)
                shown = True
            if shown:
                self._shown_at[table_id] = time.monotonic()

    async def _nap(self, table_id: int, seconds: float) -> None:
        """Wait `seconds`, or less if a newer change of the table comes."""
        news = self._news.setdefault(table_id, asyncio.Event())
        news.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(news.wait(), seconds)
