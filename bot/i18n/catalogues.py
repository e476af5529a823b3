"""The catalogues: every locale's gettext `.po` file, read once at start-up, and the one
function that turns a message into words in a locale.

The catalogues are split by the first part of a message's key, its domain (`chips`,
`table`, `patience` ...), so that the words of one part of Parlour are one file a
translator (or a change) takes alone: `bot/i18n/locales/<domain>.pot` is a domain's
source (English, extracted from the code by `parlour i18n extract`), and
`<locale>/<domain>.po` holds that locale's words of it, each keyed by its message key
(the entry's `msgctxt`) with the English it translates as `msgid`. A
translation is used only while its `msgid` is still the code's English: when the English
changes, the old words are not shown for the new meaning, the reader gets English until
the catalogue is brought up to date (and `parlour i18n check` fails meanwhile).

Plurals follow the catalogue's `Plural-Forms` (Babel's rule for the locale, checked by
`bot/i18n/check.py`); numbers are grouped by the locale's CLDR format (Babel). A locale
we lack, a key a catalogue lacks or leaves empty: English, never a key.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

from bot.games.messages import Message, english_number, fill, seat_index
from bot.i18n.locales import ENGLISH, LOCALES, PSEUDO, supported
from bot.i18n.pofile import read_entries
from bot.i18n.pseudo import pseudo

FOLDER = Path(__file__).parent / "locales"
"""Where the catalogues are shipped (package data)."""
_SIGNED = "+#,##0;-#,##0"


def domain_of(key: str) -> str:
    """The catalogue a message key belongs to: its first part (`table.stopped` ->
    `table`), and for a command's texts its group's too (`command.chips.daily.name` ->
    `command.chips`), so that each command group's words are one file."""
    first, _, rest = key.partition(".")
    if first == "command" and rest:
        return f"command.{rest.split('.', 1)[0]}"
    return first


def source_path(folder: Path, domain: str) -> Path:
    """A domain's source catalogue (English)."""
    return folder / f"{domain}.pot"


def locale_path(folder: Path, locale: str, domain: str) -> Path:
    """A locale's catalogue of a domain."""
    return folder / locale / f"{domain}.po"


def domains(folder: Path) -> list[str]:
    """Every domain with a source catalogue in `folder`, in order."""
    return sorted(path.stem for path in folder.glob("*.pot"))


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
    def read(cls, paths: list[Path], locale: str) -> Catalogue:
        """A locale's catalogue from its `.po` files (one a domain); empty (untranslated)
        and fuzzy entries left out."""
        words: dict[str, tuple[str, tuple[str, ...]]] = {}
        plural = "(n != 1)"
        for path in paths:
            entries, plural = read_entries(path)
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
        """Read every shipped locale's `.po` files from `folder`."""
        found = {}
        for locale in LOCALES:
            paths = sorted((folder / locale).glob("*.po"))
            if locale != ENGLISH and paths:
                found[locale] = Catalogue.read(paths, locale)
        return cls(found)

    def translate(self, message: Message, locale: str | None, names: Sequence[str] = ()) -> str:
        """The message in a locale (any tag: `fr`, `es-419`, `pt_BR`), else in English;
        each seat it names (`bot.games.messages.seat_name`) put as `names` has it."""
        index = seat_index(message)
        if index is not None and index < len(names):
            return names[index]
        ours = supported(locale) or ENGLISH

        def nested(inner: Message) -> str:
            return self.translate(inner, ours, names)

        if ours == PSEUDO:
            return fill(pseudo(_english_form(message)), message.params, english_number, nested)
        catalogue = self.by_locale.get(ours)
        found = catalogue.words.get(message.key) if catalogue is not None else None
        if catalogue is None or found is None or found[0] != message.english:
            if ours != ENGLISH:
                # English through and through (its seats still named), never a mixed sentence
                return self.translate(message, ENGLISH, names)
            return fill(_english_form(message), message.params, english_number, nested)
        forms = found[1]
        count = message.count
        index = 0 if message.plural is None or count is None else catalogue.plural_index(count)
        return fill(forms[min(index, len(forms) - 1)], message.params, catalogue.number, nested)

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


def _english_form(message: Message) -> str:
    """The English template a message takes: its plural when its count asks for it."""
    return message.english if message.plural is None or message.count == 1 else message.plural


@cache
def catalogues() -> Catalogues:
    """The shipped catalogues, read on first use (the bot reads them at start-up)."""
    return Catalogues.load()


def translate(message: Message, locale: str | None, names: Sequence[str] = ()) -> str:
    """The message in a locale, from the shipped catalogues (English where they lack it),
    its seats named by `names`."""
    return catalogues().translate(message, locale, names)
