"""A fast reader of the `.po` files `parlour i18n extract` writes, for start-up.

Babel's `read_po` (which the extraction and the check use) takes some 25 µs a line;
catalogues of every word of the games in four locales would take 400 ms to read with it,
twice the start-up budget. This reader takes only what translation needs (each entry's
key, English, forms and fuzzy mark, and the header's plural rule) from the subset of the
format Babel writes: `msgctxt`, `msgid`, `msgid_plural`, `msgstr`, `msgstr[n]`, quoted
continuation lines, `#,` flags; other comments are skipped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

_ESCAPES = {"\\": "\\", '"': '"', "n": "\n", "t": "\t", "r": "\r"}
_ESCAPE = re.compile(r"\\(.)")
_PLURAL = re.compile(r"^Plural-Forms:.*?plural=(.+?);?\s*$", re.M)


@dataclass
class PoEntry:
    """One entry: key (msgctxt), English (msgid, its plural), forms (msgstr), fuzzy."""

    key: str | None = None
    english: list[str] = field(default_factory=list)
    forms: dict[int, str] = field(default_factory=dict)
    fuzzy: bool = False


def _unquote(text: str) -> str:
    return _ESCAPE.sub(lambda m: _ESCAPES.get(m[1], m[0]), text.strip()[1:-1])


def read_entries(path: Path) -> tuple[list[PoEntry], str]:
    """Every entry of a `.po` file, and its plural rule (a C expression of n)."""
    entries: list[PoEntry] = []
    entry, target = PoEntry(), ""
    header = ""
    for line in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        if not line.strip():
            if entry.english or entry.forms:
                if entry.key is None and entry.english == [""]:
                    header = entry.forms.get(0, "")
                else:
                    entries.append(entry)
            entry, target = PoEntry(), ""
        elif line.startswith("#,"):
            entry.fuzzy = "fuzzy" in line
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            _append(entry, target, _unquote(line))
        else:
            target, _, rest = line.partition(" ")
            _append(entry, target, _unquote(rest), start=True)
    found = _PLURAL.search(header)
    return entries, found[1] if found else "(n != 1)"


def _append(entry: PoEntry, target: str, text: str, start: bool = False) -> None:
    """Add a (continued) string to the part of the entry it belongs to."""
    if target == "msgctxt":
        entry.key = (entry.key or "") + text
    elif target in ("msgid", "msgid_plural"):
        if start:
            entry.english.append("")
        entry.english[-1] += text
    elif target.startswith("msgstr"):
        index = int(target[7:-1]) if target.endswith("]") else 0
        entry.forms[index] = entry.forms.get(index, "") + text
