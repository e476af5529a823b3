"""Every catalogue complete: `parlour i18n check`, and the test that runs it.

The code and the source agree (a key the code uses is in its domain's `.pot` with the
same English; a key there is still used), and each shipped locale's `.po` of each domain
translates every key of that domain's source: the English it translates is the source's,
nothing is fuzzy or empty, a plural message has the locale's number of forms (its
`Plural-Forms` being Babel's rule for it), each form has the English's placeholders (a
it), each form has the English's placeholders (a plural form may leave out `{count}`, as
"un jeton" does), and a command's name keeps Discord's rule (lower case, no spaces, at
most 32 characters) and its other texts Discord's 100.
"""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.plurals import get_plural

from bot.games.messages import PLACEHOLDER, placeholders
from bot.i18n.catalogues import (
    FOLDER,
    domains,
    forms_of,
    locale_path,
    read_catalogue,
    source_path,
)
from bot.i18n.extract import ROOT, Entry, by_domain, entries_of, extract
from bot.i18n.locales import ENGLISH, LOCALES

COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")
"""Discord's rule for a command's or parameter's name (in any script, lower case)."""
COMMAND_TEXT_MAX = 100


def check(root: Path = ROOT, folder: Path = FOLDER) -> list[str]:
    """Every problem of the code's messages and the shipped catalogues, in words."""
    found = extract(root)
    problems = list(found.problems)
    grouped = by_domain(found.entries.values())
    for domain in sorted(set(domains(folder)) | grouped.keys()):
        problems += check_domain(folder, domain, {e.key: e for e in grouped.get(domain, [])})
    return problems


def check_domain(folder: Path, domain: str, code: dict[str, Entry]) -> list[str]:
    """The problems of one domain: its source against the code, and each locale's."""
    name = f"{domain}.pot"
    path = source_path(folder, domain)
    if not path.exists():
        return [f"{name} is missing: run parlour i18n extract"]
    source = entries_of(read_catalogue(path))
    problems = []
    for key in sorted(code.keys() - source.keys()):
        problems.append(f"{key}: used in the code but missing from {name}")
    for key in sorted(source.keys() - code.keys()):
        problems.append(f"{key}: in {name} but no longer used in the code")
    for key in sorted(code.keys() & source.keys()):
        if (code[key].english, code[key].plural) != (source[key].english, source[key].plural):
            problems.append(f"{key}: {name} has other English than the code")
    for entry in source.values():
        problems += _template_problems(entry)
    for locale in LOCALES:
        if locale != ENGLISH:
            problems += check_locale(source, locale_path(folder, locale, domain), locale)
    return problems


def _template_problems(entry: Entry) -> list[str]:
    """A brace that is no placeholder, or a plural without its count."""
    problems = []
    for form in (entry.english, entry.plural or ""):
        if "{" in PLACEHOLDER.sub("", form) or "}" in PLACEHOLDER.sub("", form):
            problems.append(f"{entry.key}: a brace that is no placeholder in {form!r}")
    if entry.plural is not None and "count" not in placeholders(entry.plural):
        problems.append(f"{entry.key}: a plural message must show its {{count}}")
    return problems


def check_locale(source: dict[str, Entry], path: Path, locale: str) -> list[str]:
    """The problems of one locale's catalogue against the source."""
    if not path.exists():
        return [f"{locale}: {locale}/{path.name} is missing: run parlour i18n extract"]
    catalog = read_catalogue(path, locale)
    problems = _plural_rule(catalog, locale)
    kept = {m.context: m for m in catalog if m.context}
    for key in sorted(kept.keys() - source.keys()):
        problems.append(f"{locale}: {key} is not in the source (run parlour i18n extract)")
    for key, entry in sorted(source.items()):
        found = kept.get(key)
        if found is None:
            problems.append(f"{locale}: {key} is missing (run parlour i18n extract)")
            continue
        english = (entry.english, entry.plural) if entry.plural else entry.english
        if found.id != english:
            problems.append(f"{locale}: {key} translates other English than the source's")
        elif found.fuzzy:
            problems.append(f"{locale}: {key} is marked fuzzy: check it and drop the mark")
        forms = forms_of(found.string)
        problems += [f"{locale}: {key}: {p}" for p in _form_problems(entry, forms, catalog)]
    return problems


def _plural_rule(catalog: Catalog, locale: str) -> list[str]:
    rule = get_plural(locale)
    if (catalog.num_plurals, catalog.plural_expr) != (rule.num_plurals, rule.plural_expr):
        return [f"{locale}: Plural-Forms is not Babel's rule for {locale} ({rule.plural_forms})"]
    return []


def _form_problems(entry: Entry, forms: tuple[str, ...], catalog: Catalog) -> list[str]:
    """What is wrong with a translation's forms: count, emptiness, placeholders, limits."""
    wanted = catalog.num_plurals if entry.plural else 1
    if len(forms) != wanted:
        return [f"has {len(forms)} forms, the locale needs {wanted}"]
    if not all(forms):
        return ["is not translated"]
    problems = []
    needed = placeholders(entry.plural or entry.english)
    for form in forms:
        has = placeholders(form)
        if not (has == needed or (entry.plural and has == needed - {"count"})):
            problems.append(f"placeholders {sorted(has)} instead of {sorted(needed)}")
        if entry.command:
            problems += _command_problems(entry.key, form)
    return problems


def _command_problems(key: str, text: str) -> list[str]:
    if key.endswith(".name"):
        if not COMMAND_NAME.match(text) or text != text.lower():
            return [f"{text!r} is no Discord name (lower case, no spaces, 1 to 32 characters)"]
    elif len(text) > COMMAND_TEXT_MAX:
        return [f"longer than Discord's {COMMAND_TEXT_MAX} characters"]
    return []
