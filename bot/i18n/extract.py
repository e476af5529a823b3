"""The source catalogue, extracted from the code: `parlour i18n extract`.

Every call of `message(key, english[, plural], ...)` (bot.games.messages), of the
ledger's `worded(key, english[, plural], ...)` and of discord.py's
`locale_str(english, key=...)` (a command's name, description, parameter or choice) in
`bot/`, `cogs/`, `render/` and `web/` is a message; its key and English must be string
literals there, so that reading the code finds them all without running it. The source
is written one file a domain (the key's first part), `<domain>.pot`; each locale's
`<locale>/<domain>.po` is brought level with it: a new key added untranslated, a key
whose English changed kept but marked fuzzy (unused until a translator looks again), a
key gone from the code dropped, and a domain gone from the code removed.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from bot.i18n.catalogues import (
    FOLDER,
    domain_of,
    domains,
    forms_of,
    locale_path,
    read_catalogue,
    source_path,
)
from bot.i18n.locales import ENGLISH, LOCALES

ROOT = Path(__file__).resolve().parents[2]
"""The repository (or installed tree) the code is read from."""
SCANNED = ("bot", "cogs", "render", "web")
MAKERS = frozenset({"message", "worded"})
"""The functions whose calls are messages: key, English, plural as their first arguments."""
COMMAND_TEXT = "locale_str"
HEADER = """\
# Parlour's words{language}. Made by `parlour i18n extract` from the code;
# translators write the msgstr lines (the msgctxt is the key, the msgid the English)."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One message of the source: its key, English, plural form, where the code uses it."""

    key: str
    english: str
    plural: str | None
    command: bool
    """Whether it is a command's text (Discord's limits on names and descriptions apply)."""
    files: tuple[str, ...] = ()


@dataclass
class Extracted:
    """Every message found in the code, by key, and what could not be read."""

    entries: dict[str, Entry] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


def extract(root: Path = ROOT) -> Extracted:
    """Every message the code under `root` uses."""
    found = Extracted()
    for folder in SCANNED:
        for path in sorted((root / folder).rglob("*.py")):
            where = path.relative_to(root).as_posix()
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=where)
            for node in ast.walk(tree):
                if isinstance(node, ast.Call):
                    _take(found, node, where)
    return found


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    return node.attr if isinstance(node, ast.Attribute) else ""


def _literal(node: ast.expr | None) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _take(found: Extracted, call: ast.Call, where: str) -> None:
    """Add the message a call makes, if it makes one."""
    name = _name(call.func)
    keywords = {k.arg: k.value for k in call.keywords if k.arg is not None}
    if name in MAKERS and call.args:
        key, english = (
            _literal(call.args[0]),
            _literal(call.args[1]) if len(call.args) > 1 else None,
        )
        plural_node = call.args[2] if len(call.args) > 2 else keywords.get("plural")
        plural = _literal(plural_node)
        readable = key is not None and english is not None and (plural_node is None or plural)
        entry = Entry(key or "", english or "", plural, False, (where,)) if readable else None
    elif name == COMMAND_TEXT and call.args:
        key, english = _literal(keywords.get("key")), _literal(call.args[0])
        readable = key is not None and english is not None
        entry = Entry(key or "", english or "", None, True, (where,)) if readable else None
    else:
        return
    if entry is None:
        found.problems.append(f"{where}:{call.lineno}: {name}() needs literal key and English")
        return
    _add(found, entry, f"{where}:{call.lineno}")


def _add(found: Extracted, entry: Entry, where: str) -> None:
    old = found.entries.get(entry.key)
    if old is None:
        found.entries[entry.key] = entry
    elif (old.english, old.plural, old.command) != (entry.english, entry.plural, entry.command):
        found.problems.append(f"{where}: {entry.key!r} has other English where it is used again")
    elif entry.files[0] not in old.files:
        found.entries[entry.key] = Entry(
            old.key, old.english, old.plural, old.command, (*old.files, *entry.files)
        )


def source_catalog(entries: Iterable[Entry]) -> Catalog:
    """The source catalogue of these entries, in key order."""
    catalog = _catalog(None)
    for entry in sorted(entries, key=lambda e: e.key):
        catalog.add(
            (entry.english, entry.plural) if entry.plural else entry.english,
            context=entry.key,
            locations=[(f, 0) for f in entry.files],
            flags=("command",) if entry.command else (),
        )
    return catalog


