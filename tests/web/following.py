"""Waiting on a page that follows a table: the frames it is sent, and conditions of the
processes behind it (for the tests of pages served by a process that does not hold
their table)."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from typing import Any

import aiohttp

from bot.tables import Table

WAIT_S = 30.0
"""Longer than anything should take on a loaded machine; only a failure waits it out."""


async def until(
    ws: aiohttp.ClientWebSocketResponse, done: Callable[[dict[str, Any]], bool]
) -> dict[str, Any]:
    """The first frame the socket is sent for which `done` holds."""
    async with asyncio.timeout(WAIT_S):
        while True:
            message = await ws.receive()
            assert message.type is aiohttp.WSMsgType.TEXT, message
            frame = json.loads(message.data)
            if done(frame):
                return frame


async def eventually(done: Callable[[], object]) -> None:
    """Wait, letting both processes' tasks run, until `done()`; fail after WAIT_S."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT_S
    while not done():
        assert loop.time() < deadline, f"still waiting for {done}"
        await asyncio.sleep(0.01)


def at(version: int) -> Callable[[dict[str, Any]], bool]:
    """A frame of the table at `version` or later."""
    return lambda frame: frame.get("version", -1) >= version


async def next_move(table: Table, rng: random.Random) -> tuple[int, int, str]:
    """A random legal move for the person awaited now, once one is (the AI moves in
    the owner's loop meanwhile): (their user id, the version it is made at, the move)."""

    def people() -> list[int]:
        awaited = table.game.awaiting(table.state) if table.state is not None else ()
        return [s for s in sorted(awaited) if not table.seats[s].is_ai]

    await eventually(people)
    seats = people()
    user = table.seats[seats[0]].user_id
    assert user is not None
    return user, table.version, rng.choice(table.game.legal_actions(table.state, seats[0]))
