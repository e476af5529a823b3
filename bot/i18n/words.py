"""Words that are data already: a language's own name, and the message an error a
player caused carries (an illegal action, a ledger's refusal, a language we lack)."""

from __future__ import annotations

from functools import cache

from babel import Locale

from bot.games import IllegalAction
from bot.games.messages import Message
from bot.i18n.locales import LOCALES
from bot.ledger import LedgerError


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
