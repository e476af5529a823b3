"""Tables held by another process, followed from this one (DESIGN.md "Scale"). With
shards on PostgreSQL a page may be served by any process; the process serving it keeps
a replica of the page's table, rebuilt from the database and moved on as the owner
tells of its changes, and hears it as it hears its own tables.

What travels is news (`bot.tables.news`), never a view or a card. A follower reads the
rest from the database: the
table's row and seats, and the log entries up to that version, which it applies to its
replica one by one, telling its listeners an `Update` for each entry as the owner's
presenters were told, then the event. A replica is kept only while a page here watches
its table; its private views come from its state as the owner's do (`SeatViews`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from bot.storage import Database
from bot.storage import table_rows as rows
from bot.storage.relay_rows import LoggedAction, actions_since
from bot.tables.accounts import digest_of
from bot.tables.events import Acted, Detail, Event, Nothing, detail_of
from bot.tables.models import Status, Table
from bot.tables.news import KEY, News, read_news
from bot.tables.notifier import Notifier
from bot.tables.recovery import GuildFilter, ReplayError, apply_entry, build_table, start_state
from bot.tables.registry import TableRegistry
from bot.tables.updates import Update

log = logging.getLogger(__name__)

_CLOSING = (Event.FINISHED, Event.STOPPED, Event.RESUMED)
"""The news with which a replica takes its table's closing (RESUMED: catching up)."""
Listener = Callable[[Update], Awaitable[None]]


@dataclass(eq=False)
class Replica:
    """A followed table: the pages watching it here, and the table as last read (None
    until read, or when there is nothing to follow: unknown, closed, or held here)."""

    watchers: int = 0
    table: Table | None = None
    loaded: bool = False
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    pending: list[News] = field(default_factory=list)
    """News heard and not yet taken, in order."""
    draining: bool = False


