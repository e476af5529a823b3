"""What the event loop was doing when it stalled (benchmarks only).

A loop-lag figure says that the loop stalled, not where. `StallWatch` keeps a heartbeat
on the loop (a callback every `beat_s`) and a thread that, whenever the heartbeat is
older than `stall_s`, samples the loop thread's stack every `sample_s` until it beats
again. Each stall is kept as its length and the stack frames seen most in it; `summary`
groups stalls by the deepest frame of the project's own code (bot/, cogs/, render/) on
their stack, so a stall in discord.py or asyncio is told by the code that called it.
"""

from __future__ import annotations

import asyncio
import collections
import gc
import sys
import threading
import time
import traceback
from pathlib import Path
from types import TracebackType

ROOT = Path(__file__).resolve().parents[1]
OWN = tuple(str(ROOT / d) for d in ("bot", "cogs", "render"))


class StallWatch:
    """Samples the loop thread's stack while the loop does not beat."""

    def __init__(self, stall_s: float = 0.05, beat_s: float = 0.005, sample_s: float = 0.005):
        self.stall_s, self.beat_s, self.sample_s = stall_s, beat_s, sample_s
        self.stalls: list[tuple[float, collections.Counter[str]]] = []
        self._beat = time.monotonic()
        self._stop = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread_id = 0
        self._watcher: threading.Thread | None = None
        self.collections: list[tuple[int, float, int]] = []
        """Each garbage collection: its generation, seconds, objects collected."""
        self._gc_began = 0.0

    async def __aenter__(self) -> StallWatch:
        self._loop = asyncio.get_running_loop()
        self._thread_id = threading.get_ident()
        self._beat = time.monotonic()
        self._loop.call_soon(self._tick)
        self._watcher = threading.Thread(target=self._watch, daemon=True)
        self._watcher.start()
        gc.callbacks.append(self._collected)
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._stop.set()
        gc.callbacks.remove(self._collected)
        if self._watcher is not None:
            self._watcher.join()

    def _collected(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._gc_began = time.perf_counter()
        else:
            took = time.perf_counter() - self._gc_began
            self.collections.append((info["generation"], took, info["collected"]))

    def collected(self) -> dict[str, float]:
        """Per generation: collections, their total and longest ms."""
        out: dict[str, float] = {}
        for generation in (0, 1, 2):
            times = [t for g, t, _ in self.collections if g == generation]
            out[f"gc{generation}_count"] = len(times)
            out[f"gc{generation}_total_ms"] = 1000 * sum(times)
            out[f"gc{generation}_max_ms"] = 1000 * max(times, default=0.0)
        return out

    def _tick(self) -> None:
        self._beat = time.monotonic()
        if not self._stop.is_set() and self._loop is not None:
            self._loop.call_later(self.beat_s, self._tick)

    def _watch(self) -> None:
        while not self._stop.wait(self.sample_s):
            if time.monotonic() - self._beat < self.stall_s:
                continue
            seen: collections.Counter[str] = collections.Counter()
            started = self._beat
            while time.monotonic() - self._beat >= self.stall_s and not self._stop.is_set():
                frame = sys._current_frames().get(self._thread_id)
                if frame is not None:
                    seen[_where(traceback.extract_stack(frame))] += 1
                time.sleep(self.sample_s)
            self.stalls.append((time.monotonic() - started, seen))

    def longest(self, top: int = 10) -> list[tuple[float, list[tuple[str, int]]]]:
        """The longest stalls: each one's seconds and where its samples were taken."""
        ordered = sorted(self.stalls, key=lambda s: -s[0])[:top]
        return [(length, seen.most_common(3)) for length, seen in ordered]

    def summary(self, top: int = 12) -> list[tuple[str, int, float, float]]:
        """(where, stalls, their total seconds, the longest) by where the stalls' samples
        were mostly taken, longest total first."""
        groups: dict[str, list[float]] = collections.defaultdict(list)
        for length, seen in self.stalls:
            where = seen.most_common(1)[0][0] if seen else "(no sample)"
            groups[where].append(length)
        rows = [(w, len(v), sum(v), max(v)) for w, v in groups.items()]
        return sorted(rows, key=lambda r: -r[2])[:top]


def _where(stack: traceback.StackSummary, depth: int = 3) -> str:
    """The innermost `depth` frames of the project's code on the stack (outermost
    first), with the frame at the top of the stack when that is elsewhere."""
    own = [f for f in stack if f.filename.startswith(OWN)]
    top = stack[-1]
    top_at = f"{Path(top.filename).name}:{top.name}"
    if not own:
        return top_at
    names = [f"{Path(f.filename).relative_to(ROOT)}:{f.lineno} {f.name}" for f in own[-depth:]]
    chain = " < ".join(reversed(names))
    return chain if own[-1] is top else f"{top_at} < {chain}"
