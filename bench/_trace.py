"""Where a private answer's time goes, by the wall clock (benchmarks only).

CPU profiles (bench/_profile.py) show what the process computes, not where an answer
waits. `Trace` wraps the steps of a "My hand" answer and of a move's answer in the bot
(the defer, the table service's `act` with its unit of work and the AI's moves, the hand
picture with its wait for a render worker, the follow-up's HTTP request) and keeps each
answer's time in each step, from the click (the fake Discord's `created_s`) to the
follow-up sent. What is left between the steps is the event loop's own delay: callbacks
waiting their turn on a busy loop.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import discord

from bot.tables.autoplay import Autoplay
from bot.tables.commit import Committer
from bot.tables.service import TableService
from cogs.core import RENDER_POOL

STEPS = ("dispatch", "defer", "lock+rules", "db", "ai", "render_queue", "render_draw",
         "hand_rest", "send", "between")  # fmt: skip
"""The steps of an answer, in order; "between" is what no step accounts for."""
PARTS = ("render_in_worker", "render_back")
"""A drawing's time once a worker began it ("render_draw"): in the worker, and until its
picture was back in the event loop ("render_queue" is until a worker began it)."""

_CURRENT: contextvars.ContextVar[dict[str, float] | None] = contextvars.ContextVar(
    "parlour_trace", default=None
)


def _mine() -> dict[str, float] | None:
    """The record of the answer this task is making, if any: tasks started meanwhile (a
    table's edit, a DM) inherit the context but not the record."""
    record = _CURRENT.get()
    if record is None or record["task"] != id(asyncio.current_task()):
        return None
    return record


class Trace:
    """Wraps the bot's steps while installed, and keeps one record per answer."""

    def __init__(self, created: Callable[[int], float | None]) -> None:
        """`created(interaction_id)`: when the fake Discord made that interaction (its
        monotonic clock), or None."""
        self.created = created
        self.records: list[dict[str, float]] = []
        self._undo: list[Callable[[], None]] = []

    def _wrap(self, owner: Any, name: str, make: Callable[[Any], Any]) -> None:
        original = getattr(owner, name)
        setattr(owner, name, make(original))
        self._undo.append(lambda: setattr(owner, name, original))

    @contextmanager
    def installed(self, presenter: Any) -> Iterator[Trace]:
        """The wrappers in place for the block (`presenter`: the bot's Discord presenter,
        whose hand pictures are timed)."""
        self._wrap(discord.InteractionResponse, "defer", self._defer)
        self._wrap(TableService, "act", _timed("act"))
        self._wrap(Committer, "write", _timed("db", ai_key="ai_db"))
        self._wrap(Autoplay, "advance", _timed("ai", marks_ai=True))
        self._wrap(presenter, "hand_message", _timed("hand"))
        self._wrap(RENDER_POOL, "draw", self._draw)
        self._wrap(discord.Webhook, "send", self._send)
        try:
            yield self
        finally:
            for undo in reversed(self._undo):
                undo()
            self._undo.clear()

    def _defer(self, original: Any) -> Any:
        @functools.wraps(original)
        async def defer(response: Any, *args: Any, **kwargs: Any) -> Any:
            interaction = response._parent
            created = self.created(interaction.id)
            record = {"start": time.monotonic(), "created": created or 0.0,
                      "task": float(id(asyncio.current_task()))}  # fmt: skip
            _CURRENT.set(record)
            started = time.monotonic()
            try:
                return await original(response, *args, **kwargs)
            finally:
                record["defer"] = time.monotonic() - started

        return defer

    def _draw(self, original: Any) -> Any:
        @functools.wraps(original)
        async def draw(job: Any, *args: Any, **kwargs: Any) -> Any:
            record = _mine()
            started = time.monotonic()
            stamped = functools.partial(_stamped, job)
            picture, began, drawn = await original(stamped, *args, **kwargs)
            if record is not None:
                ended = time.monotonic()
                record["render_queue"] = record.get("render_queue", 0.0) + began - started
                record["render_draw"] = record.get("render_draw", 0.0) + ended - began
                record["render_in_worker"] = drawn - began
                record["render_back"] = ended - drawn
            return picture

        return draw

    def _send(self, original: Any) -> Any:
        trace = self

        @functools.wraps(original)
        async def send(webhook: Any, *args: Any, **kwargs: Any) -> Any:
            record = _mine()
            started = time.monotonic()
            try:
                return await original(webhook, *args, **kwargs)
            finally:
                if record is not None:
                    record["send"] = time.monotonic() - started
                    record["end"] = time.monotonic()
                    trace.records.append(record)
                    _CURRENT.set(None)

        return send

    def summary(self) -> dict[str, dict[str, float]]:
        """Each step's mean and p99 over the answers traced, in ms, and its share of the
        whole (click to follow-up sent)."""
        rows = [_steps(r) for r in self.records if r.get("created")]
        whole = sum(r["whole"] for r in rows) or 1.0
        out: dict[str, dict[str, float]] = {}
        for step in (*STEPS, "whole", *PARTS):
            values = sorted(r.get(step, 0.0) for r in rows)
            if not values:
                continue
            out[step] = {
                "mean_ms": 1000 * sum(values) / len(values),
                "p99_ms": 1000 * values[min(len(values) - 1, int(0.99 * len(values)))],
                "share": sum(values) / whole,
            }
        first = min((r["created"] for r in self.records if r.get("created")), default=0.0)
        slowest = sorted(self.records, key=lambda r: -_steps(r)["whole"] if r.get("created") else 0)
        out["slowest"] = [
            {"at_s": round(r["created"] - first, 1)}
            | {k: round(1000 * v, 1) for k, v in _steps(r).items() if v}
            for r in slowest[:5]
        ]
        return out


def _stamped(job: Callable[[], Any]) -> tuple[Any, float, float]:
    """In a render worker: the job's picture, with when the worker began and ended it."""
    began = time.monotonic()
    picture = job()
    return picture, began, time.monotonic()


def _steps(record: dict[str, float]) -> dict[str, float]:
    """One answer's steps: the act's own time split into its unit(s) of work, the AI's
    moves and the rest (the table's lock, the rules); the hand's into the render queue,
    the drawing and the rest."""
    out = {k: record.get(k, 0.0) for k in ("defer", "db", "ai", "render_queue", "render_draw",
                                            "send", *PARTS)}  # fmt: skip
    out["dispatch"] = record["start"] - record["created"]
    out["lock+rules"] = max(record.get("act", 0.0) - out["db"] - out["ai"], 0.0)
    out["hand_rest"] = max(record.get("hand", 0.0) - out["render_queue"] - out["render_draw"], 0)
    out["whole"] = record["end"] - record["created"]
    out["between"] = out["whole"] - sum(out[s] for s in STEPS if s != "between")
    return out


AI_MOVING = "ai_moving"
"""Set in an answer's record while the AI's moves are being made."""


def _timed(key: str, *, ai_key: str = "", marks_ai: bool = False) -> Callable[[Any], Any]:
    """A wrapper adding a coroutine method's wall time to the current answer's `key` (to
    `ai_key` instead, when given, while the AI's moves are being made); `marks_ai` for the
    AI's own moves, which mark the record meanwhile."""

    def make(original: Any) -> Any:
        @functools.wraps(original)
        async def timed(*args: Any, **kwargs: Any) -> Any:
            record = _mine()
            started = time.monotonic()
            if record is not None and marks_ai:
                record[AI_MOVING] = 1.0
            try:
                return await original(*args, **kwargs)
            finally:
                if record is not None:
                    into = ai_key if ai_key and record.get(AI_MOVING) else key
                    record[into] = record.get(into, 0.0) + time.monotonic() - started
                    if marks_ai:
                        record[AI_MOVING] = 0.0

        return timed

    return make
