"""The news of a table between processes (DESIGN.md "Scale"): after each change it
stores, the process holding a table sends, on the `tables` topic, the table, the version
it is at, the event and, when it fits in a notification, the event's detail (the seat
that joined or left, who stopped the table, the seeds at the end: what every onlooker is
told); never a view, a card, or a move as logged (a card may have been played face
down: a follower reads the log itself). A replaced spectator key is news too, without
the key. `bot.tables.mirror` reads it in the processes following the table."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from bot.storage.channels import MAX_PAYLOAD_BYTES
from bot.tables.events import Event, plain
from bot.tables.models import Table
from bot.tables.updates import Update

TABLES = "tables"
"""The topic of the news of every table."""
KEY = "key"
"""The news of a replaced spectator key (the key itself never travels)."""

_MOVES = (Event.ACTED, Event.TIMED_OUT)
"""The events whose detail names a move as logged: their news goes without it."""
Send = Callable[[str, str], bool]
"""Queue a payload for a topic (`Channels.send`)."""


@dataclass(frozen=True, slots=True)
class News:
    """What a notification on `TABLES` says: a table, the version it is at (None: as
    stored now), and the event (an `Event`'s value, or KEY) with its detail."""

    table_id: int
    version: int | None
    kind: str
    detail: dict[str, Any] = field(default_factory=dict)


def news_payload(news: News) -> str:
    """The notification of `news`; without its detail if that would not fit."""
    body: dict[str, Any] = {"t": news.table_id, "v": news.version, "e": news.kind}
    if news.detail:
        with_detail = json.dumps({**body, "d": news.detail}, separators=(",", ":"), default=str)
        if len(with_detail.encode()) <= MAX_PAYLOAD_BYTES:
            return with_detail
    return json.dumps(body, separators=(",", ":"))


def read_news(payload: str) -> News | None:
    """The news a notification says, or None for one that is not news."""
    try:
        said = json.loads(payload)
        table_id, version, kind = said["t"], said["v"], said["e"]
    except (ValueError, TypeError, KeyError):
        return None
    detail = said.get("d", {})
    if (
        not isinstance(table_id, int)
        or not (version is None or isinstance(version, int))
        or not (kind == KEY or kind in Event.__members__.values())
        or not isinstance(detail, dict)
    ):
        return None
    return News(table_id, version, kind, detail)


class Announcer:
    """The owner's side: tells the other processes of each change stored at its tables."""

    def __init__(self, send: Send) -> None:
        self._send = send

    async def table_updated(self, update: Update) -> None:
        """A change at one of this process's tables: its news (queued, never waited on).
        A move's news says no more than its version: a follower reads the entry itself,
        and the move as logged may be a card played face down."""
        table, event = update.table, update.event
        detail = {} if event in _MOVES else plain(update.detail)
        self._send(TABLES, news_payload(News(table.id, table.version, str(event), detail)))

    def key_replaced(self, table_id: int) -> None:
        """This process replaced a table's spectator key."""
        self._send(TABLES, news_payload(News(table_id, None, KEY)))

    def all_tables(self, tables: Iterable[Table]) -> None:
        """Every table of this process as it stands (after a takeover or a reconnect,
        when some news may never have been heard)."""
        for table in tables:
            self._send(TABLES, news_payload(News(table.id, table.version, str(Event.RESUMED))))
