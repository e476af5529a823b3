"""The Discord side of `parlour run`: the bot, its start-up, and command syncing.

`ParlourBot.setup_hook` opens the database (running migrations), reads the servers'
settings and everyone's languages, installs the command picker's translator over the
catalogues, builds the ledger, the table service and the tournament service, loads the
cogs from an explicit tuple (each registers its persistent `DynamicItem` buttons),
rebuilds every open table (of its own guilds, when it holds some of Discord's gateway
shards: `ShardedParlourBot`, docs/DESIGN.md "Scale") and re-renders its message, then
every live tournament, tells the channels of tables set aside (again on every reconnect
and every few minutes, until Discord takes the notice), and starts the clock (turn
clocks, tournament starts).
Commands are not synced on every start: `parlour sync` does it (once for every shard and
process), and so does the owner's `@Parlour sync` mention (cogs/admin.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import aiohttp
import discord
from discord.ext import commands

from bot import heap
from bot.answers import AnswerClock
from bot.config import Settings
from bot.games import registry
from bot.guilds import GuildSettingsStore, defaults_from
from bot.i18n import Languages, catalogues
from bot.ledger import Ledger
from bot.storage import Database, open_database
from bot.storage.claims import ShardClaim, claim_shards
from bot.tables import ServiceSettings, TableLimits, TableService, WatchKeys
from bot.tables.recovery import GuildFilter
from bot.tables.relay import Remote, open_remote
from bot.tables.settings import WinnableSettings
from bot.tournaments.service import TournamentService
from cogs.entry_point import EntryPointTree
from cogs.translator import CatalogueTranslator
from web.server import WebServer

log = logging.getLogger(__name__)

COGS: tuple[str, ...] = (
    "cogs.core",
    "cogs.table",
    "cogs.tournament",
    "cogs.patience",
    "cogs.leaderboard",
    "cogs.rules",
    "cogs.chips",
    "cogs.admin",
)
"""The cogs, loaded in this order (`cogs.core` first: the error handler and the render
workers' shutdown)."""

ANSWER_METRIC = "parlour_interaction_answer_seconds"
CLOCK_STEP_S = 1.0
NOTICE_RETRY_S = 300.0
"""How often notices that Discord did not take are tried again (besides each reconnect)."""


class ParlourBot(commands.Bot):
    """The Parlour bot: one process, many servers, one table service. Unsharded: it
    holds every guild (`ShardedParlourBot` holds some shards; `make_bot` picks)."""

    db: Database
    guild_settings: GuildSettingsStore
    languages: Languages
    ledger: Ledger
    tables: TableService
    tournaments: TournamentService
    claim: ShardClaim

    def __init__(self, settings: Settings, *, settle_heap: bool = False) -> None:
        """`settle_heap`: once started, set the garbage collector for a long-running
        process (`bot.heap.settle`): the running bot's, not a test's, which starts many."""
        assert (settings.shards is None) != isinstance(self, discord.AutoShardedClient), (
            "sharded settings need ShardedParlourBot (make_bot), unsharded ones ParlourBot"
        )
        # the web (and its metrics) first: the answers' clock traces discord.py's HTTP;
        # off unless settings.web; sign-in asks Discord's API where discord.py does
        self.web = WebServer(settings.web, self.not_ready, discord.http.Route.BASE)
        times = self.web.metrics.histogram(
            ANSWER_METRIC, "Seconds from an interaction to its answer."
        )
        self.answers = AnswerClock(times.observe)
        super().__init__(
            command_prefix=commands.when_mentioned,
            http_trace=self._answer_trace(),
            intents=discord.Intents.default(),
            help_command=None,
            tree_cls=EntryPointTree,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False),
            **self._gateway_options(settings),
        )
        self.settings = settings
        self._settle_heap = settle_heap
        self._clock: asyncio.Task[None] | None = None
        self._notices: asyncio.Task[None] | None = None
        self._telling = asyncio.Lock()
        self._owed = False  # a notice to a channel is still waiting to be sent
        # Blocking clean-ups the cogs register, run in a thread once Discord is closed.
        self.after_close: dict[str, Callable[[], None]] = {}
        self.web.metrics.gauge(
            "parlour_shards_held", "Discord gateway shards this process holds.", self._shards_held
        )
        self.remote: Remote | None = None
        """This process's part in the relay between processes (PostgreSQL only)."""

    @staticmethod
    def _gateway_options(settings: Settings) -> dict[str, Any]:
        """What discord.py's client is told of the gateway besides the defaults."""
        return {}

    def _answer_trace(self) -> aiohttp.TraceConfig:
        """A trace of discord.py's HTTP session: every answer to an interaction goes
        through it (discord.py has no event for an answer)."""
        trace = aiohttp.TraceConfig()

        async def ended(_: object, __: object, params: aiohttp.TraceRequestEndParams) -> None:
            self.answers.answered(params.url.path)

        trace.on_request_end.append(ended)
        return trace

    def dispatch(self, event_name: str, /, *args: Any, **kwargs: Any) -> None:
        """Hand an event to its listeners; an interaction's arrival starts its clock
        (before any handler of it has run: they are tasks, started after this)."""
        if event_name == "interaction":
            self.answers.arrived(args[0].id)
        super().dispatch(event_name, *args, **kwargs)

    def owns(self, guild_id: int) -> bool:
        """Whether this process serves the guild: every guild unless sharded, else the
        guilds on the shards it holds (only their events reach it)."""
        return self.settings.holds(guild_id)

    def _shards_to_claim(self) -> tuple[int, tuple[int, ...]]:
        """The shards this process claims: those of its settings, or the one shard of an
        unsharded process (which serves every guild)."""
        if self.settings.shard_count is None or self.settings.shards is None:
            return 1, (0,)
        return self.settings.shard_count, self.settings.shards

    def _claim_lost(self) -> None:
        """The database let go of this process's shards (its connection went): another
        process may be serving them now, so this one stops at once."""
        log.critical("this process no longer holds its shards: stopping")
        self._lost = asyncio.create_task(self.close(), name="parlour-claim-lost")

    def _shards_held(self) -> int:
        """How many shards this process holds now (none while it waits for them)."""
        return len(self.claim.shards) if hasattr(self, "claim") else 0

    def not_ready(self) -> str | None:
        """Why the bot is not ready to serve (for /healthz), or None when it is."""
        if hasattr(self, "claim"):
            return None if self.is_ready() and not self.is_closed() else "connecting to Discord"
        return "waiting for its shards" if hasattr(self, "db") else "opening the database"

    def _guild_filter(self) -> GuildFilter | None:
        """The guilds whose tables this process rebuilds at start-up (None: all)."""
        return None if self.settings.shards is None else self.owns

    async def setup_hook(self) -> None:
        """Open the database, load the cogs, rebuild open tables, start the clock."""
        await self.web.start()  # first: /healthz answers while the rest starts
        if self.settings.db_url is None:
            self.settings.db_path.parent.mkdir(parents=True, exist_ok=True)
        self.db = await open_database(self.settings.database)
        # The shards are this process's before any of their tables is touched: on
        # PostgreSQL another process may hold them, and then this one waits its turn.
        count, shards = self._shards_to_claim()
        self.claim = await claim_shards(self.db, count, shards)
        self.claim.watch(self._claim_lost)
        self.guild_settings = await GuildSettingsStore.load(self.db, defaults_from(self.settings))
        await self._load_languages()
        # A plain dict lookup: the ledger calls it on the database's writer thread.
        self.ledger = Ledger(self.db, starting_chips=self.guild_settings.starting_chips)
        self.tables = TableService(
            self.db,
            self.ledger,
            ServiceSettings(
                default_buy_in=self.settings.buy_in,
                turn_timeout_s=self.settings.turn_timeout_s,
                ai_delay_s=0.0,
                solver_workers=self.settings.solver_workers,
                winnable=WinnableSettings(warm=self.settings.winnable_warm),
                limits=self._limits,
            ),
        )
        # winnable deals' stocks are refilled in the background (and, if asked, warmed)
        self.tables.winnable.start()
        self.tournaments = TournamentService(self.tables)
        await self._attach_web()
        for name in COGS:
            await self.load_extension(name)
        registry.all()  # every game loaded now: not by the first command, on the loop
        if self._settle_heap:  # before the tables come back: a table may close, and be freed
            heap.settle()
        report = await self.tables.recover(self._guild_filter())
        await self.tournaments.recover(self._guild_filter())
        log.info(
            "rebuilt %d open tables (%d actions); closed %d that could not be rebuilt",
            report.tables,
            report.actions,
            len(report.abandoned),
        )
        for notice in report.set_aside:
            log.warning("channel %d: %s", notice.channel_id, notice.words)
        await self.tell_channels()
        if self.remote is not None:  # the tables are rebuilt: calls for them are run now
            self.remote.serve()
        self.dispatch("tables_recovered")
        self._clock = asyncio.create_task(self._run_clock(), name="parlour-clock")
        self._notices = asyncio.create_task(self._run_notices(), name="parlour-notices")

    async def _load_languages(self) -> None:
        """Everyone's languages, and the catalogues: read now, not by the first answer; the
        command picker's words come from them when the commands are uploaded."""
        self.languages = await Languages.load(self.db)
        await self.tree.set_translator(CatalogueTranslator(catalogues()))

    async def _attach_web(self) -> None:
        """The web's keys and, on PostgreSQL, this process's part in the relay between
        processes (news of its tables to the others, their calls run once it serves)."""
        keys = WatchKeys(self.db)
        self.remote = await open_remote(self.db, self.tables, self.owns, keys)
        self.web.attach(self.tables, keys, self.ledger, self.remote)

    async def tell_channels(self) -> None:
        """Send the notices owed to channels (a table set aside at a restart, kept in the
        database), each deleted once sent. A courtesy that never stops the bot: a notice
        Discord did not take (out of reach, a timeout, an error of its own) is logged and
        kept for the next try; one for a channel Discord says is gone or closed to the bot
        is dropped, since no later try can do better."""
        async with self._telling:
            try:
                owed = await self.tables.notes.notices()
            except Exception:
                log.exception("could not read the notices owed to channels")
                return
            self._owed = False
            for notice in owed:
                # Another process tells the channels of the guilds it serves.
                if self.owns(notice.guild_id):
                    await self._tell(notice.id, notice.channel_id, notice.words)

    async def _tell(self, notice_id: int, channel_id: int, words: str) -> None:
        """Send one notice and forget it, or log why not and keep it."""
        try:
            await self.get_partial_messageable(channel_id).send(words)
        except (discord.NotFound, discord.Forbidden) as exc:
            log.warning("channel %d cannot be told of its table (%s); dropping it", channel_id, exc)
        except Exception as exc:
            log.warning("could not tell channel %d of its table yet (%r)", channel_id, exc)
            self._owed = True
            return
        try:
            await self.tables.notes.drop_notice(notice_id)
        except Exception:
            log.exception("notice %d was sent but is still kept", notice_id)

    async def on_ready(self) -> None:
        """Connected (or connected again): send what could not be sent before."""
        if self._owed:
            await self.tell_channels()

    async def on_resumed(self) -> None:
        """The gateway session resumed after a drop: send what could not be sent before."""
        if self._owed:
            await self.tell_channels()

    async def _run_notices(self) -> None:
        """Try again every `NOTICE_RETRY_S` while a notice is owed."""
        while True:
            await asyncio.sleep(NOTICE_RETRY_S)
            if self._owed:
                await self.tell_channels()

    def _limits(self, guild_id: int) -> TableLimits:
        """A server's table limits, from its settings."""
        s = self.guild_settings.get(guild_id)
        return TableLimits(s.buy_in, s.min_buy_in, s.max_buy_in, float(s.turn_clock_s))

    async def _run_clock(self) -> None:
        """Play for players whose turn clock ran out, and start tournaments whose time
        came, once a second."""
        while True:
            try:
                await self.tables.tick()
            except Exception:  # one bad table must not stop every clock
                log.exception("turn clock failed")
            try:
                await self.tournaments.tick()
            except Exception:  # nor one bad tournament
                log.exception("tournament clock failed")
            await asyncio.sleep(CLOCK_STEP_S)

    async def close(self) -> None:
        """Stop the clock and the cogs, close Discord, the render workers (whose queues
        otherwise leak semaphores at exit), then the database."""
        for task in (self._clock, self._notices):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        for name in list(self.extensions):
            await self.unload_extension(name)
        await self.web.close()
        if hasattr(self, "tables"):  # a start that failed before the service was made
            await self.tables.winnable.stop()
            await asyncio.to_thread(self.tables.close)
        await self._stop_readying()
        await super().close()
        for closer in self.after_close.values():
            await asyncio.to_thread(closer)
        if self.remote is not None:
            await self.remote.close()
        if hasattr(self, "db"):
            await self.db.close()
        if hasattr(self, "claim"):
            # Only once every write is done may another process take the shards over.
            await self.claim.release()

    async def _stop_readying(self) -> None:
        """Cancel discord.py's wait for the guilds before READY, if a stop comes during
        it: left running past the close, it dispatched READY on a loop already let go
        of (a traceback in the log of a bot stopped just after it connected)."""
        readying = getattr(self._connection, "_ready_task", None)
        if readying is not None and not readying.done():
            readying.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await readying


