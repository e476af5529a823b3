"""Parlour in its players' languages (issue 35): gettext catalogues read with Babel, the
one translation of a `Message` into a locale, who reads which language, and the tools
that extract the source catalogue from the code and check every catalogue complete.

The rules and services speak in `bot.games.messages.Message`s; this package alone imports
Babel. docs/DESIGN.md "Languages" says why gettext, and how the parts fit.
"""

from bot.i18n.catalogues import Catalogues, catalogues, translate
from bot.i18n.locales import ENGLISH, LOCALES, PSEUDO, supported, terminal_locale
from bot.i18n.readers import Languages, UnknownLanguage
from bot.i18n.words import autonym, localised, message_of, words

__all__ = [
    "ENGLISH",
    "LOCALES",
    "PSEUDO",
    "Catalogues",
    "Languages",
    "UnknownLanguage",
    "autonym",
    "catalogues",
    "localised",
    "message_of",
    "supported",
    "terminal_locale",
    "translate",
    "words",
]
