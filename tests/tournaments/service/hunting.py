"""The tournament hunter's driver: one database, the services of one process over it
(rebuilt at each restart), and every request people make of tournaments — create (good
and junk settings), join, leave, start, cancel (by its host, a moderator or a stranger),
play at the tables, turn clocks running out, the tournament clock, restarts — with a
model of every purse and the checks that must hold after each request.

A refusal (TournamentError or TableError) is a fine answer to any request, but it must
say a sentence and change nothing. The Hypothesis machine
(`test_tournament_machine.py`) draws the parameters.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable
from dataclasses import dataclass, field

from bot.games import registry
from bot.ledger import Account
from bot.storage import Database, open_database
from bot.storage import tournament_reads as reads
from bot.tables.models import Status, TableError
from bot.tournaments.service import Phase, Tournament
from tests.tournaments.service.hunt_checks import (
    assert_withdrawn_unpaid,
    check_tables,
    one_of,
    sentence,
)
from tests.tournaments.service.playing import (
    GUILD,
    MOD,
    START,
    FakeClock,
    Place,
    RecordingHost,
    open_place,
)

CHANNELS = (20, 21, 22)
USERS = (101, 102, 103, 104, 105, 106)
STRANGER = 777
UNKNOWN = 999_999
"""A tournament number nobody made."""
GAMES = ("tilters", "yukon", "bunkum", "black-joke")
ENTRY = "SELECT balance, closed_at FROM accounts WHERE kind = 'entry' AND tournament_id = ?"


@dataclass
class Known:
    """What the model knows of a tournament it saw made: its buy-in and its players."""

    buy_in: int
    players: set[int] = field(default_factory=set)
    ended: bool = False


@dataclass
class Tally:
    """What a run did."""

    made: int = 0
    refused: int = 0
    moves: int = 0
    timeouts: int = 0
    restarts: int = 0
    finished: int = 0
    cancelled: int = 0


class TournamentHunt:
    """The services over one database and the model of its chips (see the module
    docstring)."""

    def __init__(self, where: str) -> None:
        self.where = where
        self.clock = FakeClock()
        self.db: Database | None = None
        self.place: Place | None = None
        self.known: dict[int, Known] = {}
        self.purses = dict.fromkeys(USERS, START)
        self.tally = Tally()

    async def open(self) -> None:
        """Open the database and recover everything into fresh services."""
        self.db = await open_database(self.where)
        self.place = await open_place(self.db, self.clock, RecordingHost())
        for user in USERS:  # every purse opened, so the model starts each at START
            await self.place.ledger.purse(GUILD, user)

    async def close(self) -> None:
        """Close the database."""
        if self.place is not None:
            await self.place.tournaments.settle()
        if self.db is not None:
            await self.db.close()
        self.db = self.place = None

    @property
    def p(self) -> Place:
        """The live services."""
        assert self.place is not None
        return self.place

    # -- making requests -----------------------------------------------------------------

    async def request(self, made: Awaitable[object]) -> object | None:
        """Make a request: a refusal must be a sentence and change nothing; anything
        else propagates. What it returned (None when refused)."""
        before = await self.snapshot()
        try:
            found = await made
        except TableError as exc:
            reason = exc.reason
        else:
            await self.after()
            return found
        await self.p.tournaments.settle()
        self.tally.refused += 1
        assert sentence(reason), f"a refusal that is not a sentence: {reason!r}"
        assert await self.snapshot() == before, f"a refusal changed something: {reason}"
        return None

    async def after(self) -> None:
        """Let pending work finish, then bring the model up to date with tournaments that
        have ended."""
        await self.p.tournaments.settle()
        await self.account_ended()

    async def snapshot(self) -> object:
        """The purses, and every live tournament's phase, players and tables."""
        purses = [await self.p.ledger.balance(Account.purse(GUILD, u)) for u in USERS]
        live = sorted(
            (t.id, t.phase, sorted((p.user_id, p.dropped) for p in t.players.values()),
             t.round, len(t.slots))
            for t in self.p.tournaments.live.values()
        )  # fmt: skip
        return purses, live

    def pick(self, n: int) -> int:
        """A tournament number: mostly a live one, else any made, or one nobody made."""
        live = sorted(self.p.tournaments.live)
        made = sorted(self.known)
        if n % 8 == 7 or not made:
            return UNKNOWN
        if n % 8 == 6 or not live:
            return made[(n // 8) % len(made)]
        return live[-1 - (n // 8) % len(live)]

    async def create(self, d: list[int]) -> None:
        """A moderator asks for a tournament (any of the settings, good or junk)."""
        game = GAMES[d[0] % len(GAMES)]
        info = registry.get(game).info
        fmt = one_of(("swiss", "knockout"), ("league", ""), d[1])
        seats = one_of((2, 2, min(3, info.max_seats)), (info.max_seats + 1, 1), d[3])
        rounds = one_of((None, 1, 2), (0, 99, 3), d[5])
        if fmt == "knockout" and d[5] % 8 != 7:
            rounds = None
        made = self.p.tournaments.create(
            guild_id=GUILD, channel_id=CHANNELS[d[2] % len(CHANNELS)], host_id=MOD,
            game_key=game, format=fmt, rounds=rounds, seats=seats,
            buy_in=one_of((0, 5, 20), (START + 1, 10**7, -3), d[4]),
            shares=one_of((None, None, "60 40"), ("abc", "70 40", "-5 105", "100", ""), d[6]),
            stack=one_of((None, 20), (5, 0), d[7]) if info.chips else one_of((None,), (20,), d[7]),
            starts_in_min=1 if d[8] % 6 == 5 else None,
        )  # fmt: skip
        t = await self.request(made)
        if isinstance(t, Tournament):
            self.known[t.id] = Known(t.buy_in)
            self.tally.made += 1

    async def useful(self, d: list[int]) -> None:
        """A request that moves things on: a tournament made when a channel is free, a
        field filled, a full enough one started, a move played, a clock run out."""
        live = list(self.p.tournaments.live.values())
        signup = [t for t in live if t.phase is Phase.SIGNUP]
        filling = [t for t in signup if len(t.players) < 4]
        ready = [t for t in signup if len(t.players) >= 2]
        names = ["create"] * (len(live) < len(CHANNELS))
        names += ["join"] * 2 * bool(filling) + ["start"] * bool(ready)
        names += ["play"] * 4 * bool(self.turns()) + ["timeout"] * bool(self.turns(-1))
        name = (names or ["create"])[d[0] % len(names or ["create"])]
        if name == "create":
            await self.create(d[1:])
        elif name == "join":
            t = filling[d[1] % len(filling)]
            free = [u for u in USERS if u not in t.players]
            await self.joinone_of(t.id, free[d[2] % len(free)])
        elif name == "start":
            t = ready[d[1] % len(ready)]
            await self.request(self.p.tournaments.start(t.id, MOD, moderator=True))
        elif name == "play":
            await self.play(10 + d[1], d[2], d[3])
        else:
            await self.timeout()

    async def join(self, n: int, user: int) -> None:
        """Anyone asks to join any tournament."""
        await self.joinone_of(self.pick(n), USERS[user % len(USERS)])

    async def joinone_of(self, t_id: int, who: int) -> None:
        """A person asks to join a tournament."""
        if await self.request(self.p.tournaments.join(t_id, who, f"P{who}")) is not None:
            self.purses[who] -= self.known[t_id].buy_in
            self.known[t_id].players.add(who)

    async def leave(self, n: int, user: int) -> None:
        """Anyone asks to leave any tournament (in signup: their buy-in back)."""
        who = USERS[user % len(USERS)]
        t_id = self.pick(n)
        t = self.p.tournaments.live.get(t_id)
        signup = t is not None and t.phase is Phase.SIGNUP
        if await self.request(self.p.tournaments.leave(t_id, who)) is not None and signup:
            self.purses[who] += self.known[t_id].buy_in
            self.known[t_id].players.discard(who)

    async def start(self, n: int, who: int) -> None:
        """Its host, a moderator or a stranger asks to start a tournament."""
        by, moderator = ((MOD, False), (MOD, True), (STRANGER, False))[who % 3]
        await self.request(self.p.tournaments.start(self.pick(n), by, moderator=moderator))

    async def cancel(self, n: int, who: int) -> None:
        """Its host, a moderator or a stranger asks to cancel a tournament."""
        by, moderator = ((MOD, False), (STRANGER, True), (STRANGER, False))[who % 3]
        await self.request(self.p.tournaments.cancel(self.pick(n), by, moderator=moderator))

    async def play(self, moves: int, seed: int, absent: int) -> None:
        """People play up to `moves` random legal moves at the open tournament tables;
        one of them (`absent`, when it names somebody) stays away from the tables."""
        rng = random.Random(seed)
        away = USERS[absent] if absent < len(USERS) else None
        for _ in range(moves):
            turns = self.turns(away)
            if not turns:
                break
            table_id, user, version, legal = rng.choice(turns)
            await self.p.tables.act(table_id, user, version, rng.choice(legal))
            self.tally.moves += 1
            await self.after()

    def turns(self, away: int | None = None) -> list[tuple[int, int, int, list[str]]]:
        """Every person awaited at an open tournament table but `away` (-1: the clocks
        only, of anyone awaited): (table, user, version, moves)."""
        found = []
        for table in self.p.tables.tables():
            if table.tournament_id is None or table.status is not Status.PLAYING:
                continue
            for index in sorted(table.game.awaiting(table.state)):
                seat = table.seats[index]
                if seat.user_id is None or seat.is_ai or seat.user_id == away:
                    continue
                if away == -1 and table.deadline_at is None:
                    continue
                legal = table.game.legal_actions(table.state, index)
                found.append((table.id, seat.user_id, table.version, legal))
        return found

    async def timeout(self) -> None:
        """The earliest turn clock runs out."""
        deadline = self.p.tables.next_deadline()
        if deadline is None:
            return
        self.clock.now = max(self.clock.now, deadline + 1)
        await self.p.tables.tick()
        self.tally.timeouts += 1
        await self.after()

    async def tick(self, minutes: int) -> None:
        """Time passes and the tournaments' clock ticks (a tournament set to start by
        itself starts, or is cancelled short of players)."""
        self.clock.now += 60 * minutes
        await self.p.tournaments.tick()
        await self.after()

    async def restart(self, mid_move: bool) -> None:
        """The process dies after its last commit — its pending tournament work dropped,
        after a move when `mid_move` (a table's end not yet recorded) — and a new one
        recovers."""
        turns = self.turns()
        if mid_move and turns:
            table_id, user, version, legal = turns[0]
            await self.p.tables.act(table_id, user, version, legal[0])
        for task in list(self.p.tournaments.flow._tasks):
            task.cancel()
        assert self.db is not None
        await self.db.close()
        self.tally.restarts += 1
        await self.open()
        await self.after()

    async def cancel_all(self) -> None:
        """A moderator cancels every live tournament: every chip goes home."""
        for t in list(self.p.tournaments.live.values()):
            await self.p.tournaments.cancel(t.id, MOD, moderator=True)
        await self.after()
        assert not self.p.tournaments.live
        assert not [x for x in self.p.tables.tables() if x.tournament_id is not None]
        assert all(k.ended for k in self.known.values())

    # -- the model -----------------------------------------------------------------------

    async def account_ended(self) -> None:
        """Pay the model what each tournament that has ended paid: its prizes, or every
        buy-in back; a finished tournament's prizes add up to its pot."""
        for t_id, known in self.known.items():
            if known.ended or t_id in self.p.tournaments.live:
                continue
            row = await reads.tournament(self.p.tables.db, t_id)
            assert row is not None and row.status in (Phase.FINISHED, Phase.CANCELLED), row
            players = await reads.players_of(self.p.tables.db, t_id)
            assert {p.user_id for p in players} == known.players, (t_id, players)
            if row.status == Phase.CANCELLED:
                for user in known.players:
                    self.purses[user] += known.buy_in
                self.tally.cancelled += 1
            else:
                paid = sum(p.prize for p in players)
                assert paid == known.buy_in * len(players), (t_id, paid, players)
                assert all(p.prize >= 0 and p.place is not None for p in players), players
                assert_withdrawn_unpaid(players)
                for p in players:
                    self.purses[p.user_id] += p.prize
                self.tally.finished += 1
            known.ended = True

    async def check(self) -> None:
        """Everything that must hold between requests."""
        assert await self.p.ledger.check() == []
        for user in USERS:
            found = await self.p.ledger.balance(Account.purse(GUILD, user))
            assert found == self.purses[user], (user, found, self.purses[user])
        for t_id, known in self.known.items():
            await self._check_escrow(t_id, known)
        check_tables(self.p)

    async def _check_escrow(self, t_id: int, known: Known) -> None:
        """A live tournament's escrow holds every buy-in; an ended one's is empty, closed."""
        t = self.p.tournaments.live.get(t_id)
        held = await self.p.ledger.balance(Account.entry(GUILD, t_id))
        if t is not None:
            assert set(t.players) == known.players, (t_id, set(t.players), known.players)
            assert held == known.buy_in * len(known.players) == t.pot, (t_id, held)
            return
        assert known.ended
        row = await self.p.tables.db.fetchone(ENTRY, (t_id,))
        assert row is None or (int(row[0]) == 0 and row[1] is not None), (t_id, tuple(row))