class ShardedParlourBot(ParlourBot, commands.AutoShardedBot):
    """The Parlour bot holding some of Discord's gateway shards (`settings.shards` of
    `settings.shard_count`), over discord.py's sharded client: only the events of the
    guilds on those shards reach it, and it rebuilds only their tables."""

    @staticmethod
    def _gateway_options(settings: Settings) -> dict[str, Any]:
        """The shards to open, and how many there are in all."""
        assert settings.shards is not None
        return {"shard_ids": list(settings.shards), "shard_count": settings.shard_count}


def make_bot(settings: Settings, *, settle_heap: bool = False) -> ParlourBot:
    """The bot for these settings: sharded when they name shards, else unsharded
    (`settle_heap`: see `ParlourBot`)."""
    kind = ParlourBot if settings.shards is None else ShardedParlourBot
    return kind(settings, settle_heap=settle_heap)


def run_bot(settings: Settings) -> int:
    """Run the bot (over its shards, when sharded) until it is stopped: Ctrl+C and
    SIGTERM (`docker stop`, a supervisor) both close it cleanly."""
    assert settings.token is not None
    bot = make_bot(settings, settle_heap=True)
    if settings.shards is not None:
        log.info("holding shards %s of %d", list(settings.shards), settings.shard_count)
    # Ctrl+C: asyncio.run cancels the bot, which closes on the way out
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(_run_until_stopped(bot, settings.token))
    return 0


