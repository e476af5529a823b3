"""Seats named for the people who read them, in every front end: the games write a seat
as "seat N" (`bot.tables.names`); a front end shows the seat's name instead, in a
sentence (`named`), in every text of a view or scene (`named_texts`), and beside the
seats of a picture (`labels_of`: "(AI)" where the AI plays for an absent player).

Each works on a live table and on an update's facts alike (`Seated`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from bot.games.messages import Message
from bot.i18n import ENGLISH, translate
from bot.tables.names import name_seats


class _Seat(Protocol):
    """A seat as these words read it."""

    @property
    def name(self) -> str:
        """The name people read."""

    @property
    def user_id(self) -> int | None:
        """Its player (None: an AI seat)."""

    @property
    def is_ai(self) -> bool:
        """Whether the AI plays it now."""


class Seated(Protocol):
    """A table, live or as an update's facts: its seats in order."""

    @property
    def seats(self) -> Sequence[_Seat]:
        """The seats, by seat index."""


def names(table: Seated) -> list[str]:
    """The seats' names, by seat index."""
    return [s.name for s in table.seats]


def named(table: Seated, text: str) -> str:
    """A game's sentence with each "seat N" replaced by that seat's name."""
    return name_seats(text, names(table))


def named_texts(value: Any, seat_names: Sequence[str], locale: str = ENGLISH) -> Any:
    """A view or scene as its reader reads it: every message in it in words in `locale`,
    each seat named, and "seat N" named in every plain text it holds (card codes,
    numbers and keys hold no such words and come through unchanged)."""
    if isinstance(value, Message):
        return translate(value, locale, seat_names)
    if isinstance(value, str):
        return name_seats(value, seat_names)
    if isinstance(value, dict):
        return {k: named_texts(v, seat_names, locale) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [named_texts(v, seat_names, locale) for v in value]
    return value


def labels_of(table: Seated) -> list[str]:
    """The seats' names as a picture labels them, marking the seats the AI holds for an
    absent player."""
    return [s.name + (" (AI)" if s.user_id is not None and s.is_ai else "") for s in table.seats]
