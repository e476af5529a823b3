"""The table service's values: a table in memory, its seats, the updates it reports, and
the Presenter protocol through which every front end (Discord, console, tests) hears of
them."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol

from bot.games import Game, Outcome, View
from bot.games.cards import Pack
from bot.games.info import Picture


class TableError(Exception):
    """A request the table refuses; `reason` is a sentence to show the person who asked."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Status(StrEnum):
    """Where a table is in its life."""

    LOBBY = "lobby"
    PLAYING = "playing"
    CLOSED = "closed"


class Actor(StrEnum):
    """Who chose a logged action."""

    PLAYER = "player"
    AI = "ai"
    TIMEOUT = "timeout"
    TABLE = "table"


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of a table's action log: whose seat, what kind of line ("act" for a move,
    "stack" for chips the table moved), the action as listed, and who chose it."""

    seat: int
    kind: str
    action: str
    actor: Actor


@dataclass(slots=True)
class Seat:
    """A chair at a table: a player (user_id) or an AI (user_id None)."""

    chair: int
    user_id: int | None
    name: str
    ticket: str
    ai_control: bool = False
    timeouts: int = 0
    leaving: bool = False
    left: bool = False

    @property
    def is_ai(self) -> bool:
        """Whether the AI chooses for this seat now (an AI seat, or a player handed over)."""
        return self.user_id is None or self.ai_control or self.left


@dataclass(slots=True)
class Window:
    """A person's optional actions as the AI found them open: what is offered, until
    when the AI waits for an answer, and whether it waits no more (declined, or the
    grace has passed)."""

    offer: tuple[str, ...]
    until: float
    settled: bool = False


@dataclass(slots=True, eq=False)
class Table:
    """One table: its game, its seats in order, and (once started) the game state."""

    id: int
    guild_id: int
    channel_id: int
    game: Game[Any]
    options: dict[str, Any]
    seed: int
    host_id: int
    buy_in: int
    status: Status
    seats: list[Seat]
    state: Any = None
    version: int = 0
    start_stacks: tuple[int, ...] = ()
    deadline_at: float | None = None
    tournament_id: int | None = None
    """The tournament the table is a round's table of: the bank then lends every seat its
    stack (`Reason.LEND`) and takes it back (`Reason.REPAY`); None for an ordinary table."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    windows: dict[int, Window] = field(default_factory=dict)
    """Per seat, a person's optional actions open now, while the AI waits on them
    (`bot.tables.grace`); in memory only."""

    @property
    def is_chip_game(self) -> bool:
        """Whether the table plays for chips."""
        return self.game.info.chips

    @property
    def title(self) -> str:
        """The game's title."""
        return self.game.info.title

    @property
    def seat_counts(self) -> tuple[int, int]:
        """The fewest and the most seats the game is played with."""
        return self.game.info.min_seats, self.game.info.max_seats

    @property
    def pack(self) -> Pack:
        """The pack the game is played with (its cards' codes and pictures)."""
        return self.game.info.pack

    @property
    def picture(self) -> Picture:
        """How the front ends draw the table (`GameInfo.picture`)."""
        return self.game.info.picture

    def describe(self, action: str) -> str:
        """A move in the game's words ("seat N" unnamed)."""
        return self.game.describe_action(action)

    def seat_of(self, user_id: int) -> int | None:
        """The seat index of a player, or None if not seated."""
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id:
                return index
        return None

    def humans(self) -> list[Seat]:
        """The seats of players who have not left."""
        return [s for s in self.seats if s.user_id is not None and not s.left]


class Event(StrEnum):
    """What happened at a table."""

    CREATED = "created"
    JOINED = "joined"
    LEFT = "left"
    AI_ADDED = "ai_added"
    AI_REMOVED = "ai_removed"
    STARTED = "started"
    ACTED = "acted"
    TIMED_OUT = "timed_out"
    HANDED_TO_AI = "handed_to_ai"
    RESUMED = "resumed"
    STACK_CHANGED = "stack_changed"
    FINISHED = "finished"
    STOPPED = "stopped"


@dataclass(frozen=True, slots=True)
class Update:
    """One change at a table, as a presenter needs it."""

    table: Table
    event: Event
    detail: dict[str, Any]
    public: View | None
    """The public view of the game (None in the lobby)."""
    private: Mapping[int, View]
    """Each human seat's own view, by seat index (`SeatViews`: built when first read)."""
    outcome: Outcome | None = None
    awaiting: tuple[int, ...] = ()
    """The seats the game awaits, in order."""
    hint: str | None = None
    """A patience's hint, once asked, in words ("no move makes progress" if none does)."""


class SeatViews(Mapping[int, View]):
    """Each human seat's own view of one state, by seat index, each built when first
    read: a presenter that shows no private view costs none (a game state is a value,
    so a view built later is the view of that moment)."""

    def __init__(self, game: Game[Any], state: Any, seats: tuple[int, ...]) -> None:
        self._game, self._state, self._seats = game, state, seats
        self._built: dict[int, View] = {}

    def __getitem__(self, seat: int) -> View:
        found = self._built.get(seat)
        if found is None:
            if seat not in self._seats:
                raise KeyError(seat)
            found = self._built[seat] = self._game.view(self._state, seat)
        return found

    def __iter__(self) -> Iterator[int]:
        return iter(self._seats)

    def __len__(self) -> int:
        return len(self._seats)


class Presenter(Protocol):
    """A front end that shows tables: it is told of every change, in order."""

    async def table_updated(self, update: Update) -> None:
        """Show what changed. Must be quick: heavy work (pictures, HTTP) goes elsewhere."""
        ...


@dataclass
class RecordingPresenter:
    """A presenter that keeps every update, for tests."""

    updates: list[Update] = field(default_factory=list)

    async def table_updated(self, update: Update) -> None:
        """Record the update."""
        self.updates.append(update)

    def events(self) -> list[Event]:
        """The events seen, in order."""
        return [u.event for u in self.updates]
