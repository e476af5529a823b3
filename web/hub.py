"""The web's presenter: told of every change at every table, it keeps each table's last
move in words (`bot.front.words.Chronicle`) and, for a table some page watches, sends
its frame to every socket open on it. Each socket has one slot, not a queue: a page
that reads slowly is sent the latest frame when it is ready, never a backlog (the
latest update wins).

With shards on PostgreSQL a page may watch a table another process holds: the hub then
follows it through the relay's mirror (`bot.tables.mirror`), which tells it that table's
updates as its own service tells it of its own (`remote_updated`). A signed-in
player's page is also sent their private frame, made for that socket alone when it is
sent (`Watcher.private`), so nothing private is made here, under the table's lock."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import struct
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Protocol

from bot.front.words import Chronicle
from bot.tables import Event, TableService, Update
from bot.tables.events import Acted
from bot.tables.mirror import Mirror
from web.frames import closed_frame, frame_of
from web.scatter import Scatter, Target, target_of

log = logging.getLogger(__name__)

GONE = 4404
"""The close code of a socket whose key was replaced: the page stops coming back."""


class Socket(Protocol):
    """What the hub needs of a WebSocket (aiohttp's, or a test's)."""

    async def send_str(self, data: str) -> None:
        """Send one text message."""

    async def close(self, *, code: int = 1000, message: bytes = b"") -> bool:
        """Close the socket."""

    @property
    def closed(self) -> bool:
        """Whether its closing has begun (no frame may follow a close)."""


Private = Callable[[], Awaitable[str]]
"""A signed-in page's private frame now, as text (`web.sockets`)."""


@dataclass(eq=False)
class Watcher:
    """One open page: its socket, its key, and the one frame waiting to be sent; for a
    signed-in page also its private frame, made anew when sent (and only then), and the
    answers to its own messages, which no other page is sent.

    A frame offered to a spectator's page whose connection has nothing waiting to go is
    written to it at once, the same bytes for every such page (`text_frame`, made once):
    2,000 pages cost 2,000 writes, not 2,000 tasks woken and 2,000 frames built, and
    many such writes are shared between two threads (`web.scatter`). A page
    still reading an earlier frame (its connection's buffer not empty, or a send under
    way), and a signed-in page (its private frame follows), is given the latest by its
    pump when it is ready, never a backlog."""

    socket: Socket
    key: str
    transport: asyncio.BaseTransport | None = None
    """The page's connection, for frames written at once (None: always through `pump`)."""
    pending: str | None = None
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    private: Private | None = None
    due: bool = False
    """Whether the private frame is to be made again (the table moved, or the page asked)."""
    replies: list[str] = field(default_factory=list)
    sent_private: str | None = None
    sending: bool = False

    def offer(self, text: str, frame: bytes | None = None) -> None:
        """Make `text` the next frame sent, in place of any not sent yet (and the
        private frame after it); to a spectator's idle connection written at once (as
        `frame`, its bytes on the wire)."""
        if frame is not None and self.private is None and self._idle():
            assert isinstance(self.transport, asyncio.WriteTransport)
            self.transport.write(frame)
            return
        self.pending = text
        self.due = self.private is not None
        self.wake.set()

    def idle_target(self) -> Target | None:
        """A spectator's idle connection, to be written a frame at once (None: a
        signed-in page, or one busy, closing or without a socket: its pump sends)."""
        if self.private is not None or not self._idle():
            return None
        return target_of(self.transport)

    def reply(self, text: str) -> None:
        """Send `text` to this page alone, after any frame waiting, then the private
        frame as it stands."""
        self.replies.append(text)
        self.due = self.private is not None
        self.wake.set()

    def _idle(self) -> bool:
        """Whether nothing of this page's is waiting to go: no frame pending, no send
        under way, a socket not closing and an open connection with an empty buffer."""
        found = self.transport
        return (
            self.pending is None
            and not self.sending
            and not self.socket.closed
            and isinstance(found, asyncio.WriteTransport)
            and not found.is_closing()
            and found.get_write_buffer_size() == 0
        )

    async def pump(self) -> None:
        """Send what is offered, the latest each time, until cancelled."""
        while True:
            await self.wake.wait()
            self.wake.clear()
            text, self.pending = self.pending, None
            if text is not None:
                self.sending = True
                try:
                    await self.socket.send_str(text)
                finally:
                    self.sending = False
            replies, self.replies = self.replies, []
            for answer in replies:
                await self.socket.send_str(answer)
            if self.due and self.private is not None:
                self.due = False
                mine = await self.private()
                if mine != self.sent_private:  # unchanged: not sent again
                    self.sent_private = mine
                    await self.socket.send_str(mine)


