"""The web's way to a table wherever it is held (DESIGN.md "Scale"): `TableRelay` offers
what a page does at a table (a move, passing on optional actions, taking a seat back, a
patience's hint, its "Can I still win?") and reads it (`table`). A table of this process
is served by its own `TableService` at once; one another process holds, with shards on
PostgreSQL, is asked of that process over LISTEN/NOTIFY, and its answer (done, or the
refusal in its words) comes back the same way. On SQLite there is one process, and every
table is its own.

What travels (besides the news of `bot.tables.mirror`): a call on the `moves` topic,
`{"id", "to", "g", "t", "op", "u", "v", "a"}` (its number, the asking process's answer
topic, the table's guild and id, the operation, the user, the version they saw, the
action); every process hears it and the one holding the guild's shard runs it on its
own service, once its tables are rebuilt, and answers on the asker's topic with
`{"id", "ok": words, "v": version}` (the table's version once run) or `{"id", "no":
refusal}`. No answer within `timeout_s` is
answered in words: the table's process may be restarting, and the version each move
carries makes trying again safe.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import re
import secrets
from collections.abc import Coroutine
from dataclasses import dataclass
from typing import Any

from bot.games import IllegalAction, english
from bot.ledger import LedgerError
from bot.storage import Database
from bot.storage import table_rows as rows
from bot.storage.channels import Channels
from bot.storage.postgres import PostgresDatabase
from bot.tables.events import Event
from bot.tables.mirror import Mirror
from bot.tables.models import Status, Table, TableError
from bot.tables.news import TABLES, Announcer
from bot.tables.recovery import GuildFilter
from bot.tables.service import TableService
from bot.tables.still import answer_facts
from bot.tables.updates import NO_HINT
from bot.tables.watch import WatchKeys

log = logging.getLogger(__name__)

RELAY_TIMEOUT_S = 5.0
MOVES = "moves"
NO_ANSWER = (
    "The table did not answer in time (its server may be restarting): try again in a moment."
)
FAILED = "Something went wrong at the table; try again."
MAX_WORDS = 1000
"""A refusal is a sentence; one longer than this is cut (a payload has 8,000 bytes)."""
_TOPIC = re.compile(r"[0-9a-f]{16}")


@dataclass(frozen=True, slots=True)
class Call:
    """One operation at a table: "act", "decline" (optional actions), "resume", "hint" or
    "still" (a patience's "Can I still win?"), by a user, as of the version they saw,
    with the action of an "act"."""

    op: str
    table_id: int
    user_id: int
    version: int = 0
    action: str = ""


OPS = frozenset({"act", "decline", "resume", "hint", "still"})


@dataclass(frozen=True, slots=True)
class Answer:
    """What the process holding a table answered a call: its words (the refusal, if
    `refused`) and the table's version once the call was run."""

    words: str
    version: int = 0
    refused: bool = False


async def run_call(tables: TableService, call: Call) -> tuple[str, int]:
    """Run a call on this process's own tables: its words ("" for a move made, the hint
    for a hint, the answer's facts as JSON for a "still") and the table's version after
    it; TableError with the refusal (the rules' and the ledger's refusals too, their
    sentence unchanged)."""
    try:
        return await _run(tables, call)
    except (IllegalAction, LedgerError) as exc:
        raise TableError(exc.reason) from None


async def _run(tables: TableService, call: Call) -> tuple[str, int]:
    """`run_call`'s work."""
    if call.op == "act":
        table = await tables.act(call.table_id, call.user_id, call.version, call.action)
    elif call.op == "decline":
        table = await tables.decline_optional(call.table_id, call.user_id, call.version)
    elif call.op == "resume":
        table = await tables.resume(call.table_id, call.user_id)
    elif call.op == "still":
        table, still = await tables.ask_still(call.table_id, call.user_id, call.version)
        return json.dumps(answer_facts(still)), table.version
    else:
        assert call.op == "hint", call.op
        table = await tables.act(call.table_id, call.user_id, call.version, "hint")
        return english(tables.snapshot(table, Event.RESUMED).hint or NO_HINT), table.version
    return "", table.version


class Remote:
    """This process's part in the relay on PostgreSQL: its channels, the mirror of the
    tables held elsewhere that its pages watch, the news of its own, and its calls."""

    def __init__(
        self, tables: TableService, holds: GuildFilter, timeout_s: float = RELAY_TIMEOUT_S
    ) -> None:
        """Use `open_remote`."""
        self.tables, self.holds, self.timeout_s = tables, holds, timeout_s
        self.mirror = Mirror(tables.db, tables.registry, holds)
        self.channels: Channels | None = None
        self.announcer = Announcer(self._send)
        self.topic = secrets.token_hex(8)
        """This process's answer topic (`to_` and this)."""
        self.serving = False
        """Whether calls for its guilds are run (once its tables are rebuilt)."""
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[Answer]] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def up(self) -> bool:
        """Whether calls and news can travel now."""
        return self.channels is not None and self.channels.up

    def serve(self) -> None:
        """Run the calls for this process's guilds from now on (its tables are rebuilt),
        and tell the others where each of its tables stands."""
        self.serving = True
        self.announcer.all_tables(self.tables.tables())

    async def ask(self, guild_id: int, call: Call) -> str:
        """Run a call in the process holding the guild; its words, or TableError. Once
        done, the replica here is waited for (briefly) until it has caught up with the
        table as the call left it, so what a page reads next is no older than its move."""
        if not self.up:
            raise TableError(NO_ANSWER)
        ident = next(self._ids)
        waiting: asyncio.Future[Answer] = asyncio.get_running_loop().create_future()
        self._waiting[ident] = waiting
        until = asyncio.get_running_loop().time() + self.timeout_s
        try:
            self._send(MOVES, call_payload(call, guild_id, ident, self.topic))
            async with asyncio.timeout_at(until):
                answer = await waiting
        except TimeoutError:
            raise TableError(NO_ANSWER) from None
        finally:
            self._waiting.pop(ident, None)
        if answer.refused:
            raise TableError(answer.words)
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout_at(until):
                await self.mirror.reached(call.table_id, answer.version)
        return answer.words

    def heard_call(self, payload: str) -> None:
        """A call on the `moves` topic: run it if this process holds the guild."""
        found = read_call(payload)
        if found is None:
            log.warning("a call that is not one was ignored")
            return
        call, guild_id, ident, to = found
        if self.serving and self.holds(guild_id):
            self._spawn(self._answer(call, ident, to))

    def heard_answer(self, payload: str) -> None:
        """An answer on this process's topic, to a call waiting for it."""
        try:
            said = json.loads(payload)
            ident, done = said["id"], "ok" in said
            words = str(said["ok"] if done else said["no"])
            version = int(said.get("v", 0))
        except (ValueError, TypeError, KeyError):
            log.warning("an answer that is not one was ignored")
            return
        waiting = self._waiting.get(ident) if isinstance(ident, int) else None
        if waiting is not None and not waiting.done():
            waiting.set_result(Answer(words, version, refused=not done))

    def reconnected(self) -> None:
        """The channels are back: what was said meanwhile went unheard."""
        self.mirror.catch_up()
        if self.serving:
            self.announcer.all_tables(self.tables.tables())

    async def close(self) -> None:
        """Stop answering, following and listening."""
        self.serving = False
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await self.mirror.close()
        if self.channels is not None:
            await self.channels.close()

    async def _answer(self, call: Call, ident: int, to: str) -> None:
        """Run a call on this process's tables and answer it."""
        try:
            words, version = await run_call(self.tables, call)
            answer: dict[str, Any] = {"id": ident, "ok": words, "v": version}
        except TableError as exc:
            answer = {"id": ident, "no": exc.reason[:MAX_WORDS]}
        except Exception:
            log.exception("table %d: a call from another process failed", call.table_id)
            answer = {"id": ident, "no": FAILED}
        self._send(f"to_{to}", json.dumps(answer))

    def _send(self, topic: str, payload: str) -> bool:
        """Queue a notification (nothing while the channels are down)."""
        return self.channels is not None and self.channels.send(topic, payload)

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        """Run `coro` as a task of the relay's own."""
        task = asyncio.get_running_loop().create_task(coro, name="parlour-relay")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


