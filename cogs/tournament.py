"""`/tournament create|join|leave|start|standings|cancel`: server tournaments in Discord.

A moderator creates a tournament in a text channel; its signup message (the service's
summary, with Join and Leave buttons: `cogs._signup`) is posted there and edited in place
as players come and go. Each round's tables are played in threads of that channel, opened
by the Discord host (`cogs._tournament_host`), which also posts the seating, the standings
after each round and the winner. The pairing, the chips and the tables are the tournament
service's (`bot.tournaments.service`); this cog only translates. Every refusal is answered
privately, before anything is posted to the channel.
"""

from __future__ import annotations

import io
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import ParlourBot
from bot.games import GameInfo
from bot.games.options import parse_pairs
from bot.tournaments.service import cancelled_words
from bot.tournaments.service.models import MAX_ROUNDS, Tournament
from cogs._base import (
    Interaction,
    Refusal,
    bot_of,
    check_channel,
    guild_id_of,
    is_moderator,
)
from cogs._render import rendered
from cogs._signup import SignupButton, join_tournament, leave_tournament, signup_embed, signup_view
from cogs._tournament_host import DiscordTournamentHost, standings_sheet
from cogs.autocomplete import game_named, table_game_autocomplete
from render.tournament import render_standings

Id = app_commands.Range[int, 1, 2**63 - 1]
WHICH = "The tournament's number (needed only when several are running here)"


def table_game(text: str) -> GameInfo:
    """The table game a moderator named; refuses patience, which is played alone."""
    info = game_named(text).info
    if info.solitary:
        raise Refusal(f"{info.title} is patience, played alone: pick a table game.")
    return info


def tournament_channel(interaction: Interaction) -> int:
    """The text channel a tournament is created in; refuses threads and DMs."""
    guild_id_of(interaction)
    check_channel(interaction)
    if isinstance(interaction.channel, discord.Thread) or interaction.channel_id is None:
        raise Refusal("A tournament's tables are threads of a text channel: create it in one.")
    return interaction.channel_id


def require_moderator(interaction: Interaction, doing: str) -> None:
    """Refuse someone who is neither a moderator nor holds Manage Server."""
    if not is_moderator(interaction):
        raise Refusal(f"Only moderators (Manage Server, or the server's moderator role) {doing}.")


async def post_signup(interaction: Interaction, tournament: Tournament) -> None:
    """Post the signup message to the channel and remember it: privately first (that
    fills the deferred answer), then to everyone."""
    await interaction.followup.send(
        f"Tournament #{tournament.id} of {tournament.title} is open for signup here.",
        ephemeral=True,
    )
    message = await interaction.followup.send(
        embed=signup_embed(tournament), view=signup_view(tournament), wait=True
    )
    await bot_of(interaction).tournaments.set_message(tournament.id, message.id)