def text_frame(text: str) -> bytes:
    """A WebSocket text message as a server sends it (RFC 6455 5.2: one final frame,
    unmasked, uncompressed: the sockets take no compression)."""
    payload = text.encode()
    size = len(payload)
    if size < 126:
        head = struct.pack("!BB", 0x81, size)
    elif size < 1 << 16:
        head = struct.pack("!BBH", 0x81, 126, size)
    else:
        head = struct.pack("!BBQ", 0x81, 127, size)
    return head + payload


class Hub:
    """The web's presenter and its open pages, by table."""

    def __init__(self) -> None:
        self.tables: TableService | None = None
        self.remote: Mirror | None = None
        """The tables held by other processes, followed while pages here watch them."""
        self.moves = 0
        """Moves seen (a metric)."""
        self.chronicle = Chronicle()
        """Each table's last move in words."""
        self._rooms: dict[int, set[Watcher]] = {}
        self._latest: dict[int, str] = {}
        self.scatter = Scatter()
        """Writes a frame to a table's idle spectator pages, on two threads when many."""

    @property
    def sockets(self) -> int:
        """Pages open now."""
        return sum(len(room) for room in self._rooms.values())

    async def table_updated(self, update: Update) -> None:
        """Remember the move's words; send the frame to the table's pages. Called under
        the table's lock: nothing here waits."""
        self._show(update, counted=True)

    async def remote_updated(self, update: Update) -> None:
        """The same for a table another process holds (its moves are counted there)."""
        self._show(update, counted=False)

    def _show(self, update: Update, *, counted: bool) -> None:
        """Remember the move's words (counting the move if `counted`); send the frame."""
        table = update.table
        if counted and isinstance(update.detail, Acted) and update.detail.kind == "act":
            self.moves += 1
        said = self.chronicle.heard(update)
        room = self._rooms.get(table.id)
        if room:
            text = json.dumps(frame_of(update, said))
            self._latest[table.id] = text
            targets, frame = [], text_frame(text)
            for watcher in room:
                found = watcher.idle_target()
                if found is None:  # through its pump (or its transport, if it has no socket)
                    watcher.offer(text, frame)
                else:
                    targets.append(found)
            self.scatter.write(targets, frame)

    def current(self, table_id: int) -> str:
        """The table's frame now: the latest sent, or one made from the table as it
        stands (a table no longer open is closed)."""
        found = self._latest.get(table_id)
        if found is not None:
            return found
        update = self._snapshot(table_id)
        if update is None:  # not open: finished or stopped before this page came
            return json.dumps(closed_frame())
        return json.dumps(frame_of(update, self.chronicle.said(table_id)))

    def _snapshot(self, table_id: int) -> Update | None:
        """The table as it stands: this process's own, or one followed; None if neither."""
        assert self.tables is not None
        table = self.tables.registry.get(table_id)
        if table is not None:
            return self.tables.snapshot(table, Event.RESUMED)
        return None if self.remote is None else self.remote.snapshot(table_id)

    async def follow(self, table_id: int) -> None:
        """A page is about to open on a table: follow it if another process holds it
        (matched by `leave`)."""
        if self.remote is not None:
            await self.remote.follow(table_id)

    def join(self, table_id: int, watcher: Watcher) -> None:
        """A page opens on a table."""
        self._rooms.setdefault(table_id, set()).add(watcher)

    def leave(self, table_id: int, watcher: Watcher) -> None:
        """A page closes."""
        room = self._rooms.get(table_id)
        if room is not None:
            room.discard(watcher)
            if not room:
                del self._rooms[table_id]
                self._latest.pop(table_id, None)
        if self.remote is not None:
            followed = self.remote.table(table_id) is not None
            self.remote.unfollow(table_id)
            if followed and table_id not in self._rooms:  # heard of no more, then
                self.chronicle.forget(table_id)

    def key_replaced(self, table_id: int, old: str) -> None:
        """Close every page open on a table's old key (`WatchKeys` tells of a reset)."""
        for watcher in list(self._rooms.get(table_id, ())):
            if watcher.key == old:
                asyncio.get_running_loop().create_task(
                    _shut(watcher.socket, GONE, b"this link was replaced")
                )

    async def close(self) -> None:
        """Close every page (the bot is stopping: pages come back to the next one)."""
        sockets = [w.socket for room in self._rooms.values() for w in room]
        await asyncio.gather(*(_shut(s, 1001, b"restarting") for s in sockets))
        self.scatter.close()


async def _shut(socket: Socket, code: int, why: bytes) -> None:
    """Close a socket, whatever state it is in."""
    with contextlib.suppress(Exception):
        await socket.close(code=code, message=why)
