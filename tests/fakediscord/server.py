"""The fake Discord API: routes each request, keeps messages, interactions and commands.

Answers are shaped like Discord's JSON, errors carry Discord's error codes, and every
request is recorded. A route the fake does not know answers 404 and lands in `unhandled`.
"""

from __future__ import annotations

import asyncio
import fnmatch
import mimetypes
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit

from discord.http import Route

from .oauth import FakeOAuth, OAuthError
from .records import (
    EPHEMERAL,
    LOADING,
    Callback,
    FakeInteraction,
    FakeMessage,
    Request,
    Upload,
)
from .wire import FakeResponse, decode_body
from .world import JSON, FakeUser, World, now_iso

CDN = "https://cdn.discordapp.com"
_TOKEN = re.compile(r"/(?:interactions|webhooks)/\d+/([^/]+)")
_ROUTES: list[tuple[frozenset[str], re.Pattern[str], Callable[..., Any]]] = []


def _route(methods: str, pattern: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    def register(handler: Callable[..., Any]) -> Callable[..., Any]:
        _ROUTES.append((frozenset(methods.split()), re.compile(pattern), handler))
        return handler

    return register


LAUNCH_ACTIVITY = 12
"""The interaction response that launches the application's Activity."""
ENTRY_POINT = 4
"""PRIMARY_ENTRY_POINT: the command type of an Activity's entry point."""
ENTRY_POINT_KEPT = (
    "You cannot remove this app's Entry Point command in a bulk update operation. Please"
    " include the Entry Point command in your update request or delete it separately."
)


class ApiError(Exception):
    """An error answer: HTTP status plus Discord's JSON error code and message."""

    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(message)
        self.status, self.body = status, {"message": message, "code": code}


@dataclass
class Failure:
    """A scripted failure for the next `times` requests matching METHOD and a path glob."""

    method: str
    path_glob: str
    status: int
    body: JSON
    headers: dict[str, str]
    times: int
    error: BaseException | None = None
    """Raised instead of answering (the network failing: a refused connection, a timeout)."""

    def matches(self, request: Request) -> bool:
        """Whether this failure applies to the request."""
        return route_matches(self.method, self.path_glob, request)


def route_matches(method: str, path_glob: str, request: Request) -> bool:
    """METHOD ("*" for any) and a glob over the path, e.g. "/channels/*/messages"."""
    return method in ("*", request.method) and fnmatch.fnmatchcase(request.path, path_glob)


class DiscordAPI:
    """The server side of every request, and the store the query helpers read."""

    def __init__(self, world: World, *, ack_deadline_s: float, keep_requests: bool = True) -> None:
        self.world = world
        self.gateway_url: str | None = None  # served over the network (`net`) only
        self.ack_deadline_s = ack_deadline_s
        self.keep_requests = keep_requests
        self.requests: list[Request] = []
        self.unhandled: list[Request] = []
        self.failures: list[Failure] = []
        self.messages: dict[int, FakeMessage] = {}
        self.interactions: dict[int, FakeInteraction] = {}
        self.tokens: dict[str, FakeInteraction] = {}
        self.commands: dict[int | None, list[JSON]] = {}  # guild id (None: global) -> commands
        self.activities = False
        """Whether the application has Activities on (`Harness.enable_activities`)."""
        self.launched: list[tuple[int, int]] = []
        """(user id, channel id) of every Activity launched by an interaction's answer."""
        self.cdn: dict[str, bytes] = {}
        self.oauth = FakeOAuth(world.app_id)
        self.changed = asyncio.Event()
        """Set after every request answered: `Harness.until` waits on it, not on a clock."""

    async def handle(self, method: str, url: str, kwargs: dict[str, Any]) -> FakeResponse:
        """Answer one request from discord.py in this process (`FakeSession`)."""
        if url in self.cdn:
            return FakeResponse(200, self.cdn[url])
        assert url.startswith(Route.BASE), f"request outside the Discord API: {method} {url}"
        headers = {k.lower(): v for k, v in (kwargs.get("headers") or {}).items()}
        form = None
        if "form-urlencoded" in headers.get("content-type", ""):
            data = kwargs.get("data") or ""
            form = dict(parse_qsl(data.decode() if isinstance(data, bytes) else str(data)))
            body, files = None, []
        else:
            body, files = await decode_body(kwargs.get("data"))
        reason = headers.get("x-audit-log-reason")
        parts = urlsplit(url.removeprefix(Route.BASE))
        params = dict(parse_qsl(parts.query))
        params |= {k: str(v) for k, v in (kwargs.get("params") or {}).items()}
        path = parts.path
        wire = Request(method, path, params, body, files, unquote(reason) if reason else None)
        wire.form, wire.authorization = form, headers.get("authorization")
        return self.answer(wire)

    def answer(self, request: Request) -> FakeResponse:
        """Answer one request, read off the wire (its path without the API base); a
        failure scripted with an `error` raises it instead."""
        if self.keep_requests:
            self.requests.append(request)
        token = _TOKEN.match(request.path)
        if token and token[1] in self.tokens and self.keep_requests:
            self.tokens[token[1]].requests.append(request)
        headers: dict[str, str] = {}
        failure = next((f for f in self.failures if f.matches(request)), None)
        if failure is not None:
            failure.times -= 1
            if failure.times <= 0:
                self.failures.remove(failure)
            if failure.error is not None:
                raise failure.error
            status, payload, headers = failure.status, failure.body, failure.headers
        else:
            try:
                payload = self._dispatch(request)
                status = 204 if payload is None else 200
            except (ApiError, OAuthError) as error:
                status, payload = error.status, error.body
        request.status, request.response = status, payload
        self.changed.set()
        return FakeResponse(status, payload, headers)

    def _dispatch(self, request: Request) -> Any:
        for methods, pattern, handler in _ROUTES:
            match = pattern.fullmatch(request.path)
            if match and request.method in methods:
                return handler(self, request, **match.groupdict())
        self.unhandled.append(request)
        raise ApiError(404, 0, "404: Not Found")

    # -- users, members, channels, DMs ------------------------------------------------

    def _user(self, user_id: str | int) -> FakeUser:
        user = self.world.users.get(int(user_id))
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        return user

    def _channel(self, channel_id: str | int) -> JSON:
        channel = self.world.channel_payload(int(channel_id))
        if channel is None:
            raise ApiError(404, 10003, "Unknown Channel")
        return channel

    @_route("GET", r"/gateway/bot")
    def _gateway_bot(self, request: Request) -> JSON:
        if self.gateway_url is None:
            raise ApiError(404, 0, "404: Not Found")
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        shards = self.world.shard_count
        return {"url": self.gateway_url, "shards": shards, "session_start_limit": limit}

    @_route("GET", r"/users/@me")
    def _me(self, request: Request) -> JSON:
        """The bot's user, or with a Bearer token the user who signed in with it."""
        if request.authorization and request.authorization.startswith("Bearer "):
            user_id = self.oauth.bearer(request.authorization)
            if user_id is None:
                raise ApiError(401, 0, "401: Unauthorized")
            return self._user(user_id).payload()
        return self.world.bot_user.payload()

    @_route("GET", r"/users/@me/guilds")
    def _my_guilds(self, request: Request) -> list[JSON]:
        """The servers of the user a Bearer token (with scope `guilds`) is for."""
        user_id = self.oauth.bearer(request.authorization)
        if user_id is None:
            raise ApiError(401, 0, "401: Unauthorized")
        if not self.oauth.has_scope(request.authorization, "guilds"):
            raise ApiError(403, 50001, "Missing Access")
        user = self._user(user_id)
        found = [g for g in self.world.guilds.values() if self.world.is_member(user, g.id)]
        return [{"id": str(g.id), "name": g.name, "owner": g.owner_id == user.id} for g in found]

    @_route("POST", r"/oauth2/token")
    def _token(self, request: Request) -> JSON:
        """OAuth2's code exchange (form-encoded)."""
        if request.form is None:
            raise OAuthError(400, "invalid_request", "The body must be form-encoded.")
        return self.oauth.token(request.form, request.authorization)

    @_route("GET", r"/oauth2/applications/@me")
    def _app_info(self, request: Request) -> JSON:
        return self.world.app_info()

    @_route("GET", r"/users/(?P<user_id>\d+)")
    def _get_user(self, request: Request, user_id: str) -> JSON:
        return self._user(user_id).payload()

    @_route("GET", r"/guilds/(?P<guild_id>\d+)/members/(?P<user_id>\d+)")
    def _get_member(self, request: Request, guild_id: str, user_id: str) -> JSON:
        user = self.world.users.get(int(user_id))
        if user is None or not self.world.is_member(user, int(guild_id)):
            raise ApiError(404, 10007, "Unknown Member")
        return self.world.member_payload(user, guild_id=int(guild_id))

    @_route("GET", r"/channels/(?P<channel_id>\d+)")
    def _get_channel(self, request: Request, channel_id: str) -> JSON:
        return self._channel(channel_id)

    @_route("POST", r"/channels/(?P<channel_id>\d+)/typing")
    def _typing(self, request: Request, channel_id: str) -> None:
        self._channel(channel_id)

    @_route("POST", r"/users/@me/channels")
    def _open_dm(self, request: Request) -> JSON:
        user = self.world.users.get(int(request.json["recipient_id"]))
        if user is None or user.bot:
            raise ApiError(400, 50033, "Invalid Recipient(s)")
        return self.world.dm_channel(user)

    @_route("POST", r"/channels/(?P<channel_id>\d+)/threads")
    def _start_thread(self, request: Request, channel_id: str) -> JSON:
        """A thread without a starter message, in a guild text channel."""
        if int(channel_id) not in self.world.channels:
            self._channel(channel_id)
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        body = request.json or {}
        kind = int(body.get("type") or 12)
        if kind not in (11, 12):
            raise ApiError(400, 50035, "Invalid Form Body: type")
        name = str(body.get("name") or "")
        if not 1 <= len(name) <= 100:
            raise ApiError(400, 50035, "Invalid Form Body: name must be 1-100 characters")
        thread = self.world.add_thread(int(channel_id), name, self.world.app_id, kind)
        if body.get("auto_archive_duration"):
            thread["thread_metadata"]["auto_archive_duration"] = int(body["auto_archive_duration"])
        return thread

    # -- channel messages -------------------------------------------------------------

    @_route("POST", r"/channels/(?P<channel_id>\d+)/messages")
    def _send(self, request: Request, channel_id: str) -> JSON:
        self._channel(channel_id)
        recipient = self.world.dm_channels.get(int(channel_id))
        if recipient is not None and not self.world.users[recipient].dms_open:
            raise ApiError(403, 50007, "Cannot send messages to this user")
        body = request.json or {}
        flags = int(body.get("flags") or 0) & ~(EPHEMERAL | LOADING)
        return self.create_message(int(channel_id), body, request.files, flags=flags).data

    @_route("GET", r"/channels/(?P<channel_id>\d+)/messages")
    def _history(self, request: Request, channel_id: str) -> list[JSON]:
        self._channel(channel_id)
        found = [
            m.data
            for m in self.messages.values()
            if m.channel_id == int(channel_id) and not m.deleted and not m.ephemeral
        ]
        return found[::-1][: int(request.params.get("limit", 50))]

    @_route("GET PATCH DELETE", r"/channels/(?P<channel_id>\d+)/messages/(?P<message_id>\d+)")
    def _message(self, request: Request, channel_id: str, message_id: str) -> JSON | None:
        message = self.messages.get(int(message_id))
        # Ephemeral messages exist only for their interaction's webhook.
        if message is None or message.deleted or message.ephemeral:
            raise ApiError(404, 10008, "Unknown Message")
        if message.channel_id != int(channel_id):
            raise ApiError(404, 10008, "Unknown Message")
        return self._message_op(request, message)

    def _message_op(self, request: Request, message: FakeMessage) -> JSON | None:
        if request.method == "DELETE":
            message.deleted = True
            return None
        if request.method == "PATCH":
            self.edit_message(message, request.json or {}, request.files)
        return message.data

    def create_message(
        self,
        channel_id: int,
        body: JSON,
        files: list[Upload],
        *,
        flags: int = 0,
        interaction: FakeInteraction | None = None,
    ) -> FakeMessage:
        """Store a new message authored by the bot."""
        mid = self.world.ids()
        data: JSON = {
            "id": str(mid),
            "channel_id": str(channel_id),
            "type": 0,
            "author": self.world.bot_user.payload(),
            "content": body.get("content") or "",
            "embeds": body.get("embeds") or [],
            "components": body.get("components") or [],
            "attachments": self._attachments(channel_id, body.get("attachments"), files, []),
            "flags": flags,
            "timestamp": now_iso(),
            "edited_timestamp": None,
            "tts": bool(body.get("tts")),
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "pinned": False,
        }
        guild_id = self.world.guild_of(channel_id)
        if guild_id is not None:
            data["guild_id"] = str(guild_id)
        if interaction is not None:
            app_id = str(self.world.app_id)
            data["type"] = 20 if interaction.type == 2 else 0
            data["webhook_id"] = data["application_id"] = app_id
            data["interaction_metadata"] = {
                "id": str(interaction.id),
                "type": interaction.type,
                "user": self.world.users[interaction.user_id].payload(),
                "authorizing_integration_owners": interaction.payload.get(
                    "authorizing_integration_owners", {}
                ),
            }
        iid = interaction.id if interaction else None
        message = FakeMessage(mid, channel_id, [data], [files], interaction_id=iid)
        self.messages[mid] = message
        return message

    def edit_message(self, message: FakeMessage, body: JSON, files: list[Upload]) -> None:
        """Apply an edit as Discord does: given fields replace, `attachments` lists what stays."""
        data = dict(message.data)
        for key, empty in (("content", ""), ("embeds", []), ("components", [])):
            if key in body:
                data[key] = body[key] if body[key] is not None else empty
        data["attachments"] = self._attachments(
            message.channel_id, body.get("attachments"), files, message.attachments
        )
        if not message.loading:
            data["edited_timestamp"] = now_iso()
        data["flags"] = message.flags & ~LOADING
        message.versions.append(data)
        message.uploads.append(files)
        message.touch()

    def _attachments(
        self, channel_id: int, listed: list[JSON] | None, files: list[Upload], kept: list[JSON]
    ) -> list[JSON]:
        if listed is None:  # no `attachments` field: keep what is there, add the uploads
            return kept + [self._store_file(channel_id, f, {}) for f in files]
        old = {str(a["id"]): a for a in kept}
        result = []
        for entry in listed:
            key = str(entry["id"])
            if key in old:
                result.append(old[key])
            elif key.isdigit() and int(key) < len(files):  # a new upload, by `files[n]` index
                result.append(self._store_file(channel_id, files[int(key)], entry))
            else:
                raise ApiError(400, 50035, f"Invalid Form Body: unknown attachment id {key}")
        return result

    def _store_file(self, channel_id: int, upload: Upload, entry: JSON) -> JSON:
        aid = self.world.ids()
        url = f"{CDN}/attachments/{channel_id}/{aid}/{upload.filename}"
        self.cdn[url] = upload.data
        guessed = mimetypes.guess_type(upload.filename)[0]
        data = {
            "id": str(aid),
            "filename": upload.filename,
            "size": len(upload.data),
            "url": url,
            "proxy_url": url.replace(CDN, "https://media.discordapp.net"),
            "content_type": guessed or upload.content_type,
        }
        if entry.get("description") is not None:
            data["description"] = entry["description"]
        return data

    # -- application commands ---------------------------------------------------------

    @_route("GET PUT", r"/applications/(?P<app_id>\d+)(?:/guilds/(?P<guild_id>\d+))?/commands")
    def _commands(self, request: Request, app_id: str, guild_id: str | None) -> list[JSON]:
        key = int(guild_id) if guild_id else None
        if request.method == "PUT":
            had = self.commands.get(key, [])
            old = {(c["name"], c["type"]): c["id"] for c in had}
            kept = {(c.get("name"), c.get("type")) for c in request.json}
            if any((c["name"], c["type"]) not in kept for c in had if c["type"] == ENTRY_POINT):
                raise ApiError(400, 50240, ENTRY_POINT_KEPT)
            self.commands[key] = [self._command(c, key, old) for c in request.json]
        return self.commands.get(key, [])

    def _command(self, command: JSON, guild_id: int | None, old: dict[Any, str]) -> JSON:
        data = {"type": 1, "description": "", "default_member_permissions": None, "nsfw": False}
        data |= command
        data["id"] = old.get((data["name"], data["type"])) or str(self.world.ids())
        if data["default_member_permissions"] is not None:  # Discord answers a string
            data["default_member_permissions"] = str(data["default_member_permissions"])
        data["application_id"] = str(self.world.app_id)
        data["version"] = str(self.world.ids())
        if guild_id is not None:
            data["guild_id"] = str(guild_id)
        return data

    # -- interactions: callback, followups, original response -------------------------

    def _interaction(self, request: Request, token: str) -> FakeInteraction:
        interaction = self.tokens.get(token)
        if interaction is None:
            raise ApiError(404, 10015, "Unknown Webhook")
        return interaction

    @_route("POST", r"/interactions/(?P<interaction_id>\d+)/(?P<token>[^/]+)/callback")
    def _callback(self, request: Request, interaction_id: str, token: str) -> JSON:
        interaction = self._interaction(request, token)
        elapsed = time.monotonic() - interaction.created_s
        if interaction.id != int(interaction_id) or elapsed > self.ack_deadline_s:
            raise ApiError(404, 10062, "Unknown interaction")
        if interaction.callbacks:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        kind, data = int(request.json["type"]), request.json.get("data") or {}
        if kind == LAUNCH_ACTIVITY and not self.activities:
            raise ApiError(400, 50035, "Invalid Form Body: this application has no Activity")
        updates = kind in (6, 7)
        if (updates and interaction.message_id is None) or (kind == 8) != (interaction.type == 4):
            raise ApiError(400, 50035, "Invalid Form Body: interaction response type")
        interaction.callbacks.append(Callback(kind, data, request.files))
        interaction.acked_after_s = elapsed
        interaction.touch()
        info: JSON = {"id": str(interaction.id), "type": interaction.type}
        result: JSON = {"interaction": info}
        message = None
        if kind in (4, 5):
            flags = int(data.get("flags") or 0) | (LOADING if kind == 5 else 0)
            body = data if kind == 4 else {}
            message = self.create_message(
                interaction.channel_id, body, request.files, flags=flags, interaction=interaction
            )
        elif updates:
            assert interaction.message_id is not None
            message = self.messages[interaction.message_id]
            if kind == 7:
                self.edit_message(message, data, request.files)
        if kind == LAUNCH_ACTIVITY:
            instance = f"i-{self.world.ids()}"
            self.launched.append((interaction.user_id, interaction.channel_id))
            info["activity_instance_id"] = instance
            result["resource"] = {"type": kind, "activity_instance": {"id": instance}}
        if message is not None:
            interaction.original = message
        if message is not None and kind != 6:
            info["response_message_id"] = str(message.id)
            info["response_message_loading"] = kind == 5
            info["response_message_ephemeral"] = message.ephemeral
            result["resource"] = {"type": kind}
            if kind != 5:
                result["resource"]["message"] = message.data
        return result

    @_route("POST", r"/webhooks/(?P<app_id>\d+)/(?P<token>[^/]+)")
    def _followup(self, request: Request, app_id: str, token: str) -> JSON | None:
        interaction = self._interaction(request, token)
        if not interaction.callbacks:
            raise ApiError(404, 10015, "Unknown Webhook")
        body = request.json or {}
        original = interaction.original
        if original is not None and original.loading:
            # After a "thinking" defer, the first followup fills the placeholder, which
            # keeps the ephemerality chosen at the defer.
            self.edit_message(original, body, request.files)
            message = original
        else:
            message = self.create_message(
                interaction.channel_id,
                body,
                request.files,
                flags=int(body.get("flags") or 0),
                interaction=interaction,
            )
        interaction.followups.append(message)
        interaction.touch()
        return message.data if request.params.get("wait") in ("1", "true", "True") else None

    @_route(
        "GET PATCH DELETE",
        r"/webhooks/(?P<app_id>\d+)/(?P<token>[^/]+)/messages/(?P<message_id>@original|\d+)",
    )
    def _webhook_message(
        self, request: Request, app_id: str, token: str, message_id: str
    ) -> JSON | None:
        interaction = self._interaction(request, token)
        if message_id == "@original":
            message = interaction.original
        else:
            message = next((m for m in interaction.messages if m.id == int(message_id)), None)
        if message is None or message.deleted:
            raise ApiError(404, 10008, "Unknown Message")
        return self._message_op(request, message)
