"""What happened at a table (`Event`) and what the presenters are told of it besides
(its detail): one small frozen value per kind of event, so a front end reads
`detail.seat` of a move, never a key it hopes is there.

A detail also travels between processes as the JSON of a table's news
(`bot.tables.news`): `plain` makes it a dict, `detail_of` reads one back, taking
only the fields its event has and a default for any missing or of the wrong type (a
follower tells its pages what it can of news it half understands, never fails on it).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import StrEnum
from typing import Any


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
class Nothing:
    """An event told without a detail (a table drawn again, a follower's catching up)."""


@dataclass(frozen=True, slots=True)
class Created:
    """A table opened: by its host, or for a tournament's round."""

    user_id: int | None = None
    tournament_id: int | None = None


@dataclass(frozen=True, slots=True)
class Joined:
    """A player sat down at a chair."""

    user_id: int | None = None
    chair: int = -1


@dataclass(frozen=True, slots=True)
class Chair:
    """An AI player seated at a chair, or taken off it."""

    chair: int = -1


@dataclass(frozen=True, slots=True)
class Left:
    """A player left a lobby (by their user id) or a game (by their seat), now or at the
    end of the hand."""

    user_id: int | None = None
    seat: int | None = None
    when: str = "now"


@dataclass(frozen=True, slots=True)
class Started:
    """A game dealt, with the hash of its first deal's seed (None when a follower was
    not told it)."""

    commitment: str | None = None


@dataclass(frozen=True, slots=True)
class Acted:
    """A line of the action log: whose seat, the action as logged, who chose it (an
    `Actor`'s value) and its kind ("act" for a move, "stack" for chips moved)."""

    seat: int = -1
    action: str = ""
    actor: str = ""
    kind: str = "act"


@dataclass(frozen=True, slots=True)
class TimedOut:
    """A seat's clock ran out and the table played for it."""

    seat: int = -1
    action: str = ""


@dataclass(frozen=True, slots=True)
class SeatOnly:
    """A seat handed to the AI, or a seat's player back at the table (None: the whole
    table drawn again)."""

    seat: int | None = None


@dataclass(frozen=True, slots=True)
class StackChanged:
    """Chips a player brought to their seat's stake."""

    seat: int = -1
    delta: int = 0


@dataclass(frozen=True, slots=True)
class Finished:
    """A game over: each deal's seed, which proves the deal, and the table's seed."""

    seeds: tuple[str, ...] = ()
    seed: int | None = None


@dataclass(frozen=True, slots=True)
class Stopped:
    """A table stopped: by whom (None: the table itself) and why, in words."""

    by: int | None = None
    reason: str = ""


Detail = (
    Nothing
    | Created
    | Joined
    | Chair
    | Left
    | Started
    | Acted
    | TimedOut
    | SeatOnly
    | StackChanged
    | Finished
    | Stopped
)
"""What a presenter is told of an event besides its kind."""

KINDS: dict[Event, type[Detail]] = {
    Event.CREATED: Created,
    Event.JOINED: Joined,
    Event.LEFT: Left,
    Event.AI_ADDED: Chair,
    Event.AI_REMOVED: Chair,
    Event.STARTED: Started,
    Event.ACTED: Acted,
    Event.TIMED_OUT: TimedOut,
    Event.HANDED_TO_AI: SeatOnly,
    Event.RESUMED: SeatOnly,
    Event.STACK_CHANGED: StackChanged,
    Event.FINISHED: Finished,
    Event.STOPPED: Stopped,
}
"""The kind of detail each event is told with."""


def fits(event: Event, detail: Detail) -> bool:
    """Whether `detail` is one `event` may be told with (any event may come with none)."""
    return isinstance(detail, Nothing | KINDS[event])


def plain(detail: Detail) -> dict[str, Any]:
    """The detail as JSON's plain values, fields left at their default left out."""
    out: dict[str, Any] = {}
    for f in dataclasses.fields(detail):
        value = getattr(detail, f.name)
        if value != f.default:
            out[f.name] = list(value) if isinstance(value, tuple) else value
    return out


def detail_of(event: Event, said: dict[str, Any]) -> Detail:
    """The detail of `event` from its plain values (`plain`); a field missing or not of
    its type takes its default, and a field the event has not is ignored."""
    kind = KINDS[event]
    taken: dict[str, Any] = {}
    for f in dataclasses.fields(kind):
        value = said.get(f.name)
        if value is not None and _typed(value, str(f.type)):
            taken[f.name] = tuple(value) if isinstance(value, list) else value
    return kind(**taken)


def _typed(value: object, annotation: str) -> bool:
    """Whether `value` is of the type a field so annotated takes (a bool is an int to
    Python, never a seat or a user to us)."""
    if annotation.startswith("tuple"):
        return isinstance(value, list | tuple) and all(isinstance(v, str) for v in value)
    if annotation.startswith("str"):
        return isinstance(value, str)
    assert annotation.startswith("int"), annotation
    return type(value) is int
