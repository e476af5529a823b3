"""Words that are data already: a language's own name, and the message an error a
player caused carries (an illegal action, a ledger's refusal, a language we lack)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TypeVar, cast

from babel import Locale

from bot.games import IllegalAction
from bot.games.messages import Message, Text
from bot.i18n.catalogues import translate
from bot.i18n.locales import LOCALES
from bot.ledger import LedgerError

T = TypeVar("T")


@cache
def autonym(locale: str) -> str:
    """A language's name in itself, as a menu shows it: "Français", "Português (Brasil)"."""
    name = Locale.parse(locale).get_display_name(locale) or locale
    return name[:1].upper() + name[1:]


def autonyms() -> str:
    """Every language Parlour speaks, by its own name, in one line."""
    return ", ".join(autonym(locale) for locale in LOCALES)


def message_of(error: BaseException) -> Message | None:
    """The message a player's error carries, or None where it has only English."""
    if isinstance(error, IllegalAction):
        return error.message
    if isinstance(error, LedgerError):
        words = error.words
        if words is None:
            return None
        return Message(words.key, words.english, words.plural, words.params)
    found = getattr(error, "message", None)
    return found if isinstance(found, Message) else None


def words(text: Text, locale: str | None, names: Sequence[str] = ()) -> str:
    """A text in a reader's locale: a message translated (its seats named by `names`), a
    plain string as it is."""
    return translate(text, locale, names) if isinstance(text, Message) else text


def localised(data: T, locale: str | None, names: Sequence[str] = ()) -> T:
    """JSON-like data (a view, a scene, a web frame) with every message in it turned into
    words in `locale` (seats named by `names`); everything else as it was (lists and dicts
    copied only where they held a message). The type is kept for the caller's sake: a
    `Text` field of a scene holds a string afterwards."""
    return cast(T, _localised(data, locale, names))


def _localised(data: object, locale: str | None, names: Sequence[str]) -> object:
    if isinstance(data, Message):
        return translate(data, locale, names)
    if isinstance(data, dict):
        changed = {k: _localised(v, locale, names) for k, v in data.items()}
        return changed if any(changed[k] is not v for k, v in data.items()) else data
    if isinstance(data, list | tuple):
        items = [_localised(v, locale, names) for v in data]
        if all(a is b for a, b in zip(items, data, strict=True)):
            return data
        return items if isinstance(data, list) else tuple(items)
    return data
