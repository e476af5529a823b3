"""The fake Discord's world: snowflakes, users, guilds with roles, channels and their
threads, DMs.

The first guild (`guild_id`) is the one most tests use: a user created a member joins it,
and its first human member owns it. More guilds come with `add_guild`, each on a gateway
shard of the world's `shard_count` (`(guild_id >> 22) % shard_count`, chosen by picking
the snowflake's timestamp), with members of their own. Everything here is plain data
plus the Discord-shaped JSON payloads built from it.
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

    def on_shard(self, shard: int, count: int) -> int:
        """A fresh id of a guild that falls on `shard` of `count` (its timestamp moved up
        to `count - 1` milliseconds ahead)."""
        fresh = self()
        stamp = fresh >> 22
        stamp += (shard - stamp) % count
        self._last = max(fresh, stamp << 22)
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
    locale: str = "en-US"
    """The language of the user's Discord client (each interaction's `locale`)."""

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
class FakeGuild:
    """A guild: its name, owner, members and roles (its channels and threads name it)."""

    id: int
    name: str
    owner_id: int = 0
    members: list[int] = field(default_factory=list)  # the bot's own user first
    role_ids: list[int] = field(default_factory=list)
    channel_id: int = 0
    """Its first text channel (`#parlour`)."""
    locale: str = "en-US"
    """The server's preferred locale (each interaction's `guild_locale`)."""


@dataclass
class World:
    """The guilds, their roles and channels, the users, and the DM channels."""

    ids: Snowflakes
    shard_count: int = 1
    app_id: int = 0
    guild_id: int = 0  # the first guild, on shard 0
    guilds: dict[int, FakeGuild] = field(default_factory=dict)
    users: dict[int, FakeUser] = field(default_factory=dict)
    roles: dict[int, JSON] = field(default_factory=dict)  # of every guild
    channels: dict[int, JSON] = field(default_factory=dict)  # guild text channels
    threads: dict[int, JSON] = field(default_factory=dict)  # threads of those channels
    dm_channels: dict[int, int] = field(default_factory=dict)  # channel id -> user id
    bot_user: FakeUser = field(init=False)

    def __post_init__(self) -> None:
        self.app_id = self.ids()
        self.bot_user = FakeUser(self.app_id, "Parlour", bot=True)
        self.users[self.app_id] = self.bot_user
        self.guild_id = self.add_guild("Parlour Test", shard=0).id

    @property
    def owner_id(self) -> int:
        """The owner of the first guild (0 until it has a human member)."""
        return self.guilds[self.guild_id].owner_id

    def add_guild(self, name: str, *, shard: int | None = None) -> FakeGuild:
        """A new guild with its @everyone role, on `shard` (default: wherever its id falls)."""
        if shard is not None and not 0 <= shard < self.shard_count:
            raise ValueError(f"shard {shard} is not one of the {self.shard_count} shards")
        gid = self.ids() if shard is None else self.ids.on_shard(shard, self.shard_count)
        self.guilds[gid] = FakeGuild(gid, name, members=[self.app_id])
        self.add_role("@everyone", EVERYONE_PERMISSIONS.value, role_id=gid, guild_id=gid)
        return self.guilds[gid]

    def shard_of(self, guild_id: int) -> int:
        """The shard of the world's `shard_count` that the guild's events go to."""
        return (guild_id >> 22) % self.shard_count

    def guilds_on(self, shard_id: int, shard_count: int) -> list[int]:
        """The guilds a gateway session identified as [shard_id, shard_count] is sent."""
        return [g for g in self.guilds if (g >> 22) % shard_count == shard_id]

    def add_role(
        self, name: str, permissions: int, *, role_id: int | None = None, guild_id: int = 0
    ) -> int:
        """Add a role to a guild (default the first); returns its id."""
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
        self.guilds[guild_id or self.guild_id].role_ids.append(rid)
        return rid

    def add_channel(self, name: str, guild_id: int = 0) -> int:
        """Add a text channel to a guild (default the first); returns its id."""
        cid, guild = self.ids(), self.guilds[guild_id or self.guild_id]
        guild.channel_id = guild.channel_id or cid
        self.channels[cid] = {
            "id": str(cid),
            "type": 0,
            "guild_id": str(guild.id),
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
            "guild_id": self.channels[parent_id]["guild_id"],
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
        """Whether a channel is a guild's (a text channel or a thread)."""
        return channel_id in self.channels or channel_id in self.threads

    def guild_of(self, channel_id: int) -> int | None:
        """The guild of a text channel or thread; None for a DM or an unknown channel."""
        channel = self.channels.get(channel_id) or self.threads.get(channel_id)
        return None if channel is None else int(channel["guild_id"])

    def add_user(self, user: FakeUser) -> FakeUser:
        """Register a user, a member of the first guild if `user.member`."""
        self.users[user.id] = user
        if user.member:
            self.join(user, self.guild_id)
        return user

    def join(self, user: FakeUser, guild_id: int) -> None:
        """Make the user a member of the guild (its first human member owns it)."""
        guild = self.guilds[guild_id]
        if user.id not in guild.members:
            guild.members.append(user.id)
        if not guild.owner_id and not user.bot:
            guild.owner_id = user.id

    def is_member(self, user: FakeUser, guild_id: int) -> bool:
        """Whether the user is a member of the guild."""
        guild = self.guilds.get(guild_id)
        return guild is not None and user.id in guild.members

    def permissions(self, user: FakeUser, guild_id: int = 0) -> int:
        """The user's permissions in a guild (default the first), as the interaction's
        member payload carries them."""
        guild = self.guilds[guild_id or self.guild_id]
        if user.permissions is not None:
            return user.permissions
        if user.id == guild.owner_id:
            return discord.Permissions.all().value
        value = 0
        for rid in (guild.id, *self._roles_in(user, guild)):
            value |= int(self.roles[rid]["permissions"])
        if value & discord.Permissions(administrator=True).value:
            return discord.Permissions.all().value
        return value

    def _roles_in(self, user: FakeUser, guild: FakeGuild) -> list[int]:
        """The user's roles that belong to the guild."""
        return [r for r in user.roles if r in guild.role_ids]

    def member_payload(
        self, user: FakeUser, *, guild_id: int = 0, with_permissions: bool = False
    ) -> JSON:
        """The member object in a guild (default the first), with `permissions` as
        interactions send it."""
        guild = self.guilds[guild_id or self.guild_id]
        data: JSON = {
            "user": user.payload(),
            "roles": [str(r) for r in self._roles_in(user, guild)],
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
            data["permissions"] = str(self.permissions(user, guild.id))
        return data

    def guild_payload(self, guild_id: int = 0) -> JSON:
        """The full GUILD_CREATE payload of a guild (default the first): roles, channels,
        and every member."""
        guild = self.guilds[guild_id or self.guild_id]
        ours = str(guild.id)
        members = [self.member_payload(self.users[u], guild_id=guild.id) for u in guild.members]
        return {
            "id": ours,
            "name": guild.name,
            "owner_id": str(guild.owner_id or self.app_id),
            "roles": [self.roles[r] for r in guild.role_ids],
            "channels": [c for c in self.channels.values() if c["guild_id"] == ours],
            "members": members,
            "member_count": len(members),
            "large": False,
            "unavailable": False,
            "features": [],
            "emojis": [],
            "stickers": [],
            "threads": [t for t in self.threads.values() if t["guild_id"] == ours],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "preferred_locale": guild.locale,
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
