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
import traceback
from collections.abc import AsyncIterator, Callable, Coroutine, Generator
from contextvars import ContextVar
from typing import Any, TypeVar

import discord
import discord.http
import discord.webhook.async_
from discord.http import Route

from .builders import command_schema
from .gateway import Shards
from .harness import Harness
from .wire import FakeSession, FastClock, patch_clock
from .world import JSON, FakeUser

# Tasks created while this is True (and every task they create) belong to an injected
# interaction, and `settle` waits for them.
_TRACKING: ContextVar[bool] = ContextVar("fakediscord_tracking", default=False)
# Long timers that are not "handling": view timeouts and `delete_after` sleeps. Add the
# qualnames of the bot's own background tasks (turn clocks) when an interaction starts them.
T = TypeVar("T")

WAIT_S = 60.0
"""How long `settle` and `until` wait by default: a bound on a hang, not a measure of
speed (they return as soon as what they wait for happens), so generous enough for a CI
machine whose two cores are busy with other work."""
IGNORED_TASKS = ("__timeout_task_impl", "<locals>.inner_call", "delete.<locals>.delete")


class _ErrorLog(logging.Handler):
    """Collects ERROR records (discord.py logs handler exceptions and swallows them)."""

    def __init__(self, sink: list[str]) -> None:
        super().__init__(logging.ERROR)
        self.sink = sink
        self.setFormatter(logging.Formatter("%(name)s: %(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        self.sink.append(self.format(record))


class FakeDiscord(Harness):
    """One fake Discord running a bot in this process: a guild with a `#parlour` channel
    (more with `add_guild`), users, and a message store (`harness.Harness`).

    It outlives the bots run on it, so a second bot started after `close()` sees the
    same messages (a restart).
    """

    def __init__(
        self,
        *,
        ack_deadline_s: float = 3.0,
        settle_timeout_s: float = WAIT_S,
        ignore_tasks: tuple[str, ...] = IGNORED_TASKS,
        keep_requests: bool = True,
        shard_count: int = 1,
    ) -> None:
        """See `Harness`; `settle` waits up to `settle_timeout_s` for tasks but those
        named by `ignore_tasks`."""
        super().__init__(
            ack_deadline_s=ack_deadline_s, keep_requests=keep_requests, shard_count=shard_count
        )
        self.shards = Shards(self.world)
        self.clock = FastClock()
        self.errors: list[str] = []
        self.settle_timeout_s = settle_timeout_s
        self.ignore_tasks = ignore_tasks
        self.bot: discord.Client | None = None
        self._tracked: set[asyncio.Task[Any]] = set()
        self._undo: list[Callable[[], None]] = []
        self._seen = (0, 0)  # errors and unhandled requests already reported
        self._command_ids: dict[tuple[int | None, str], str] = {}

    @property
    def identified(self) -> list[tuple[int, int]]:
        """[shard_id, shard_count] of every gateway session the bots opened, in order."""
        return self.shards.identified

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
        http, session = bot.http, FakeSession(self.api.handle, bot.http.http_trace)

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

    # -- the harness's hooks ----------------------------------------------------------

    def _running(self) -> bool:
        return self.bot is not None

    def _schema(self, name: str, guild_id: int | None) -> JSON:
        """From the bot's own tree, as a sync would upload it, with the synced id (or one
        kept per command when it was never synced)."""
        assert self.bot is not None
        tree = self.bot._connection._command_tree
        assert tree is not None, "the bot has no app command tree"
        schema = command_schema(tree, name, guild_id)
        scope = int(schema["guild_id"]) if "guild_id" in schema else None
        synced = {c["name"]: c["id"] for c in self.api.commands.get(scope, []) if c["type"] == 1}
        new_id = str(self.world.ids())
        schema["id"] = synced.get(name) or self._command_ids.setdefault((scope, name), new_id)
        return schema

    async def _deliver(self, payload: JSON, guild_id: int | None, settle: bool) -> None:
        assert self.bot is not None and self.bot.is_ready(), "start a bot first"
        if guild_id is not None:
            self.shards.check_delivers(guild_id)
        with self._tracking():  # a fresh copy, as every gateway event is freshly parsed JSON
            self.bot._connection.parse_interaction_create(json.loads(json.dumps(payload)))
        if settle:
            await self.settle()

    def _member_added(self, user: FakeUser) -> None:
        assert self.bot is not None
        if self.bot.intents.members and self.shards.delivers(self.guild_id):
            data = self.world.member_payload(user) | {"guild_id": str(self.guild_id)}
            self.bot._connection.parse_guild_member_add(data)  # type: ignore[arg-type]

    # -- settling --------------------------------------------------------------------

    async def until(self, found: Callable[[], T], *, timeout_s: float = WAIT_S) -> T:
        """Wait until `found()` returns something true, and return that: checked after
        each request the bot makes (and every 50 ms, for what changes inside the bot
        alone); TimeoutError after `timeout_s`."""
        changed = self.api.changed
        async with asyncio.timeout(timeout_s):
            while not (result := found()):
                changed.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(changed.wait(), 0.05)
        return result

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
