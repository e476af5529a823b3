"""The start-up reader of `.po` files reads what Babel reads: every shipped catalogue,
and one written with escapes, long wrapped lines, plurals and a fuzzy entry."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from bot.i18n.catalogues import FOLDER, forms_of, read_catalogue
from bot.i18n.extract import write
from bot.i18n.pofile import read_entries


def babel_reads(path: Path, locale: str) -> dict[str, tuple[list[str], tuple[str, ...], bool]]:
    return {
        m.context: (list(forms_of(m.id)), forms_of(m.string), m.fuzzy)
        for m in read_catalogue(path, locale)
        if m.context
    }


def ours(path: Path) -> dict[str, tuple[list[str], tuple[str, ...], bool]]:
    entries, _ = read_entries(path)
    return {
        e.key: (e.english, tuple(e.forms[i] for i in sorted(e.forms)), e.fuzzy)
        for e in entries
        if e.key
    }


@pytest.mark.parametrize("locale", ["fr", "de", "es", "pt_BR"])
def test_every_shipped_catalogue_reads_as_babel_reads_it(locale: str) -> None:
    paths = sorted((FOLDER / locale).glob("*.po"))
    assert paths
    for path in paths:
        assert ours(path) == babel_reads(path, locale)
        assert read_entries(path)[1] == read_catalogue(path, locale).plural_expr


def test_escapes_wrapped_lines_plurals_and_fuzzy_marks(tmp_path: Path) -> None:
    catalog = Catalog(locale="fr", fuzzy=False)
    long = " ".join(["a long sentence"] * 20) + ' with "quotes", a \\ and\na new line'
    catalog.add(long, long.upper(), context="t.long")
    catalog.add(
        ("{count} card", "{count} cards"), ("{count} carte", "{count} cartes"), context="t.n"
    )
    catalog.add("Old.", "Vieux.", context="t.fuzzy", flags=("fuzzy",))
    catalog.add("Empty.", "", context="t.empty")
    path = tmp_path / "fr.po"
    write(catalog, path)
    assert ours(path) == babel_reads(path, "fr")
    assert ours(path)["t.long"][0] == [long]
    assert ours(path)["t.fuzzy"][2] is True