class Mirror:
    """The replicas of the tables other processes hold that pages here watch."""

    def __init__(self, db: Database, registry: TableRegistry, holds: GuildFilter) -> None:
        """`registry`: this process's own open tables; `holds`: whether this process
        holds a guild's shard (its tables are then its own, never followed)."""
        self._db, self._registry, self._holds = db, registry, holds
        self._views = Notifier()
        self._replicas: dict[int, Replica] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._waiting: dict[int, list[tuple[int, asyncio.Future[None]]]] = {}
        self.listeners: list[Listener] = []
        """Told every update of a followed table (the web's hub)."""
        self.keys_replaced: list[Callable[[int], None]] = []
        """Told the table whose spectator key another process replaced."""

    def table(self, table_id: int) -> Table | None:
        """The replica of a followed table, if there is one to show (read it only)."""
        replica = self._replicas.get(table_id)
        return None if replica is None else replica.table

    def snapshot(self, table_id: int) -> Update | None:
        """A followed table as it stands, as presenters see it; None if none."""
        table = self.table(table_id)
        return None if table is None else self._views.snapshot(table, Event.RESUMED)

    async def follow(self, table_id: int) -> None:
        """A page here opens on a table: follow it unless it is this process's own (read
        from the database the first time). Each call is matched by one `unfollow`."""
        if self._registry.get(table_id) is not None:
            return
        replica = self._replicas.setdefault(table_id, Replica())
        replica.watchers += 1
        try:
            async with replica.lock:
                if not replica.loaded:
                    replica.table = await self._load(table_id)
                    replica.loaded = True
        except BaseException:
            self.unfollow(table_id)
            raise

    async def reached(self, table_id: int, version: int) -> None:
        """Wait until the replica of a followed table is at `version` or later (at
        once if it is, or if the table is not followed or has nothing to show)."""
        table = self.table(table_id)
        if table is None or table.version >= version:
            return
        waiting = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(table_id, []).append((version, waiting))
        try:
            await waiting
        finally:
            found = self._waiting.get(table_id, [])
            found[:] = [w for w in found if w[1] is not waiting]
            if not found:
                self._waiting.pop(table_id, None)

    def unfollow(self, table_id: int) -> None:
        """A page here closes: the replica goes with the last one watching."""
        replica = self._replicas.get(table_id)
        if replica is not None:
            replica.watchers -= 1
            if replica.watchers <= 0:
                del self._replicas[table_id]

    def heard(self, payload: str) -> None:
        """A notification of news (the `TABLES` topic's hearer)."""
        news = read_news(payload)
        if news is None:
            log.warning("a notification that is not news was ignored")
        elif news.kind == KEY:
            for told in self.keys_replaced:
                told(news.table_id)
        else:
            self._take(news)

    def catch_up(self) -> None:
        """Read every followed table again (news may have gone unheard)."""
        for table_id in list(self._replicas):
            self._take(News(table_id, None, str(Event.RESUMED)))

    def _take(self, news: News) -> None:
        """Queue news of a followed table, and drain its queue unless it is draining."""
        replica = self._replicas.get(news.table_id)
        if replica is None:
            return
        replica.pending.append(news)
        if not replica.draining:
            replica.draining = True
            self._spawn(self._drain(replica))

    async def close(self) -> None:
        """Stop reading (at shutdown)."""
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        """Run `coro` as a task of the mirror's own (news is taken in the order heard:
        each waits for its replica's lock, which is taken first come, first served)."""
        task = asyncio.get_running_loop().create_task(coro, name="parlour-mirror")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _load(self, table_id: int) -> Table | None:
        """The table as stored, its state replayed, or None if there is nothing to
        follow; its listeners are told how it came to stand so (`_introduce`)."""
        row = await rows.table_row(self._db, table_id)
        if row is None or row.status == Status.CLOSED or self._holds(row.guild_id):
            return None
        seats = (await rows.seats_of(self._db, [table_id]))[table_id]
        table = build_table(row, seats)
        table.version = 0  # and on, entry by entry
        if _started(row):
            table.state = start_state(table)
        before, last = table.state, None
        try:
            for last in await actions_since(self._db, table_id, 0, row.version):
                before = table.state
                _apply(table, last)
            _check_digest(table, row)
        except ReplayError as exc:
            log.warning("table %d cannot be followed (%s)", table_id, exc)
            return None
        await self._introduce(table, before, last)
        return table

    async def _introduce(self, table: Table, before: Any, last: LoggedAction | None) -> None:
        """Tell the listeners of a table just read its last change, as its owner's were
        told (so the page's first frame says the last move in words): the deal of a
        table with no move yet, else the state before the last move, then the move."""
        if table.state is None:
            return
        if last is None:
            await self._tell(table, Event.STARTED, Nothing())
            return
        state, version = table.state, table.version
        table.state, table.version = before, version - 1
        await self._tell(table, Event.RESUMED, Nothing())
        table.state, table.version = state, version
        await self._tell(table, Event.ACTED, _moved(last))

    async def _drain(self, replica: Replica) -> None:
        """Take a replica's news in order, the moves heard together read in one go (the
        latest wins: each is still told, entry by entry)."""
        try:
            async with replica.lock:
                while replica.pending:
                    heard, replica.pending = replica.pending, []
                    for news in _coalesced(heard):
                        await self._refresh(replica, news)
        finally:
            replica.draining = False

    async def _refresh(self, replica: Replica, news: News) -> None:
        """Move a replica on to the news (its entries, then its event); a replica that
        does not follow is read again from the start."""
        table = replica.table
        if table is None or (news.kind == Event.ACTED and (news.version or 0) <= table.version):
            return  # nothing to show, or a move already read
        try:
            await self._advance(table, news)
        except ReplayError as exc:
            log.warning("table %d is read again (%s)", table.id, exc)
            replica.table = await self._load(table.id)

    async def _advance(self, table: Table, news: News) -> None:
        """Take the stored row (and seats), apply the entries up to the news's version
        (each told as a move), then tell the news's own event."""
        row, seats, entries = await self._read(table, news)
        if row is None:
            return
        stored = build_table(row, seats if seats is not None else [])
        if seats is None:
            stored.seats = table.seats
        if stored.status is Status.CLOSED and news.kind not in _CLOSING:
            stored.status = table.status  # closed when told so, as the owner's presenters were
        _take_row(table, stored)
        if table.state is None and _started(row):
            table.state = start_state(table)
        for entry in entries:
            _apply(table, entry)
            await self._tell(table, Event.ACTED, _moved(entry))
        _check_digest(table, row)
        if news.kind != Event.ACTED:
            event = Event(news.kind)
            await self._tell(table, event, detail_of(event, news.detail))

    async def _read(
        self, table: Table, news: News
    ) -> tuple[rows.TableRow | None, list[rows.SeatRow] | None, list[LoggedAction]]:
        """The table's row, its seats (None after a move alone, which changes none that
        a page shows) and its entries after the replica's version up to the news's, read
        at once (the news came after its commit, so each read sees it)."""
        db, upto = self._db, news.version
        if upto is None:  # catching up: to whatever is stored
            found = await rows.table_row(db, table.id)
            upto = table.version if found is None else found.version
        entries = actions_since(db, table.id, table.version, upto)
        if news.kind == Event.ACTED:
            row, logged = await asyncio.gather(rows.table_row(db, table.id), entries)
            return row, None, logged
        row, logged, seats = await asyncio.gather(
            rows.table_row(db, table.id), entries, rows.seats_of(db, [table.id])
        )
        return row, seats[table.id], logged

    async def _tell(self, table: Table, event: Event, detail: Detail) -> None:
        """Tell every listener of a change at a replica."""
        update = self._views.snapshot(table, event, detail)
        for listener in self.listeners:
            try:
                await listener(update)
            except Exception:  # a page's failure must not stop the others following
                log.exception("a listener failed on table %d (%s)", table.id, event)
        for version, waiting in self._waiting.get(table.id, ()):
            if version <= table.version and not waiting.done():
                waiting.set_result(None)


