"""Language tags matched to our locales: Discord's, POSIX's, `--lang`."""

from __future__ import annotations

import pytest

from bot.i18n import ENGLISH, PSEUDO, supported, terminal_locale


@pytest.mark.parametrize(
    ("tag", "ours"),
    [
        ("fr", "fr"),
        ("de", "de"),
        ("es-ES", "es"),
        ("es-419", "es"),
        ("pt-BR", "pt_BR"),
        ("pt_PT", "pt_BR"),
        ("en-GB", "en"),
        ("en-US", "en"),
        ("fr_CA.UTF-8", "fr"),
        ("de_AT.UTF-8@euro", "de"),
        ("ja", None),
        ("", None),
        (None, None),
        ("en_XA", PSEUDO),
    ],
)
def test_a_tag_finds_one_of_our_locales(tag: str | None, ours: str | None) -> None:
    assert supported(tag) == ours


def test_the_terminal_follows_lang_unless_told_otherwise() -> None:
    assert terminal_locale(None, {"LANG": "de_DE.UTF-8"}) == "de"
    assert terminal_locale(None, {"LANG": "de_DE.UTF-8", "LC_ALL": "es_MX.UTF-8"}) == "es"
    assert terminal_locale(None, {"LC_MESSAGES": "pt_BR.UTF-8", "LANG": "fr_FR"}) == "pt_BR"
    assert terminal_locale(None, {"LANG": "C"}) == ENGLISH
    assert terminal_locale(None, {"LANG": "ja_JP.UTF-8"}) == ENGLISH
    assert terminal_locale(None, {}) == ENGLISH
    assert terminal_locale("fr", {"LANG": "de_DE.UTF-8"}) == "fr"


def test_a_lang_option_parlour_lacks_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match=r"'ja'.*en, fr, de, es, pt_BR"):
        terminal_locale("ja", {})
