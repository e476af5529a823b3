"""The languages Parlour speaks and how a reader's language tag finds one of them.

Locales are Babel's identifiers (`pt_BR`); a tag from Discord (`es-419`, `pt-BR`), from
`LANG` (`fr_FR.UTF-8`) or from `--lang` is matched to one exactly, else by its language
alone (`es-ES` and `es-419` are both `es`, `de-AT` is `de`, `pt_PT` is `pt_BR`, the only
Portuguese we have). A tag we cannot match gives None, and its reader gets English.
"""

from __future__ import annotations

from collections.abc import Mapping

ENGLISH = "en"
"""The source language: every message's words are written in it in the code."""
LOCALES: tuple[str, ...] = (ENGLISH, "fr", "de", "es", "pt_BR")
"""Every locale a catalogue is shipped for, English first."""
PSEUDO = "en_XA"
"""The pseudo-locale: English accented and made about 40% longer, for tests."""

_BY_LANGUAGE = {locale.partition("_")[0]: locale for locale in LOCALES}
_POSIX_PLAIN = frozenset({"C", "POSIX"})
_ENVIRONMENT = ("LC_ALL", "LC_MESSAGES", "LANG")
"""The variables naming the terminal's language, the first one set winning (POSIX)."""


def supported(tag: str | None) -> str | None:
    """Our locale for a language tag (Discord's, POSIX's or Babel's), or None."""
    if not tag:
        return None
    plain = tag.split(".")[0].split("@")[0].replace("-", "_")
    if plain == PSEUDO:
        return PSEUDO
    language, _, region = plain.partition("_")
    exact = f"{language.lower()}_{region.upper()}" if region else language.lower()
    if exact in LOCALES:
        return exact
    return _BY_LANGUAGE.get(language.lower())


def terminal_locale(lang: str | None, environ: Mapping[str, str]) -> str:
    """The terminal's locale: `--lang` if given, else LC_ALL, LC_MESSAGES or LANG, the
    first set; English for C/POSIX and for a language we lack. A `--lang` we lack is
    refused with ValueError, since its user asked for it by name."""
    if lang is not None:
        found = supported(lang)
        if found is None:
            names = ", ".join(LOCALES)
            raise ValueError(f"Parlour does not speak {lang!r}; it speaks {names}.")
        return found
    for name in _ENVIRONMENT:
        value = environ.get(name, "")
        if value:
            if value in _POSIX_PLAIN:
                return ENGLISH
            return supported(value) or ENGLISH
    return ENGLISH
