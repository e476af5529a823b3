"""Words as data: a message is a catalogue key, its English source and its parameters.

Games and services raise and return a `Message` instead of an English sentence; each
front end turns it into words in its reader's language (`bot.i18n.translate`). English
needs no catalogue: `Message.text()` fills the source itself, so a caller that only ever
wanted the English sentence (a log line, an old test) still has it.

Templates name their parameters in braces, `"You have {chips}."`; `{name:+}` signs a
number. A parameter is a whole number (grouped by the locale: 1,000 / 1 000 / 1.000), a
string shown as it is (a mention, a name, a card code), or another message, translated in
the same language. A message with a `plural` form chooses it by its `count` parameter, by
the locale's plural rule (English: one for 1, the plural otherwise). Templates hold no
other braces. `bot/i18n/extract.py` finds every `message(...)` call in the code, so its
key, English and plural must be string literals there.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeAlias, TypeVar, cast

T = TypeVar("T")

PLACEHOLDER = re.compile(r"\{(\w+)(:\+)?\}")
"""A parameter in a template: `{name}`, or `{name:+}` for a signed number."""


@dataclass(frozen=True, slots=True)
class Message:
    """A text to show a reader: catalogue key, English source, parameters by name."""

    key: str
    english: str
    plural: str | None = None
    """The English plural form; then `english` is the singular, chosen by `count`."""
    params: tuple[tuple[str, int | str | Message], ...] = ()

    @property
    def count(self) -> int | None:
        """The number a plural message is chosen by (None for a message without one)."""
        value = dict(self.params).get("count")
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def text(self) -> str:
        """The message in English, without any catalogue."""
        form = self.english if self.plural is None or self.count == 1 else self.plural
        return fill(form, self.params, english_number, Message.text)

    def __str__(self) -> str:
        # A message put into an f-string reads as its English: never garbage for a user,
        # and the pseudo-locale tests see that English as raw words left untranslated.
        return self.text()


SEAT = "seat.name"
"""The key of a seat named in a message (`seat_name(index)`): English "seat N" (N from 0, as
the rules layer has always written it), which a front end that knows the table puts as
that seat's player's name."""


def seat_name(index: int) -> Message:
    """A seat, as a parameter of a message: named by the front end, "seat N" without it."""
    return message("seat.name", "seat {number}", number=index)


def seat_index(text: Message) -> int | None:
    """The seat a `seat_name(...)` message names, or None for any other message."""
    if text.key != SEAT:
        return None
    number = text.params[0][1]
    return number if isinstance(number, int) else None


Text: TypeAlias = "Message | str"
"""Words on their way to a reader: a `Message`, or a string shown as it is (a name, a
card code, a number already written). Front ends turn either into words with
`bot.i18n.words`; the tests in the pseudo-locale find any English sentence left as a
plain string."""


def english(text: Text) -> str:
    """A text's English words (a log line, the rules layer's own checks)."""
    return text.text() if isinstance(text, Message) else text


def strings_of(text: Text) -> list[str]:
    """Every plain string a text holds (a message's string parameters, at any depth): what
    a privacy check must search for card codes."""
    if isinstance(text, str):
        return [text]
    found: list[str] = []
    for _, value in text.params:
        if isinstance(value, Message):
            found += strings_of(value)
        elif isinstance(value, str):
            found.append(value)
    return found


def message(
    key: str, english: str, plural: str | None = None, **params: int | str | Message
) -> Message:
    """A message: its key, English source (and plural form, chosen by `count`), parameters."""
    assert plural is None or "count" in params, f"{key}: a plural message needs a count"
    return Message(key, english, plural, tuple(sorted(params.items())))


def english_number(number: int, signed: bool) -> str:
    """A whole number as English writes it: 1,250 (signed: +1,250)."""
    return f"{number:+,}" if signed else f"{number:,}"


def fill(
    template: str,
    params: tuple[tuple[str, int | str | Message], ...],
    number: Callable[[int, bool], str],
    nested: Callable[[Message], str],
) -> str:
    """A template with its parameters put in: numbers by `number`, messages by `nested`."""
    values = dict(params)

    def put(match: re.Match[str]) -> str:
        value = values[match[1]]
        if isinstance(value, Message):
            return nested(value)
        if isinstance(value, int) and not isinstance(value, bool):
            return number(value, match[2] is not None)
        return str(value)

    return PLACEHOLDER.sub(put, template)


def placeholders(template: str) -> frozenset[str]:
    """The names of the parameters a template uses."""
    return frozenset(m[1] for m in PLACEHOLDER.finditer(template))


def plain(data: T) -> T:
    """JSON-like data with every message in it as its English (a drawing or a log that
    was given a view not yet put into its reader's words); what holds no message is
    returned as it was."""
    return cast(T, _plain(data))


def _plain(data: object) -> object:
    if isinstance(data, Message):
        return data.text()
    if isinstance(data, dict):
        changed = {k: _plain(v) for k, v in data.items()}
        return changed if any(changed[k] is not v for k, v in data.items()) else data
    if isinstance(data, list | tuple):
        items = [_plain(v) for v in data]
        if all(a is b for a, b in zip(items, data, strict=True)):
            return data
        return items if isinstance(data, list) else tuple(items)
    return data
