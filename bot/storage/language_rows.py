"""Who reads what, in SQL (migration 0013): `guild_languages` and `user_languages`.

Only SQL lives here; what a locale is and whom it serves live in `bot.i18n.readers`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from bot.storage.base import Database
from bot.storage.tx import Tx, as_int

_SET_GUILD = (
    "INSERT INTO guild_languages (guild_id, locale, updated_at) VALUES (?, ?, ?)"
    " ON CONFLICT (guild_id) DO UPDATE SET locale = excluded.locale,"
    " updated_at = excluded.updated_at"
)
_SET_USER = (
    "INSERT INTO user_languages (user_id, chosen, discord, updated_at) VALUES (?, ?, ?, ?)"
    " ON CONFLICT (user_id) DO UPDATE SET chosen = excluded.chosen,"
    " discord = excluded.discord, updated_at = excluded.updated_at"
)


@dataclass(frozen=True, slots=True)
class UserLanguage:
    """A person's stored languages: their own choice, the Discord locale last seen."""

    chosen: str | None = None
    discord: str | None = None


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


async def guild_languages(db: Database) -> dict[int, str]:
    """Every server's chosen language."""
    rows = await db.fetchall("SELECT guild_id, locale FROM guild_languages")
    return {as_int(r["guild_id"]): str(r["locale"]) for r in rows}


async def user_languages(db: Database) -> dict[int, UserLanguage]:
    """Every stored person's languages."""
    rows = await db.fetchall("SELECT user_id, chosen, discord FROM user_languages")
    return {
        as_int(r["user_id"]): UserLanguage(
            None if r["chosen"] is None else str(r["chosen"]),
            None if r["discord"] is None else str(r["discord"]),
        )
        for r in rows
    }


async def set_guild(tx: Tx, guild_id: int, locale: str | None) -> None:
    """Store a server's language (None: back to its Discord locale, the row dropped)."""
    if locale is None:
        await tx.execute("DELETE FROM guild_languages WHERE guild_id = ?", (guild_id,))
    else:
        await tx.execute(_SET_GUILD, (guild_id, locale, _now()))


async def set_user(tx: Tx, user_id: int, language: UserLanguage) -> None:
    """Store a person's languages."""
    await tx.execute(_SET_USER, (user_id, language.chosen, language.discord, _now()))
