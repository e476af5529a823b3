"""The garbage collector, set for an event loop that answers within milliseconds.

CPython's collector stops the whole process while it runs, and its full pass walks every
object the process holds. In a running bot most of those were made at start-up (the
modules, the games, their rules and caches) and live as long as it does; a full pass over
them took 40-110 ms on our two-core machine at a tournament of 128 players, often enough
to be the event loop's worst stalls (bench/RESULTS.md, "Issue 25: the loop's stalls").

`settle` runs as the bot starts, once its database, cogs and games are loaded and before
the open tables are rebuilt (a table closes one day, and must then be freed): a last
collection, then every survivor moved out of the collector's sight (`gc.freeze`: it lives
as long as the process), and the youngest generation's threshold raised, so that
short-lived objects (a move's views and requests) die by reference counting before a
collection ever looks at them.
"""

from __future__ import annotations

import gc

YOUNG_THRESHOLD = 10_000
"""Allocations (less deallocations) between two collections of the youngest generation
(CPython's default is 700)."""


def settle() -> None:
    """Collect, freeze what survives, and raise the youngest generation's threshold."""
    gc.collect()
    gc.freeze()
    _, middle, oldest = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, oldest)
