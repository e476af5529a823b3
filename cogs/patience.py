"""Patience in Discord: `/patience play` opens a public thread for the player with the
layout and its move controls, and `/patience stats` shows a player's record.

Everyone in the thread sees each move as the table message is edited; the controls on
that message (a select of piles with a move, buttons for the one-word moves) are
`cogs._patience_controls`.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import ParlourBot
from bot.games import english, registry
from bot.tables.standings import PatienceStats
from cogs._base import Interaction, guild_id_of
from cogs._opening import open_patience, patience_game
from cogs._patience_controls import DestinationSelect, PatienceButton, SourceSelect
from cogs.autocomplete import MAX_CHOICES, choice_name

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
            f"Assisted games (asked 'Can I still win?'; no perfect win, no streak):"
            f" {stats.assisted:,}",
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
        if g.info.solitary and (typed in g.info.key or typed in english(g.info.title).casefold())
    ]
    found.sort(
        key=lambda i: not (i.key.startswith(typed) or english(i.title).casefold().startswith(typed))
    )
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

    async def cog_unload(self) -> None:
        """Take the controls away again."""
        self.bot.remove_dynamic_items(SourceSelect, DestinationSelect, PatienceButton)

    @patience.command(name="play", description="Play a patience in a thread of this channel")
    @app_commands.describe(
        game="The patience to play",
        seed="A seed, to replay a deal",
        winnable="Deal only a deal the solver has proved winnable (takes no seed)",
    )
    @app_commands.autocomplete(game=patience_autocomplete)
    async def play(
        self,
        interaction: Interaction,
        game: str,
        seed: app_commands.Range[int, 0, 2**53] | None = None,
        winnable: bool = False,
    ) -> None:
        """Open a thread with the game in it."""
        await open_patience(interaction, game, seed, winnable=winnable)

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
        title = "patience" if info is None else english(info.title)
        await interaction.followup.send(stats_text(who.display_name, title, found))


async def setup(bot: commands.Bot) -> None:
    """Load the cog."""
    assert isinstance(bot, ParlourBot)
    await bot.add_cog(PatienceCog(bot))
