"""The web server in the bot's process: a table's page and socket, the static files,
signing in with Discord (`web.signin`), the Discord Activity (`web.activity`), /healthz
and /metrics, every answer with the security headers, every refusal a short plain
sentence with its status. A wrong or
replaced key is answered exactly as a key that never was; no address lists tables,
servers or users."""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from pathlib import Path

from aiohttp import web

from bot.config import WebSettings
from bot.ledger import Ledger
from bot.tables import TableService
from bot.tables.relay import Remote, TableRelay
from bot.tables.watch import WatchKeys
from web.activity import Activity
from web.desk import Desk
from web.hub import Hub
from web.metrics import Metrics
from web.oauth import DISCORD_API, oauth_of
from web.sessions import Sessions
from web.signin import SignIn
from web.sockets import Signed, Visit, serve_socket

log = logging.getLogger(__name__)

STATIC = Path(__file__).parent / "static"
KEY = re.compile(r"[A-Za-z0-9_-]{1,64}")
UNKNOWN = "There is no table at this address."
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
Readiness = Callable[[], "str | None"]
"""Why the bot is not ready yet, in a few words, or None when it is."""


class WebServer:
    """The web front end of one bot process."""

    def __init__(
        self, settings: WebSettings | None, readiness: Readiness, discord_api: str = DISCORD_API
    ) -> None:
        """`settings` None: the web is off, and every method does nothing.
        `discord_api`: the address of Discord's API that sign-in asks (the bot gives
        discord.py's own)."""
        self.settings = settings or WebSettings(0, "http://localhost", "")
        self.readiness = readiness
        self.hub = Hub()
        self.keys: WatchKeys | None = None
        self.relay: TableRelay | None = None
        """Where the web's moves go: this process's tables, or the process holding one."""
        self.desk: Desk | None = None
        self.sessions = Sessions(
            self.settings.secret, secure=self.settings.public_url.startswith("https:")
        )
        self.signed = Signed(self.sessions)
        self.oauth = oauth_of(self.settings, discord_api)
        self.activity = Activity(self.settings, self.sessions, self.oauth)
        self.metrics = Metrics()
        self.app = self._app()
        self._runner: web.AppRunner | None = None
        self.port = self.settings.port
        self.on = settings is not None

    def link(self, key: str) -> str:
        """The public address of the page with this key."""
        return f"{self.settings.public_url}/t/{key}"

    async def start(self, host: str = "0.0.0.0") -> None:
        """Listen on the settings' port (0: any free one, then `port` says which)."""
        if not self.on:
            return
        self._runner = web.AppRunner(self.app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, self.settings.port)
        await site.start()
        for address in self._runner.addresses:
            self.port = int(address[1])
        log.info("the web table listens on port %d (%s)", self.port, self.settings.public_url)

    def attach(
        self, tables: TableService, keys: WatchKeys, ledger: Ledger, remote: Remote | None = None
    ) -> None:
        """Serve these tables (once the database is open and the tables rebuilt), and,
        through `remote` (shards on PostgreSQL), those other processes hold."""
        if not self.on:
            return
        self.hub.tables, self.keys = tables, keys
        self.relay = TableRelay(tables, remote)
        self.desk = Desk(self.relay)
        self.activity.attach(keys)
        tables.presenters.append(self.hub)
        if remote is not None:
            self.hub.remote = remote.mirror
            remote.mirror.listeners.append(self.hub.remote_updated)
        keys.listeners.append(self.hub.key_replaced)
        add = self.metrics
        add.gauge(
            "parlour_tables_open", "Tables open in this process.", lambda: len(tables.tables())
        )
        add.counter(
            "parlour_moves_total", "Moves made at this process's tables.", lambda: self.hub.moves
        )
        add.gauge("parlour_web_sockets_open", "Web pages open on tables.", lambda: self.hub.sockets)
        add.counter(
            "parlour_ledger_transfers_total",
            "Chip transfers this process committed.",
            lambda: ledger.transfers_made,
        )

    async def close(self) -> None:
        """Close every page, then stop listening."""
        await self.hub.close()
        if self.oauth is not None:
            await self.oauth.close()
        if self._runner is not None:
            await self._runner.cleanup()

    def _app(self) -> web.Application:
        """The routes and the middleware."""
        app = web.Application(middlewares=[self._guard], client_max_size=4096)
        app.router.add_get("/t/{key}", self._page)
        app.router.add_get("/t/{key}/ws", self._socket)
        app.router.add_get("/healthz", self._health)
        app.router.add_get("/metrics", self._metrics)
        SignIn(self.settings, self.sessions, self.oauth).routes(app)
        self.activity.routes(app)
        app.router.add_static("/static/", STATIC, show_index=False, follow_symlinks=False)
        return app

    async def _table_of(self, request: web.Request) -> tuple[int, str]:
        """The table the request's key names, or 404 as for any unknown table."""
        key = request.match_info["key"]
        table_id = None
        if KEY.fullmatch(key) and self.keys is not None:
            table_id = await self.keys.table_of(key)
        if table_id is None:
            raise web.HTTPNotFound(text=UNKNOWN)
        return table_id, key

    async def _page(self, request: web.Request) -> web.StreamResponse:
        """A table's page: the same file for every table, which opens the socket."""
        await self._table_of(request)
        return web.FileResponse(STATIC / "table.html", headers={"Cache-Control": "no-store"})

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        """A table's socket, for a page of this site (or the Activity's) only; signed in
        by the session cookie, or the Activity's bearer subprotocol."""
        table_id, key = await self._table_of(request)
        origin = request.headers.get("Origin", "").lower()
        if origin != self.settings.origin and origin not in self.activity.origins():
            raise web.HTTPForbidden(text="This table's socket is only for Parlour's own page.")
        viewer, protocols = self.activity.socket_viewer(request)
        if not web.WebSocketResponse(protocols=protocols).can_prepare(request).ok:
            raise web.HTTPBadRequest(text="This address takes a WebSocket.")
        viewer = viewer or self.sessions.viewer(request)
        visit = Visit(table_id, key, viewer, self.desk, self.signed, protocols)
        return await serve_socket(request, self.hub, visit)

    async def _health(self, request: web.Request) -> web.StreamResponse:
        """200 "ready", or 503 with why not."""
        why = self.readiness() or (None if self.keys is not None else "rebuilding its tables")
        if why is None:
            return web.Response(text="ready")
        return web.Response(status=503, text=f"not ready: {why}")

    async def _metrics(self, request: web.Request) -> web.StreamResponse:
        """The metrics in Prometheus's text format."""
        return web.Response(text=self.metrics.text(), content_type="text/plain", charset="utf-8")

    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """The security headers on every answer; a refusal in a short plain sentence."""
        try:
            response = await handler(request)
        except web.HTTPException as exc:
            response = web.Response(status=exc.status, text=_plain(exc))
        except Exception:
            log.exception("the web page failed on %s", request.path)
            response = web.Response(status=500, text="Something went wrong on our side.")
        if not response.prepared:
            self._headers(response)
        return response

    def _headers(self, response: web.StreamResponse) -> None:
        """Headers that keep the page to itself: no inline script, no framing (but the
        Activity's page, which sets its own policy, by Discord), and no Referer (which
        would carry the key to any site the page linked to)."""
        origin = self.settings.origin
        socket = origin.replace("http", "ws", 1)
        if "Content-Security-Policy" not in response.headers:
            response.headers["Content-Security-Policy"] = (
                f"default-src 'self'; connect-src 'self' {socket}; img-src 'self' data:;"
                " frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
            )
            response.headers["X-Frame-Options"] = "DENY"
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"


def _plain(exc: web.HTTPException) -> str:
    """A refusal's words: ours when we gave some, else the status's own (any address
    not found is answered as an unknown table)."""
    text = exc.text or ""
    if text and not text[0].isdigit():
        return text
    return UNKNOWN if exc.status == 404 else f"{exc.reason}."
