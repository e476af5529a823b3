"""Every catalogue complete: the shipped ones pass, and each kind of gap is caught on a
small tree of code and catalogues made for the test."""

from __future__ import annotations

from pathlib import Path

from bot.cli import main
from bot.i18n.catalogues import read_catalogue
from bot.i18n.check import check
from bot.i18n.extract import extract, run, write

CODE = """
from bot.games import message
from discord.app_commands import locale_str

A = message("t.hello", "Hello, {name}.", name="x")
B = message("t.chips", "{count} chip", "{count} chips", count=2)
C = locale_str("greet", key="command.t.greet.name")
"""
FRENCH = {
    "t.hello": "Bonjour, {name}.",
    "t.chips": ("{count} jeton", "{count} jetons"),
    "command.t.greet.name": "saluer",
}


def tree(tmp_path: Path, code: str = CODE) -> tuple[Path, Path]:
    """A repository with one module of messages, and its catalogue folder."""
    (tmp_path / "bot").mkdir(exist_ok=True)
    (tmp_path / "bot" / "words.py").write_text(code, encoding="utf-8")
    folder = tmp_path / "locales"
    folder.mkdir(exist_ok=True)
    return tmp_path, folder


def translated(folder: Path, locale: str, words: dict[str, str | tuple[str, ...]]) -> None:
    for path in sorted((folder / locale).glob("*.po")):
        catalog = read_catalogue(path, locale)
        for m in catalog:
            if m.context in words:
                m.string = words[m.context]
        write(catalog, path)


def complete(tmp_path: Path) -> tuple[Path, Path]:
    """A tree whose catalogues are all complete."""
    root, folder = tree(tmp_path)
    assert run(root, folder) == []
    for locale in ("fr", "de", "es", "pt_BR"):
        translated(folder, locale, FRENCH)
    assert check(root, folder) == []
    return root, folder


def test_the_shipped_catalogues_are_complete() -> None:
    assert check() == []


def test_parlour_i18n_check_says_so(capsys: object) -> None:
    assert main(["i18n", "check"]) == 0


def test_extraction_finds_messages_and_command_texts(tmp_path: Path) -> None:
    root, _ = tree(tmp_path)
    found = extract(root)
    assert found.problems == []
    assert {k: (e.english, e.plural, e.command) for k, e in found.entries.items()} == {
        "t.hello": ("Hello, {name}.", None, False),
        "t.chips": ("{count} chip", "{count} chips", False),
        "command.t.greet.name": ("greet", None, True),
    }


def test_a_key_used_in_code_but_missing_from_the_source_fails(tmp_path: Path) -> None:
    root, folder = complete(tmp_path)
    tree(tmp_path, CODE + 'D = message("t.new", "New.")\n')
    assert "t.new: used in the code but missing from t.pot" in check(root, folder)


def test_a_key_in_the_source_no_longer_used_fails(tmp_path: Path) -> None:
    root, folder = complete(tmp_path)
    tree(tmp_path, CODE.replace('A = message("t.hello", "Hello, {name}.", name="x")', ""))
    assert "t.hello: in t.pot but no longer used in the code" in check(root, folder)


def test_a_key_read_from_a_variable_or_given_two_englishes_fails(tmp_path: Path) -> None:
    root, _ = tree(
        tmp_path, CODE + 'k = "t.x"\nE = message(k, "X")\nF = message("t.hello", "Hi.")\n'
    )
    problems = extract(root).problems
    assert any("needs literal key and English" in p for p in problems)
    assert any("'t.hello' has other English" in p for p in problems)


def test_an_untranslated_key_a_wrong_placeholder_and_a_bad_command_name_fail(
    tmp_path: Path,
) -> None:
    root, folder = complete(tmp_path)
    translated(folder, "de", {"t.hello": "Hallo, {nom}.", "command.t.greet.name": "Grüßen Sie"})
    translated(folder, "es", {"t.chips": ("{count} ficha", "")})
    problems = check(root, folder)
    assert "de: t.hello: placeholders ['nom'] instead of ['name']" in problems
    assert any(
        p.startswith("de: command.t.greet.name: 'Grüßen Sie' is no Discord name") for p in problems
    )
    assert "es: t.chips: is not translated" in problems


def test_a_changed_english_marks_translations_fuzzy_until_checked(tmp_path: Path) -> None:
    root, folder = complete(tmp_path)
    tree(tmp_path, CODE.replace("Hello, {name}.", "Good day, {name}."))
    assert run(root, folder) == []
    problems = check(root, folder)
    assert "fr: t.hello is marked fuzzy: check it and drop the mark" in problems
    kept = {m.context: m.string for m in read_catalogue(folder / "fr" / "t.po", "fr") if m.context}
    assert kept["t.hello"] == "Bonjour, {name}."  # the old words, kept for the translator


def test_a_wrong_plural_rule_or_a_missing_catalogue_fails(tmp_path: Path) -> None:
    root, folder = complete(tmp_path)
    path = folder / "fr" / "t.po"
    path.write_text(
        path.read_text(encoding="utf-8").replace("plural=(n > 1)", "plural=(n != 1)"),
        encoding="utf-8",
    )
    (folder / "es" / "t.po").unlink()
    problems = check(root, folder)
    assert any(p.startswith("fr: Plural-Forms is not Babel's rule") for p in problems)
    assert "es: es/t.po is missing: run parlour i18n extract" in problems


def test_extraction_twice_changes_nothing(tmp_path: Path) -> None:
    root, folder = complete(tmp_path)
    before = {p: p.read_bytes() for p in folder.rglob("*.po*")}
    assert run(root, folder) == []
    assert {p: p.read_bytes() for p in folder.rglob("*.po*")} == before


def test_each_domain_is_its_own_file_and_a_domain_gone_from_the_code_goes(
    tmp_path: Path,
) -> None:
    root, folder = complete(tmp_path)
    assert sorted(p.name for p in folder.glob("*.pot")) == ["command.t.pot", "t.pot"]
    assert sorted(p.name for p in (folder / "de").glob("*.po")) == ["command.t.po", "t.po"]
    tree(tmp_path, CODE.replace('C = locale_str("greet", key="command.t.greet.name")', ""))
    assert run(root, folder) == []
    assert sorted(p.name for p in folder.rglob("*.po*")) == ["t.po"] * 4 + ["t.pot"]
    assert check(root, folder) == []
