"""A bot killed outright (SIGKILL) leaves no render worker behind: each worker ends once
the process that started it is gone."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# A process that starts a render pool, draws once (so the workers exist), prints the
# workers' pids and waits to be killed.
CHILD = """
import asyncio, sys
from cogs._render import RenderPool

async def main():
    pool = RenderPool(workers=2)
    await pool.draw(int, urgent=True)
    print(" ".join(str(p) for p in pool.pids()), flush=True)
    await asyncio.sleep(600)

asyncio.run(main())
"""


def alive(pid: int) -> bool:
    """Whether a process with this pid exists (and is not a zombie)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/stat")
    return not status.exists() or status.read_text().split(") ", 1)[1][0] != "Z"


def test_render_workers_end_when_their_bot_is_killed() -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    assert child.stdout is not None
    workers = [int(pid) for pid in child.stdout.readline().split()]
    assert workers and all(alive(pid) for pid in workers)
    child.send_signal(signal.SIGKILL)
    child.wait()
    deadline = time.monotonic() + 10
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(alive(pid) for pid in workers)
