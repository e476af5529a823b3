"""A table's WebSocket: checked before it opens (the key, the Origin, and who is signed
in, from the session cookie the handshake carries or the Discord Activity's bearer
token, its subprotocol: `web.activity`), then frames out as the table moves
and a few small messages in, with a size limit and a rate limit per connection:

- `{"type": "hello", "version": V, "tag": T}`: the version and tag a page had, to catch
  up after a reconnect; answered with the table (or "same") and, on a signed-in
  page, the player's private frame (`web.hands`; with no seat when they have none);
- `{"type": "act", "version": V, "action": A}`: a signed-in player's move, as of the
  version they saw; `{"type": "decline", "version": V}`: passing on optional moves.
  Both go through the desk (`web.desk`) and are answered to this socket alone: "done"
  with what the player is told, or "refused" with the same words Discord would use.

A cross-site page cannot open the socket (its Origin is not ours), so it cannot move.

A signed-in page's private view lasts as long as its session: when the session is signed
out (from any page of it) or runs out, the socket is sent no private frame again and is
closed with SIGNED_OUT and a plain reason, and the page reloads, signed out (`Signed`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from dataclasses import dataclass
from typing import Any

from aiohttp import WSMsgType, web

from bot.front.play import SORRY
from bot.tables import TableError
from web.desk import Desk
from web.hub import Hub, Watcher
from web.sessions import Sessions, Viewer

log = logging.getLogger(__name__)

MAX_MESSAGE_BYTES = 4096
RATE_MESSAGES = 30
RATE_WINDOW_S = 10.0
"""A page sends a message when it connects and at each move after: more than
RATE_MESSAGES in RATE_WINDOW_S is a flood (no one plays three moves a second for ten
seconds), and the connection is dropped."""
FLOODED = 4429
MAX_ACTION_CHARS = 64
BAD = "That message is not one the table understands."
SIGN_IN_FIRST = "Sign in with Discord to play from this page; you are watching."
SAME = json.dumps({"type": "same"})
NO_SEAT = json.dumps({"type": "hand", "seat": None})
SIGNED_OUT = 4401
"""The close code of a signed-in page whose session ended: the page reloads signed out."""
SIGNED_OUT_WORDS = b"signed out"
RAN_OUT_WORDS = b"your sign-in ran out"


@dataclass
class Rate:
    """Messages counted in a sliding window of RATE_WINDOW_S."""

    times: list[float]

    def allows(self, now: float) -> bool:
        """Count one more message; whether it is within the rate."""
        self.times = [t for t in self.times if now - t < RATE_WINDOW_S]
        self.times.append(now)
        return len(self.times) <= RATE_MESSAGES


class Signed:
    """The signed-in pages open, by session, so that a session's end ends each one's
    private view at once (told by `Sessions.end`)."""

    def __init__(self, sessions: Sessions) -> None:
        self.sessions = sessions
        self._open: dict[str, set[Watcher]] = {}
        sessions.enders.append(self.end)

    def add(self, session: str, watcher: Watcher) -> None:
        """A page of the session opens."""
        self._open.setdefault(session, set()).add(watcher)

    def discard(self, session: str, watcher: Watcher) -> None:
        """A page of the session closes."""
        found = self._open.get(session)
        if found is not None:
            found.discard(watcher)
            if not found:
                del self._open[session]

    def end(self, session: str) -> None:
        """The session was signed out: close each of its pages, saying so."""
        for watcher in self._open.pop(session, set()):
            ended(watcher, SIGNED_OUT_WORDS)


def ended(watcher: Watcher, why: bytes) -> None:
    """A page's session ended: no private frame is made for it again (one being sent
    now says it has no seat: `Visit.private`), and it is closed with `why`."""
    watcher.private, watcher.due = None, False

    async def close() -> None:
        with contextlib.suppress(Exception):
            await watcher.socket.close(code=SIGNED_OUT, message=why)

    asyncio.get_running_loop().create_task(close(), name="parlour-web-signed-out")


@dataclass(frozen=True, slots=True)
class Visit:
    """What one socket serves: the table, the key it came by, who is signed in (None:
    a spectator), the desk their moves go to, the signed-in pages open, and the
    subprotocols it may answer with (the Activity's `bearer.TOKEN`)."""

    table_id: int
    key: str
    viewer: Viewer | None
    desk: Desk | None
    signed: Signed
    protocols: tuple[str, ...] = ()

    def playing(self) -> bool:
        """Whether the page is a player's: signed in, with a session that still holds."""
        viewer = self.viewer
        return viewer is not None and self.desk is not None and self.signed.sessions.live(viewer)

    async def private(self) -> str:
        """The viewer's private frame now (a frame with no seat when they have none,
        when their session has ended, or when making it failed: logged, and the page
        goes on)."""
        assert self.viewer is not None and self.desk is not None
        if not self.playing():
            return NO_SEAT
        try:
            frame = await self.desk.hand(self.table_id, self.viewer.user_id)
        except Exception:
            log.exception("the hand of a web player at table %d failed", self.table_id)
            frame = None
        return json.dumps(frame) if frame is not None else NO_SEAT


async def serve_socket(request: web.Request, hub: Hub, visit: Visit) -> web.StreamResponse:
    """Run one page's socket until it closes."""
    # no compression: a frame is sent to every page as the same bytes, made once
    ws = web.WebSocketResponse(
        max_msg_size=MAX_MESSAGE_BYTES, heartbeat=30.0, compress=False, protocols=visit.protocols
    )
    await ws.prepare(request)
    watcher = Watcher(ws, visit.key, request.transport)
    await hub.follow(visit.table_id)  # a table another process holds is followed from here
    hub.join(visit.table_id, watcher)
    pump = asyncio.create_task(watcher.pump(), name=f"parlour-web-{visit.table_id}")
    run_out = _signed_in(visit, watcher)
    rate = Rate([])
    try:
        async for message in ws:
            if message.type is not WSMsgType.TEXT:
                break  # binary, an error or a message over the size limit: closed
            if not rate.allows(time.monotonic()):
                await ws.close(code=FLOODED, message=b"too many messages")
                break
            await _answer(hub, visit, watcher, message.data)
    finally:
        hub.leave(visit.table_id, watcher)
        if run_out is not None:
            run_out.cancel()
            visit.signed.discard(run_out.session, watcher)
        pump.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await pump
    return ws


@dataclass(frozen=True, slots=True)
class RunOut:
    """A signed-in page's session, and the timer that ends its view when it runs out."""

    session: str
    timer: asyncio.TimerHandle

    def cancel(self) -> None:
        """The page closed first."""
        self.timer.cancel()


def _signed_in(visit: Visit, watcher: Watcher) -> RunOut | None:
    """For a player's page: its private frame, counted among its session's pages, and
    ended when the session runs out. None for a spectator's."""
    viewer = visit.viewer
    if viewer is None or not visit.playing():
        return None
    watcher.private = visit.private
    visit.signed.add(viewer.session, watcher)
    left_s = viewer.until - visit.signed.sessions.sessions.clock()
    timer = asyncio.get_running_loop().call_later(left_s, ended, watcher, RAN_OUT_WORDS)
    return RunOut(viewer.session, timer)


async def _answer(hub: Hub, visit: Visit, watcher: Watcher, data: str) -> None:
    """Answer one message of the page's, to this page only."""
    try:
        said = json.loads(data)
    except ValueError:
        said = None
    kind = said.get("type") if isinstance(said, dict) else None
    if kind == "hello":
        assert isinstance(said, dict)
        watcher.offer(_caught_up(hub, visit.table_id, said.get("tag")))
    elif kind in ("act", "decline") and isinstance(said, dict):
        watcher.reply(await _move(visit, said))
    else:
        watcher.reply(_words("error", BAD))


def _caught_up(hub: Hub, table_id: int, had: object) -> str:
    """The current frame, unless the page has it already ("same")."""
    current = hub.current(table_id)
    if isinstance(had, str) and json.loads(current).get("tag") == had:
        return SAME
    return current


async def _move(visit: Visit, said: dict[str, Any]) -> str:
    """A move (or a pass on optional moves) from the page: "done" with what the player
    is told, "refused" with why not, or "error" for a message not shaped as one."""
    version, action = said.get("version"), said.get("action", "")
    if not isinstance(version, int) or isinstance(version, bool) or not isinstance(action, str):
        return _words("error", BAD)
    if len(action) > MAX_ACTION_CHARS or (said["type"] == "act" and not action.strip()):
        return _words("error", BAD)
    if visit.viewer is None or visit.desk is None or not visit.playing():
        return _words("refused", SIGN_IN_FIRST)
    user, desk = visit.viewer.user_id, visit.desk
    try:
        if said["type"] == "decline":
            words = await desk.decline(visit.table_id, user, version)
        else:
            words = await desk.act(visit.table_id, user, version, action)
    except TableError as exc:
        return _words("refused", exc.reason)
    except Exception:
        log.exception("a move from the web failed at table %d", visit.table_id)
        return _words("refused", SORRY)
    return _words("done", words)


def _words(kind: str, words: str) -> str:
    """A short answer frame."""
    return json.dumps({"type": kind, "words": words})
