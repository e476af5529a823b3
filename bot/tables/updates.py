"""What a presenter is told of a change at a table: an immutable `Update`, made once per
change and read by every front end (Discord, the web, the terminal, the news to other
processes) and by the tournaments.

An update holds no live table: its `TableFacts` are what front ends read of a table, as
the change left it, so a presenter that shows it later (a coalesced edit, a slow page)
shows that moment, not whatever the table has become. Its views are built when first
read (`Moment`): a game state is a value, so a view built later is the view of that
moment, and a presenter that shows no private view, or an update shown to nobody, costs
none. Its detail is typed per event (`bot.tables.events`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.games import Game, GameInfo, Outcome, View
from bot.games.cards import Pack
from bot.games.info import Picture
from bot.games.messages import Text
from bot.tables.events import Acted, Detail, Event, Nothing, fits
from bot.tables.models import Status, Table

NO_HINT = "no move makes progress"
"""A patience's hint when no move helps."""


@dataclass(frozen=True, slots=True)
class SeatFacts:
    """A seat as front ends show it: its chair, its player (None: an AI seat), the name
    they read, and whether the AI plays it now (`is_ai`), its player having `left` or
    `leaving` at the end of the hand."""

    chair: int
    user_id: int | None
    name: str
    is_ai: bool
    left: bool = False
    leaving: bool = False


@dataclass(frozen=True, slots=True)
class TableFacts:
    """A table as front ends read it, at one moment: where it is (guild, channel), its
    game's `info`, its host, buy-in and tournament, where it is in its life (`status`,
    `version`, the clock's `deadline_at`) and its seats."""

    id: int
    guild_id: int
    channel_id: int
    info: GameInfo
    host_id: int
    buy_in: int
    status: Status
    version: int
    seats: tuple[SeatFacts, ...]
    deadline_at: float | None = None
    tournament_id: int | None = None
    winnable: bool = False
    """Dealt a seed drawn among those the solver proved winnable."""

    @property
    def key(self) -> str:
        """The game's key."""
        return self.info.key

    @property
    def title(self) -> Text:
        """The game's title."""
        return self.info.title

    @property
    def pack(self) -> Pack:
        """The pack the game is played with."""
        return self.info.pack

    @property
    def picture(self) -> Picture:
        """How the front ends draw the table (`GameInfo.picture`)."""
        return self.info.picture

    @property
    def seat_counts(self) -> tuple[int, int]:
        """The fewest and the most seats the game is played with."""
        return self.info.min_seats, self.info.max_seats

    @property
    def is_chip_game(self) -> bool:
        """Whether the table plays for chips."""
        return self.info.chips

    @property
    def names(self) -> list[str]:
        """The seats' names, by seat index."""
        return [s.name for s in self.seats]

    def seat_of(self, user_id: int) -> int | None:
        """The seat index of a player, or None if not seated."""
        return next((i for i, s in enumerate(self.seats) if s.user_id == user_id), None)


def facts_of(table: Table) -> TableFacts:
    """What front ends read of a table, as it stands now."""
    seats = tuple(
        SeatFacts(s.chair, s.user_id, s.name, s.is_ai, s.left, s.leaving) for s in table.seats
    )
    return TableFacts(
        id=table.id,
        guild_id=table.guild_id,
        channel_id=table.channel_id,
        info=table.game.info,
        host_id=table.host_id,
        buy_in=table.buy_in,
        status=table.status,
        version=table.version,
        seats=seats,
        deadline_at=table.deadline_at,
        tournament_id=table.tournament_id,
        winnable=table.winnable,
    )


class SeatViews(Mapping[int, View]):
    """Each human seat's own view of one state, by seat index, each built when first
    read: a presenter that shows no private view costs none."""

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


class Moment:
    """A table's game at one state (None: a lobby), each part a front end shows worked
    out when first read. The game and state are for the table service's seam and the
    services behind it (`bot.tables.seams`, the tournaments): no front end reads them."""

    __slots__ = ("_awaiting", "_outcome", "_public", "game", "private", "state")

    def __init__(self, game: Game[Any], state: Any, people: tuple[int, ...]) -> None:
        self.game, self.state = game, state
        self.private: Mapping[int, View] = {} if state is None else SeatViews(game, state, people)
        self._public: View | None = None
        self._outcome: tuple[Outcome | None] | None = None
        self._awaiting: tuple[int, ...] | None = None

    def bare(self) -> Moment:
        """The same moment with nothing built or kept of its views (to hold on to)."""
        return Moment(self.game, self.state, ())

    @property
    def public(self) -> View | None:
        """The public view of the game (None in the lobby)."""
        if self._public is None and self.state is not None:
            self._public = self.game.view(self.state, None)
        return self._public

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, once it has."""
        if self._outcome is None:
            self._outcome = (None if self.state is None else self.game.outcome(self.state),)
        return self._outcome[0]

    @property
    def awaiting(self) -> tuple[int, ...]:
        """The seats the game awaits, in order."""
        if self._awaiting is None:
            found = () if self.state is None else self.game.awaiting(self.state)
            self._awaiting = tuple(sorted(found))
        return self._awaiting


@dataclass(frozen=True, slots=True)
class Update:
    """One change at a table, as a presenter needs it: the table as the change left it,
    the event, its detail, and the game at that moment (`moment`), whose views are read
    through `public`, `private`, `outcome`, `awaiting` and `hint`."""

    table: TableFacts
    event: Event
    moment: Moment
    detail: Detail = field(default_factory=Nothing)

    def __post_init__(self) -> None:
        assert fits(self.event, self.detail), (self.event, self.detail)

    @property
    def public(self) -> View | None:
        """The public view of the game (None in the lobby)."""
        return self.moment.public

    @property
    def private(self) -> Mapping[int, View]:
        """Each human seat's own view, by seat index (built when first read)."""
        return self.moment.private

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, once it has."""
        return self.moment.outcome

    @property
    def awaiting(self) -> tuple[int, ...]:
        """The seats the game awaits, in order."""
        return self.moment.awaiting

    @property
    def hint(self) -> Text | None:
        """A patience's hint, once asked, in words (`NO_HINT` if no move helps)."""
        public = self.public
        found = None if public is None else public.get("hint")
        if not found:
            return None
        return NO_HINT if found == "none" else self.describe(str(found))

    def describe(self, action: str) -> Text:
        """A move in the game's words ("seat N" unnamed)."""
        return self.moment.game.describe_action(action)

    def announce(self, before: Moment | None) -> Text | None:
        """The move this update tells of (an action log's "act"), in the words everyone
        at the table heard (a card played face down is not named): the game's
        announcement, asked of the moment `before` it (the table's previous update's).
        None when this is no such move, or the state before is not known."""
        detail = self.detail
        if self.event is not Event.ACTED or not isinstance(detail, Acted) or detail.kind != "act":
            return None
        if before is None or before.state is None:
            return None
        return self.moment.game.announce(before.state, detail.seat, detail.action)


def update_of(table: Table, event: Event, detail: Detail | None = None) -> Update:
    """The table as presenters see it now: its facts, and its game at this state."""
    people = tuple(i for i, s in enumerate(table.seats) if s.user_id is not None and not s.left)
    moment = Moment(table.game, table.state, people)
    return Update(facts_of(table), event, moment, Nothing() if detail is None else detail)


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
