"""`parlour web`: the web table alone, in a process that holds no shard (DESIGN.md
"Scale"). It serves every table's page and socket, following each table from the
database as the process holding it tells of its changes, and relays the moves made on
its pages to that process (`bot.tables.relay`); it needs no Discord token. It is the one
address in front of several shard processes (compose.yaml). PostgreSQL only: a SQLite
file is one process's, and that process serves its web itself (`parlour run
--web-port`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal

from bot.config import Settings
from bot.ledger import Ledger
from bot.storage import Database, open_database
from bot.tables import ServiceSettings, TableService, WatchKeys
from bot.tables.relay import Remote, open_remote
from web.server import WebServer

log = logging.getLogger(__name__)


def _no_guild(guild_id: int) -> bool:
    """A web process holds no guild's shard: every table is another process's."""
    return False


class WebFront:
    """The web table of every shard, served by a process holding none."""

    def __init__(self, settings: Settings) -> None:
        assert settings.web is not None and settings.db_url is not None
        self.settings = settings
        self.web = WebServer(settings.web, self.not_ready)
        self.web.metrics.gauge("parlour_shards_held", "Discord gateway shards held.", lambda: 0)
        self.db: Database | None = None
        self.remote: Remote | None = None

    def not_ready(self) -> str | None:
        """Why the pages cannot be served yet (for /healthz), or None."""
        if self.db is None:
            return "opening the database"
        if self.remote is None or not self.remote.up:
            return "waiting for the database's notifications"
        return None

    async def start(self) -> None:
        """Listen (/healthz answers at once), open the database, then serve the pages."""
        await self.web.start()
        assert self.settings.db_url is not None
        self.db = await open_database(self.settings.db_url)
        ledger = Ledger(self.db, starting_chips=self.settings.starting_chips)
        service = ServiceSettings(
            default_buy_in=self.settings.buy_in, turn_timeout_s=self.settings.turn_timeout_s
        )
        tables = TableService(self.db, ledger, service)  # holds none: it runs no table
        keys = WatchKeys(self.db)
        self.remote = await open_remote(self.db, tables, _no_guild, keys)
        assert self.remote is not None, "a web process needs PostgreSQL"
        self.web.attach(tables, keys, ledger, self.remote)
        log.info("serving the web table of every shard's tables, holding no shard")

    async def close(self) -> None:
        """Close the pages, the relay, then the database."""
        await self.web.close()
        if self.remote is not None:
            await self.remote.close()
        if self.db is not None:
            await self.db.close()


def run_web(settings: Settings) -> int:
    """Serve the web until stopped: Ctrl+C and SIGTERM both close it cleanly."""
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(_serve(settings))
    return 0


async def _serve(settings: Settings) -> None:
    """Start the web process and run it until SIGTERM (or cancelled)."""
    front, stopped = WebFront(settings), asyncio.Event()
    with contextlib.suppress(NotImplementedError):  # no signal handlers on Windows
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stopped.set)
    try:
        await front.start()
        await stopped.wait()
        log.info("stopped by SIGTERM")
    finally:
        await front.close()
