"""Discord's command picker in the player's language: discord.py's `Translator` over
Parlour's catalogues, installed on the command tree at start-up (bot/client.py).

A command's name, description, parameters and choices that are written as
`locale_str(english, key=...)` are looked up by that key in the catalogue of the locale
discord.py asks for when it uploads the commands (`parlour sync`): Discord then shows
each user the words of their own client's language. A text without a key, and a locale
Parlour lacks or a key its catalogue has not translated, answer None, so Discord shows
the English.
"""

from __future__ import annotations

from discord import Locale, app_commands

from bot.i18n import Catalogues


class CatalogueTranslator(app_commands.Translator):
    """Command texts from the catalogues, by each `locale_str`'s key."""

    def __init__(self, catalogues: Catalogues) -> None:
        self.catalogues = catalogues

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """The text in `locale`, or None to keep its English."""
        key = string.extras.get("key")
        if not isinstance(key, str):
            return None
        return self.catalogues.lookup(key, string.message, locale.value)
