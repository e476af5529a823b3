"""The web table as a Discord Activity (PARLOUR_ACTIVITY=1): the same page, opened inside
Discord, signs in through Discord's Embedded App SDK and plays the table of the channel
it was opened in.

- `GET /` and `GET /activity`: the Activity's page (Discord loads the root of the URL
  mapping): the SDK's bundle, built from `web/activity/` by `npm ci && npm run build`,
  then the table page's own script. Without the bundle it answers, plainly, that the
  script is not built. Only this page may be framed, and only by Discord.
- `POST /activity/token` `{"code", "guild"}`: the code the SDK's `authorize` gave is
  exchanged with Discord (with the client secret, server to server, scopes `identify
  guilds`); answered with the access token the SDK's `authenticate` needs, and a
  Parlour bearer token (`web.sessions`) naming the player and the server, if Discord
  lists them in it.
- `GET /activity/table?channel=ID` with `Authorization: Bearer TOKEN`: the key of the
  table open in that channel of the token's server (from the database, so a table any
  shard process holds is found), or 404 "There is no table in this channel.". It
  lists nothing.
- A table's socket takes the bearer token as its subprotocol `bearer.TOKEN` (a browser
  cannot set a WebSocket's headers), beside the session cookie.

Inside Discord every request goes through Discord's proxy, at the Activity's own
address, under `/.proxy/` or not: the page asks by paths relative to where it was
loaded, and the socket is accepted from that address too.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from aiohttp import web

from bot.config import WebSettings
from bot.tables.watch import WatchKeys
from web.oauth import DiscordOAuth, SignInError
from web.sessions import Bearer, Sessions, Viewer

log = logging.getLogger(__name__)

STATIC = Path(__file__).parent / "static"
BUNDLE = STATIC / "activity.bundle.js"
PAGE = STATIC / "table.html"
FIRST_SCRIPT = '<script src="static/cards.js"'
PROTOCOL = "bearer."
NOT_ON = "The Discord Activity is not switched on for this Parlour."
NOT_BUILT = (
    "The Activity's script is not built on this Parlour: run `npm ci && npm run build`"
    " in web/activity (it needs Node.js and npm)."
)
NO_TABLE = "There is no table in this channel."
IN_A_SERVER = "Open the Activity in a channel of a server: Parlour's tables are in servers."
NOT_THERE = "Discord does not list you in that server: open the Activity from its channel."
SIGN_IN_AGAIN = "The Activity's sign-in ran out: close the Activity and open it again."
FROM_A_CHANNEL = "Open the Activity from a channel."
EMBEDDERS = (
    "https://discord.com https://*.discord.com https://discordapp.com"
    " https://*.discordapp.com https://*.discordsays.com"
)
"""Who may frame the Activity's page: Discord's clients, and its Activities' proxy."""


