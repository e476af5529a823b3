"""`NetDiscord`: the fake Discord served over the network, for bots in other processes.

An aiohttp server on 127.0.0.1 (a port of its own) answers the REST routes of the
in-process fake (`server.DiscordAPI`, under `/api/v10`) and runs a gateway websocket at
`/gateway` (`GET /api/v10/gateway/bot` names it): HELLO, then IDENTIFY answered with READY
for the session's shard and GUILD_CREATE per guild on it, HEARTBEAT answered with
HEARTBEAT_ACK, RESUME refused (the bot identifies again). Frames are plain JSON text,
which discord.py reads without zlib. An injected interaction goes to the session holding
its guild's shard (DMs: shard 0), the newest when two do.

    async with NetDiscord(shard_count=2) as net:       # net.url for the bot process
        alice = net.add_user("alice")
        ... start `python -m tests.fakediscord.bot_process URL -- run` ...
        await net.connected()                         # its sessions identified
        done = await net.slash("table start", {"game": "black-joke"}, by=alice)
        lobby = await net.until(lambda: ...)          # poll the store

`settle` cannot see another process's tasks: it waits until the interaction is answered
(acknowledged, its "thinking" message filled) and no request has come for `quiet_s`.
Slash commands are read from what the bot synced (`parlour sync` against the fake).
"""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar
from urllib.parse import unquote

from aiohttp import WSMsgType, web
from aiohttp.multipart import BodyPartReader

from .gateway import ready_payload
from .harness import Harness
from .records import FakeInteraction, Request, Upload
from .world import JSON, FakeUser

API = "/api/v10"
T = TypeVar("T")
_GUILD_MEMBERS = 1 << 1  # the members intent, without which GUILD_MEMBER_ADD is not sent


@dataclass
class Session:
    """One gateway connection and the shard it identified with."""

    ws: web.WebSocketResponse
    id: str
    shard: tuple[int, int] = (0, 1)
    intents: int = 0
    seq: int = 0
    ready: bool = False

    def holds(self, guild_id: int | None) -> bool:
        """Whether Discord sends this session the guild's events (DMs go to shard 0)."""
        shard_id, count = self.shard
        return self.ready and (0 if guild_id is None else (guild_id >> 22) % count) == shard_id


