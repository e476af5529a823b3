"""`FakeDiscord`: run a real discord.py bot against an in-process fake of Discord.

discord.py runs unmodified. Only the network boundary is replaced: `HTTPClient.static_login`
puts a `FakeSession` where the aiohttp session would be (REST, interaction callbacks and
followups all go through it), and the gateway is never opened: the fake feeds READY and
GUILD_CREATE to the connection state, then INTERACTION_CREATE payloads through
`ConnectionState.parse_interaction_create`, the path production takes.

    fake = FakeDiscord()
    alice = fake.add_user("alice")
    await fake.start(bot)                        # login + setup_hook + READY
    inter = await fake.slash("table start", {"game": "black-joke"}, by=alice)
    inter.response.kind, inter.messages[0].custom_ids
    await fake.click(inter.messages[0], label="Join", by=alice)
    await fake.close()

Sharded: `FakeDiscord(shard_count=2)` puts the first guild on shard 0 and
`fake.add_guild("other", shard=1, members=[alice])` another on shard 1. A sharded bot
(`AutoShardedClient` with `shard_ids`) gets READY per shard it holds (`fake.identified`)
and GUILD_CREATE for their guilds only; an interaction in a guild whose shard it does not
hold is refused (`gateway.Shards`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
import traceback
from collections.abc import AsyncIterator, Callable, Coroutine, Generator
from contextvars import ContextVar
from http import HTTPStatus
from typing import Any

import discord
import discord.http
import discord.webhook.async_
from discord.http import Route

from .builders import (
    check_offered,
    command_data,
    command_schema,
    component_data,
    interaction_payload,
    modal_data,
)
from .gateway import Shards
from .records import SELECT_TYPES, FakeInteraction, FakeMessage, Request
from .server import DiscordAPI, Failure, route_matches
from .wire import FakeSession, FastClock, patch_clock
from .world import JSON, FakeGuild, FakeUser, Snowflakes, World

# Tasks created while this is True (and every task they create) belong to an injected
# interaction, and `settle` waits for them.
_TRACKING: ContextVar[bool] = ContextVar("fakediscord_tracking", default=False)
# Long timers that are not "handling": view timeouts and `delete_after` sleeps. Add the
# qualnames of the bot's own background tasks (turn clocks) when an interaction starts them.
IGNORED_TASKS = ("__timeout_task_impl", "<locals>.inner_call", "delete.<locals>.delete")
UserRef = FakeUser | int
MessageRef = FakeMessage | int


class _ErrorLog(logging.Handler):
    """Collects ERROR records (discord.py logs handler exceptions and swallows them)."""

    def __init__(self, sink: list[str]) -> None:
        super().__init__(logging.ERROR)
        self.sink = sink
        self.setFormatter(logging.Formatter("%(name)s: %(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        self.sink.append(self.format(record))


class FakeDiscord:
    """One fake Discord: a guild with a `#parlour` channel (more with `add_guild`), users,
    and a message store.

    It outlives the bots run on it, so a second bot started after `close()` sees the
    same messages (a restart).
    """

    def __init__(
        self,
        *,
        ack_deadline_s: float = 3.0,
        settle_timeout_s: float = 5.0,
        ignore_tasks: tuple[str, ...] = IGNORED_TASKS,
        keep_requests: bool = True,
        shard_count: int = 1,
    ) -> None:
        """`keep_requests=False` keeps no log of requests (a long benchmark would
        otherwise measure the fake's own growing memory); `shard_count` is the number of
        gateway shards the guilds are spread over (the first guild is on shard 0)."""
        self.world = World(Snowflakes(), shard_count=shard_count)
        self.shards = Shards(self.world)
        self.api = DiscordAPI(
            self.world, ack_deadline_s=ack_deadline_s, keep_requests=keep_requests
        )
        self.app_id, self.guild_id = self.world.app_id, self.world.guild_id
        self.channel_id = self.world.add_channel("parlour")
        self.clock = FastClock()
        self.errors: list[str] = []
        self.settle_timeout_s = settle_timeout_s
        self.ignore_tasks = ignore_tasks
        self.bot: discord.Client | None = None
        self._tracked: set[asyncio.Task[Any]] = set()
        self._undo: list[Callable[[], None]] = []
        self._seen = (0, 0)  # errors and unhandled requests already reported
        self._command_ids: dict[tuple[int | None, str], str] = {}

    # -- the world ------------------------------------------------------------------

    def add_user(
        self,
        name: str,
        *,
        roles: tuple[int, ...] = (),
        permissions: int | None = None,
        dms_open: bool = True,
        member: bool = True,
    ) -> FakeUser:
        """A new user, a guild member unless `member=False`; the first one owns the guild."""
        user = FakeUser(
            self.world.ids(),
            name,
            member=member,
            roles=roles,
            permissions=permissions,
            dms_open=dms_open,
        )
        self.world.add_user(user)
        told = self.bot is not None and self.shards.delivers(self.guild_id)
        if self.bot is not None and told and member and self.bot.intents.members:
            data = self.world.member_payload(user) | {"guild_id": str(self.guild_id)}
            self.bot._connection.parse_guild_member_add(data)  # type: ignore[arg-type]
        return user

    def add_guild(
        self, name: str, *, shard: int | None = None, members: tuple[UserRef, ...] = ()
    ) -> int:
        """A new guild with a `#parlour` channel (`fake.guild(id).channel_id`) on `shard`
        (default: wherever its id falls), joined by `members` (the first owns it); add it
        before `start`. Returns its id."""
        assert self.bot is None, "add guilds before starting the bot"
        guild = self.world.add_guild(name, shard=shard)
        self.world.add_channel("parlour", guild.id)
        for user in members:
            self.world.join(self.user(user), guild.id)
        return guild.id

    def guild(self, guild_id: int) -> FakeGuild:
        """A guild by id: its channel, owner and members."""
        return self.world.guilds[guild_id]

    @property
    def identified(self) -> list[tuple[int, int]]:
        """[shard_id, shard_count] of every gateway session the bots opened, in order."""
        return self.shards.identified

    def add_role(self, name: str, permissions: int | discord.Permissions = 0) -> int:
        """A new guild role (add it before `start`); returns its id."""
        value = permissions.value if isinstance(permissions, discord.Permissions) else permissions
        return self.world.add_role(name, value)

    def add_channel(self, name: str, *, guild: int = 0) -> int:
        """A new text channel of a guild (default the first; add it before `start`);
        returns its id."""
        return self.world.add_channel(name, guild)

    def set_dms(self, user: UserRef, *, open: bool) -> None:
        """Open or close a user's DMs: closed DMs answer 403, code 50007."""
        self.user(user).dms_open = open

    def threads(self, parent_id: int | None = None) -> list[int]:
        """The ids of the threads opened in a channel (default #parlour), oldest first."""
        parent = str(parent_id or self.channel_id)
        return [int(t["id"]) for t in self.world.threads.values() if t["parent_id"] == parent]

    def dm_channel(self, user: UserRef) -> int:
        """The id of the user's DM channel with the bot (to interact from DMs)."""
        return int(self.world.dm_channel(self.user(user))["id"])

    def user(self, user: UserRef) -> FakeUser:
        """A user by id (or the user itself)."""
        return user if isinstance(user, FakeUser) else self.world.users[user]

    # -- lifecycle -------------------------------------------------------------------

    async def start(self, bot: discord.Client) -> None:
        """Log the bot in (running `setup_hook`) and make it ready, without a gateway:
        READY for each shard it holds, GUILD_CREATE for the guilds on them."""
        assert self.bot is None, "close the running bot before starting another"
        self.shards.check_count(bot)
        self.bot = bot
        self._install(bot)
        try:
            await bot.login("fake-token")
        except BaseException:
            await self.close()
            raise
        bot._connection.guild_ready_timeout = 0.01
        self.shards.open(bot)
        await asyncio.wait_for(bot.wait_until_ready(), 5)

    async def close(self) -> None:
        """Close the bot (cancelling what it still runs for interactions) and undo patches."""
        bot, self.bot = self.bot, None
        if bot is None:
            return
        pending = [t for t in self._tracked if not t.done()]
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
        self._tracked.clear()
        self.shards.close()
        try:
            await bot.close()
        finally:
            while self._undo:
                self._undo.pop()()

    @contextlib.asynccontextmanager
    async def running(self, bot: discord.Client) -> AsyncIterator[discord.Client]:
        """`async with fake.running(bot):` start, then close however the block ends."""
        await self.start(bot)
        try:
            yield bot
        finally:
            await self.close()

    def _install(self, bot: discord.Client) -> None:
        http, session = bot.http, FakeSession(self.api.handle)

        async def static_login(token: str) -> Any:
            http._HTTPClient__session = session  # type: ignore[attr-defined]  # aiohttp's place
            http._global_over = asyncio.Event()
            http._global_over.set()
            http.token = token
            return await http.request(Route("GET", "/users/@me"))

        http.static_login = static_login  # type: ignore[method-assign]
        self._undo.append(patch_clock([discord.http, discord.webhook.async_], self.clock))
        handler = _ErrorLog(self.errors)
        logging.getLogger().addHandler(handler)
        self._undo.append(lambda: logging.getLogger().removeHandler(handler))
        loop = asyncio.get_running_loop()
        previous = loop.get_task_factory()

        def factory(
            loop: asyncio.AbstractEventLoop, coro: Coroutine[Any, Any, Any], **kwargs: Any
        ) -> asyncio.Future[Any]:
            if previous is not None:
                task = previous(loop, coro, **kwargs)
            else:
                task = asyncio.Task(coro, loop=loop, **kwargs)
            if _TRACKING.get():
                self._tracked.add(task)  # type: ignore[arg-type]
            return task

        loop.set_task_factory(factory)  # type: ignore[arg-type]
        self._undo.append(lambda: loop.set_task_factory(previous))

    # -- settling --------------------------------------------------------------------

    async def settle(self, *, timeout_s: float | None = None, raise_errors: bool = True) -> None:
        """Wait until the bot has finished handling every injected interaction.

        Then, unless `raise_errors=False`, fail if anything logged an ERROR, a task died
        with an exception, or the bot called a route the fake does not know.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + (timeout_s or self.settle_timeout_s)
        while True:
            await asyncio.sleep(0)
            busy = [t for t in self._tracked if not t.done() and not self._ignored(t)]
            if not busy:
                break
            if loop.time() >= deadline:
                names = ", ".join(self._describe(t) for t in busy)
                raise TimeoutError(f"the bot is still busy: {names}")
            await asyncio.wait(busy, timeout=deadline - loop.time())
        for task in [t for t in self._tracked if t.done()]:
            self._tracked.discard(task)
            if not task.cancelled() and task.exception() is not None:
                self.errors.append("".join(traceback.format_exception(task.exception())))
        seen_errors, seen_unhandled = self._seen
        new = self.errors[seen_errors:]
        new += [f"unhandled route {r.route}" for r in self.api.unhandled[seen_unhandled:]]
        self._seen = (len(self.errors), len(self.api.unhandled))
        if new and raise_errors:
            raise AssertionError("the bot failed while handling:\n" + "\n".join(new))

    def _ignored(self, task: asyncio.Task[Any]) -> bool:
        name = getattr(task.get_coro(), "__qualname__", "")
        return any(part in name for part in self.ignore_tasks)

    @staticmethod
    def _describe(task: asyncio.Task[Any]) -> str:
        """The task's name and the chain of coroutines it is waiting in."""
        chain, coro = [], task.get_coro()
        while getattr(coro, "cr_frame", None) is not None:
            frame = coro.cr_frame  # type: ignore[union-attr]
            chain.append(f"{frame.f_code.co_qualname}:{frame.f_lineno}")
            coro = coro.cr_await  # type: ignore[union-attr]
        return f"{task.get_name()!r} waiting in {' -> '.join(chain)}"

    @contextlib.contextmanager
    def _tracking(self) -> Generator[None, None, None]:
        token = _TRACKING.set(True)
        try:
            yield
        finally:
            _TRACKING.reset(token)

    # -- injecting interactions ------------------------------------------------------

    async def slash(
        self,
        command: str,
        options: dict[str, Any] | None = None,
        *,
        by: UserRef,
        channel: int | None = None,
        settle: bool = True,
    ) -> FakeInteraction:
        """`/command sub... option:value` typed by `by` in `channel` (default #parlour)."""
        return await self._command(2, command, options, None, by, channel, settle)

    async def autocomplete(
        self,
        command: str,
        options: dict[str, Any],
        *,
        focused: str,
        by: UserRef,
        channel: int | None = None,
        settle: bool = True,
    ) -> FakeInteraction:
        """The user typing into option `focused`; read `response.choices`."""
        return await self._command(4, command, options, focused, by, channel, settle)

    async def _command(
        self,
        kind: int,
        command: str,
        options: dict[str, Any] | None,
        focused: str | None,
        by: UserRef,
        channel: int | None,
        settle: bool,
    ) -> FakeInteraction:
        assert self.bot is not None, "start a bot first"
        name, *path = command.removeprefix("/").split()
        channel_id = channel or self.channel_id
        guild_id = self.world.guild_of(channel_id)
        tree = self.bot._connection._command_tree
        assert tree is not None, "the bot has no app command tree"
        schema = command_schema(tree, name, guild_id)
        check_offered(schema, self.world, self.user(by), guild_id)
        scope = int(schema["guild_id"]) if "guild_id" in schema else None
        synced = {c["name"]: c["id"] for c in self.api.commands.get(scope, []) if c["type"] == 1}
        new_id = str(self.world.ids())
        schema["id"] = synced.get(name) or self._command_ids.setdefault((scope, name), new_id)
        data = command_data(schema, self.world, path, dict(options or {}), focused, guild_id or 0)
        return await self._inject(kind, data, by, channel_id, None, settle)

    async def click(
        self,
        message: MessageRef,
        *,
        by: UserRef,
        custom_id: str | None = None,
        label: str | None = None,
        check: bool = True,
        settle: bool = True,
    ) -> FakeInteraction:
        """Press the button with that custom_id or label (`check=False`: send any custom_id)."""
        msg = self.message(message)
        data = component_data(msg, custom_id=custom_id, label=label, values=None, check=check)
        return await self._inject(3, data, by, msg.channel_id, msg, settle)

    async def select(
        self,
        message: MessageRef,
        values: list[str],
        *,
        by: UserRef,
        custom_id: str | None = None,
        check: bool = True,
        settle: bool = True,
    ) -> FakeInteraction:
        """Pick `values` in the message's select menu (the only one, or by custom_id)."""
        msg = self.message(message)
        data = component_data(msg, custom_id=custom_id, label=None, values=values, check=check)
        return await self._inject(3, data, by, msg.channel_id, msg, settle)

    async def submit_modal(
        self,
        opened_by: FakeInteraction,
        values: dict[str, Any],
        *,
        by: UserRef | None = None,
        settle: bool = True,
    ) -> FakeInteraction:
        """Fill in and submit the modal the bot answered `opened_by` with."""
        data = modal_data(opened_by.response, values)
        msg = self.api.messages.get(opened_by.message_id or 0)
        user = by if by is not None else opened_by.user_id
        return await self._inject(5, data, user, opened_by.channel_id, msg, settle)

    async def _inject(
        self,
        kind: int,
        data: JSON,
        by: UserRef,
        channel_id: int,
        message: FakeMessage | None,
        settle: bool,
    ) -> FakeInteraction:
        assert self.bot is not None and self.bot.is_ready(), "start a bot first"
        guild_id = self.world.guild_of(channel_id)
        if guild_id is not None:
            self.shards.check_delivers(guild_id)
        user, iid = self.user(by), self.world.ids()
        token = f"fake-interaction-token-{iid}"
        payload = interaction_payload(
            self.world,
            kind=kind,
            data=data,
            user=user,
            channel_id=channel_id,
            ids=(iid, token),
            message=message,
        )
        interaction = FakeInteraction(
            iid,
            token,
            kind,
            payload,
            user.id,
            channel_id,
            message.id if message else None,
            time.monotonic(),
        )
        self.api.interactions[iid] = interaction
        self.api.tokens[token] = interaction
        with self._tracking():  # a fresh copy, as every gateway event is freshly parsed JSON
            self.bot._connection.parse_interaction_create(json.loads(json.dumps(payload)))
        if settle:
            await self.settle()
        return interaction

    # -- reading what happened -------------------------------------------------------

    @property
    def requests(self) -> list[Request]:
        """Every request the bots made, in order."""
        return self.api.requests

    def find_requests(self, method: str, path_glob: str) -> list[Request]:
        """Requests by method ("*" for any) and path glob, e.g. ("POST", "/channels/*")."""
        return [r for r in self.api.requests if route_matches(method, path_glob, r)]

    def interaction(self, interaction_id: int) -> FakeInteraction:
        """An injected interaction by id."""
        return self.api.interactions[interaction_id]

    def forget(self, interaction: FakeInteraction) -> None:
        """Drop an answered interaction and the private messages it made (a benchmark's
        players are done with them); the bot can no longer use its token."""
        self.api.interactions.pop(interaction.id, None)
        self.api.tokens.pop(interaction.token, None)
        for message in interaction.messages:
            if message.ephemeral:
                self.api.messages.pop(message.id, None)

    def message(self, message: MessageRef) -> FakeMessage:
        """A message by id (deleted and ephemeral ones included)."""
        return message if isinstance(message, FakeMessage) else self.api.messages[message]

    def channel_messages(
        self, channel_id: int | None = None, *, ephemeral: bool = False
    ) -> list[FakeMessage]:
        """Live messages of a channel (default #parlour), oldest first; public only by default."""
        cid = channel_id or self.channel_id
        return [
            m
            for m in self.api.messages.values()
            if m.channel_id == cid and not m.deleted and (ephemeral or not m.ephemeral)
        ]

    def dms(self, user: UserRef) -> list[FakeMessage]:
        """Messages delivered to the user's DMs."""
        channel_id = self.user(user).dm_channel_id
        return [] if channel_id is None else self.channel_messages(channel_id)

    def components(self, message: MessageRef) -> list[JSON]:
        """The buttons and selects currently on a message."""
        msg = self.message(message)
        return [c for c in msg.components if c["type"] == 2 or c["type"] in SELECT_TYPES]

    def commands(self, *, guild: bool = False) -> list[JSON]:
        """The application commands last synced (globally, or to the guild)."""
        return self.api.commands.get(self.guild_id if guild else None, [])

    # -- making Discord fail ---------------------------------------------------------

    def fail_next(
        self,
        method: str,
        path_glob: str,
        status: int = 500,
        *,
        times: int = 1,
        code: int = 0,
        message: str | None = None,
        retry_after: float = 1.0,
        is_global: bool = False,
    ) -> None:
        """Make the next `times` matching requests fail, e.g. ("POST", "/channels/*/messages").

        A 429 carries `retry_after` and discord.py retries after a (recorded, not slept)
        wait; a 5xx is retried up to five times; other statuses raise at once.
        """
        headers: dict[str, str] = {}
        if status == 429:
            body: JSON = {
                "message": message or "You are being rate limited.",
                "retry_after": retry_after,
                "global": is_global,
                "code": code,
            }
            headers = {"Via": "1.1 google", "Retry-After": str(retry_after)}
            headers["X-RateLimit-Scope"] = "global" if is_global else "user"
        else:
            body = {"message": message or HTTPStatus(status).phrase, "code": code}
        self.api.failures.append(Failure(method, path_glob, status, body, headers, times))

    def break_next(
        self, method: str, path_glob: str, error: BaseException, *, times: int = 1
    ) -> None:
        """Make the next `times` matching requests fail without an answer, raising `error`
        where aiohttp would (e.g. `aiohttp.ClientConnectionError()`, `TimeoutError()`)."""
        self.api.failures.append(Failure(method, path_glob, 0, {}, {}, times, error))
