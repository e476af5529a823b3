"""Rendering off the event loop, in worker processes.

Drawing a table is CPU work in Python and in Pillow; in a thread it still competes with
the event loop for the GIL, which showed as 100 ms+ loop stalls with many tables in play
(bench/RESULTS.md). Worker processes draw in parallel with the loop instead; each keeps
its own sprite cache. The pool is made on first use and shared by the whole process.
"""

from __future__ import annotations

import asyncio
import functools
import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from render import Picture

WORKERS = 2

_pool: ProcessPoolExecutor | None = None


def _executor() -> ProcessPoolExecutor:
    global _pool
    if _pool is None:
        # forkserver: never fork the event loop's process with its threads and sockets
        context = multiprocessing.get_context("forkserver")
        _pool = ProcessPoolExecutor(max_workers=WORKERS, mp_context=context)
    return _pool


async def rendered(draw: Callable[..., Picture], *args: Any, **kwargs: Any) -> Picture:
    """The picture `draw(*args, **kwargs)` makes, drawn in a worker process."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_executor(), functools.partial(draw, *args, **kwargs))


def shutdown() -> None:
    """Stop the workers (at process exit; a later render starts new ones)."""
    global _pool
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None