async def open_remote(
    db: Database,
    tables: TableService,
    holds: GuildFilter,
    keys: WatchKeys | None = None,
    *,
    timeout_s: float = RELAY_TIMEOUT_S,
) -> Remote | None:
    """This process's part in the relay (None on SQLite: one process holds every
    table). Its news goes out from now on (it is one of `tables`' presenters); it runs
    others' calls once `serve` is called. `keys`: the spectator keys, whose resets are
    told to and heard from the other processes."""
    if not isinstance(db, PostgresDatabase):
        return None
    remote = Remote(tables, holds, timeout_s)
    hearers = {
        TABLES: remote.mirror.heard,
        MOVES: remote.heard_call,
        f"to_{remote.topic}": remote.heard_answer,
    }
    remote.channels = await Channels.open(db.dsn, hearers)
    remote.channels.reconnected.append(remote.reconnected)
    tables.presenters.append(remote.announcer)
    if keys is not None:
        keys.announce = remote.announcer.key_replaced
        remote.mirror.keys_replaced.append(keys.forget)
        remote.channels.reconnected.append(lambda: remote._spawn(keys.recheck()))
    return remote


class TableRelay:
    """What the web does at a table, run where the table is held."""

    def __init__(self, tables: TableService, remote: Remote | None = None) -> None:
        """`remote`: this process's part in the relay (None: every table is its own)."""
        self._tables, self._remote = tables, remote

    def table(self, table_id: int) -> Table | None:
        """The table as this process sees it, to read: its own, or the replica of one
        held elsewhere that a page here follows (None if neither)."""
        found = self._tables.registry.get(table_id)
        if found is None and self._remote is not None:
            found = self._remote.mirror.table(table_id)
        return found

    async def act(self, table_id: int, user_id: int, version: int, action: str) -> None:
        """A player's move, checked against the version they saw (`TableService.act`)."""
        await self._call(Call("act", table_id, user_id, version, action))

    async def decline_optional(self, table_id: int, user_id: int, version: int) -> None:
        """A player passes on the optional actions open to them now."""
        await self._call(Call("decline", table_id, user_id, version))

    async def resume(self, table_id: int, user_id: int) -> None:
        """A player handed to the AI takes their seat back."""
        await self._call(Call("resume", table_id, user_id))

    async def hint(self, table_id: int, user_id: int, version: int) -> str:
        """A patience's hint, in words (asking for one is a move of the game)."""
        return await self._call(Call("hint", table_id, user_id, version))

    async def still(self, table_id: int, user_id: int, version: int) -> dict[str, object]:
        """A patience's "Can I still win?", answered and recorded where the table is held:
        the answer's facts (`bot.tables.still.answer_facts`)."""
        facts: dict[str, object] = json.loads(
            await self._call(Call("still", table_id, user_id, version))
        )
        return facts

    async def _call(self, call: Call) -> str:
        """Run a call here or in the process holding the table; TableError if refused."""
        guild_id = await self._elsewhere(call.table_id)
        if guild_id is None:
            words, _ = await run_call(self._tables, call)
            return words
        assert self._remote is not None
        return await self._remote.ask(guild_id, call)

    async def _elsewhere(self, table_id: int) -> int | None:
        """The guild of a table another process holds, or None when the table is this
        process's to run (or to refuse: unknown or closed)."""
        remote = self._remote
        if remote is None or self._tables.registry.get(table_id) is not None:
            return None
        replica = remote.mirror.table(table_id)
        if replica is not None and replica.status is not Status.CLOSED:
            guild_id = replica.guild_id
        else:
            row = await rows.table_row(self._tables.db, table_id)
            if row is None or row.status == Status.CLOSED:
                return None
            guild_id = row.guild_id
        return None if remote.holds(guild_id) else guild_id


def call_payload(call: Call, guild_id: int, ident: int, to: str) -> str:
    """The notification of a call."""
    return json.dumps(
        {
            "id": ident,
            "to": to,
            "g": guild_id,
            "t": call.table_id,
            "op": call.op,
            "u": call.user_id,
            "v": call.version,
            "a": call.action,
        },
        separators=(",", ":"),
    )


def read_call(payload: str) -> tuple[Call, int, int, str] | None:
    """A call, its guild, number and answer topic; None for a notification that is not
    a call."""
    try:
        said = json.loads(payload)
        ints = [said[k] for k in ("id", "g", "t", "u", "v")]
        op, action, to = said["op"], said["a"], said["to"]
    except (ValueError, TypeError, KeyError):
        return None
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in ints):
        return None
    if op not in OPS or not isinstance(action, str) or len(action) > 64:
        return None
    if not isinstance(to, str) or not _TOPIC.fullmatch(to):
        return None
    ident, guild_id, table_id, user_id, version = ints
    return Call(op, table_id, user_id, version, action), guild_id, ident, to
