"""Per-server settings: chips a new purse starts with, the daily amount, buy-in defaults
and limits, the turn clock, where Parlour may be used, the moderator role, and whether
replays of closed tables show every hand of finished deals.

Every server starts from the operator's defaults (`defaults_from(Settings)`); its admins
change values with `/parlour config`, and only the changed values are stored (SQL in
`bot.storage.guild_rows`), so a server that never changed a value follows the operator.
All of it is read into a cache at start-up: `get` is a plain dict lookup, cheap enough
for every interaction and safe on the database's writer thread (the ledger's starting
chips). `update` validates each value, saves in one unit of work, and then swaps the
cache entry.
"""

from __future__ import annotations

import asyncio
from collections.abc import Collection, Iterable
from dataclasses import dataclass, fields, replace
from typing import Any

from bot.config import Settings
from bot.storage import Database, guild_rows

MAX_BUY_IN = 1_000_000
"""The table service's own ceiling on a buy-in."""

LIMITS: dict[str, tuple[int, int]] = {
    "starting_chips": (0, 1_000_000_000),
    "daily_chips": (0, 1_000_000),
    "buy_in": (1, MAX_BUY_IN),
    "min_buy_in": (1, MAX_BUY_IN),
    "max_buy_in": (1, MAX_BUY_IN),
    "turn_clock_s": (30, 3600),
}
"""The whole-number settings and their inclusive ranges."""

LABELS: dict[str, str] = {
    "starting_chips": "Starting chips",
    "daily_chips": "Daily chips",
    "buy_in": "The default buy-in",
    "min_buy_in": "The minimum buy-in",
    "max_buy_in": "The maximum buy-in",
    "turn_clock_s": "The turn clock",
    "allowed_channels": "Allowed channels",
    "moderator_role_id": "The moderator role",
    "replay_reveal": "Replays of closed tables show every hand",
}
"""Each setting in words, capitalised to open a sentence."""

DEFAULT_DAILY_CHIPS = 100
DEFAULT_MAX_BUY_IN = 100_000


class SettingsError(Exception):
    """A setting an admin tried to give a value it cannot take; `reason` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class GuildSettings:
    """One server's settings, as they apply now."""

    starting_chips: int
    daily_chips: int
    buy_in: int
    min_buy_in: int
    max_buy_in: int
    turn_clock_s: int
    allowed_channels: frozenset[int] = frozenset()
    """Channels where Parlour may be used; empty means every channel."""
    moderator_role_id: int | None = None
    """Members with this role may end any table."""
    replay_reveal: bool = False
    """Whether replays of a closed table show every hand of its finished deals."""

    def allows(self, channel_id: int | None, parent_id: int | None = None) -> bool:
        """Whether Parlour may be used in a channel (or a thread of `parent_id`)."""
        if not self.allowed_channels:
            return True
        return channel_id in self.allowed_channels or parent_id in self.allowed_channels

    def is_moderator(self, role_ids: Iterable[int]) -> bool:
        """Whether a member with these roles holds the server's moderator role."""
        return self.moderator_role_id is not None and self.moderator_role_id in set(role_ids)


def defaults_from(settings: Settings) -> GuildSettings:
    """The settings of a server whose admins changed nothing."""
    low, high = LIMITS["turn_clock_s"]
    return GuildSettings(
        starting_chips=settings.starting_chips,
        daily_chips=DEFAULT_DAILY_CHIPS,
        buy_in=settings.buy_in,
        min_buy_in=1,
        max_buy_in=max(DEFAULT_MAX_BUY_IN, settings.buy_in),
        turn_clock_s=min(high, max(low, round(settings.turn_timeout_s))),
    )


@dataclass(frozen=True, slots=True)
class _Stored:
    """What a server has changed: its non-default values and its allowed channels."""

    values: dict[str, int]
    channels: frozenset[int]


