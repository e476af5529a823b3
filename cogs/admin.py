"""`/parlour config` for a server's admins, and the owner's `@Parlour sync`.

`/parlour config` without options shows the server's settings; with options it checks
and saves them (`bot.guild_settings`, one unit of work) and says what changed. Discord
shows it only to members with Manage Server, and the command checks that again, since a
server can grant the command to anyone. `@Parlour sync` (optionally `@Parlour sync here`)
uploads the slash commands, as `parlour sync` does from the command line.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import ParlourBot
from bot.guilds import LABELS, GuildSettings, SettingsError, changes_between
from cogs._base import Interaction, Refusal, bot_of, guild_id_of

log = logging.getLogger(__name__)


def setting_text(name: str, value: object) -> str:
    """A setting's value in words (channel and role mentions where it names them)."""
    if name == "allowed_channels":
        assert isinstance(value, frozenset | set | tuple | list)
        return ", ".join(f"<#{c}>" for c in sorted(value)) or "every channel"
    if name == "moderator_role_id":
        return "none" if value is None else f"<@&{value}>"
    if isinstance(value, bool):
        return "on" if value else "off"
    if name.endswith("_s"):
        return f"{value:,} seconds"
    return f"{value:,} chip" + ("" if value == 1 else "s")


def settings_text(settings: GuildSettings) -> str:
    """Every setting of a server, one a line."""
    lines = ["**Parlour's settings on this server**"]
    for name, label in LABELS.items():
        lines.append(f"{label}: {setting_text(name, getattr(settings, name))}")
    lines.append("Change them with the options of /parlour config.")
    return "\n".join(lines)


def changed_text(old: GuildSettings, new: GuildSettings) -> str:
    """What a change did, one setting a line."""
    changes = changes_between(old, new)
    if not changes:
        return "Nothing changed: those are the settings already."
    lines = ["Saved."]
    for name, before, after in changes:
        lines.append(f"{LABELS[name]}: {setting_text(name, before)} → {setting_text(name, after)}")
    return "\n".join(lines)


def requested_changes(
    current: GuildSettings,
    numbers: dict[str, int | None],
    role: discord.Role | None,
    clear_role: bool,
    allow: discord.abc.GuildChannel | None,
    disallow: discord.abc.GuildChannel | None,
) -> dict[str, Any]:
    """The options an admin gave, as `GuildSettingsStore.update` keywords."""
    changes: dict[str, Any] = {name: value for name, value in numbers.items() if value is not None}
    if role is not None and clear_role:
        raise Refusal("Give a moderator role or clear it, not both.")
    if role is not None or clear_role:
        changes["moderator_role_id"] = None if role is None else role.id
    if allow is not None or disallow is not None:
        channels = set(current.allowed_channels)
        channels |= {allow.id} if allow is not None else set()
        channels -= {disallow.id} if disallow is not None else set()
        changes["allowed_channels"] = frozenset(channels)
    return changes


def require_manage_guild(interaction: Interaction) -> None:
    """Refuse members without Manage Server (a server may open the command to anyone)."""
    if not interaction.permissions.manage_guild:
        raise Refusal("Only members with the Manage Server permission can change these settings.")


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class Admin(commands.GroupCog, group_name="parlour", group_description="Parlour on this server"):
    """`/parlour config` and the owner's `@Parlour sync`."""

    def __init__(self, bot: ParlourBot) -> None:
        super().__init__()
        self.bot = bot

    @app_commands.command(description="Show or change Parlour's settings on this server")
    @app_commands.describe(
        starting_chips="Chips a new player starts with (0 to 1,000,000,000)",
        daily_chips="Chips /chips daily pays every 20 hours (0 to 1,000,000; 0 turns it off)",
        buy_in="The buy-in of a chip table whose host names none",
        min_buy_in="The smallest buy-in a host may name (1 to 1,000,000)",
        max_buy_in="The largest buy-in a host may name (1 to 1,000,000)",
        turn_clock_s="Seconds a player has to move before the AI plays for them (30 to 3,600)",
        moderator_role="A role whose members may end any table",
        clear_moderator_role="True to have no moderator role",
        allow_channel="Allow Parlour in this channel (once any is allowed, only those)",
        disallow_channel="Stop allowing this channel (with none allowed, Parlour is everywhere)",
        replay_reveal="True to let replays of closed tables show every hand of finished deals",
    )
    async def config(
        self,
        interaction: Interaction,
        starting_chips: int | None = None,
        daily_chips: int | None = None,
        buy_in: int | None = None,
        min_buy_in: int | None = None,
        max_buy_in: int | None = None,
        turn_clock_s: int | None = None,
        moderator_role: discord.Role | None = None,
        clear_moderator_role: bool = False,
        allow_channel: discord.TextChannel | None = None,
        disallow_channel: discord.TextChannel | None = None,
        replay_reveal: bool | None = None,
    ) -> None:
        """Show the settings, or change them and say what changed."""
        guild_id = guild_id_of(interaction)
        require_manage_guild(interaction)
        store = bot_of(interaction).guild_settings
        old = store.get(guild_id)
        numbers = {
            "starting_chips": starting_chips,
            "daily_chips": daily_chips,
            "buy_in": buy_in,
            "min_buy_in": min_buy_in,
            "max_buy_in": max_buy_in,
            "turn_clock_s": turn_clock_s,
        }
        changes = requested_changes(
            old, numbers, moderator_role, clear_moderator_role, allow_channel, disallow_channel
        )
        if replay_reveal is not None:
            changes["replay_reveal"] = replay_reveal
        if not changes:
            await interaction.response.send_message(settings_text(old), ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            new = await store.update(guild_id, **changes)
        except SettingsError as exc:
            raise Refusal(exc.reason) from None
        await interaction.followup.send(changed_text(old, new), ephemeral=True)

    @commands.command(name="sync")
    @commands.is_owner()
    async def sync(self, ctx: commands.Context[ParlourBot], scope: str | None = None) -> None:
        """Upload the slash commands: globally, or with `here` to this server only."""
        if scope == "here" and ctx.guild is not None:
            self.bot.tree.copy_global_to(guild=ctx.guild)
            synced = await self.bot.tree.sync(guild=ctx.guild)
            where = " to this server"
        else:
            synced = await self.bot.tree.sync()
            where = ""
        await ctx.reply(f"Synced {len(synced)} commands{where}.", mention_author=False)

    @commands.Cog.listener()
    async def on_command_error(
        self, ctx: commands.Context[ParlourBot], error: commands.CommandError
    ) -> None:
        """Answer a refused mention command; ignore mentions that name no command."""
        if isinstance(error, commands.CommandNotFound):
            return
        if isinstance(error, commands.NotOwner):
            await ctx.reply("Only the bot's owner can do that.", mention_author=False)
            return
        log.error("a mention command failed", exc_info=error)


async def setup(bot: commands.Bot) -> None:
    """Load the cog."""
    assert isinstance(bot, ParlourBot)
    await bot.add_cog(Admin(bot))
