"""`/parlour config` for a server's admins, `/parlour language` for everyone, and the
owner's `@Parlour sync`.

`/parlour config` without options shows the server's settings; with options it checks
and saves them (`bot.guild_settings`, one unit of work) and says what changed; its
`language` is the language of the server's tables (`bot.languages`). Only members with
Manage Server may change them: the command checks it, since the `/parlour` group is shown
to every member for `/parlour language` (Discord's default permissions are the whole
group's, so they cannot hide one subcommand). `/parlour language` shows or sets the
language Parlour answers a member in. Every interaction's Discord locale is remembered
here for the DMs that come with none. `@Parlour sync` (optionally `@Parlour sync here`)
uploads the slash commands, as `parlour sync` does from the command line.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice, locale_str
from discord.ext import commands

from bot.client import ParlourBot
from bot.games import Message, message
from bot.guilds import LABELS, GuildSettings, SettingsError, changes_between
from bot.i18n import LOCALES, Languages, autonym, supported
from cogs._base import Interaction, Refusal, bot_of, guild_id_of
from cogs._words import reader_of, say

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
    """Refuse members without Manage Server (the `/parlour` group is shown to everyone)."""
    if not interaction.permissions.manage_guild:
        raise Refusal(
            message(
                "refusal.config.manage-server",
                "Only members with the Manage Server permission can change these settings.",
            )
        )


FOLLOW = "discord"
"""The language choice that follows Discord's locale (the server's, or the member's)."""
LANGUAGE_CHOICES = [
    *(Choice(name=autonym(locale), value=locale) for locale in LOCALES),
    Choice(name=locale_str("Discord's", key="command.parlour.language.discord"), value=FOLLOW),
]
"""Each language by its own name, and Discord's."""


def server_language_text(languages: Languages, guild_id: int, preferred: str | None) -> Message:
    """The language of a server's tables, and whether its admins chose it."""
    language = autonym(languages.server(guild_id, preferred))
    if languages.server_choice(guild_id) is not None:
        return message(
            "language.server.chosen", "The tables' language: {language}", language=language
        )
    return message(
        "language.server.discord",
        "The tables' language: {language} (the server's Discord language)",
        language=language,
    )


def member_language_text(chosen: str | None, discord: str | None, changed: bool) -> Message:
    """What language a member is answered in, and why (`changed`: they just chose)."""
    if chosen is not None:
        if changed:
            return message(
                "language.member.set",
                "Parlour answers you in {language} from now on.",
                language=autonym(chosen),
            )
        return message(
            "language.member.chosen",
            "Parlour answers you in {language}, as you chose. Choose “Discord's” to follow"
            " your Discord language instead.",
            language=autonym(chosen),
        )
    follows = supported(discord)
    if follows is None:
        return message(
            "language.member.fallback",
            "Parlour answers you in English: it does not speak your Discord language yet."
            " Choose one with /parlour language.",
        )
    return message(
        "language.member.discord",
        "Parlour answers you in {language}, your Discord language.",
        language=autonym(follows),
    )


@app_commands.guild_only()
class Admin(
    commands.GroupCog,
    group_name="parlour",
    group_description=locale_str("Parlour on this server", key="command.parlour.description"),
):
    """`/parlour config`, `/parlour language` and the owner's `@Parlour sync`."""

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
        language=locale_str(
            "The language of this server's tables (Discord's: the server's own)",
            key="command.parlour.config.language.description",
        ),
    )
    @app_commands.rename(
        language=locale_str("language", key="command.parlour.config.language.name")
    )
    @app_commands.choices(language=LANGUAGE_CHOICES)
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
        language: Choice[str] | None = None,
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
        if not changes and language is None:
            shown = [settings_text(old), self._tables_language(interaction)]
            await interaction.response.send_message("\n".join(shown), ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        said = []
        if changes:
            try:
                said.append(changed_text(old, await store.update(guild_id, **changes)))
            except SettingsError as exc:
                raise Refusal(exc.reason) from None
        if language is not None:
            said.append(await self._set_tables_language(interaction, language.value))
        await interaction.followup.send("\n".join(said), ephemeral=True)

    def _tables_language(self, interaction: Interaction) -> str:
        """The line saying the language of the server's tables, in the reader's words."""
        preferred = interaction.guild_locale.value if interaction.guild_locale else None
        text = server_language_text(self.bot.languages, guild_id_of(interaction), preferred)
        return say(reader_of(interaction), text)

    async def _set_tables_language(self, interaction: Interaction, value: str) -> str:
        """Set the language of the server's tables; the line saying what it is now."""
        guild_id, languages = guild_id_of(interaction), self.bot.languages
        await languages.set_server(guild_id, None if value == FOLLOW else value)
        preferred = interaction.guild_locale.value if interaction.guild_locale else None
        language = autonym(languages.server(guild_id, preferred))
        if value == FOLLOW:
            text = message(
                "language.server.follow",
                "Saved: tables on this server follow its Discord language, now {language}.",
                language=language,
            )
        else:
            text = message(
                "language.server.set",
                "Saved: tables on this server are now in {language}.",
                language=language,
            )
        return say(reader_of(interaction), text)

    @app_commands.command(
        name=locale_str("language", key="command.parlour.language.name"),
        description=locale_str(
            "The language Parlour answers you in", key="command.parlour.language.description"
        ),
    )
    @app_commands.describe(
        language=locale_str(
            "Your language (Discord's: follow your Discord settings)",
            key="command.parlour.language.language.description",
        )
    )
    @app_commands.rename(
        language=locale_str("language", key="command.parlour.language.language.name")
    )
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language(self, interaction: Interaction, language: Choice[str] | None = None) -> None:
        """Show the language a member is answered in, or set it."""
        languages, user_id = bot_of(interaction).languages, interaction.user.id
        if language is not None:
            await languages.choose(user_id, None if language.value == FOLLOW else language.value)
        text = member_language_text(
            languages.chosen(user_id), interaction.locale.value, changed=language is not None
        )
        await interaction.response.send_message(say(reader_of(interaction), text), ephemeral=True)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[ParlourBot]) -> None:
        """Remember the Discord locale of each person's latest interaction (for DMs)."""
        await self.bot.languages.seen(interaction.user.id, interaction.locale.value)

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
