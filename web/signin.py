"""The sign-in addresses: `/login?next=/t/KEY` sends a player to Discord's consent page
with a signed state, `/callback` takes them back from it signed in, `POST /logout` signs
them out (from our own page only), and `/me` tells a page who is signed in on it.

Without PARLOUR_CLIENT_ID and PARLOUR_CLIENT_SECRET sign-in is not set up: `/me` says
so, the page stays a spectator's, and the sign-in addresses answer that in a sentence.
Every refusal is a short plain answer that signs nobody in.
"""

from __future__ import annotations

import re

from aiohttp import web

from bot.config import WebSettings
from web.oauth import DiscordOAuth, SignInError
from web.sessions import Sessions

BACK_TO = re.compile(r"/t/[A-Za-z0-9_-]{1,64}")
"""Where a sign-in may come back to: a table's page on this site (nowhere else)."""
NOT_SET_UP = "Sign-in with Discord is not set up on this Parlour: you can watch."
FROM_A_TABLE = "Sign in from a table's page."
STALE = "That sign-in was not begun here or took too long: sign in again from the table's page."


class SignIn:
    """The sign-in addresses of one web server."""

    def __init__(
        self, settings: WebSettings, sessions: Sessions, oauth: DiscordOAuth | None
    ) -> None:
        self.settings, self.sessions, self.oauth = settings, sessions, oauth

    def routes(self, app: web.Application) -> None:
        """Add the addresses to the app."""
        app.router.add_get("/login", self.login)
        app.router.add_get("/callback", self.callback)
        app.router.add_post("/logout", self.logout)
        app.router.add_get("/me", self.me)

    def _client(self) -> DiscordOAuth:
        """The OAuth2 client, or 404 saying sign-in is not set up."""
        if self.oauth is None:
            raise web.HTTPNotFound(text=NOT_SET_UP)
        return self.oauth

    async def login(self, request: web.Request) -> web.StreamResponse:
        """Off to Discord's consent page, to come back to the table's page."""
        oauth = self._client()
        back_to = request.query.get("next", "")
        if not BACK_TO.fullmatch(back_to):
            raise web.HTTPBadRequest(text=FROM_A_TABLE)
        response = web.Response(status=302, text="Off to Discord to sign in.")
        state = self.sessions.begin(response, back_to)
        response.headers["Location"] = oauth.authorize_url(state)
        response.headers["Cache-Control"] = "no-store"
        return response

    async def callback(self, request: web.Request) -> web.StreamResponse:
        """Back from Discord: the state checked, the code exchanged, the session set."""
        oauth = self._client()
        back_to = self.sessions.finish(request, request.query.get("state", ""))
        if back_to is None:
            raise web.HTTPBadRequest(text=STALE)
        if "error" in request.query:  # the player said no at Discord: back, as a spectator
            response = self._back(back_to)
            self.sessions.abandon(response)
            return response
        code = request.query.get("code", "")
        if not code or len(code) > 256:
            raise web.HTTPBadRequest(text=STALE)
        try:
            viewer = await oauth.identify(code)
        except SignInError as exc:
            raise _refused(exc) from None
        response = self._back(back_to)
        self.sessions.sign_in(response, viewer)
        return response

    def _back(self, back_to: str) -> web.Response:
        """Back to the table's page the sign-in began on."""
        response = web.Response(status=303, text="Back to the table.")
        response.headers["Location"] = back_to
        response.headers["Cache-Control"] = "no-store"
        return response

    async def logout(self, request: web.Request) -> web.StreamResponse:
        """Sign out, asked by our own page (a cross-site form cannot): the session ends
        on every page open on it too."""
        if request.headers.get("Origin", "").lower() != self.settings.origin:
            raise web.HTTPForbidden(text="Sign out from Parlour's own page.")
        response = web.Response(status=204)
        self.sessions.sign_out(request, response)
        return response

    async def me(self, request: web.Request) -> web.StreamResponse:
        """Who is signed in on this browser, and whether sign-in is set up at all."""
        viewer = self.sessions.viewer(request)
        return web.json_response(
            {
                "sign_in": self.oauth is not None,
                "signed_in": viewer is not None,
                "name": viewer.name if viewer is not None else None,
            },
            headers={"Cache-Control": "no-store"},
        )


def _refused(exc: SignInError) -> web.HTTPException:
    """The HTTP refusal of a sign-in that did not go through, in its words."""
    kind = web.HTTPBadRequest if exc.status == 400 else web.HTTPBadGateway
    return kind(text=exc.words)