class TournamentCog(commands.Cog, name="Tournaments"):
    """`/tournament` commands, the signup buttons, and the Discord tournament host."""

    tournament = app_commands.Group(
        name="tournament", description="Server tournaments over any table game", guild_only=True
    )

    def __init__(self, bot: ParlourBot) -> None:
        self.bot = bot
        self.host = DiscordTournamentHost(bot)

    async def cog_load(self) -> None:
        """Install the host and the persistent signup buttons."""
        self.bot.tournaments.hosts.append(self.host)
        self.bot.add_dynamic_items(SignupButton)

    async def cog_unload(self) -> None:
        """Take the host and the buttons away again."""
        self.bot.tournaments.hosts.remove(self.host)
        self.bot.remove_dynamic_items(SignupButton)
        await self.host.close()

    @tournament.command(name="create", description="Open a tournament's signup here (moderators)")
    @app_commands.describe(
        game="The table game played at every table",
        format="Swiss (every round, paired by points) or knockout (table winners advance)",
        rounds="Swiss: the rounds to play (enough for the players if left out)",
        seats="Players per table (the game's usual number if left out)",
        buy_in="Chips each player pays in; 0 for a tournament played for points",
        stack="Chip games: the stack every seat starts each table with",
        prizes="Shares of the pot in percent, e.g. 50 30 20 (the default)",
        starts_in="Start by itself this many minutes from now",
        options="Game options as name=value words, e.g. rounds=2",
    )
    @app_commands.autocomplete(game=table_game_autocomplete)
    async def create(
        self,
        interaction: Interaction,
        game: str,
        format: Literal["swiss", "knockout"],
        rounds: app_commands.Range[int, 1, MAX_ROUNDS] | None = None,
        seats: app_commands.Range[int, 2, 12] | None = None,
        buy_in: app_commands.Range[int, 0, 1_000_000] = 0,
        stack: app_commands.Range[int, 1, 1_000_000] | None = None,
        prizes: str | None = None,
        starts_in: app_commands.Range[int, 1, 10_080] | None = None,
        options: str | None = None,
    ) -> None:
        """Create a tournament and post its signup message in this channel."""
        require_moderator(interaction, "create tournaments")
        channel_id = tournament_channel(interaction)
        info = table_game(game)
        given = dict(parse_pairs([options or ""]))
        await interaction.response.defer(ephemeral=True, thinking=True)
        created = await self.bot.tournaments.create(
            guild_id=guild_id_of(interaction),
            channel_id=channel_id,
            host_id=interaction.user.id,
            game_key=info.key,
            format=format,
            rounds=rounds,
            seats=seats,
            buy_in=buy_in,
            stack=stack,
            shares=prizes,
            starts_in_min=starts_in,
            options=given,
        )
        await post_signup(interaction, created)

    @tournament.command(name="join", description="Sign up for this server's tournament")
    @app_commands.describe(tournament=WHICH)
    async def join(self, interaction: Interaction, tournament: Id | None = None) -> None:
        """Join the named tournament, or the server's only live one."""
        found = await self.bot.tournaments.find(guild_id_of(interaction), tournament)
        await join_tournament(interaction, found.id)

    @tournament.command(name="leave", description="Leave this server's tournament")
    @app_commands.describe(tournament=WHICH)
    async def leave(self, interaction: Interaction, tournament: Id | None = None) -> None:
        """Leave before the start (buy-in back), or drop out of a running one."""
        found = await self.bot.tournaments.find(guild_id_of(interaction), tournament)
        await leave_tournament(interaction, found.id)

    @tournament.command(name="start", description="Close the signup and seat round one")
    @app_commands.describe(tournament=WHICH)
    async def start(self, interaction: Interaction, tournament: Id | None = None) -> None:
        """Start now (its host or a moderator)."""
        found = await self.bot.tournaments.find(guild_id_of(interaction), tournament)
        await interaction.response.defer(ephemeral=True, thinking=True)
        started = await self.bot.tournaments.start(
            found.id, interaction.user.id, moderator=is_moderator(interaction)
        )
        await interaction.followup.send(
            f"Tournament #{started.id} has started: round one is seated in threads here.",
            ephemeral=True,
        )

    @tournament.command(name="cancel", description="Call a tournament off; every buy-in returns")
    @app_commands.describe(tournament=WHICH)
    async def cancel(self, interaction: Interaction, tournament: Id | None = None) -> None:
        """Cancel it (its host or a moderator)."""
        found = await self.bot.tournaments.find(guild_id_of(interaction), tournament)
        await interaction.response.defer(ephemeral=True, thinking=True)
        cancelled = await self.bot.tournaments.cancel(
            found.id, interaction.user.id, moderator=is_moderator(interaction)
        )
        await interaction.followup.send(cancelled_words(cancelled), ephemeral=True)

    @tournament.command(name="standings", description="A tournament's standings as a picture")
    @app_commands.describe(
        tournament="The tournament's number (this server's live one if left out)",
        public="Post them for the channel",
    )
    async def standings(
        self, interaction: Interaction, tournament: Id | None = None, public: bool = False
    ) -> None:
        """Show the standings privately, or for the channel with public."""
        guild_id = guild_id_of(interaction)
        service = self.bot.tournaments
        if tournament is None:
            tournament = (await service.find(guild_id, None)).id
        view = await service.standings(tournament, guild_id)  # refused before deferring
        await interaction.response.defer(ephemeral=not public, thinking=True)
        picture = await rendered(render_standings, standings_sheet(view), urgent=True)
        file = discord.File(io.BytesIO(picture.data), filename=picture.filename)
        await interaction.followup.send(
            f"**{view.title}** · {view.subtitle}", file=file, ephemeral=not public
        )


async def setup(bot: commands.Bot) -> None:
    """Load the cog."""
    assert isinstance(bot, ParlourBot)
    await bot.add_cog(TournamentCog(bot))