def entries_of(catalog: Catalog) -> dict[str, Entry]:
    """A catalogue's messages by key, as entries."""
    found = {}
    for m in catalog:
        if m.context:
            ids = forms_of(m.id)
            english, plural = ids[0], (ids[1] if len(ids) > 1 else None)
            files = tuple(sorted({f for f, _ in m.locations}))
            found[m.context] = Entry(m.context, english, plural, "command" in m.flags, files)
    return found


def locale_catalog(source: Catalog, old: Catalog | None, locale: str) -> Catalog:
    """A locale's catalogue level with the source, keeping what still translates it."""
    kept = {m.context: m for m in old or () if m.context}
    catalog = _catalog(locale)
    for entry in source:
        if not entry.context:
            continue
        before = kept.get(entry.context)
        forms = catalog.num_plurals if isinstance(entry.id, tuple) else 1
        string: str | tuple[str, ...] = ("",) * forms if forms > 1 else ""
        fuzzy = False
        if (
            before is not None
            and before.string
            and (isinstance(before.string, tuple) == isinstance(entry.id, tuple))
        ):
            kept_forms = forms_of(before.string)
            string = kept_forms if len(kept_forms) > 1 else kept_forms[0]
            fuzzy = before.id != entry.id or before.fuzzy
        catalog.add(
            entry.id,
            string,
            context=entry.context,
            flags=(*entry.flags, *(("fuzzy",) if fuzzy else ())),
            auto_comments=entry.auto_comments,
        )
    return catalog


def _catalog(locale: str | None) -> Catalog:
    """An empty catalogue with Parlour's header."""
    return Catalog(
        locale=locale,
        header_comment=HEADER.format(
            language=f" in {locale}" if locale else ", the English source"
        ),
        project="Parlour",
        version="1",
        copyright_holder="Parlour's authors",
        msgid_bugs_address="the Parlour issue tracker",
        last_translator="Parlour's translators",
        language_team=f"Parlour {locale or 'English'}",
        fuzzy=False,
    )


def _contents(catalog: Catalog) -> list[tuple[object, ...]]:
    """What a catalogue says, its header's dates aside."""
    return [(m.context, m.id, m.string, m.fuzzy, sorted(m.flags)) for m in catalog if m.context]


def write(catalog: Catalog, path: Path) -> None:
    """Write a catalogue, locations without line numbers (they would churn every edit)."""
    with path.open("wb") as file:
        write_po(file, catalog, width=100, include_lineno=False, sort_output=False)


def by_domain(entries: Iterable[Entry]) -> dict[str, list[Entry]]:
    """Entries grouped by their catalogue (the key's first part)."""
    grouped: dict[str, list[Entry]] = {}
    for entry in entries:
        grouped.setdefault(domain_of(entry.key), []).append(entry)
    return grouped


def run(root: Path = ROOT, folder: Path = FOLDER) -> list[str]:
    """Extract the source from the code and bring every locale level with it; the
    problems the code's messages have (a key read from a variable, say)."""
    found = extract(root)
    grouped = by_domain(found.entries.values())
    for gone in set(domains(folder)) - grouped.keys():
        source_path(folder, gone).unlink()
        for locale in LOCALES:
            locale_path(folder, locale, gone).unlink(missing_ok=True)
    for domain, entries in sorted(grouped.items()):
        _write_domain(folder, domain, entries)
    return found.problems


def _write_domain(folder: Path, domain: str, entries: list[Entry]) -> None:
    """One domain's source and its every locale's catalogue, written where they changed."""
    path = source_path(folder, domain)
    source = source_catalog(entries)
    old_source = read_catalogue(path) if path.exists() else None
    if old_source is None or entries_of(old_source) != entries_of(source):
        write(source, path)
    for locale in LOCALES:
        if locale == ENGLISH:
            continue
        path = locale_path(folder, locale, domain)
        old = read_catalogue(path, locale) if path.exists() else None
        new = locale_catalog(source, old, locale)
        if old is None or _contents(old) != _contents(new):
            path.parent.mkdir(parents=True, exist_ok=True)
            write(new, path)