class GuildSettingsStore:
    """Every server's settings, cached; `bot.guild_settings` on the running bot."""

    def __init__(self, db: Database, defaults: GuildSettings) -> None:
        self._db = db
        self.defaults = defaults
        self._stored: dict[int, _Stored] = {}
        self._cache: dict[int, GuildSettings] = {}
        self._lock = asyncio.Lock()

    @classmethod
    async def load(cls, db: Database, defaults: GuildSettings) -> GuildSettingsStore:
        """A store holding every server's stored settings."""
        store = cls(db, defaults)
        for row in await guild_rows.load_all(db):
            store._remember(row.guild_id, _Stored(row.values, row.channels))
        return store

    def get(self, guild_id: int) -> GuildSettings:
        """A server's settings (a dict lookup: no I/O, no event loop)."""
        return self._cache.get(guild_id, self.defaults)

    def starting_chips(self, guild_id: int) -> int:
        """The chips a new purse in this server starts with (the ledger's callable)."""
        return self.get(guild_id).starting_chips

    async def update(self, guild_id: int, **changes: Any) -> GuildSettings:
        """Change some settings of a server, all or none, and return the new settings.

        Whole-number settings take None to go back to the default. SettingsError says,
        in a sentence, what is wrong with a value.
        """
        async with self._lock:
            old = self._stored.get(guild_id, _Stored({}, frozenset()))
            stored = _changed(old, changes)
            settings = _apply(self.defaults, stored)
            _check_together(settings)

            async def work(tx: guild_rows.Connection) -> None:
                await guild_rows.save(tx, guild_id, stored.values, stored.channels)

            await self._db.write(work)
            self._remember(guild_id, stored)
            return settings

    def _remember(self, guild_id: int, stored: _Stored) -> None:
        self._stored[guild_id] = stored
        # One assignment: a reader on another thread sees the old or the new settings.
        self._cache[guild_id] = _apply(self.defaults, stored)


def changes_between(old: GuildSettings, new: GuildSettings) -> list[tuple[str, Any, Any]]:
    """(setting, old value, new value) for every setting that differs, in field order."""
    found = []
    for field in fields(GuildSettings):
        before, after = getattr(old, field.name), getattr(new, field.name)
        if before != after:
            found.append((field.name, before, after))
    return found


def _changed(old: _Stored, changes: dict[str, Any]) -> _Stored:
    """The stored values with `changes` checked and applied."""
    values = dict(old.values)
    channels = old.channels
    for name, value in changes.items():
        if name == "allowed_channels":
            channels = _channel_set(value)
        elif name == "moderator_role_id":
            if value is None:
                values.pop(name, None)
            else:
                values[name] = _whole(name, value)
        elif name == "replay_reveal":
            if type(value) is not bool:
                raise SettingsError(f"{LABELS[name]} must be true or false, not {value!r}.")
            values[name] = int(value)  # stored 0/1; NULL (absent) is the default, off
        elif name in LIMITS:
            if value is None:
                values.pop(name, None)
            else:
                values[name] = _in_range(name, value)
        else:
            raise TypeError(f"there is no guild setting {name!r}")
    return _Stored(values, channels)


def _apply(defaults: GuildSettings, stored: _Stored) -> GuildSettings:
    values: dict[str, Any] = dict(stored.values)
    reveal = values.pop("replay_reveal", None)  # a flag, stored as 0 or 1
    settings = replace(defaults, **values, allowed_channels=stored.channels)
    return settings if reveal is None else replace(settings, replay_reveal=bool(reveal))


def _whole(name: str, value: object) -> int:
    if type(value) is not int:
        raise SettingsError(f"{LABELS[name]} must be a whole number, not {value!r}.")
    return value


def _in_range(name: str, value: object) -> int:
    number = _whole(name, value)
    low, high = LIMITS[name]
    unit = "seconds" if name.endswith("_s") else "chips"
    if not low <= number <= high:
        raise SettingsError(
            f"{LABELS[name]} must be from {low:,} to {high:,} {unit}, not {number:,}."
        )
    return number


def _channel_set(value: object) -> frozenset[int]:
    if not isinstance(value, Collection) or isinstance(value, str | bytes):
        raise SettingsError("Allowed channels must be a set of channel ids.")
    return frozenset(_whole("allowed_channels", v) for v in value)


def _check_together(settings: GuildSettings) -> None:
    """Refuse settings that contradict each other."""
    low, high, buy_in = settings.min_buy_in, settings.max_buy_in, settings.buy_in
    if low > high:
        raise SettingsError(
            f"The minimum buy-in ({low:,}) cannot be more than the maximum ({high:,})."
        )
    if not low <= buy_in <= high:
        raise SettingsError(
            f"The default buy-in ({buy_in:,}) must be from the minimum ({low:,}) to the "
            f"maximum ({high:,}) buy-in; change them together."
        )
