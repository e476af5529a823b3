"""The shipped catalogues: loaded at once, messages in every locale with the locale's
plurals and numbers, English where a locale lacks a key (never a key), the
pseudo-locale, and the ledger's refusals."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from bot.games import Message, message
from bot.i18n import LOCALES, PSEUDO, Catalogues, message_of, translate
from bot.i18n.catalogues import FOLDER
from bot.ledger import DailyTooSoon, LedgerError
from bot.ledger.errors import worded

NB, NNB = "\u00a0", "\u202f"


def chips(n: int) -> Message:
    return message("chips.amount", "{count} chip", "{count} chips", count=n)


def yours(n: int) -> Message:
    return message("chips.balance.yours", "You have {chips}.", chips=chips(n))


def test_every_shipped_locale_loads_quickly() -> None:
    started = time.perf_counter()
    loaded = Catalogues.load()
    took = time.perf_counter() - started
    assert sorted(loaded.by_locale) == sorted(set(LOCALES) - {"en"})
    assert all(c.words for c in loaded.by_locale.values())
    assert took < 0.2, f"{took * 1000:.0f} ms to read the catalogues"


@pytest.mark.parametrize(
    ("locale", "one", "many"),
    [
        ("en", "You have 1 chip.", "You have 1,250 chips."),
        ("fr", "Vous avez 1 jeton.", f"Vous avez 1{NNB}250 jetons."),
        ("de", "Du hast 1 Chip.", "Du hast 1.250 Chips."),
        ("es", "Tienes 1 ficha.", "Tienes 1.250 fichas."),
        ("pt_BR", "Você tem 1 ficha.", "Você tem 1.250 fichas."),
    ],
)
def test_plurals_and_numbers_follow_the_locale(locale: str, one: str, many: str) -> None:
    assert translate(yours(1), locale) == one
    assert translate(yours(1250), locale) == many


def test_french_and_brazilian_zero_is_singular_where_english_is_plural() -> None:
    assert translate(chips(0), "fr") == "0 jeton"
    assert translate(chips(0), "pt-BR") == "0 ficha"
    assert translate(chips(0), "de") == "0 Chips"
    assert translate(chips(0), "en") == "0 chips"


def test_spanish_serves_spain_and_latin_america_and_discord_tags_are_understood() -> None:
    assert translate(yours(3), "es-ES") == translate(yours(3), "es-419") == "Tienes 3 fichas."
    assert translate(yours(3), "pt-BR") == "Você tem 3 fichas."


def test_a_locale_parlour_lacks_gets_english_never_a_key() -> None:
    assert translate(yours(2), "ja") == "You have 2 chips."
    assert translate(yours(2), None) == "You have 2 chips."


def test_a_key_no_catalogue_has_is_english_and_so_is_a_changed_english() -> None:
    unknown = message("nowhere.to.be.found", "Plain {n}.", n=1000)
    assert translate(unknown, "fr") == "Plain 1,000."
    # The French words translate the old English: they are not shown for a new meaning.
    changed = message("chips.balance.yours", "You now hold {chips}.", chips=chips(2))
    assert translate(changed, "fr") == "You now hold 2 chips."


def test_a_signed_number_keeps_its_sign_in_every_locale() -> None:
    line = message(
        "chips.history.line", "{when} **{amount:+}** {what}", when="t", amount=1500, what="x"
    )
    assert translate(line, "de") == "t **+1.500** x"
    assert translate(line, "en") == "t **+1,500** x"


def test_the_pseudo_locale_is_accented_and_forty_percent_longer() -> None:
    english = yours(2).text()
    pseudo = translate(yours(2), PSEUDO)
    assert len(pseudo) >= 1.4 * len(english)
    letters = re.sub(r"[^A-Za-z]", "", pseudo.replace("2", ""))
    assert letters == "", f"plain ASCII letters left in {pseudo!r}"
    assert "2" in pseudo


def test_the_ledger_s_refusals_are_translated_from_their_words() -> None:
    refused = LedgerError(
        worded(
            "ledger.gift.at-most",
            "You have {count} chip, so you can give at most {count}.",
            "You have {count} chips, so you can give at most {count}.",
            count=1000,
        )
    )
    assert refused.reason == "You have 1,000 chips, so you can give at most 1,000."
    found = message_of(refused)
    assert found is not None
    assert (
        translate(found, "de") == "Du hast 1.000 Chips, also kannst du höchstens 1.000 verschenken."
    )
    soon = DailyTooSoon(3 * 3600 + 5 * 60 + 9)
    assert soon.reason.endswith("in 3 h 5 min.")
    found = message_of(soon)
    assert found is not None
    assert translate(found, "fr").endswith("dans 3 h 5 min.")
    assert message_of(LedgerError("Plain English.")) is None


def test_a_catalogue_folder_without_translations_gives_english(tmp_path: Path) -> None:
    empty = Catalogues.load(tmp_path)
    assert empty.by_locale == {}
    assert empty.translate(yours(2), "fr") == "You have 2 chips."
    assert (FOLDER / "fr" / "chips.po").exists()