class Activity:
    """The Activity's addresses of one web server."""

    def __init__(
        self, settings: WebSettings, sessions: Sessions, oauth: DiscordOAuth | None
    ) -> None:
        self.settings, self.sessions, self.oauth = settings, sessions, oauth
        self.on = settings.activity and oauth is not None
        self.keys: WatchKeys | None = None
        self.proxy = f"https://{settings.client_id}.discordsays.com"
        """The Activity's own address inside Discord (its pages' Origin there)."""

    def routes(self, app: web.Application) -> None:
        """Add the addresses to the app (the root only while the Activity is on)."""
        if self.on:
            app.router.add_get("/", self.page)
        app.router.add_get("/activity", self.page)
        app.router.add_post("/activity/token", self.token)
        app.router.add_get("/activity/table", self.table)

    def attach(self, keys: WatchKeys) -> None:
        """Find tables, and their keys, by these."""
        self.keys = keys

    def origins(self) -> set[str]:
        """The Origins a table's socket is taken from besides the site's own."""
        return {self.proxy} if self.on else set()

    def _client(self) -> DiscordOAuth:
        """The OAuth2 client, or 404 while the Activity is off."""
        if not self.on or self.oauth is None:
            raise web.HTTPNotFound(text=NOT_ON)
        return self.oauth

    async def page(self, request: web.Request) -> web.StreamResponse:
        """The Activity's page, framed by Discord only."""
        self._client()
        if not BUNDLE.is_file():
            raise web.HTTPServiceUnavailable(text=NOT_BUILT)
        html = activity_page(PAGE.read_text(), self.settings.client_id)
        response = web.Response(text=html, content_type="text/html", charset="utf-8")
        response.headers["Cache-Control"] = "no-store"
        response.headers["Content-Security-Policy"] = self._policy()
        return response

    def _policy(self) -> str:
        """The page's Content-Security-Policy: the site's, but framed by Discord."""
        socket = self.settings.origin.replace("http", "ws", 1)
        proxied = self.proxy.replace("https", "wss", 1)
        return (
            f"default-src 'self'; connect-src 'self' {socket} {proxied}; img-src 'self' data:;"
            f" frame-ancestors {EMBEDDERS}; base-uri 'none'; form-action 'none'"
        )

    async def token(self, request: web.Request) -> web.StreamResponse:
        """The SDK's code exchanged: the access token for `authenticate`, and ours."""
        oauth = self._client()
        code, guild = _sign_in_asked(await _json(request))
        try:
            viewer, access, guilds = await oauth.sign_in_activity(code)
        except SignInError as exc:
            kind = web.HTTPBadRequest if exc.status == 400 else web.HTTPBadGateway
            raise kind(text=exc.words) from None
        if guild not in guilds:
            raise web.HTTPForbidden(text=NOT_THERE)
        said = {
            "access_token": access,
            "session": self.sessions.bearer_token(viewer, guild),
            "name": viewer.name,
        }
        return web.json_response(said, headers={"Cache-Control": "no-store"})

    async def table(self, request: web.Request) -> web.StreamResponse:
        """The page of the table open in the channel, in the bearer's server."""
        self._client()
        bearer = self._bearer(request)
        channel = request.query.get("channel", "")
        if not (channel.isascii() and channel.isdigit() and len(channel) <= 20):
            raise web.HTTPBadRequest(text=FROM_A_CHANNEL)
        assert self.keys is not None, "attached before it serves"
        key = await self.keys.key_in_channel(bearer.guild_id, int(channel))
        if key is None:
            raise web.HTTPNotFound(text=NO_TABLE)
        return web.json_response({"key": key}, headers={"Cache-Control": "no-store"})

    def _bearer(self, request: web.Request) -> Bearer:
        """The request's bearer token, or 401 saying to open the Activity again."""
        said = request.headers.get("Authorization", "")
        bearer = self.sessions.bearer(said[7:] if said.startswith("Bearer ") else None)
        if bearer is None:
            raise web.HTTPUnauthorized(text=SIGN_IN_AGAIN)
        return bearer

    def socket_viewer(self, request: web.Request) -> tuple[Viewer | None, tuple[str, ...]]:
        """Who a socket's handshake signs in by its `bearer.TOKEN` subprotocol, and the
        subprotocol to answer with; (None, ()) when it offers none. A bearer offered
        that is not ours (forged, run out) is refused with 403."""
        offered = request.headers.get("Sec-WebSocket-Protocol", "")
        tokens = [p.strip() for p in offered.split(",") if p.strip().startswith(PROTOCOL)]
        if not tokens or not self.on:
            return None, ()
        bearer = self.sessions.bearer(tokens[0][len(PROTOCOL) :])
        if bearer is None:
            raise web.HTTPForbidden(text=SIGN_IN_AGAIN)
        return bearer.viewer, (tokens[0],)


def activity_page(table_page: str, client_id: str) -> str:
    """The table's page as the Activity's: its addresses relative (so they go through
    Discord's proxy under the prefix the page came by), the client id for the SDK, and
    the sign-in script before the table's own."""
    # the client id is digits (checked in bot.config), safe in an attribute
    html = table_page.replace('"/static/', '"static/')
    first = (
        f'<meta name="parlour-client-id" content="{client_id}">\n'
        '<script src="static/activity.bundle.js" defer></script>\n'
    )
    assert FIRST_SCRIPT in html, "the table's page loads its scripts from static/"
    return html.replace(FIRST_SCRIPT, first + FIRST_SCRIPT, 1)


async def _json(request: web.Request) -> dict[str, Any]:
    """The request's JSON object, or 400."""
    try:
        said = await request.json()
    except ValueError:
        said = None
    if not isinstance(said, dict):
        raise web.HTTPBadRequest(text="That sign-in is not one the Activity sends.")
    return said


def _sign_in_asked(said: dict[str, Any]) -> tuple[str, int]:
    """The code and the server of an Activity's sign-in, or 400 saying what is wrong."""
    code, guild = said.get("code"), said.get("guild")
    if not isinstance(code, str) or not 0 < len(code) <= 256:
        raise web.HTTPBadRequest(text="That sign-in is not one the Activity sends.")
    if not isinstance(guild, str) or not (guild.isascii() and guild.isdigit()) or len(guild) > 20:
        raise web.HTTPBadRequest(text=IN_A_SERVER)
    return code, int(guild)
