"""Who is signed in: signed cookies, keyed by PARLOUR_WEB_SECRET.

A cookie's value is its content (a little JSON, in base64) and an HMAC-SHA256 of it under
a key derived from the secret for that cookie's purpose alone, so a sign-in cookie can
never pass for a session. Each carries when it runs out. A cookie that was forged,
altered, made under another secret, or has run out is read as nobody signed in: never an
error. Cookies are HttpOnly (no script reads them), SameSite=Lax (a cross-site request
does not carry them, but coming back from Discord's consent page does) and, on an https
address, Secure. Nothing of Discord's (no access token) is kept: only the user's id and
the name they go by.

Signing out ends the session here and now, not only in the browser that asked: its id
(the cookie's signature) is kept as ended until the cookie would have run out, so a copy
of the cookie signs nobody in, and every socket open on it is told (`enders`), which
ends its private view at once (`web.sockets`). The ended ids live in this process only:
a process started after the sign-out knows none of them.

A Discord Activity has no cookies to speak of (it runs in Discord's frame, on Discord's
proxy's address), so it is given a bearer token instead: signed the same way, for its
own purpose (it never passes for a cookie's session, nor a cookie for it), naming the
player and the one server the Activity was opened in, good for `BEARER_S`.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import secrets
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from aiohttp import web

SESSION = "parlour_session"
SIGN_IN = "parlour_sign_in"
SESSION_S = 7 * 24 * 3600
"""How long a session lasts: a week, then the player signs in again."""
SIGN_IN_S = 600
"""How long a sign-in may take at Discord's consent page."""
BEARER_S = 12 * 3600
"""How long an Activity's bearer token lasts: longer than anyone sits at one table."""
MAX_COOKIE_CHARS = 1024


@dataclass(frozen=True, slots=True)
class Viewer:
    """A signed-in person: their Discord user id and the name they go by, and the
    session they came by (its id, "" for none, and when it runs out, 0 for never)."""

    user_id: int
    name: str
    session: str = ""
    until: int = 0


@dataclass(frozen=True, slots=True)
class Bearer:
    """What an Activity's bearer token says: who, and the server it was opened in."""

    viewer: Viewer
    guild_id: int


class Signer:
    """Signs and opens small values for one purpose under the web secret."""

    def __init__(self, secret: str, purpose: str, clock: Callable[[], float] = time.time) -> None:
        self._key = hmac.new(secret.encode(), f"parlour:{purpose}".encode(), "sha256").digest()
        self.clock = clock

    def sign(self, content: Mapping[str, Any], lasts_s: float) -> str:
        """The content, running out in `lasts_s`, with its signature."""
        body = {**content, "until": int(self.clock() + lasts_s)}
        data = _b64(json.dumps(body, separators=(",", ":"), sort_keys=True).encode())
        return f"{data}.{self._mac(data)}"

    def open(self, text: str | None) -> dict[str, Any] | None:
        """The content of a signed value, or None when it is not one of ours (forged,
        altered, signed for another purpose) or has run out."""
        if not text or len(text) > MAX_COOKIE_CHARS or not text.isascii() or text.count(".") != 1:
            return None
        data, mac = text.split(".")
        if not hmac.compare_digest(mac, self._mac(data)):
            return None
        try:
            body = json.loads(base64.urlsafe_b64decode(data + "=" * (-len(data) % 4)))
        except (ValueError, binascii.Error):
            return None
        if not isinstance(body, dict) or not isinstance(body.get("until"), int):
            return None
        return body if body["until"] > self.clock() else None

    @staticmethod
    def mark(text: str) -> str:
        """A signed value's id: its signature (the part after the dot)."""
        return text.rpartition(".")[2]

    def _mac(self, data: str) -> str:
        """The signature of the encoded content."""
        return _b64(hmac.new(self._key, data.encode(), hashlib.sha256).digest())


def _run_out(ended: Iterable[tuple[str, int]], now: float) -> list[str]:
    """The ended sessions whose cookies have run out by `now` (no need to keep them)."""
    return [session for session, until in ended if until <= now]


def _viewer(text: str | None, body: dict[str, Any] | None) -> Viewer | None:
    """The viewer a signed value's content names (`text` the value itself, whose mark
    is its session's id), or None."""
    if text is None or body is None:
        return None
    user_id, name = body.get("user"), body.get("name")
    if not isinstance(user_id, int) or not isinstance(name, str):
        return None
    return Viewer(user_id, name, Signer.mark(text), body["until"])


