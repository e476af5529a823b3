"""Per-server settings rows (migrations 0004 and 0009): `guild_settings` and `guild_channels`.

Only SQL lives here; what the settings mean, their defaults and limits live in
`bot.guilds`. A NULL column means "the operator's default".
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime

from bot.storage.base import Database
from bot.storage.tx import Tx, as_int

Connection = Tx
"""The connection a unit of work receives."""

COLUMNS = (
    "starting_chips",
    "daily_chips",
    "buy_in",
    "min_buy_in",
    "max_buy_in",
    "turn_clock_s",
    "moderator_role_id",
    "replay_reveal",
)
"""The settings columns of `guild_settings`, in table order."""

_UPSERT = (
    f"INSERT INTO guild_settings (guild_id, {', '.join(COLUMNS)}, updated_at)"
    f" VALUES (?, {', '.join('?' for _ in COLUMNS)}, ?)"
    f" ON CONFLICT (guild_id) DO UPDATE SET"
    f" {', '.join(f'{c} = excluded.{c}' for c in COLUMNS)}, updated_at = excluded.updated_at"
)


@dataclass(frozen=True, slots=True)
class GuildRow:
    """One server's stored settings: the columns that are not NULL, and its channels."""

    guild_id: int
    values: dict[str, int]
    channels: frozenset[int]


async def load_all(db: Database) -> list[GuildRow]:
    """Every server that has stored settings."""
    values: dict[int, dict[str, int]] = {}
    for row in await db.fetchall(f"SELECT guild_id, {', '.join(COLUMNS)} FROM guild_settings"):
        values[as_int(row["guild_id"])] = {c: as_int(row[c]) for c in COLUMNS if row[c] is not None}
    channels: dict[int, set[int]] = {}
    for row in await db.fetchall("SELECT guild_id, channel_id FROM guild_channels"):
        channels.setdefault(as_int(row["guild_id"]), set()).add(as_int(row["channel_id"]))
    return [
        GuildRow(guild_id, values.get(guild_id, {}), frozenset(channels.get(guild_id, ())))
        for guild_id in sorted(values.keys() | channels.keys())
    ]


async def save(
    tx: Connection,
    guild_id: int,
    values: Mapping[str, int | None],
    channels: Collection[int],
) -> None:
    """Store a server's settings (absent or None: the default) and its allowed channels."""
    unknown = set(values) - set(COLUMNS)
    assert not unknown, f"no such settings columns: {unknown}"
    now = datetime.now(UTC).isoformat(timespec="milliseconds")
    await tx.execute(_UPSERT, (guild_id, *(values.get(c) for c in COLUMNS), now))
    await tx.execute("DELETE FROM guild_channels WHERE guild_id = ?", (guild_id,))
    await tx.executemany(
        "INSERT INTO guild_channels (guild_id, channel_id) VALUES (?, ?)",
        [(guild_id, channel_id) for channel_id in sorted(channels)],
    )
