"""One frame written to many idle connections at once, on two threads when there are many.

Writing a frame to a connection costs a system call, and on a loopback most of a call is
the kernel's work (about 16 µs each here: 2,000 pages took 33 ms on one thread,
bench/RESULTS.md). A call that writes to a socket lets go of Python's lock, so a second
thread writing half the pages shares that work between two cores. The event loop waits
for both halves (it would otherwise spend the whole time writing), and only then goes
on: no other write can come between, so a connection that took only part of its frame
is given the rest through its transport, in order.

Only connections whose transport had nothing waiting are written to here (the caller
checks); a write the kernel refuses (its buffer full, or the connection gone) leaves the
whole frame to the transport, which knows how to wait or how to close.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor

SPLIT_AT = 256
"""Idle connections at or above which a second thread writes half of them (below it
the thread's hand-over costs more than it saves)."""

Target = tuple[asyncio.WriteTransport, int]
"""An idle connection: its transport, and its socket's file descriptor."""


def _write_each(targets: Sequence[Target], frame: bytes) -> list[tuple[int, int]]:
    """Write `frame` to each connection's socket directly; which ones (by index) took
    less than all of it, and how much they took (0: none, or the write failed)."""
    short = []
    size = len(frame)
    for index, (_, fd) in enumerate(targets):
        try:
            sent = os.write(fd, frame)
        except OSError:  # buffer full, or the connection gone: the transport will see
            sent = 0
        if sent < size:
            short.append((index, sent))
    return short


def _finish(targets: Sequence[Target], frame: bytes, short: list[tuple[int, int]]) -> None:
    """Give each connection that took less than its frame the rest, through its transport."""
    for index, sent in short:
        with contextlib.suppress(Exception):  # closing as we speak: nothing to deliver
            targets[index][0].write(frame[sent:])


class Scatter:
    """Writes one frame to many idle connections (one per hub: its thread lives until
    the hub closes)."""

    def __init__(self, split_at: int = SPLIT_AT) -> None:
        self.split_at = split_at
        self._thread: ThreadPoolExecutor | None = None

    def write(self, targets: Sequence[Target], frame: bytes) -> None:
        """Write `frame` to every target, returning once each has all of it written or
        queued on its transport."""
        if len(targets) < self.split_at:
            for transport, _ in targets:
                transport.write(frame)
            return
        if self._thread is None:
            self._thread = ThreadPoolExecutor(1, thread_name_prefix="parlour-scatter")
        half = len(targets) // 2
        theirs, mine = targets[:half], targets[half:]
        other = self._thread.submit(_write_each, theirs, frame)
        short_mine = _write_each(mine, frame)
        short_theirs = other.result()
        _finish(mine, frame, short_mine)
        _finish(theirs, frame, short_theirs)

    def close(self) -> None:
        """Let the thread go (the hub is closing)."""
        if self._thread is not None:
            self._thread.shutdown(wait=False)
            self._thread = None


def target_of(transport: asyncio.BaseTransport | None) -> Target | None:
    """An open connection's transport and file descriptor (None when it has no socket)."""
    if not isinstance(transport, asyncio.WriteTransport):
        return None
    sock = transport.get_extra_info("socket")
    fd = sock.fileno() if sock is not None else -1
    return None if fd < 0 else (transport, fd)
