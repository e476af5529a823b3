"""A page as the tests drive it: its socket, the frames it was sent (the latest table and,
signed in, the latest private frame), and its moves, each answered to it alone. Waits are
for a frame that says what is waited for (`until`), bounded by a timeout that only stops
a hang."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypeVar

import aiohttp
from aiohttp.test_utils import TestClient

ORIGIN = "http://parlour.test"
WAIT_S = 60.0
T = TypeVar("T")
ANSWERS = ("done", "refused", "error")


class Closed(Exception):
    """The socket closed while a test waited on it: `code` says why."""

    def __init__(self, code: int | None) -> None:
        super().__init__(f"the socket closed ({code})")
        self.code = code


class Page:
    """One open page of a table: every frame it was sent, in order."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.seen: list[dict[str, Any]] = []
        self.table: dict[str, Any] = {}
        self.hand: dict[str, Any] | None = None
        self.answers: list[dict[str, Any]] = []

    @classmethod
    async def open(cls, client: TestClient[Any, Any], key: str, had: Page | None = None) -> Page:
        """Open the table's page with the key and say hello (with what `had` had)."""
        ws = await client.ws_connect(f"/t/{key}/ws", headers={"Origin": ORIGIN})
        page = cls(ws)
        if had is not None:
            page.table, page.hand = had.table, had.hand
        await page.hello()
        return page

    async def hello(self) -> None:
        """Say hello as the page's script does, with the version and tag it has."""
        had = self.table
        await self.ws.send_json(
            {"type": "hello", "version": had.get("version"), "tag": had.get("tag")}
        )

    async def read(self, timeout_s: float = WAIT_S) -> dict[str, Any]:
        """The next frame (Closed if the socket closes instead)."""
        message = await self.ws.receive(timeout=timeout_s)
        if message.type is not aiohttp.WSMsgType.TEXT:
            raise Closed(message.data if message.type is aiohttp.WSMsgType.CLOSE else None)
        frame: dict[str, Any] = json.loads(message.data)
        self.seen.append(frame)
        if frame["type"] == "table":
            self.table = frame
        elif frame["type"] == "hand":
            self.hand = frame
        elif frame["type"] in ANSWERS:
            self.answers.append(frame)
        return frame

    async def until(self, found: Callable[[Page], T], timeout_s: float = WAIT_S) -> T:
        """Read frames until `found(self)` is something true; that."""
        while not (result := found(self)):
            await self.read(timeout_s)
        return result

    async def closed(self, timeout_s: float = WAIT_S) -> int | None:
        """Read until the socket closes; its close code."""
        try:
            while True:
                await self.read(timeout_s)
        except Closed as closed:
            return closed.code

    async def send(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send a message and read until its answer."""
        told = len(self.answers)
        await self.ws.send_json(message)
        await self.until(lambda p: len(p.answers) > told)
        return self.answers[told]

    async def act(self, action: str, version: int | None = None) -> dict[str, Any]:
        """Play a move as of the version of the page's hand (or `version`); the answer."""
        if version is None:
            assert self.hand is not None, "no hand to play from"
            version = self.hand["version"]
        return await self.send({"type": "act", "version": version, "action": action})

    def current(self) -> bool:
        """Whether the page's hand and table are of the same version (a move went by)."""
        return self.hand is not None and self.hand.get("version") == self.table.get("version")

    def my_turn(self, version: int) -> bool:
        """Whether the page shows the table at `version` with its player's turn."""
        return (
            self.hand is not None
            and self.hand.get("version") == version
            and bool(self.hand.get("turn"))
        )

    def private_frames(self) -> list[dict[str, Any]]:
        """Every private frame the page was sent."""
        return [f for f in self.seen if f["type"] == "hand"]

    async def close(self) -> None:
        """Close the page."""
        await self.ws.close()


def moves_of(hand: dict[str, Any]) -> list[str]:
    """Every move a private frame offers: its moves, a stake's spreads, a patience's
    piles' moves and one-word actions."""
    found = [m["action"] for m in hand.get("moves", [])]
    if hand.get("stake"):
        found += [s["action"] for s in hand["stake"]["spreads"]]
    for pile in hand.get("piles", []):
        found += [m["action"] for m in pile["moves"]]
    found += [c["action"] for c in hand.get("controls", [])]
    return found
