"""The table service's values: a table in memory, its seats and its log's lines. What
its presenters are told of a table is in `bot.tables.updates`."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from bot.games import Game
from bot.games.cards import Pack
from bot.games.info import GameInfo, Picture
from bot.games.messages import Text


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
    winnable: bool = False
    """Dealt a seed the solver proved winnable, drawn from the stock (`bot.tables.winnable`)."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    windows: dict[int, Window] = field(default_factory=dict)
    """Per seat, a person's optional actions open now, while the AI waits on them
    (`bot.tables.grace`); in memory only."""

    @property
    def is_chip_game(self) -> bool:
        """Whether the table plays for chips."""
        return self.game.info.chips

    @property
    def info(self) -> GameInfo:
        """What the game is and can do (`GameInfo`): what front ends read of it."""
        return self.game.info

    @property
    def key(self) -> str:
        """The game's key."""
        return self.game.info.key

    @property
    def title(self) -> Text:
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

    def describe(self, action: str) -> Text:
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
