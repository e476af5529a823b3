"""The catalogues: every locale's gettext `.po` file, read once at start-up, and the one
function that turns a message into words in a locale.

`bot/i18n/locales/messages.pot` is the source (English, extracted from the code by
`parlour i18n extract`); `<locale>.po` beside it holds that locale's words, each keyed by
its message key (the entry's `msgctxt`) with the English it translates as `msgid`. A
translation is used only while its `msgid` is still the code's English: when the English
changes, the old words are not shown for the new meaning, the reader gets English until
the catalogue is brought up to date (and `parlour i18n check` fails meanwhile).

Plurals follow the catalogue's `Plural-Forms` (Babel's rule for the locale, checked by
`bot/i18n/check.py`); numbers are grouped by the locale's CLDR format (Babel). A locale
we lack, a key a catalogue lacks or leaves empty: English, never a key.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

from bot.games.messages import Message, english_number, fill
from bot.i18n.locales import ENGLISH, LOCALES, PSEUDO, supported
from bot.i18n.pofile import read_entries
from bot.i18n.pseudo import pseudo

FOLDER = Path(__file__).parent / "locales"
"""Where the catalogues are shipped (package data)."""
SOURCE = "messages.pot"
"""The source catalogue's file name."""
_SIGNED = "+#,##0;-#,##0"


def read_catalogue(path: Path, locale: str | None = None) -> Catalog:
    """A `.po` or `.pot` file as Babel reads it."""
    with path.open("rb") as file:
        return read_po(file, locale=locale, abort_invalid=True)


def forms_of(text: object) -> tuple[str, ...]:
    """An entry's id or string as its forms: one, or one per plural form."""
    if isinstance(text, tuple | list):
        return tuple(str(t or "") for t in text)
    return (str(text or ""),)


@dataclass(frozen=True, slots=True)
class Catalogue:
    """One locale's words: key -> (the English they translate, the forms)."""

    locale: str
    words: dict[str, tuple[str, tuple[str, ...]]]
    plural_index: Callable[[int], int]
    numbers: Locale

    @classmethod
    def read(cls, path: Path, locale: str) -> Catalogue:
        """A locale's catalogue from its `.po` file; empty (untranslated) and fuzzy entries
        left out."""
        entries, plural = read_entries(path)
        words: dict[str, tuple[str, tuple[str, ...]]] = {}
        for entry in entries:
            forms = tuple(entry.forms[i] for i in sorted(entry.forms))
            if entry.key and not entry.fuzzy and entry.english and forms and all(forms):
                words[entry.key] = (entry.english[0], forms)
        return cls(locale, words, gettext.c2py(plural), Locale.parse(locale))

    def number(self, value: int, signed: bool) -> str:
        """A whole number as the locale writes it."""
        if signed:
            return format_decimal(value, format=_SIGNED, locale=self.numbers)
        return format_decimal(value, locale=self.numbers)


class Catalogues:
    """Every shipped locale's catalogue, and translation into any locale."""

    def __init__(self, catalogues: dict[str, Catalogue]) -> None:
        self.by_locale = catalogues

    @classmethod
    def load(cls, folder: Path = FOLDER) -> Catalogues:
        """Read every shipped locale's `.po` from `folder`."""
        found = {}
        for locale in LOCALES:
            path = folder / f"{locale}.po"
            if locale != ENGLISH and path.exists():
                found[locale] = Catalogue.read(path, locale)
        return cls(found)

    def translate(self, message: Message, locale: str | None) -> str:
        """The message in a locale (any tag: `fr`, `es-419`, `pt_BR`), else in English."""
        ours = supported(locale) or ENGLISH
        if ours == PSEUDO:
            form = (
                message.english if message.plural is None or message.count == 1 else message.plural
            )
            return fill(pseudo(form), message.params, english_number, self._pseudo)
        catalogue = self.by_locale.get(ours)
        found = catalogue.words.get(message.key) if catalogue is not None else None
        if catalogue is None or found is None or found[0] != message.english:
            return message.text()
        forms = found[1]
        count = message.count
        index = 0 if message.plural is None or count is None else catalogue.plural_index(count)
        return fill(
            forms[min(index, len(forms) - 1)],
            message.params,
            catalogue.number,
            lambda nested: self.translate(nested, ours),
        )

    def _pseudo(self, nested: Message) -> str:
        return self.translate(nested, PSEUDO)

    def lookup(self, key: str, english: str, locale: str | None) -> str | None:
        """A plain text's words in a locale (a command's name, say), or None where the
        locale has none for it (then its English stands)."""
        ours = supported(locale) or ENGLISH
        if ours == PSEUDO:
            return pseudo(english)
        catalogue = self.by_locale.get(ours)
        found = catalogue.words.get(key) if catalogue is not None else None
        if found is None or found[0] != english:
            return None
        return found[1][0]


@cache
def catalogues() -> Catalogues:
    """The shipped catalogues, read on first use (the bot reads them at start-up)."""
    return Catalogues.load()


def translate(message: Message, locale: str | None) -> str:
    """The message in a locale, from the shipped catalogues (English where they lack it)."""
    return catalogues().translate(message, locale)
