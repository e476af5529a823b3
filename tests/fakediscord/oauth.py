"""Discord's OAuth2, as far as signing in with scope `identify` needs it.

A user consents on Discord's page (`consent`, a test's stand-in for the click: it reads
the authorize URL the bot sent them to, checks its client id, scope and redirect, and
answers where Discord would send them back, with a fresh code and the state); the bot
exchanges the code at `POST /oauth2/token` (form-encoded, with the client id and secret
in the form or as HTTP Basic; each code once, with the redirect it was given for) and
asks `GET /users/@me` with the access token as a Bearer (and, with scope `guilds`,
`GET /users/@me/guilds`). An Activity's sign-in (`authorize_activity`, what Discord's
client answers the Embedded App SDK's AUTHORIZE command with) gives a code with no
redirect, exchanged with none. Errors are shaped as Discord's:
`{"error": "invalid_grant", ...}` with 400, `invalid_client` with 401.
"""

from __future__ import annotations

import base64
import itertools
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

AUTHORIZE = "https://discord.com/oauth2/authorize"
TOKEN_LIFE_S = 604_800


class OAuthError(Exception):
    """An OAuth2 error answer: its status and Discord's JSON body."""

    def __init__(self, status: int, error: str, description: str) -> None:
        super().__init__(description)
        self.status = status
        self.body = {"error": error, "error_description": description}


@dataclass
class Grant:
    """A code Discord gave: for whom, to which client, to come back to which address."""

    user_id: int
    redirect_uri: str | None
    """None for an Activity's code (the SDK's authorize has no redirect)."""
    scope: str


@dataclass
class FakeOAuth:
    """The application's OAuth2 client and the codes and tokens given out."""

    client_id: int
    client_secret: str = "fake-client-secret-0123456789"
    codes: dict[str, Grant] = field(default_factory=dict)
    tokens: dict[str, int] = field(default_factory=dict)
    """Access token -> user id."""
    scopes: dict[str, str] = field(default_factory=dict)
    """Access token -> the scopes it was granted, space-separated."""
    exchanged: list[str] = field(default_factory=list)
    """Every code exchanged, in order (a code is good once)."""
    _ids: itertools.count[int] = field(default_factory=lambda: itertools.count(1))

    def consent(self, user_id: int, authorize_url: str) -> str:
        """The user agrees on Discord's page the bot sent them to: where Discord sends
        them back (the redirect with `code` and `state`). AssertionError for a URL that
        Discord would refuse to show."""
        parts = urlsplit(authorize_url)
        assert f"{parts.scheme}://{parts.netloc}{parts.path}" == AUTHORIZE, authorize_url
        query = dict(parse_qsl(parts.query))
        assert query.get("response_type") == "code", "only the authorization code flow"
        assert query.get("client_id") == str(self.client_id), "unknown client_id"
        assert "identify" in query.get("scope", "").split(), "scope identify is needed"
        redirect = query.get("redirect_uri", "")
        assert redirect.startswith(("http://", "https://")), "a redirect_uri is needed"
        code = f"fake-code-{next(self._ids)}"
        self.codes[code] = Grant(user_id, redirect, query["scope"])
        back = {"code": code} | ({"state": query["state"]} if "state" in query else {})
        return f"{redirect}?{urlencode(back)}"

    def authorize_activity(self, user_id: int, args: dict[str, Any]) -> str:
        """The user agrees in Discord's client to the AUTHORIZE command an Activity sent
        (its `args`): the code the command answers. AssertionError for a command the
        client would refuse."""
        assert args.get("client_id") == str(self.client_id), "unknown client_id"
        assert args.get("response_type") == "code", "only the authorization code flow"
        scopes = args.get("scope")
        assert isinstance(scopes, list) and "identify" in scopes, "scope identify is needed"
        code = f"fake-code-{next(self._ids)}"
        self.codes[code] = Grant(user_id, None, " ".join(scopes))
        return code

    def token(self, form: dict[str, str], authorization: str | None) -> dict[str, Any]:
        """`POST /oauth2/token`: an access token for a good code, once."""
        client_id, secret = form.get("client_id"), form.get("client_secret")
        if authorization and authorization.startswith("Basic "):
            client_id, _, secret = base64.b64decode(authorization[6:]).decode().partition(":")
        if client_id != str(self.client_id) or secret != self.client_secret:
            raise OAuthError(401, "invalid_client", "Unknown client or wrong secret.")
        if form.get("grant_type") != "authorization_code":
            raise OAuthError(400, "unsupported_grant_type", "Unsupported grant type.")
        code = form.get("code", "")
        grant = self.codes.pop(code, None)
        if grant is None:
            raise OAuthError(400, "invalid_grant", 'Invalid "code" in request.')
        if form.get("redirect_uri") != grant.redirect_uri:
            raise OAuthError(400, "invalid_grant", 'Invalid "redirect_uri" in request.')
        self.exchanged.append(code)
        access = f"fake-access-{next(self._ids)}"
        self.tokens[access] = grant.user_id
        self.scopes[access] = grant.scope
        return {
            "access_token": access,
            "token_type": "Bearer",
            "expires_in": TOKEN_LIFE_S,
            "refresh_token": f"fake-refresh-{next(self._ids)}",
            "scope": grant.scope,
        }

    def has_scope(self, authorization: str | None, scope: str) -> bool:
        """Whether the Bearer token a request carries was granted `scope`."""
        token = (authorization or "")[7:]
        return scope in self.scopes.get(token, "").split()

    def bearer(self, authorization: str | None) -> int | None:
        """The user whose access token a request carries as a Bearer, if any."""
        if not authorization or not authorization.startswith("Bearer "):
            return None
        return self.tokens.get(authorization[7:])
