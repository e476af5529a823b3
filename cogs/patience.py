"""Patience in Discord: `/patience play` opens a public thread for the player with the
layout and its move controls, and `/patience stats` shows a player's record.

Everyone in the thread sees each move as the table message is edited; the controls on
that message (a select of piles with a move, buttons for the one-word moves) are
`cogs._patience_controls`.
"""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import ParlourBot
from bot.games import GameInfo, registry
from bot.tables import Event, Table
from bot.tables.standings import PatienceStats
from cogs._base import Interaction, Refusal, bot_of, check_channel, guild_id_of
from cogs._patience_controls import (
    DestinationSelect,
    PatienceButton,
    SourceSelect,
    patience_controls,
)
from cogs._presenter import presenter_of
from cogs.autocomplete import MAX_CHOICES, choice_name, game_named

THREAD_ARCHIVE_MIN: Literal[1440] = 1440


def patience_game(text: str) -> GameInfo:
    """The patience game a player named; refuses games of other families."""
    info = game_named(text).info
    if not info.solitary:
        raise Refusal(f"{info.title} is not a patience; start it with /table start.")
    return info


async def open_patience(interaction: Interaction, game_key: str, seed: int | None) -> None:
    """Open the game in a new public thread of this channel (or in this thread), start
    it at once if it is played alone, and post its table message there. The interaction
    is deferred privately, so a refusal reaches only the player; the game is announced
    publicly once it is open."""
    bot, user = bot_of(interaction), interaction.user
    guild_id = guild_id_of(interaction)
    check_channel(interaction)
    info = patience_game(game_key)
    channel = interaction.channel
    if isinstance(channel, discord.Thread):
        bot.tables.require_free(channel.id)
    elif not isinstance(channel, discord.TextChannel):
        raise Refusal("Patience is played in a thread of a text channel; use it in one.")
    await interaction.response.defer(ephemeral=True, thinking=True)
    place: discord.Thread | None = None
    if isinstance(channel, discord.TextChannel):
        name = f"{info.title} - {user.display_name}"[:100]
        place = await channel.create_thread(
            name=name,
            type=discord.ChannelType.public_thread,
            auto_archive_duration=THREAD_ARCHIVE_MIN,
        )
    where = place.id if place is not None else interaction.channel_id
    assert where is not None
    table = await bot.tables.create(
        guild_id=guild_id,
        channel_id=where,
        host_id=user.id,
        host_name=user.display_name,
        game_key=info.key,
        options={},
        buy_in=None,
        seed=seed,
    )
    event = Event.CREATED
    if info.max_seats == 1:
        await bot.tables.start(table.id, user.id)
        event = Event.STARTED
    await post_patience(interaction, table, event, place)


async def post_patience(
    interaction: Interaction, table: Table, event: Event, place: discord.Thread | None
) -> None:
    """Post a new patience table's message (in its thread, or here) and say where it is:
    privately first (that fills the deferred answer), then to everyone."""
    presenter, user, info = presenter_of(bot_of(interaction)), interaction.user, table.game.info
    content, file, view = await presenter.message_parts(
        bot_of(interaction).tables.snapshot(table, event)
    )
    await interaction.followup.send(
        f"Your game of {info.title} is in <#{table.channel_id}>.", ephemeral=True
    )
    message: discord.Message
    if place is None:
        message = await interaction.followup.send(content, file=file, view=view, wait=True)
    else:
        message = await place.send(content, file=file, view=view)
        invite = "Join in with the buttons there." if info.max_seats > 1 else "Come and watch."
        await interaction.followup.send(
            f"{user.mention} opened **{info.title}** in {place.mention}. {invite}"
        )
    await presenter.remember_message(table.id, message.id)


# -- statistics --------------------------------------------------------------------------


def stats_text(name: str, title: str, stats: PatienceStats) -> str:
    """A player's record in a few lines."""
    if not stats.played:
        return f"{name} has not finished a game of {title} here yet."
    fewest = "-" if stats.fewest_moves is None else f"{stats.fewest_moves:,}"
    return "\n".join(
        [
            f"**{name}** at **{title}**",
            f"Played {stats.played:,} · won {stats.won:,} ({stats.win_rate:.0%})",
            f"Current streak {stats.current_streak:,} · best streak {stats.best_streak:,}",
            f"Fewest moves in a win: {fewest} · perfect wins (no undo, no hint): {stats.perfect:,}",
        ]
    )


async def patience_autocomplete(
    interaction: Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The patience games whose key or title matches what is typed."""
    typed = current.strip().casefold()
    found = [
        g.info
        for g in registry.all()
        if g.info.solitary and (typed in g.info.key or typed in g.info.title.casefold())
    ]
    found.sort(key=lambda i: not (i.key.startswith(typed) or i.title.casefold().startswith(typed)))
    return [app_commands.Choice(name=choice_name(i), value=i.key) for i in found[:MAX_CHOICES]]


class PatienceCog(commands.Cog, name="Patience"):
    """`/patience play` and `/patience stats`, and the patience controls."""

    patience = app_commands.Group(
        name="patience", description="Cheney's games of patience", guild_only=True
    )

    def __init__(self, bot: ParlourBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        """Install the persistent controls."""
        self.bot.add_dynamic_items(SourceSelect, DestinationSelect, PatienceButton)
        presenter = presenter_of(self.bot)
        presenter.controls["patience"] = patience_controls
        presenter.openers["patience"] = open_patience

    async def cog_unload(self) -> None:
        """Take the controls away again."""
        self.bot.remove_dynamic_items(SourceSelect, DestinationSelect, PatienceButton)

    @patience.command(name="play", description="Play a patience in a thread of this channel")
    @app_commands.describe(game="The patience to play", seed="A seed, to replay a deal")
    @app_commands.autocomplete(game=patience_autocomplete)
    async def play(
        self,
        interaction: Interaction,
        game: str,
        seed: app_commands.Range[int, 0, 2**53] | None = None,
    ) -> None:
        """Open a thread with the game in it."""
        await open_patience(interaction, game, seed)

    @patience.command(name="stats", description="A player's record at patience")
    @app_commands.describe(game="One patience (all of them if left out)", member="Whose record")
    @app_commands.autocomplete(game=patience_autocomplete)
    async def stats(
        self,
        interaction: Interaction,
        game: str | None = None,
        member: discord.Member | None = None,
    ) -> None:
        """Played, won, win rate, streaks, fewest moves and perfect wins."""
        guild_id = guild_id_of(interaction)
        info = None if game is None else patience_game(game)
        who = member or interaction.user
        await interaction.response.defer(thinking=True)
        found = await self.bot.tables.standings.patience_stats(
            guild_id, who.id, None if info is None else info.key
        )
        title = "patience" if info is None else info.title
        await interaction.followup.send(stats_text(who.display_name, title, found))


async def setup(bot: commands.Bot) -> None:
    """Load the cog."""
    assert isinstance(bot, ParlourBot)
    await bot.add_cog(PatienceCog(bot))
