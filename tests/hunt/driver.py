"""The hunters' driver: every request a server's members and admins can make of the table
service — tables made, joined and started, AI seats, legal, junk and stale moves, top-ups,
leaves (mid-hand, between hands, with 0 chips, with a pool on the table), stops, two
stops at once, a stop or a leave racing a move (the game's last move when there is one),
turn clocks running out and restarts — as operations with explicit parameters, and the
checks that must hold after each one.

The Hypothesis state machine (`tests/hunt/test_service_machine.py`) draws the parameters;
the kill -9 worker and the long run (`bench/bench_hunt.py`) draw them from a seeded
`random.Random`. A refusal (`TableError`) is a fine answer to any request; any other
exception, a broken ledger invariant, an escrow that differs from the game's stacks, a
closed table holding chips or a table that does not come back from a restart is a bug.
"""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from collections.abc import Awaitable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.games import ChipGame
from bot.ledger import Account, Ledger
from bot.storage import Database, open_database
from bot.tables import ServiceSettings, Status, Table, TableError, TableService
from bot.tables.accounts import digest_of
from bot.tournaments.service import TournamentService

GUILD = 7
CHANNELS = (1, 2)
USERS = (101, 102, 103, 104)
GAMES = (
    "black-joke",
    "bunkum",
    "jockey-club",
    "quien-sabe",
    "newmarket-1885",
    "newmarket",
    "michigan",
    "tilters",
)
"""The chip games (the Stops games carry chips on their board from deal to deal), and a
trick game for leaves that hand a seat to the AI."""
ALREADY = "The table is already closed."
CLOSED = "That table has closed"
RACES = tuple(
    (a, b) for a in ("stop", "leave", "move") for b in ("stop", "leave", "move") if a != b
)
"""The races of `Hunt._race`, the request that takes the table's lock first first."""
JUNK = (
    "",
    "   ",
    "pass 1",
    "x" * 5000,
    "\n",
    "play",
    "bid -1",
    "buy 99 99",
    "spread 9 9 9 9",
    "spread 1 1 1",
    "spread -1 1 2 2",
    "play 8D",
)
ESCROW_HELD = (
    "SELECT table_id, kind, seat, balance FROM accounts"
    " WHERE guild_id = ? AND kind IN ('stake', 'pot') AND balance <> 0"
)
"""Every escrow account holding chips, whatever its table."""
TABLE_STATUS = "SELECT id, status FROM tables"


