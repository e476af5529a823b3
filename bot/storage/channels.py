"""PostgreSQL's LISTEN/NOTIFY between the Parlour processes of one database (DESIGN.md
"Scale"): what lets any process serve any table's page while another holds the table.

A process opens one connection of its own for it: it listens there on the few channels
it was given, each told to a function, and sends what it is asked to, in order, each
batch in one statement (one round trip, one transaction, so no other session's
notifications come between). A payload is at most `MAX_PAYLOAD_BYTES` (NOTIFY's limit).

Channel names belong to the whole database, not to a schema: each is prefixed with the
key of the schema Parlour's tables are in (`claims.lock_key`), so Parlours in two
schemas of one database never hear each other.

The connection is pinged when idle; when it goes, what was waiting to be sent is
dropped (a notification is a hint that something changed, never the change itself),
and it is opened again, every `RETRY_S`, until it comes back; then `reconnected` is
told, since whatever was sent meanwhile was never heard.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Mapping
from typing import Protocol, cast

from bot.storage.claims import lock_key
from bot.storage.pg_connect import PgConnection, connect
from bot.storage.tx import as_str

MAX_PAYLOAD_BYTES = 7999
"""NOTIFY takes a payload shorter than 8,000 bytes."""
PING_S = 2.0
RETRY_S = 1.0
BATCH = 500
_SEND = "SELECT pg_notify(c, p) FROM unnest($1::text[], $2::text[]) AS n(c, p)"
"""One statement for a batch: its rows, and so its notifications, come in the order given."""
_LOG = logging.getLogger(__name__)

Hearer = Callable[[str], None]
"""Told each payload heard on a channel (on the event loop: it must not block)."""


class _Listening(PgConnection, Protocol):
    """What asyncpg's connection offers for LISTEN beside `PgConnection`."""

    async def add_listener(self, channel: str, callback: Callable[..., None]) -> None:
        """LISTEN on `channel`, calling back (connection, pid, channel, payload)."""

    def add_termination_listener(self, callback: Callable[..., None]) -> None:
        """Call back (connection) when the connection closes."""

    def get_server_pid(self) -> int:
        """The server process serving the connection."""


class Channels:
    """A process's notifications: the channels it hears, and what it sends."""

    def __init__(self, dsn: str, prefix: str, hearers: Mapping[str, Hearer]) -> None:
        """Use `open`: this starts nothing."""
        self._dsn = dsn
        self.prefix = prefix
        self._hearers = {f"{prefix}_{topic}": hear for topic, hear in hearers.items()}
        self._queue: list[tuple[str, str]] = []
        self._wake = asyncio.Event()
        self._up = False
        self._task: asyncio.Task[None] | None = None
        self.pid = 0
        """The server process of the connection now (as `pg_stat_activity` shows it)."""
        self.reconnected: list[Callable[[], None]] = []
        """Told once the connection is back after it was lost."""

    @classmethod
    async def open(cls, dsn: str, hearers: Mapping[str, Hearer]) -> Channels:
        """Connect, listen on each topic of `hearers` (told what is heard there), and
        start sending; a `StorageError` sentence if the database cannot be reached."""
        conn = cast(_Listening, await connect(dsn))
        try:
            schema = as_str(await conn.fetchval("SELECT current_schema()"))
            channels = cls(dsn, f"parlour_{lock_key(schema):08x}", hearers)
            await channels._listen(conn)
        except BaseException:
            conn.terminate()
            raise
        channels._task = asyncio.create_task(channels._run(conn), name="parlour-channels")
        return channels

    @property
    def up(self) -> bool:
        """Whether the connection is open (what is sent now can be heard)."""
        return self._up

    def send(self, topic: str, payload: str) -> bool:
        """Queue `payload` for `topic`'s channel; False (nothing queued) while the
        connection is down."""
        assert len(payload.encode()) <= MAX_PAYLOAD_BYTES, f"{len(payload)} bytes to {topic}"
        if not self._up:
            return False
        self._queue.append((f"{self.prefix}_{topic}", payload))
        self._wake.set()
        return True

    async def close(self) -> None:
        """Stop sending and listening (what is queued and not sent is dropped)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _listen(self, conn: _Listening) -> None:
        """LISTEN on every channel, and wake the sender if the connection closes."""
        for channel in self._hearers:
            await conn.add_listener(channel, self._heard)
        conn.add_termination_listener(lambda _conn: self._wake.set())
        self.pid = conn.get_server_pid()
        self._up = True

    def _heard(self, _conn: object, _pid: int, channel: str, payload: str) -> None:
        """A notification: to its channel's hearer (a failure there is logged)."""
        try:
            self._hearers[channel](payload)
        except Exception:
            _LOG.exception("could not take a notification on %s", channel)

    async def _run(self, conn: _Listening) -> None:
        """Send and ping until cancelled, reconnecting whenever the connection goes."""
        try:
            while True:
                try:
                    await self._serve(conn)
                except Exception as exc:
                    _LOG.warning(
                        "lost the database connection for notifications (%s): reconnecting",
                        type(exc).__name__,
                    )
                self._up = False
                self._queue.clear()
                conn.terminate()
                conn = await self._reconnect()
                for told in self.reconnected:
                    told()
        finally:
            self._up = False
            conn.terminate()

    async def _serve(self, conn: _Listening) -> None:
        """Send batches as they come; ping when idle; raise once the connection fails."""
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), PING_S)
            self._wake.clear()
            if conn.is_closed():
                raise ConnectionError("the connection closed")
            if not self._queue:
                await asyncio.wait_for(conn.fetchval("SELECT 1"), PING_S)
                continue
            batch, self._queue = self._queue[:BATCH], self._queue[BATCH:]
            if self._queue:
                self._wake.set()
            names, payloads = [c for c, _ in batch], [p for _, p in batch]
            await asyncio.wait_for(conn.execute(_SEND, names, payloads), PING_S * 5)

    async def _reconnect(self) -> _Listening:
        """A new connection listening on every channel, tried every RETRY_S."""
        told = False
        while True:
            conn: _Listening | None = None
            try:
                conn = cast(_Listening, await connect(self._dsn))
                await self._listen(conn)
            except Exception as exc:
                if conn is not None:
                    conn.terminate()
                if not told:
                    _LOG.warning("notifications are waiting for the database: %s", exc)
                    told = True
                await asyncio.sleep(RETRY_S)
                continue
            _LOG.info("the database connection for notifications is back")
            return conn
