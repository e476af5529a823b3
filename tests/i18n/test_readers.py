"""Who reads what, stored (migration 0013) on both backends: a server's language, a
member's own choice, the Discord locale remembered for DMs, all kept across a restart."""

from __future__ import annotations

import pytest

from bot.i18n import Languages, UnknownLanguage
from bot.i18n.readers import reader_locale, server_locale
from bot.storage import Database


def test_the_rules_of_who_reads_what() -> None:
    assert reader_locale("de", "fr") == "de"  # a member's own choice first
    assert reader_locale(None, "es-419") == "es"  # then their Discord language
    assert reader_locale(None, "ja") == "en"  # else English
    assert server_locale("fr", "de") == "fr"
    assert server_locale(None, "pt-BR") == "pt_BR"
    assert server_locale(None, "ko") == "en"


async def test_choices_are_kept_and_read_back_after_a_restart(db: Database) -> None:
    languages = await Languages.load(db)
    assert languages.server(5, "en-US") == "en" and languages.dm(7) == "en"
    await languages.set_server(5, "de")
    await languages.choose(7, "fr")
    await languages.seen(8, "pt-BR")
    again = await Languages.load(db)
    assert again.server(5, "fr") == "de" and again.server_choice(5) == "de"
    assert again.reader(7, "es-ES") == "fr" and again.dm(7) == "fr"
    assert again.dm(8) == "pt_BR" and again.reader(8, "de") == "de"


async def test_going_back_to_discord_s_language(db: Database) -> None:
    languages = await Languages.load(db)
    await languages.set_server(5, "es")
    await languages.set_server(5, None)
    await languages.choose(7, "de")
    await languages.seen(7, "fr")
    await languages.choose(7, None)
    again = await Languages.load(db)
    assert again.server_choice(5) is None and again.server(5, "fr") == "fr"
    assert again.chosen(7) is None and again.dm(7) == "fr"


async def test_a_language_parlour_lacks_is_refused_and_changes_nothing(db: Database) -> None:
    languages = await Languages.load(db)
    with pytest.raises(UnknownLanguage, match="does not speak ja"):
        await languages.choose(7, "ja")
    with pytest.raises(UnknownLanguage):
        await languages.set_server(5, "xx")
    again = await Languages.load(db)
    assert again.chosen(7) is None and again.server_choice(5) is None


async def test_the_same_discord_locale_seen_again_writes_nothing(db: Database) -> None:
    languages = await Languages.load(db)
    await languages.seen(9, "de")
    writes: list[object] = []
    original = db.write

    async def counted(work, **kwargs):  # type: ignore[no-untyped-def]
        writes.append(work)
        return await original(work, **kwargs)

    db.write = counted  # type: ignore[method-assign]
    try:
        await languages.seen(9, "de")
        assert writes == []
        await languages.seen(9, "fr")
        assert len(writes) == 1
    finally:
        db.write = original  # type: ignore[method-assign]
