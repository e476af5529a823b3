"""Who reads what: the language of each text Parlour sends, as a service with storage.

- A private answer (ephemeral, or a DM) is in its reader's language: their own choice
  (`/parlour language`), else their Discord language when Parlour speaks it, else English.
  A DM comes with no interaction, so the Discord locale of each person's latest
  interaction is remembered (`seen`, stored only when it changes) and used for it.
- A table's message in a channel is in the server's language: the one its admins chose
  (`/parlour config language`), else the server's Discord preferred locale when Parlour
  speaks it, else English.
- The terminal follows `--lang`, else LANG (`bot.i18n.locales.terminal_locale`).

Everything is read into a cache at start-up, so each answer's lookup is a dict's; a
change is saved in one unit of work and then swapped into the cache.
"""

from __future__ import annotations

import asyncio

from bot.games.messages import Message, message
from bot.i18n.locales import ENGLISH, LOCALES, supported
from bot.i18n.words import autonyms
from bot.storage import Database, language_rows
from bot.storage.language_rows import UserLanguage


class UnknownLanguage(Exception):
    """A language Parlour has no catalogue for; `message` says so for the reader."""

    def __init__(self, asked: str) -> None:
        self.message: Message = message(
            "language.unknown",
            "Parlour does not speak {asked}; choose one of {known}.",
            asked=asked,
            known=autonyms(),
        )
        super().__init__(self.message.text())


def ours(locale: str) -> str:
    """One of our locales, exactly as named (`pt_BR`), or UnknownLanguage."""
    if locale not in LOCALES:
        raise UnknownLanguage(locale)
    return locale


def reader_locale(chosen: str | None, discord: str | None) -> str:
    """A person's language: their choice, else their Discord locale if ours, else English."""
    return chosen or supported(discord) or ENGLISH


def server_locale(chosen: str | None, preferred: str | None) -> str:
    """A server's language: its admins' choice, else its Discord locale if ours, else English."""
    return chosen or supported(preferred) or ENGLISH


class Languages:
    """Every server's and person's languages, cached; `bot.languages` on the running bot."""

    def __init__(self, db: Database) -> None:
        self._db = db
        self._guilds: dict[int, str] = {}
        self._users: dict[int, UserLanguage] = {}
        self._lock = asyncio.Lock()

    @classmethod
    async def load(cls, db: Database) -> Languages:
        """The service, with every stored language read."""
        languages = cls(db)
        languages._guilds = await language_rows.guild_languages(db)
        languages._users = await language_rows.user_languages(db)
        return languages

    def server_choice(self, guild_id: int) -> str | None:
        """The language a server's admins chose, if they did."""
        return self._guilds.get(guild_id)

    def server(self, guild_id: int | None, preferred: str | None) -> str:
        """The language of a server's tables (`preferred`: its Discord preferred locale)."""
        chosen = None if guild_id is None else self._guilds.get(guild_id)
        return server_locale(chosen, preferred)

    def chosen(self, user_id: int) -> str | None:
        """The language a person chose, if they did."""
        return self._users.get(user_id, UserLanguage()).chosen

    def reader(self, user_id: int, discord: str | None) -> str:
        """A private answer's language (`discord`: the locale the interaction carries)."""
        return reader_locale(self.chosen(user_id), discord)

    def dm(self, user_id: int) -> str:
        """A DM's language: the person's choice, else their last Discord locale seen."""
        known = self._users.get(user_id, UserLanguage())
        return reader_locale(known.chosen, known.discord)

    async def seen(self, user_id: int, discord: str) -> None:
        """Remember the Discord locale a person's interaction carried (stored on change)."""
        if self._users.get(user_id, UserLanguage()).discord != discord:
            await self._change_user(user_id, discord=discord)

    async def choose(self, user_id: int, locale: str | None) -> None:
        """A person's own language (None: follow Discord's again)."""
        await self._change_user(user_id, chosen=None if locale is None else ours(locale))

    async def set_server(self, guild_id: int, locale: str | None) -> None:
        """A server's language (None: follow its Discord preferred locale again)."""
        chosen = None if locale is None else ours(locale)
        async with self._lock:
            await self._db.write(lambda tx: language_rows.set_guild(tx, guild_id, chosen))
            if chosen is None:
                self._guilds.pop(guild_id, None)
            else:
                self._guilds[guild_id] = chosen

    async def _change_user(self, user_id: int, **change: str | None) -> None:
        async with self._lock:
            old = self._users.get(user_id, UserLanguage())
            new = UserLanguage(
                change.get("chosen", old.chosen),
                change.get("discord", old.discord),
            )
            if new != old:
                await self._db.write(lambda tx: language_rows.set_user(tx, user_id, new))
                self._users[user_id] = new
