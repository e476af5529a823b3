"""A tiny sample bot for the harness selftests: one slash group, a DynamicItem, a select,
a modal, autocomplete and a DM — the shapes Parlour's cogs will use."""

from __future__ import annotations

import io
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

GAMES = ["black-joke", "blind-hookey", "newmarket", "quinto"]


def picture(n: int) -> discord.File:
    """A stand-in for a rendered table picture."""
    return discord.File(io.BytesIO(f"png-{n}".encode()), filename="table.png")


class BumpButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"sample:(?P<n>[0-9]+)",
):
    """A button that survives restarts: its state lives in its custom_id."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Bump {n}", custom_id=f"sample:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> BumpButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        view = discord.ui.View(timeout=None)
        view.add_item(BumpButton(self.n + 1))
        await interaction.edit_original_response(
            content=f"bumped to {self.n + 1}", attachments=[picture(self.n + 1)], view=view
        )
        await interaction.followup.send(f"you bumped {self.n}", ephemeral=True)


class PickView(discord.ui.View):
    """A string select, tied to its message."""

    @discord.ui.select(
        custom_id="sample:pick", options=[discord.SelectOption(label=g) for g in GAMES]
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[Any]) -> None:
        await interaction.response.edit_message(content=f"picked {select.values[0]}", view=None)
        await interaction.followup.send("good choice", ephemeral=True)


class FeedbackModal(discord.ui.Modal, title="Feedback"):
    """A modal with a plain text input and a labelled one."""

    text: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Text", custom_id="fb:text")
    rating: discord.ui.Label[Any] = discord.ui.Label(
        text="Rating", component=discord.ui.TextInput(custom_id="fb:rating", max_length=2)
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        assert isinstance(self.rating.component, discord.ui.TextInput)
        rating = self.rating.component.value
        await interaction.response.send_message(
            f"thanks: {self.text.value} ({rating})", ephemeral=True
        )


class Sample(commands.GroupCog, group_name="sample"):
    """/sample ..."""

    admin = app_commands.Group(name="admin", description="Admin things")

    def __init__(self) -> None:
        super().__init__()
        self.dm_errors: list[discord.HTTPException] = []

    @app_commands.command(description="Say hello with a picture and a button")
    async def hello(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        view = discord.ui.View(timeout=None)
        view.add_item(BumpButton(1))
        await interaction.followup.send("hello", file=picture(1), view=view)

    @app_commands.command(description="Answer at once")
    async def ping(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pong")

    @app_commands.command(description="Give chips")
    async def give(
        self,
        interaction: discord.Interaction,
        member: discord.Member,
        amount: app_commands.Range[int, 1, 100],
        note: str | None = None,
    ) -> None:
        text = f"{member.display_name} gets {amount!r} ({type(amount).__name__}) {note or ''}"
        await interaction.response.send_message(text.strip(), ephemeral=True)

    @app_commands.command(description="Pick a game")
    async def pick(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await interaction.response.send_message(f"pick one ({game})", view=PickView())

    @pick.autocomplete("game")
    async def pick_game(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=g, value=g) for g in GAMES if g.startswith(current)]

    @app_commands.command(description="Give feedback")
    async def feedback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(FeedbackModal())

    @app_commands.command(description="DM someone their hand")
    async def dm(self, interaction: discord.Interaction, member: discord.Member) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            await member.send("your hand", file=picture(0))
        except discord.Forbidden as error:
            self.dm_errors.append(error)
            await interaction.followup.send("their DMs are closed")
        else:
            await interaction.followup.send("sent")

    @admin.command(description="Reset everything")
    @app_commands.default_permissions(manage_guild=True)
    async def reset(self, interaction: discord.Interaction, hard: bool = False) -> None:
        await interaction.response.send_message(f"reset hard={hard}", ephemeral=True)


@app_commands.command(name="sample-config", description="Admins only")
@app_commands.default_permissions(manage_guild=True)
@app_commands.guild_only()
async def sample_config(interaction: discord.Interaction) -> None:
    """A top-level admin command, hidden by Discord from members without Manage Server."""
    await interaction.response.send_message("configured", ephemeral=True)


class SampleBot(commands.Bot):
    """The bot: registers the DynamicItem at start-up, as Parlour will."""

    def __init__(self) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
        self.sample = Sample()

    async def setup_hook(self) -> None:
        self.add_dynamic_items(BumpButton)
        await self.add_cog(self.sample)
        self.tree.add_command(sample_config)
        await self.tree.sync()
