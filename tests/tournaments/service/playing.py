"""Helpers for the tournament service's tests: the services built over one database, a
host that records news and opens numbered threads, and players who play their turns."""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field

from bot.ledger import Ledger
from bot.storage import Database
from bot.tables import ServiceSettings, TableService
from bot.tables.models import Status
from bot.tournaments.service import News, NewsKind, Slot, Tournament, TournamentService

GUILD = 10
CHANNEL = 20
START = 1000
PLAYERS = [101, 102, 103, 104, 105, 106, 107, 108]
MOD = 900
THREAD_IDS = itertools.count(5001)
"""Thread ids, never the same twice in a test run (a restarted host goes on counting)."""


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class RecordingHost:
    """A host that numbers the threads it opens and keeps every piece of news."""

    news: list[News] = field(default_factory=list)
    threads: list[tuple[int, int, int]] = field(default_factory=list)

    async def open_thread(self, tournament: Tournament, slot: Slot) -> int:
        self.threads.append((tournament.id, slot.round, slot.number))
        return next(THREAD_IDS)

    async def tournament_updated(self, news: News) -> None:
        self.news.append(news)

    def kinds(self) -> list[NewsKind]:
        return [n.kind for n in self.news]


@dataclass
class Place:
    """The services of one process over a database."""

    ledger: Ledger
    tables: TableService
    tournaments: TournamentService


async def open_place(db: Database, clock: FakeClock, host: RecordingHost) -> Place:
    """Build the services as the bot does, recovering what the database holds."""
    ledger = Ledger(db, starting_chips=START)
    settings = ServiceSettings(
        default_buy_in=100, turn_timeout_s=60.0, handover_after=2, optional_grace_s=0
    )
    tables = TableService(db, ledger, settings, clock=clock)
    tournaments = TournamentService(tables, [host])
    await tables.recover()
    await tournaments.recover()
    await tournaments.settle()
    return Place(ledger, tables, tournaments)


async def sign_up(place: Place, t: Tournament, players: list[int]) -> None:
    """Sign these players up by name ("P101" ...)."""
    for p in players:
        await place.tournaments.join(t.id, p, f"P{p}")


async def play_humans(place: Place, seed: int = 1, absent: frozenset[int] = frozenset()) -> int:
    """Play every person's turn at every open tournament table (a random legal move) until
    no table waits on anyone present; the moves made."""
    rng = random.Random(seed)
    made = 0
    while True:
        await place.tournaments.settle()
        moved = False
        for table in place.tables.tables():
            if table.tournament_id is None or table.status is not Status.PLAYING:
                continue
            for index in sorted(table.game.awaiting(table.state)):
                seat = table.seats[index]
                if seat.user_id is None or seat.is_ai or seat.user_id in absent:
                    continue
                legal = table.game.legal_actions(table.state, index)
                await place.tables.act(table.id, seat.user_id, table.version, rng.choice(legal))
                moved, made = True, made + 1
                break
        if not moved:
            await place.tournaments.settle()
            return made


async def play_out(place: Place, t: Tournament, seed: int = 1) -> None:
    """Play until the tournament is over."""
    for _ in range(200):
        await play_humans(place, seed)
        if not t.phase.live:
            return
    raise AssertionError(f"tournament {t.id} never ended: {t.phase}, round {t.round}")