class NetDiscord(Harness):
    """The fake Discord over HTTP and a gateway websocket, for bots in other processes."""

    def __init__(
        self,
        *,
        ack_deadline_s: float = 3.0,
        shard_count: int = 1,
        settle_timeout_s: float = 60.0,
        quiet_s: float = 0.2,
        heartbeat_ms: int = 41_250,
    ) -> None:
        """See `Harness`; `settle` waits up to `settle_timeout_s`, calling the bot done
        once no request has come for `quiet_s`."""
        super().__init__(ack_deadline_s=ack_deadline_s, keep_requests=True, shard_count=shard_count)
        self.settle_timeout_s, self.quiet_s, self.heartbeat_ms = (
            settle_timeout_s,
            quiet_s,
            heartbeat_ms,
        )
        self.url = ""
        self.sessions: list[Session] = []
        """The live sessions that identified, oldest first."""
        self.identified: list[tuple[int, int]] = []
        """[shard_id, shard_count] of every IDENTIFY, in order."""
        self.closed_codes: list[int] = []
        """The close code of each session that ended, in order."""
        self._runner: web.AppRunner | None = None
        self._names = itertools.count(1)
        self._last_request_s = 0.0
        self._seen_unhandled = 0

    # -- serving ---------------------------------------------------------------------

    async def start(self) -> str:
        """Serve on a free port of 127.0.0.1; returns the base URL (also `self.url`)."""
        app = web.Application()
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", API + "/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = self._runner.addresses[0][1]
        self.url = f"http://127.0.0.1:{port}"
        self.api.gateway_url = self.gateway_url
        return self.url

    @property
    def gateway_url(self) -> str:
        """The websocket URL bots connect to."""
        return self.url.replace("http://", "ws://", 1) + "/gateway"

    async def close(self) -> None:
        """Close every session (code 1001, going away) and stop serving."""
        for session in list(self.sessions):
            await session.ws.close(code=1001)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> NetDiscord:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        """One REST request, answered by the same router as the in-process fake."""
        self._last_request_s = asyncio.get_running_loop().time()
        form = None
        if request.content_type == "application/x-www-form-urlencoded":
            form, body, files = {k: str(v) for k, v in (await request.post()).items()}, None, []
        else:
            body, files = await read_body(request)
        reason = request.headers.get("X-Audit-Log-Reason")
        path = "/" + request.match_info["tail"]
        params = dict(request.query)
        wire = Request(
            request.method, path, params, body, files, unquote(reason) if reason else None
        )
        wire.form, wire.authorization = form, request.headers.get("Authorization")
        try:
            answer = self.api.answer(wire)
        except Exception:  # a scripted network failure (`break_next`): hang up unanswered
            if request.transport is not None:
                request.transport.close()
            return web.Response(status=500)
        return web.Response(status=answer.status, body=await answer.read(), headers=answer.headers)

    # -- the gateway -----------------------------------------------------------------

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        """One gateway connection, from HELLO until either side closes it."""
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        session = Session(ws, f"net-session-{next(self._names)}")
        await ws.send_json({"op": 10, "d": {"heartbeat_interval": self.heartbeat_ms}})
        try:
            async for frame in ws:
                if frame.type == WSMsgType.TEXT:
                    await self._receive(session, json.loads(frame.data))
        finally:
            if session in self.sessions:
                self.sessions.remove(session)
            self.closed_codes.append(ws.close_code or 0)
        return ws

    async def _receive(self, session: Session, message: JSON) -> None:
        """What the gateway does with an opcode a bot sends."""
        op, data = message.get("op"), message.get("d")
        if op == 1:  # HEARTBEAT
            await session.ws.send_json({"op": 11})
        elif op == 2:  # IDENTIFY
            await self._identify(session, data or {})
        elif op == 6:  # RESUME: no session survives here; the bot identifies again
            await session.ws.send_json({"op": 9, "d": False})

    async def _identify(self, session: Session, data: JSON) -> None:
        """READY for the session's shard, then GUILD_CREATE for each guild on it."""
        shard_id, count = data.get("shard") or (0, 1)
        if (count != 1 and count != self.world.shard_count) or not 0 <= shard_id < count:
            await session.ws.close(code=4010, message=b"Invalid shard")
            return
        session.shard, session.intents = (shard_id, count), int(data.get("intents") or 0)
        self.identified.append((shard_id, count))
        ready = ready_payload(self.world, shard_id, count, session.id, self.gateway_url)
        await self._send(session, "READY", ready)
        for guild_id in self.world.guilds_on(shard_id, count):
            await self._send(session, "GUILD_CREATE", self.world.guild_payload(guild_id))
        session.ready = True
        self.sessions.append(session)

    async def _send(self, session: Session, event: str, data: JSON) -> None:
        """One dispatch (op 0), numbered in the session's sequence."""
        session.seq += 1
        await session.ws.send_str(json.dumps({"op": 0, "t": event, "s": session.seq, "d": data}))

    def session_for(self, guild_id: int | None) -> Session:
        """The session the guild's events go to (the newest holding its shard)."""
        holding = [s for s in self.sessions if s.holds(guild_id)]
        if not holding:
            shard = 0 if guild_id is None else self.world.shard_of(guild_id)
            held = sorted(s.shard for s in self.sessions)
            raise AssertionError(
                f"no bot holds shard {shard} (of guild {guild_id}); the sessions hold {held}"
            )
        return holding[-1]

    # -- the harness's hooks ----------------------------------------------------------

    def _running(self) -> bool:
        return bool(self.sessions)

    def _schema(self, name: str, guild_id: int | None) -> JSON:
        """From the commands synced to the fake: the guild's own first, then global."""
        for scope in (guild_id, None) if guild_id is not None else (None,):
            for command in self.api.commands.get(scope, []):
                if command["type"] == 1 and command["name"] == name:
                    schema: JSON = json.loads(json.dumps(command))
                    return schema
        raise LookupError(f"no slash command /{name} was synced: run `parlour sync` first")

    async def _deliver(self, payload: JSON, guild_id: int | None, settle: bool) -> None:
        await self._send(self.session_for(guild_id), "INTERACTION_CREATE", payload)
        if settle:
            await self.settle(self.api.interactions[int(payload["id"])])

    def _member_added(self, user: FakeUser) -> None:
        holding = [s for s in self.sessions if s.holds(self.guild_id)]
        session = holding[-1] if holding else None
        if session is not None and session.intents & _GUILD_MEMBERS:
            data = self.world.member_payload(user) | {"guild_id": str(self.guild_id)}
            asyncio.get_running_loop().create_task(self._send(session, "GUILD_MEMBER_ADD", data))

    # -- waiting ---------------------------------------------------------------------

    async def connected(self, sessions: int = 1, *, timeout_s: float = 30.0) -> None:
        """Wait until `sessions` gateway sessions have identified and been sent READY."""
        await self.until(lambda: len(self.sessions) >= sessions, timeout_s=timeout_s)

    async def until(self, found: Callable[[], T], *, timeout_s: float | None = None) -> T:
        """Poll `found` until it returns something true, and return that; TimeoutError
        after `timeout_s` (default `settle_timeout_s`)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + (timeout_s or self.settle_timeout_s)
        while not (result := found()):
            if loop.time() >= deadline:
                raise TimeoutError(f"still waiting for {getattr(found, '__qualname__', found)}")
            await asyncio.sleep(0.02)
        return result

    async def settle(
        self, interaction: FakeInteraction | None = None, *, timeout_s: float | None = None
    ) -> None:
        """Wait until the interaction (if any) is answered and the bot has made no request
        for `quiet_s`; then fail if it called a route the fake does not know."""
        loop = asyncio.get_running_loop()

        def done() -> bool:
            quiet = loop.time() - self._last_request_s >= self.quiet_s
            return quiet and (interaction is None or _answered(interaction))

        await self.until(done, timeout_s=timeout_s)
        unhandled = self.api.unhandled[self._seen_unhandled :]
        self._seen_unhandled = len(self.api.unhandled)
        if unhandled:
            routes = ", ".join(r.route for r in unhandled)
            raise AssertionError(f"the bot called routes the fake does not know: {routes}")


def _answered(interaction: FakeInteraction) -> bool:
    """Acknowledged, and its "thinking" message (if any) filled in."""
    original = interaction.original
    return bool(interaction.callbacks) and not (original is not None and original.loading)


async def read_body(request: web.Request) -> tuple[Any, list[Upload]]:
    """The JSON body and the uploaded files of a request, as discord.py sent them: JSON,
    or multipart with `payload_json` and `files[n]` parts."""
    if not request.body_exists:
        return None, []
    if not request.content_type.startswith("multipart/"):
        text = await request.text()
        return (json.loads(text) if text else None), []
    body: Any = None
    files: list[tuple[int, Upload]] = []
    reader = await request.multipart()
    while (part := await reader.next()) is not None:
        assert isinstance(part, BodyPartReader), "nested multipart bodies are not Discord's"
        content = bytes(await part.read())
        if part.name == "payload_json":
            body = json.loads(content)
        elif part.name and part.name.startswith("files["):
            kind = part.headers.get("Content-Type", "application/octet-stream")
            files.append((int(part.name[6:-1]), Upload(part.filename or "", content, kind)))
        else:
            raise AssertionError(f"unexpected multipart field {part.name!r}")
    return body, [upload for _, upload in sorted(files)]
