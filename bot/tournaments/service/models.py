"""The tournament service's values: a tournament as held in memory, its players and
tables, the news it tells its front ends, and the `TournamentHost` protocol through which
a front end gives each table its place (a thread) and hears the news."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol

from bot.games import Game
from bot.games.messages import Text
from bot.tables.models import TableError
from bot.tournaments.prizes import PrizeStructure

MAX_PLAYERS = 256
"""The most players one tournament seats (a thread per table, 64 tables at four seats)."""
MAX_ROUNDS = 20
"""The most rounds a Swiss tournament may be set to play."""


class TournamentError(TableError):
    """A tournament request refused; `reason` is a sentence for the person who asked."""


class Format(StrEnum):
    """How a tournament pairs its players."""

    SWISS = "swiss"
    KNOCKOUT = "knockout"


class Phase(StrEnum):
    """Where a tournament is in its life (stored as `tournaments.status`)."""

    SIGNUP = "signup"
    RUNNING = "running"
    PAYING = "paying"
    FINISHED = "finished"
    CANCELLED = "cancelled"

    @property
    def live(self) -> bool:
        """Whether the tournament still holds its players (signup, running or paying)."""
        return self in (Phase.SIGNUP, Phase.RUNNING, Phase.PAYING)


@dataclass(slots=True)
class Player:
    """A player signed up: their order of joining (the seeding), whether they are out
    (the round after which they left or forfeited; 0 while in), and once finished their
    place and prize."""

    user_id: int
    name: str
    seq: int
    dropped: int = 0
    place: int | None = None
    prize: int = 0


@dataclass(frozen=True, slots=True)
class SeatResult:
    """How one table ended: per seat its place (1 first; ties equal), its game points
    (chips won or lost at a chip table, the score elsewhere), and the seats that forfeited
    (a player who never came)."""

    places: tuple[int, ...]
    points: tuple[int, ...]
    forfeits: tuple[int, ...] = ()


@dataclass(slots=True)
class Slot:
    """One table of a round: its number in the round, a player per seat (None for an AI
    seat), and once opened its thread and table; once over, its result."""

    round: int
    number: int
    seats: tuple[int | None, ...]
    thread_id: int | None = None
    table_id: int | None = None
    result: SeatResult | None = None

    @property
    def players(self) -> tuple[int, ...]:
        """The players seated, in seat order."""
        return tuple(p for p in self.seats if p is not None)


@dataclass(slots=True, eq=False)
class Tournament:
    """One tournament and everything it has played."""

    id: int
    guild_id: int
    channel_id: int
    host_id: int
    game: Game[object]
    format: Format
    rounds: int
    """Swiss: the rounds to play (0 until the start fixes it); knockout: 0."""
    seats: int
    buy_in: int
    stack: int
    """The equal stack every seat of a chip table starts from (lent by the bank)."""
    prizes: PrizeStructure
    options: dict[str, object]
    seed: int
    phase: Phase
    round: int = 0
    starts_at: float | None = None
    message_id: int | None = None
    players: dict[int, Player] = field(default_factory=dict)
    slots: list[Slot] = field(default_factory=list)
    byes: dict[int, tuple[int, ...]] = field(default_factory=dict)
    """Per round, the players who sat it out with a bye."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def title(self) -> Text:
        """The game's title."""
        return self.game.info.title

    @property
    def pot(self) -> int:
        """The chips in the tournament's escrow while it is live: every buy-in paid."""
        return self.buy_in * len(self.players)

    def in_play(self) -> list[Player]:
        """The players still in (not dropped), by joining order."""
        return sorted((p for p in self.players.values() if not p.dropped), key=lambda p: p.seq)

    def slots_of(self, round_no: int) -> list[Slot]:
        """The tables of a round, by number."""
        return [s for s in self.slots if s.round == round_no]

    def name_of(self, user_id: int | None) -> str:
        """A player's name as they signed up ("AI" for an AI seat)."""
        if user_id is None:
            return "AI"
        player = self.players.get(user_id)
        return player.name if player else f"player {user_id}"


class NewsKind(StrEnum):
    """What happened in a tournament."""

    CREATED = "created"
    JOINED = "joined"
    LEFT = "left"
    STARTED = "started"
    ROUND_SEATED = "round_seated"
    TABLE_DONE = "table_done"
    ROUND_DONE = "round_done"
    DROPPED = "dropped"
    FINISHED = "finished"
    CANCELLED = "cancelled"


@dataclass(frozen=True, slots=True)
class News:
    """One change in a tournament, as a front end needs it: the tournament, what
    happened, and its detail (a user id, a round's number, a slot)."""

    tournament: Tournament
    kind: NewsKind
    user_id: int | None = None
    round: int = 0
    slot: Slot | None = None
    words: str = ""
    """What happened in a sentence, names given ("Ann left: an AI seat plays for her")."""


class TournamentHost(Protocol):
    """A front end that hosts tournaments: it opens a place for each table and hears
    every change."""

    async def open_thread(self, tournament: Tournament, slot: Slot) -> int:
        """Open the place where a table is played (a thread of the tournament's channel)
        and return its channel id."""
        ...

    async def tournament_updated(self, news: News) -> None:
        """Show what changed. Must be quick: heavy work (pictures, HTTP) goes elsewhere."""
        ...
