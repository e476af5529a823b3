"""A table's WebSocket: checked before it opens (the key, the Origin), then frames out as
the table moves and a few small messages in (the version and tag a page had, to catch
up after a reconnect), with a size limit and a rate limit per connection."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from dataclasses import dataclass

from aiohttp import WSMsgType, web

from web.hub import Hub, Watcher

MAX_MESSAGE_BYTES = 4096
RATE_MESSAGES = 20
RATE_WINDOW_S = 10.0
"""A page sends a message when it connects and now and then after: more than
RATE_MESSAGES in RATE_WINDOW_S is a flood, and the connection is dropped."""
FLOODED = 4429
BAD = "That message is not one the table understands."
SAME = json.dumps({"type": "same"})


@dataclass
class Rate:
    """Messages counted in a sliding window of RATE_WINDOW_S."""

    times: list[float]

    def allows(self, now: float) -> bool:
        """Count one more message; whether it is within the rate."""
        self.times = [t for t in self.times if now - t < RATE_WINDOW_S]
        self.times.append(now)
        return len(self.times) <= RATE_MESSAGES


async def serve_socket(
    request: web.Request, hub: Hub, table_id: int, key: str
) -> web.StreamResponse:
    """Run one page's socket until it closes."""
    # no compression: a frame is sent to every page as the same bytes, made once
    ws = web.WebSocketResponse(max_msg_size=MAX_MESSAGE_BYTES, heartbeat=30.0, compress=False)
    await ws.prepare(request)
    watcher = Watcher(ws, key, request.transport)
    hub.join(table_id, watcher)
    pump = asyncio.create_task(watcher.pump(), name=f"parlour-web-{table_id}")
    rate = Rate([])
    try:
        async for message in ws:
            if message.type is not WSMsgType.TEXT:
                break  # binary, an error or a message over the size limit: closed
            if not rate.allows(time.monotonic()):
                await ws.close(code=FLOODED, message=b"too many messages")
                break
            answer = _answer(hub, table_id, message.data)
            if answer is not None:
                watcher.offer(answer)
    finally:
        hub.leave(table_id, watcher)
        pump.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await pump
    return ws


def _answer(hub: Hub, table_id: int, data: str) -> str | None:
    """What a page's message is answered with: the current frame unless the page has it
    already ("same"), or a plain-word error."""
    try:
        said = json.loads(data)
    except ValueError:
        said = None
    if not isinstance(said, dict) or said.get("type") != "hello":
        return json.dumps({"type": "error", "words": BAD})
    current = hub.current(table_id)
    had = said.get("tag")
    if isinstance(had, str) and json.loads(current).get("tag") == had:
        return SAME
    return current