def _coalesced(heard: list[News]) -> list[News]:
    """News in order, each run of moves as its last (whose version covers them all)."""
    out: list[News] = []
    for news in heard:
        if out and news.kind == Event.ACTED and out[-1].kind == Event.ACTED:
            out[-1] = news
        else:
            out.append(news)
    return out


def _started(row: rows.TableRow) -> bool:
    """Whether a stored table was dealt (it has start stacks once it is)."""
    return row.status != Status.LOBBY and row.start_stacks is not None


def _take_row(table: Table, stored: Table) -> None:
    """Take what the owner may have changed besides the log: seats, status, clock."""
    table.seats[:] = stored.seats
    table.status, table.deadline_at = stored.status, stored.deadline_at
    table.host_id, table.start_stacks = stored.host_id, stored.start_stacks


def _apply(table: Table, entry: LoggedAction) -> None:
    """Apply the next entry of the log to a replica; ReplayError if it is not the next."""
    if table.state is None or entry.row.seq != table.version + 1:
        raise ReplayError(f"entry {entry.row.seq} does not follow version {table.version}")
    table.state = apply_entry(table.game, table.state, entry.row)
    table.version = entry.row.seq


def _moved(entry: LoggedAction) -> Acted:
    """The detail of a move, as the owner's presenters were told it."""
    row = entry.row
    return Acted(row.seat, row.action, str(entry.actor), row.kind)


def _check_digest(table: Table, row: rows.TableRow) -> None:
    """ReplayError unless a replica at the stored version has the stored digest."""
    if table.state is None or row.digest is None or table.version != row.version:
        return
    if digest_of(table.game, table.state) != row.digest:
        raise ReplayError("the replica does not match the stored digest")
