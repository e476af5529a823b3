"""Signing in with Discord: OAuth2's authorization code flow, scope `identify`.

The page sends a player to Discord's consent page with a signed `state`; Discord sends
them back to `/callback` with a code, which is exchanged here (with the client id and
secret, server to server) for an access token, used once to ask who they are
(`GET /users/@me`) and then dropped. Discord's API address is given by whoever starts
the web (the bot passes discord.py's own, so tests that point discord.py at a fake
Discord point this at it too), and so is the HTTP session, for a fake in this process.
Neither the client secret nor a token ever reaches a log line or an error's words.

The Discord Activity (`web.activity`) signs in with the same client: the code Discord's
client gave the Embedded App SDK is exchanged with no redirect, scopes `identify guilds`,
and its access token goes back to the Activity alone (the SDK's `authenticate` needs it).
"""

from __future__ import annotations

import json
import logging
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol, cast
from urllib.parse import urlencode

import aiohttp

from bot.config import WebSettings
from web.sessions import Viewer

log = logging.getLogger(__name__)

DISCORD_API = "https://discord.com/api/v10"
AUTHORIZE = "https://discord.com/oauth2/authorize"
TIMEOUT_S = 10.0


class Answer(Protocol):
    """What is read of an HTTP answer (aiohttp's, or a fake's)."""

    status: int

    async def text(self) -> str:
        """The body as text."""
        ...


class Http(Protocol):
    """An aiohttp-shaped session: `async with http.request(...) as answer`."""

    def request(self, method: str, url: str, **kwargs: Any) -> AbstractAsyncContextManager[Any]:
        """One request."""
        ...


class SignInError(Exception):
    """A sign-in that did not go through: `status` and `words` are the answer's."""

    def __init__(self, status: int, words: str) -> None:
        super().__init__(words)
        self.status, self.words = status, words


REFUSED = SignInError(
    400, "Discord did not accept that sign-in (it may have been used already): sign in again."
)
OURS = SignInError(502, "Sign-in with Discord is not working on our side; try again later.")
AWAY = SignInError(502, "Discord could not be reached to sign you in; try again in a moment.")


class DiscordOAuth:
    """The OAuth2 client of one Discord application."""

    def __init__(
        self, client_id: str, client_secret: str, redirect_uri: str, api: str = DISCORD_API
    ) -> None:
        self.client_id, self._secret = client_id, client_secret
        self.redirect_uri = redirect_uri
        self.api = api.rstrip("/")
        self.http: Http | None = None
        """The session requests go through (made when first needed, unless given)."""
        self._own: aiohttp.ClientSession | None = None

    def __repr__(self) -> str:
        return f"DiscordOAuth(client_id={self.client_id!r}, client_secret=<hidden>)"

    def authorize_url(self, state: str) -> str:
        """Discord's consent page for this sign-in."""
        query = {
            "response_type": "code",
            "client_id": self.client_id,
            "scope": "identify",
            "state": state,
            "redirect_uri": self.redirect_uri,
            "prompt": "none",
        }
        return f"{AUTHORIZE}?{urlencode(query)}"

    async def identify(self, code: str) -> Viewer:
        """Who the code Discord gave is for; SignInError saying why not."""
        return await self._who(await self._exchange(code, self.redirect_uri))

    async def sign_in_activity(self, code: str) -> tuple[Viewer, str, set[int]]:
        """An Activity's sign-in: who the code the Embedded App SDK's `authorize` gave is
        for, the access token (for the SDK's `authenticate`, in the Activity alone), and
        the servers they are in (scope `guilds`). SignInError saying why not."""
        access = await self._exchange(code, None)
        viewer = await self._who(access)
        status, found = await self._call("GET", "/users/@me/guilds", headers=_bearer(access))
        if status != 200 or not isinstance(found, list):
            log.warning("Discord answered /users/@me/guilds with %d", status)
            raise OURS
        ids = (str(g.get("id", "")) for g in found if isinstance(g, dict))
        return viewer, access, {int(i) for i in ids if i.isascii() and i.isdigit()}

    async def _exchange(self, code: str, redirect_uri: str | None) -> str:
        """The access token a code is exchanged for (an Activity's code was given with no
        redirect); SignInError saying why not."""
        form = {
            "grant_type": "authorization_code",
            "code": code,
            "client_id": self.client_id,
            "client_secret": self._secret,
        } | ({"redirect_uri": redirect_uri} if redirect_uri is not None else {})
        headers = {"Content-Type": "application/x-www-form-urlencoded"}
        status, token = await self._call(
            "POST", "/oauth2/token", data=urlencode(form), headers=headers
        )
        if status == 401:
            log.warning("Discord refused the client id and secret (PARLOUR_CLIENT_*)")
            raise OURS
        access = token.get("access_token") if status == 200 and isinstance(token, dict) else None
        if not isinstance(access, str):
            raise REFUSED
        return access

    async def _who(self, access: str) -> Viewer:
        """The user an access token is for (`GET /users/@me`)."""
        status, me = await self._call("GET", "/users/@me", headers=_bearer(access))
        if status != 200 or not isinstance(me, dict):
            me = {}
        user_id = me.get("id")
        if not isinstance(user_id, str) or not user_id.isdigit():
            log.warning("Discord answered /users/@me with %d", status)
            raise OURS
        name = me.get("global_name") or me.get("username") or "player"
        return Viewer(int(user_id), str(name)[:64])

    async def _call(self, method: str, path: str, **kwargs: Any) -> tuple[int, Any]:
        """One request to Discord's API: the status and the JSON answered (None when the
        answer is not JSON)."""
        limit = aiohttp.ClientTimeout(total=TIMEOUT_S)
        try:
            async with self._client().request(
                method, self.api + path, timeout=limit, **kwargs
            ) as answer:
                status, text = answer.status, await answer.text()
        except (aiohttp.ClientError, TimeoutError) as exc:
            log.warning("Discord could not be reached for sign-in (%s)", type(exc).__name__)
            raise AWAY from None
        try:
            return status, json.loads(text) if text else None
        except ValueError:
            return status, None

    def _client(self) -> Http:
        """The session given, or one of our own, opened when first needed."""
        if self.http is None:
            self._own = aiohttp.ClientSession()
            self.http = cast(Http, self._own)
        return self.http

    async def close(self) -> None:
        """Close the session of our own, if one was opened."""
        if self._own is not None:
            await self._own.close()


def _bearer(access: str) -> dict[str, str]:
    """The headers of a request made with a user's access token."""
    return {"Authorization": f"Bearer {access}"}


def oauth_of(settings: WebSettings, api: str = DISCORD_API) -> DiscordOAuth | None:
    """The settings' OAuth2 client, coming back to `/callback`; None without one."""
    if not settings.sign_in:
        return None
    redirect = f"{settings.public_url}/callback"
    return DiscordOAuth(settings.client_id, settings.client_secret, redirect, api)