class Clock:
    """A clock the driver moves by hand, so turn clocks run out when it says."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Tally:
    """What a run did."""

    requests: Counter[str] = field(default_factory=Counter)
    refused: int = 0
    restarts: int = 0
    tables: int = 0


class Hunt:
    """One database (a SQLite file or a PostgreSQL address), one table service over it,
    and the requests of the hunt."""

    def __init__(self, where: str | Path) -> None:
        self.where = str(where)
        self.clock = Clock()
        self.tally = Tally()
        self.made: set[int] = set()
        self._last_moves: dict[tuple[int, int], bool] = {}
        self.db: Database | None = None
        self.ledger: Ledger | None = None
        self.service: TableService | None = None
        self.tournaments: TournamentService | None = None

    async def open(self) -> list[int]:
        """Open the database and recover its tables into a fresh service; the tables set
        aside (which a correct service never needs)."""
        self.db = await open_database(self.where)
        self.ledger = Ledger(self.db, starting_chips=10_000)
        settings = ServiceSettings(default_buy_in=20, turn_timeout_s=60.0, handover_after=2)
        self.service = TableService(self.db, self.ledger, settings, clock=self.clock)
        report = await self.service.recover()
        # as the bot starts: the tournaments recover over the tables (none are made here,
        # but a tournament service must hear every table and leave them all as they are)
        self.tournaments = TournamentService(self.service)
        assert await self.tournaments.recover() == 0
        return report.abandoned

    async def close(self) -> None:
        """Close the database (the service's tables are forgotten with it)."""
        if self.tournaments is not None:
            await self.tournaments.settle()
        if self.db is not None:
            await self.db.close()
        self.db = self.ledger = self.service = self.tournaments = None

    @property
    def tables(self) -> TableService:
        """The live service."""
        assert self.service is not None
        return self.service

    @property
    def chips(self) -> Ledger:
        """The live ledger."""
        assert self.ledger is not None
        return self.ledger

    # -- requests ----------------------------------------------------------------------------

    async def request(self, name: str, *args: int) -> None:
        """Make one request by name; a refusal is counted, anything else propagates."""
        self.tally.requests[name] += 1
        try:
            await getattr(self, f"_{name}")(*args)
        except TableError:
            self.tally.refused += 1

    async def _create(self, channel: int, game: int, host: int, buy_in: int) -> None:
        table = await self.tables.create(
            guild_id=GUILD,
            channel_id=CHANNELS[channel % len(CHANNELS)],
            host_id=USERS[host % len(USERS)],
            host_name=f"P{host % len(USERS)}",
            game_key=GAMES[game % len(GAMES)],
            buy_in=buy_in,
            options={"rounds": 2},
            seed=self.tally.tables * 7919 + game,  # a fixed seed, so a failure replays
        )
        self.made.add(table.id)
        self.tally.tables += 1

    async def _join(self, channel: int, user: int) -> None:
        table = self._table(channel)
        await self.tables.join(table.id, USERS[user % len(USERS)], f"P{user % len(USERS)}")

    async def _add_ai(self, channel: int) -> None:
        table = self._table(channel)
        await self.tables.add_ai(table.id, table.host_id)

    async def _start(self, channel: int) -> None:
        table = self._table(channel)
        await self.tables.start(table.id, table.host_id)

    async def _act(self, channel: int, pick: int) -> None:
        """The awaited player makes a legal move (the `pick`-th of their moves): it must
        be accepted."""
        table = self._table(channel)
        user, legal = self._awaited(table)
        move = legal[pick % len(legal)]
        await must(self.tables.act(table.id, user, table.version, move), f"{move!r} refused")

    async def _junk(self, channel: int, user: int, pick: int) -> None:
        """A move that is not written as listed (junk, or a listed move padded, upper-cased
        or with a word more): it must be refused and change nothing."""
        table = self._table(channel)
        who, legal = self._awaited(table)
        move = legal[pick % len(legal)]
        variants = (f"  {move}  \n", move.upper(), f"{move} 1", *JUNK)
        before = (table.version, digest_of(table.game, table.state))
        try:
            await self.tables.act(table.id, who, table.version, variants[user % len(variants)])
        except TableError:
            assert (table.version, digest_of(table.game, table.state)) == before
            raise
        assert variants[user % len(variants)] in legal, "a move not as listed was accepted"

    async def _stale(self, channel: int, pick: int) -> None:
        """A click on a version the table has left behind."""
        table = self._table(channel)
        user, legal = self._awaited(table)
        await self.tables.act(table.id, user, table.version - 1, legal[pick % len(legal)])

    async def _stranger(self, channel: int, user: int, pick: int) -> None:
        """Somebody who is not awaited (or not seated) tries to move."""
        table = self._table(channel)
        awaited, legal = self._awaited(table)
        who = USERS[user % len(USERS)]
        if who == awaited:
            raise TableError("that is the awaited player")
        await self.tables.act(table.id, who, table.version, legal[pick % len(legal)])

    async def _top_up(self, channel: int, user: int, amount: int) -> None:
        table = self._table(channel)
        await self.tables.top_up(table.id, USERS[user % len(USERS)], amount)

    async def _leave(self, channel: int, user: int) -> None:
        """A player leaves: a seated player who is not already leaving must be let go."""
        table = self._table(channel)
        who = USERS[user % len(USERS)]
        index = table.seat_of(who)
        if index is None or table.seats[index].left or table.seats[index].leaving:
            await self.tables.leave(table.id, who)  # refused: not seated, or going already
            return
        await must(self.tables.leave(table.id, who), "a leave")

    async def _stop(self, channel: int, moderator: int) -> None:
        """The host or a moderator ends the table: it must close."""
        table = self._table(channel)
        if moderator % 2:
            await must(self.tables.stop(table.id, 0, moderator=True), "a moderator's stop")
        else:
            await must(self.tables.stop(table.id, table.host_id), "the host's stop")

    async def _double_stop(self, channel: int, order: int) -> None:
        """The host's stop and a moderator's at once: the table closes once, and the stop
        that comes second is told it is already closed."""
        table = self._table(channel)
        host = self.tables.stop(table.id, table.host_id)
        moderator = self.tables.stop(table.id, 0, moderator=True)
        first, second = await queued(
            table, *((moderator, host) if order % 2 else (host, moderator))
        )
        assert first is table, f"the first stop: {first!r}"
        assert isinstance(second, TableError) and second.reason == ALREADY, second
        assert table.status is Status.CLOSED

    async def _race(self, channel: int, pick: int, how: int) -> None:
        """Two of a stop, the awaited player's leave (the last player's stops the table)
        and that player's move (one that ends the game, when there is one) wait for the
        table's lock at once. The first is taken; when it closed the table, the second is
        told so and moves nothing."""
        table = self._table(channel)
        user, legal = self._awaited(table)
        seat = table.seat_of(user)
        assert seat is not None
        ending = _ending_moves(table, user, legal)
        move = (ending or legal)[pick % len(ending or legal)]
        race = RACES[how % len(RACES)]
        closes = {
            "stop": True,
            "move": bool(ending),
            "leave": table.humans() == [table.seats[seat]],
        }[race[0]]
        made = {
            "move": lambda: self.tables.act(table.id, user, table.version, move),
            "stop": lambda: self.tables.stop(table.id, table.host_id),
            "leave": lambda: self.tables.leave(table.id, user),
        }
        first, second = await queued(table, *(made[name]() for name in race))
        assert first is table, f"{race[0]} first: {first!r}"
        if closes:
            told = ALREADY if race[1] == "stop" else CLOSED
            assert isinstance(second, TableError) and told in second.reason, (race, second)
            assert table.status is Status.CLOSED
        elif isinstance(second, TableError):
            self.tally.refused += 1

    async def _timeout(self, channel: int) -> None:
        """The awaited player's clock runs out."""
        table = self._table(channel)
        if table.deadline_at is None:
            raise TableError("no clock is running")
        self.clock.now = table.deadline_at + 1
        await self.tables.tick()

    async def _restart(self) -> None:
        """The process stops and starts again: every open table must come back as it was."""
        before = {t.id: (t.version, self._digest(t)) for t in self.tables.tables()}
        await self.close()
        abandoned = await self.open()
        self.tally.restarts += 1
        assert abandoned == [], f"tables set aside on restart: {abandoned}"
        after = {t.id: (t.version, self._digest(t)) for t in self.tables.tables()}
        assert after == before, (before, after)

    async def close_all(self) -> None:
        """A moderator ends every open table: each must close with its escrow empty."""
        for table in self.tables.tables():
            await must(self.tables.stop(table.id, 0, moderator=True), "the final stop")
        await self.check()

    # -- checks ------------------------------------------------------------------------------

    async def check(self) -> None:
        """Everything that must hold between requests. The escrow of every table and the
        status of every table are read in one query each: a round trip costs ten times
        more on PostgreSQL than on SQLite, and the tables made only grow."""
        assert await self.chips.check() == [], await self.chips.check()
        assert self.db is not None
        held: dict[int, dict[Account, int]] = {}
        for row in await self.db.fetchall(ESCROW_HELD, (GUILD,)):
            table_id, seat = int(row["table_id"]), row["seat"]
            account = (
                Account.pot(GUILD, table_id)
                if row["kind"] == "pot"
                else Account.stake(GUILD, table_id, int(seat))
            )
            held.setdefault(table_id, {})[account] = int(row["balance"])
        status = {int(r["id"]): r["status"] for r in await self.db.fetchall(TABLE_STATUS)}
        open_ids = set()
        for table in self.tables.tables():
            open_ids.add(table.id)
            assert table.status is not Status.CLOSED
            assert status.get(table.id) == table.status, (table.id, status.get(table.id))
            expected = self._expected_escrow(table) if table.is_chip_game else {}
            assert held.get(table.id, {}) == expected, (table.id, held.get(table.id))
        for table_id in self.made - open_ids:
            assert status.get(table_id) == Status.CLOSED, f"table {table_id} is not closed"
        strays = set(held) - open_ids
        assert not strays, f"chips in the escrow of tables not open: {strays}"

    def _expected_escrow(self, table: Table) -> dict[Account, int]:
        """What the ledger must hold for a table: each seat's stack and the pot."""
        chairs = [s.chair for s in table.seats]
        if table.status is Status.LOBBY:
            stacks: tuple[int, ...] = tuple(table.buy_in for _ in chairs)
            pot = 0
        else:
            game = table.game
            assert isinstance(game, ChipGame)
            stacks, pot = game.stacks(table.state), game.pot(table.state)
        out = {
            Account.stake(GUILD, table.id, chair): amount
            for chair, amount in zip(chairs, stacks, strict=True)
            if amount
        }
        if pot:
            out[Account.pot(GUILD, table.id)] = pot
        return out

    def applicable(self, name: str) -> bool:
        """Whether the request can do something now (the random driver and the state
        machine mostly make such requests, so that games get played; a request that
        cannot is still made now and then, and must be refused)."""
        tables = self.tables.tables() if self.service is not None else []
        lobby = [t for t in tables if t.status is Status.LOBBY]
        playing = [t for t in tables if t.status is Status.PLAYING]
        if name == "create":
            return len(tables) < len(CHANNELS)
        if name in ("join", "add_ai", "start"):
            return bool(lobby)
        if name in ("act", "junk", "stale", "stranger", "race"):
            return any(_has_awaited(t) for t in playing)
        if name == "timeout":
            return any(t.deadline_at is not None for t in playing)
        return bool(tables)

    def at_last_move(self) -> int | None:
        """The channel (its index) of a table whose awaited player has a move that ends
        the game, if any: where the races of a stop, a leave and the last move matter most."""
        for table in self.tables.tables() if self.service is not None else []:
            key = (table.id, table.version)
            if key not in self._last_moves:
                self._last_moves[key] = _ends_with_a_move(table)
            if self._last_moves[key]:
                return CHANNELS.index(table.channel_id)
        return None

    # -- helpers -----------------------------------------------------------------------------

    def _table(self, channel: int) -> Table:
        """The table of a channel; the other channel's if this one has none."""
        for step in range(len(CHANNELS)):
            found = self.tables.in_channel(CHANNELS[(channel + step) % len(CHANNELS)])
            if found is not None:
                return found
        raise TableError("there is no table")

    @staticmethod
    def _awaited(table: Table) -> tuple[int, list[str]]:
        """The human the table waits for, and their legal moves."""
        if table.status is not Status.PLAYING:
            raise TableError("the game is not on")
        for seat in sorted(table.game.awaiting(table.state)):
            user = table.seats[seat].user_id
            if user is not None and not table.seats[seat].is_ai:
                return user, table.game.legal_actions(table.state, seat)
        raise TableError("no player is awaited")

    @staticmethod
    def _digest(table: Table) -> str:
        return "" if table.state is None else digest_of(table.game, table.state)


def _ends_with_a_move(table: Table) -> bool:
    """Whether the player the table waits for has a move that ends the game."""
    try:
        user, legal = Hunt._awaited(table)
    except TableError:
        return False
    return bool(_ending_moves(table, user, legal))


def _ending_moves(table: Table, user: int, legal: list[str]) -> list[str]:
    """The moves of a player (`legal`) that end the game."""
    seat = table.seat_of(user)
    assert seat is not None
    return [m for m in legal if table.game.is_over(table.game.apply(table.state, seat, m))]


def _has_awaited(table: Table) -> bool:
    """Whether a player (not the AI) is awaited at a table in play."""
    return any(
        table.seats[s].user_id is not None and not table.seats[s].is_ai
        for s in table.game.awaiting(table.state)
    )


async def queued(table: Table, *requests: Coroutine[Any, Any, object]) -> list[object]:
    """Make requests that all wait for one table's lock at once (held here until each is
    waiting), taking it in the order given; what each returned or raised. Anything but a
    refusal propagates."""
    async with table.lock:
        tasks = [asyncio.ensure_future(r) for r in requests]
        for _ in range(5):  # each task runs up to the lock
            await asyncio.sleep(0)
    results: list[object] = await asyncio.gather(*tasks, return_exceptions=True)
    for result in results:
        if isinstance(result, BaseException) and not isinstance(result, TableError):
            raise result
    return results


async def must(request: Awaitable[object], what: str) -> None:
    """Make a request that nothing may refuse: a refusal here is a bug, not an answer."""
    try:
        await request
    except TableError as exc:
        raise AssertionError(f"{what}: {exc.reason}") from None


REQUESTS: dict[str, int] = {
    "create": 4,
    "join": 2,
    "add_ai": 1,
    "start": 1,
    "act": 2,
    "junk": 3,
    "stale": 2,
    "stranger": 3,
    "top_up": 3,
    "leave": 2,
    "stop": 2,
    "double_stop": 2,
    "race": 3,
    "timeout": 1,
    "restart": 0,
}
"""Each request and how many parameters it takes."""

WEIGHTS = {
    "create": 3,
    "join": 4,
    "add_ai": 5,
    "start": 6,
    "act": 80,
    "junk": 3,
    "stale": 2,
    "stranger": 2,
    "top_up": 4,
    "leave": 5,
    "stop": 1,
    "double_stop": 1,
    "race": 1,
    "timeout": 4,
    "restart": 1,
}
"""How often the random driver makes each request."""


LAST_MOVE_RACES = 0.05
"""How often the random driver looks for a game at its last move to race there."""


def last_move_race(channel: int, pick: int, how: int) -> tuple[str, list[int]]:
    """The request racing at a table at its last move (`Hunt.at_last_move`): two stops at
    once (`how` = len(RACES)), or a race of `RACES`."""
    if how % (len(RACES) + 1) == len(RACES):
        return "double_stop", [channel, pick]
    return "race", [channel, pick, how]


def random_request(
    hunt: Hunt, rng: random.Random, *, restarts: bool = True
) -> tuple[str, list[int]]:
    """A request and its parameters, drawn from `rng`: nine times in ten one that can do
    something now, and now and then a race at a game's last move. Small numbers pick
    channels, users and moves; amounts (a buy-in, a top-up) are mostly modest and now and
    then absurd."""
    if rng.random() < LAST_MOVE_RACES and (channel := hunt.at_last_move()) is not None:
        return last_move_race(channel, rng.randrange(64), rng.randrange(len(RACES) + 1))
    names = [n for n in WEIGHTS if restarts or n != "restart"]
    if rng.random() < 0.9:
        names = [n for n in names if hunt.applicable(n)] or names
    name = rng.choices(names, [WEIGHTS[n] for n in names])[0]
    args = [rng.randrange(0, 64) for _ in range(REQUESTS[name])]
    if name in ("create", "top_up"):
        args[-1] = amount(rng)
    return name, args


def amount(rng: random.Random) -> int:
    """A number of chips as a person might type it: usually modest, sometimes 0, negative
    or absurd."""
    roll = rng.random()
    if roll < 0.85:
        return rng.randrange(1, 40)
    return rng.choice((0, -5, 10**7, 2**63))