async def _run_until_stopped(bot: ParlourBot, token: str) -> None:
    """Run the bot until it stops; SIGTERM cancels it as Ctrl+C does, so it closes
    (the database last) instead of dying mid-write."""
    main = asyncio.current_task()
    assert main is not None
    terminated: list[bool] = []

    def terminate() -> None:
        terminated.append(True)
        main.cancel()

    with contextlib.suppress(NotImplementedError):  # no signal handlers on Windows
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, terminate)
    try:
        async with bot:
            await bot.start(token)
    except asyncio.CancelledError:
        if not terminated:
            raise
        log.info("stopped by SIGTERM")


async def sync_commands(settings: Settings, guild_id: int | None) -> int:
    """Log in, sync the slash commands (to one guild, or globally), and log out. Commands
    belong to the application, not to a shard: one sync serves every process, so it
    needs no gateway and ignores the shard settings."""
    assert settings.token is not None
    bot = ParlourBot(replace(settings, shard_count=None, shards=None))
    async with bot:
        await bot.login(settings.token)
        if guild_id is not None:
            guild = discord.Object(id=guild_id)
            bot.tree.copy_global_to(guild=guild)
            synced = await bot.tree.sync(guild=guild)
        else:
            synced = await bot.tree.sync()
    print(f"Synced {len(synced)} commands" + (f" to server {guild_id}." if guild_id else "."))
    return 0


def start_failure(exc: Exception) -> str | None:
    """The sentence for Discord refusing the bot or being out of reach; None for anything else."""
    if isinstance(exc, discord.LoginFailure):
        return (
            "Discord refused the token in DISCORD_TOKEN: copy it again from the Developer"
            " Portal (Bot, Reset Token)."
        )
    if isinstance(exc, discord.HTTPException):
        detail = " ".join(exc.text.split())[:100] or "no reason given"
        return f"Discord answered {exc.status} ({detail}), so Parlour stopped."
    if isinstance(exc, discord.GatewayNotFound):
        return "Discord's gateway could not be found: try again in a few minutes."
    if isinstance(exc, aiohttp.ClientError | TimeoutError):
        reason = str(exc) or "timed out"
        return f"Parlour could not reach Discord ({reason}): check this machine's network."
    return None
