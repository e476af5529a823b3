"""The fake Discord's world: snowflakes, users, one guild with roles, channels and their
threads, DMs.

Everything here is plain data plus the Discord-shaped JSON payloads built from it.
"""

from __future__ import annotations

import datetime
import time
from dataclasses import dataclass, field
from typing import Any

import discord

JSON = dict[str, Any]
DISCORD_EPOCH_MS = 1_420_070_400_000
# What a fresh @everyone role may do in a channel: talk, read, use slash commands.
EVERYONE_PERMISSIONS = discord.Permissions.text() | discord.Permissions(view_channel=True)


def now_iso() -> str:
    """The current time as Discord writes it."""
    return datetime.datetime.now(datetime.UTC).isoformat()


class Snowflakes:
    """Increasing snowflake ids whose timestamps are the wall clock."""

    def __init__(self) -> None:
        self._last = 0

    def __call__(self) -> int:
        """A fresh id, greater than every id handed out before."""
        stamp = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last = max(stamp, self._last + 1)
        return self._last


@dataclass
class FakeUser:
    """A Discord user; a member of the guild unless `member` is False."""

    id: int
    name: str
    bot: bool = False
    member: bool = True
    roles: tuple[int, ...] = ()
    permissions: int | None = None  # None: computed from the roles
    dms_open: bool = True
    dm_channel_id: int | None = None

    def payload(self) -> JSON:
        """The user object."""
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }


@dataclass
class World:
    """The guild, its roles and channels, the users, and the DM channels."""

    ids: Snowflakes
    app_id: int = 0
    guild_id: int = 0
    guild_name: str = "Parlour Test"
    owner_id: int = 0
    users: dict[int, FakeUser] = field(default_factory=dict)
    roles: dict[int, JSON] = field(default_factory=dict)
    channels: dict[int, JSON] = field(default_factory=dict)  # guild text channels
    threads: dict[int, JSON] = field(default_factory=dict)  # threads of those channels
    dm_channels: dict[int, int] = field(default_factory=dict)  # channel id -> user id
    bot_user: FakeUser = field(init=False)

    def __post_init__(self) -> None:
        self.app_id = self.ids()
        self.guild_id = self.ids()
        self.bot_user = FakeUser(self.app_id, "Parlour", bot=True)
        self.users[self.app_id] = self.bot_user
        self.add_role("@everyone", EVERYONE_PERMISSIONS.value, role_id=self.guild_id)

    def add_role(self, name: str, permissions: int, *, role_id: int | None = None) -> int:
        """Add a guild role; returns its id."""
        rid = role_id or self.ids()
        self.roles[rid] = {
            "id": str(rid),
            "name": name,
            "permissions": str(permissions),
            "position": len(self.roles),
            "color": 0,
            "hoist": False,
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }
        return rid

    def add_channel(self, name: str) -> int:
        """Add a guild text channel; returns its id."""
        cid = self.ids()
        self.channels[cid] = {
            "id": str(cid),
            "type": 0,
            "guild_id": str(self.guild_id),
            "name": name,
            "position": len(self.channels),
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
        }
        return cid

    def add_thread(self, parent_id: int, name: str, owner_id: int, kind: int = 11) -> JSON:
        """Open a thread (11 public, 12 private) in a guild text channel; returns it."""
        tid = self.ids()
        self.threads[tid] = {
            "id": str(tid),
            "type": kind,
            "guild_id": str(self.guild_id),
            "parent_id": str(parent_id),
            "owner_id": str(owner_id),
            "name": name,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "message_count": 0,
            "member_count": 1,
            "flags": 0,
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": 1440,
                "archive_timestamp": now_iso(),
                "locked": False,
                "invitable": True,
                "create_timestamp": now_iso(),
            },
        }
        return self.threads[tid]

    def in_guild(self, channel_id: int) -> bool:
        """Whether a channel is one of the guild's (a text channel or a thread)."""
        return channel_id in self.channels or channel_id in self.threads

    def add_user(self, user: FakeUser) -> FakeUser:
        """Register a user (the guild's first human becomes its owner)."""
        self.users[user.id] = user
        if not self.owner_id and user.member and not user.bot:
            self.owner_id = user.id
        return user

    def permissions(self, user: FakeUser) -> int:
        """The user's guild permissions, as the interaction's member payload carries them."""
        if user.permissions is not None:
            return user.permissions
        if user.id == self.owner_id:
            return discord.Permissions.all().value
        value = 0
        for rid in (self.guild_id, *user.roles):
            value |= int(self.roles[rid]["permissions"])
        if value & discord.Permissions(administrator=True).value:
            return discord.Permissions.all().value
        return value

    def member_payload(self, user: FakeUser, *, with_permissions: bool = False) -> JSON:
        """The guild member object (with `permissions`, as interactions send it)."""
        data: JSON = {
            "user": user.payload(),
            "roles": [str(r) for r in user.roles],
            "joined_at": now_iso(),
            "nick": None,
            "avatar": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "premium_since": None,
            "communication_disabled_until": None,
        }
        if with_permissions:
            data["permissions"] = str(self.permissions(user))
        return data

    def guild_payload(self) -> JSON:
        """The full GUILD_CREATE payload: roles, channels, and every member."""
        members = [self.member_payload(u) for u in self.users.values() if u.member]
        return {
            "id": str(self.guild_id),
            "name": self.guild_name,
            "owner_id": str(self.owner_id or self.app_id),
            "roles": list(self.roles.values()),
            "channels": list(self.channels.values()),
            "members": members,
            "member_count": len(members),
            "large": False,
            "unavailable": False,
            "features": [],
            "emojis": [],
            "stickers": [],
            "threads": list(self.threads.values()),
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "preferred_locale": "en-US",
            "joined_at": now_iso(),
        }

    def dm_channel(self, user: FakeUser) -> JSON:
        """The user's DM channel with the bot, opened on first use."""
        if user.dm_channel_id is None:
            user.dm_channel_id = self.ids()
            self.dm_channels[user.dm_channel_id] = user.id
        return {
            "id": str(user.dm_channel_id),
            "type": 1,
            "recipients": [user.payload()],
            "last_message_id": None,
            "flags": 0,
        }

    def channel_payload(self, channel_id: int) -> JSON | None:
        """A guild channel or an opened DM channel, or None if there is no such channel."""
        if channel_id in self.channels:
            return self.channels[channel_id]
        if channel_id in self.threads:
            return self.threads[channel_id]
        if channel_id in self.dm_channels:
            return self.dm_channel(self.users[self.dm_channels[channel_id]])
        return None

    def app_info(self) -> JSON:
        """GET /oauth2/applications/@me."""
        owner = self.users.get(self.owner_id, self.bot_user)
        return {
            "id": str(self.app_id),
            "name": self.bot_user.name,
            "description": "",
            "icon": None,
            "bot_public": False,
            "bot_require_code_grant": False,
            "owner": owner.payload(),
            "verify_key": "0" * 64,
            "flags": 0,
            "team": None,
            "summary": "",
            "rpc_origins": [],
            "interactions_endpoint_url": None,
            "bot": self.bot_user.payload(),
        }
