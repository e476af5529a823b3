"""The gateway side of the fake: which guilds a session is sent, by shard, and READY.

Discord sends a guild's events only to the session that identified with the guild's
shard, `[(guild_id >> 22) % shard_count, shard_count]`; a bot that is not sharded is one
session, shard 0 of 1, and gets every guild. `Shards` plays that for a bot run in-process:
READY per shard it opens (recorded in `identified`, as IDENTIFY would tell Discord), then
GUILD_CREATE for the guilds of that shard only, and it refuses to deliver an event of a
guild on a shard the bot does not hold. The network fake (`net`) builds the same READY.
"""

from __future__ import annotations

import discord
from discord.state import AutoShardedConnectionState

from .world import JSON, World


def bot_shards(bot: discord.Client) -> tuple[tuple[int, ...], int]:
    """The shards a bot opens and how many there are in all (a bot that is not sharded
    opens shard 0 of 1)."""
    if isinstance(bot, discord.AutoShardedClient):
        assert bot.shard_count is not None, "the fake needs the sharded bot's shard_count"
        return tuple(bot.shard_ids or range(bot.shard_count)), bot.shard_count
    if bot.shard_id is not None and bot.shard_count is not None:
        return (bot.shard_id,), bot.shard_count
    return (0,), 1


def ready_payload(
    world: World,
    shard_id: int,
    shard_count: int,
    session_id: str,
    resume_url: str = "wss://gateway.invalid",
) -> JSON:
    """READY for a session identified as [shard_id, shard_count]: the bot's user, its
    application, and the guilds of that shard (unavailable until their GUILD_CREATE)."""
    guilds = world.guilds_on(shard_id, shard_count)
    return {
        "v": 10,
        "user": world.bot_user.payload(),
        "guilds": [{"id": str(g), "unavailable": True} for g in guilds],
        "session_id": session_id,
        "resume_gateway_url": resume_url,
        "application": {"id": str(world.app_id), "flags": 0},
        "shard": [shard_id, shard_count],
    }


class Shards:
    """The gateway sessions of the bot running in-process, and every IDENTIFY made."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.identified: list[tuple[int, int]] = []
        """[shard_id, shard_count] of each session opened, in order, across restarts."""
        self.held: tuple[int, ...] = ()
        self.count = 1

    def check_count(self, bot: discord.Client) -> None:
        """A sharded bot must count the shards as the fake does (else the test placed its
        guilds on shards the bot does not know)."""
        count = bot_shards(bot)[1]
        sharded = isinstance(bot, discord.AutoShardedClient) or count > 1
        if sharded and count != self.world.shard_count:
            raise AssertionError(
                f"the bot counts {count} shards but the fake was made with"
                f" shard_count={self.world.shard_count}"
            )

    def open(self, bot: discord.Client) -> None:
        """Identify each of the bot's shards: READY, then GUILD_CREATE per guild on it."""
        self.held, self.count = bot_shards(bot)
        state = bot._connection
        if isinstance(state, AutoShardedConnectionState):
            state.shard_ids = list(self.held)  # as `launch_shards` sets it
        for shard in self.held:
            self.identified.append((shard, self.count))
            ready = ready_payload(self.world, shard, self.count, f"fake-session-{shard}")
            state.parse_ready(ready)  # type: ignore[arg-type]
            for guild_id in self.world.guilds_on(shard, self.count):
                state.parse_guild_create(self.world.guild_payload(guild_id))  # type: ignore[arg-type]

    def close(self) -> None:
        """The bot has gone: no shard is held."""
        self.held, self.count = (), 1

    def delivers(self, guild_id: int) -> bool:
        """Whether the running bot holds the guild's shard (so gets its events)."""
        return (guild_id >> 22) % self.count in self.held

    def check_delivers(self, guild_id: int) -> None:
        """Refuse an event of a guild whose shard the bot does not hold: Discord would
        send it to another process."""
        if not self.delivers(guild_id):
            shard = (guild_id >> 22) % self.count
            raise AssertionError(
                f"guild {guild_id} is on shard {shard} of {self.count}, and the bot holds"
                f" shards {list(self.held)}: Discord would never send it this guild's events"
            )