def _b64(raw: bytes) -> str:
    """URL-safe base64 without padding (cookie-safe)."""
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


class Sessions:
    """The web's cookies: a player's session, and the sign-in on its way through Discord."""

    def __init__(self, secret: str, *, secure: bool, clock: Callable[[], float] = time.time):
        self.sessions = Signer(secret, "session", clock)
        self.sign_ins = Signer(secret, "sign-in", clock)
        self.states = Signer(secret, "state", clock)
        self.bearers = Signer(secret, "bearer", clock)
        self.secure = secure
        self.ended: dict[str, int] = {}
        """Sessions signed out, by id, with when their cookie would have run out."""
        self.enders: list[Callable[[str], None]] = []
        """Told the id of each session as it ends (`web.sockets.Signed.end`)."""

    def viewer(self, request: web.Request) -> Viewer | None:
        """Who sent the request, or None: nobody signed in (a cookie not ours, run out,
        or of a session signed out)."""
        text = request.cookies.get(SESSION)
        viewer = _viewer(text, self.sessions.open(text))
        return None if viewer is None or viewer.session in self.ended else viewer

    def live(self, viewer: Viewer) -> bool:
        """Whether the viewer's session (or bearer token) still holds: not signed out,
        not run out."""
        return viewer.session not in self.ended and viewer.until > self.sessions.clock()

    def bearer_token(self, viewer: Viewer, guild_id: int) -> str:
        """An Activity's bearer token for the viewer, in that server."""
        content = {"user": viewer.user_id, "name": viewer.name, "guild": guild_id}
        return self.bearers.sign(content, BEARER_S)

    def bearer(self, token: str | None) -> Bearer | None:
        """What a bearer token says, or None for one not ours (or run out)."""
        body = self.bearers.open(token)
        viewer = _viewer(token, body)
        guild = body.get("guild") if body is not None else None
        if viewer is None or not isinstance(guild, int):
            return None
        return Bearer(viewer, guild)

    def sign_in(self, response: web.StreamResponse, viewer: Viewer) -> None:
        """Set the session cookie for the viewer (and drop the sign-in's)."""
        # a nonce of its own, so two sign-ins in the same second are two sessions
        content = {"user": viewer.user_id, "name": viewer.name, "n": secrets.token_urlsafe(9)}
        value = self.sessions.sign(content, SESSION_S)
        self._set(response, SESSION, value, SESSION_S)
        self.abandon(response)

    def abandon(self, response: web.StreamResponse) -> None:
        """Drop a sign-in's cookie (the player said no at Discord)."""
        response.del_cookie(SIGN_IN, path="/")

    def sign_out(self, request: web.Request, response: web.StreamResponse) -> None:
        """Drop the session cookie, and end the session it was (`end`)."""
        viewer = self.viewer(request)
        if viewer is not None:
            self.end(viewer.session, viewer.until)
        response.del_cookie(SESSION, path="/")

    def end(self, session: str, until: int) -> None:
        """Keep the session as ended until it would have run out, forget those run out
        by now, and tell every ender."""
        now = self.sessions.clock()
        for gone in _run_out(self.ended.items(), now):
            del self.ended[gone]
        self.ended[session] = until
        for ender in self.enders:
            ender(session)

    def begin(self, response: web.StreamResponse, back_to: str) -> str:
        """Start a sign-in that comes back to `back_to`: the signed `state` for Discord,
        and a cookie holding the same nonce and where to come back to, so only the
        browser that began a sign-in can finish it."""
        nonce = secrets.token_urlsafe(18)
        cookie = self.sign_ins.sign({"nonce": nonce, "next": back_to}, SIGN_IN_S)
        self._set(response, SIGN_IN, cookie, SIGN_IN_S)
        return self.states.sign({"nonce": nonce}, SIGN_IN_S)

    def finish(self, request: web.Request, state: str) -> str | None:
        """Where a sign-in comes back to, if `state` is the one this browser began and
        neither has run out; else None."""
        said = self.states.open(state)
        began = self.sign_ins.open(request.cookies.get(SIGN_IN))
        if said is None or began is None or not isinstance(began.get("next"), str):
            return None
        if not hmac.compare_digest(str(said.get("nonce")), str(began.get("nonce"))):
            return None
        return str(began["next"])

    def _set(self, response: web.StreamResponse, name: str, value: str, lasts_s: int) -> None:
        """A cookie as every one of ours is set."""
        response.set_cookie(
            name,
            value,
            max_age=lasts_s,
            path="/",
            httponly=True,
            samesite="Lax",
            secure=self.secure,
        )
