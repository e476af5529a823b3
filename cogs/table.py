"""The table in Discord: `/table start|join|leave|status|stop|watch|history|replay` and the
table message's buttons; each player's private "My hand" with their legal moves is `cogs._hand`.

Every button is a `DynamicItem` whose custom_id carries the table (and, for moves, the
state version), registered at start-up, so a button sent before a restart still works
and a stale one is told the table has moved on. The rules and the chips are the table
service's; this cog only translates.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import ParlourBot
from bot.games.options import parse_pairs
from bot.tables import Event, Status, Table
from bot.tables.seams import Controls
from cogs._activity import PlayInDiscord
from cogs._base import (
    Interaction,
    Refusal,
    bot_of,
    dynamic_view,
    guarded,
    guild_id_of,
    is_moderator,
    on_its_message,
)
from cogs._hand import ActionButton, DeclineButton, OptionalButton, OtherMove, hand_view
from cogs._opening import open_table, rematch
from cogs._patience_controls import patience_items
from cogs._play import ActionSelect, show_hand
from cogs._presenter import DiscordPresenter, Widgets, presenter_of
from cogs._staking import SpreadOwn
from cogs._watch import show_watch
from cogs.autocomplete import game_autocomplete, game_named, table_game_autocomplete
from cogs.history import PageButton, show_history
from cogs.replay import REPLAY_ITEMS, show_replay

VERBS = ("join", "leave", "ai", "start", "hand", "back", "rematch")


def message_controls(controls: Controls) -> discord.ui.View:
    """The components under a table's message: its verbs as buttons, and a patience's
    piles and one-word actions while it is played."""
    view = dynamic_view()
    for verb in controls.verbs:
        view.add_item(TableButton(controls.table_id, verb))
    patience_items(view, controls)
    return view


WIDGETS = Widgets(table=message_controls, hand=hand_view)
"""How the seam's values become Discord components."""


_LABELS = {
    "join": ("Join", discord.ButtonStyle.success),
    "leave": ("Leave", discord.ButtonStyle.secondary),
    "ai": ("Add AI", discord.ButtonStyle.secondary),
    "start": ("Start", discord.ButtonStyle.primary),
    "hand": ("My hand", discord.ButtonStyle.primary),
    "back": ("I'm back", discord.ButtonStyle.secondary),
    "rematch": ("Rematch", discord.ButtonStyle.success),
}


class TableButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"pt:(?P<table>[0-9]{1,19}):(?P<verb>[a-z]{1,12})",
):
    """A button of a table's message: join, leave, add AI, start, my hand, rematch."""

    def __init__(self, table_id: int, verb: str) -> None:
        label, style = _LABELS.get(verb, ("?", discord.ButtonStyle.secondary))
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=f"pt:{table_id}:{verb}")
        )
        self.table_id, self.verb = table_id, verb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TableButton:
        """Rebuild the button from its custom_id (validated in the callback)."""
        return cls(int(match["table"]), match["verb"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Do what the button says, answering any refusal in plain words."""
        if not on_its_message(interaction, self):
            return  # forged: cogs._strays answers it
        await guarded(interaction, press(interaction, self.table_id, self.verb))


# -- what the buttons do -----------------------------------------------------------------


async def press(interaction: Interaction, table_id: int, verb: str) -> None:
    """Handle a table-message button."""
    bot, user = bot_of(interaction), interaction.user
    if verb not in VERBS:
        raise Refusal("That button is not one of Parlour's; nothing was done.")
    if verb == "hand":
        await show_hand(interaction, table_id)
        return
    if verb == "rematch":
        await rematch(interaction, table_id)
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    service = bot.tables
    if verb == "join":
        await service.join(table_id, user.id, user.display_name)
        await interaction.followup.send(
            await seated_note(bot, interaction, table_id), ephemeral=True
        )
        return
    if verb == "leave":
        table = await service.leave(table_id, user.id)
        await interaction.followup.send(left_note(table, user.id), ephemeral=True)
        return
    done = {
        "ai": (service.add_ai, "An AI player sits down."),
        "start": (service.start, "The cards are dealt."),
        "back": (service.resume, "Your seat is yours again."),
    }
    method, note = done[verb]
    await method(table_id, user.id)
    await interaction.followup.send(note, ephemeral=True)


def left_note(table: Table, user_id: int) -> str:
    """What a player who asked to leave is told, as the table stands once the leave is
    done: at a chip table mid-deal the seat leaves when the hand ends (the service's
    "end of hand"), played by the AI until then, and its chips come home then."""
    index = table.seat_of(user_id)
    seat = None if index is None else table.seats[index]
    chips = " Your chips went back to your purse." if table.buy_in else ""
    if seat is None:  # a lobby's seat is given up at once
        return "You have left the table." + chips
    if seat.leaving:
        return (
            "You'll leave when this hand ends; the AI plays your seat until then, "
            "and your chips come home then."
        )
    if table.status is Status.CLOSED and not seat.left:  # the last player's leave closed it
        return "You were the last player, so the table is closed; every stake went home."
    if table.is_chip_game:
        return "You have left the table." + chips
    return "You have left the table; the AI plays your seat from now on."


async def seated_note(bot: ParlourBot, interaction: Interaction, table_id: int) -> str:
    """Probe the new player's DMs (again, a day after they were found closed) and say
    where their cards will come."""
    table = bot.tables.table(table_id)
    stake = f" with {table.buy_in:,} chips" if table.buy_in else ""
    mailer = presenter_of(bot).mailer
    note = f"You are seated at {table.title}{stake}."
    closed = note + ' Your DMs are closed, so use "My hand" to see your cards.'
    if not mailer.should_probe(interaction.user.id):
        return closed
    hello = (
        f"You sat down at {table.title} in <#{table.channel_id}>. "
        'Your cards will come here; "My hand" at the table shows them too.'
    )
    if not await mailer.probe(interaction.user, hello):
        return closed
    return note + " Your cards will also come by DM."


PERSISTENT_ITEMS = (
    TableButton,
    ActionSelect,
    ActionButton,
    OptionalButton,
    DeclineButton,
    OtherMove,
    SpreadOwn,
    PageButton,
    PlayInDiscord,
    *REPLAY_ITEMS,
)
"""The persistent controls of table messages, private hands, /table history and replays."""


class TableCog(commands.Cog, name="Tables"):
    """`/table` commands and the table message's buttons."""

    table = app_commands.Group(name="table", description="Card tables in this channel")

    def __init__(self, bot: ParlourBot) -> None:
        self.bot = bot
        self.presenter = DiscordPresenter(bot, WIDGETS)

    async def cog_load(self) -> None:
        """Install the presenter and the persistent buttons."""
        self.bot.tables.presenters.append(self.presenter)
        self.bot.add_dynamic_items(*PERSISTENT_ITEMS)

    async def cog_unload(self) -> None:
        """Take the presenter and buttons away again."""
        self.bot.tables.presenters.remove(self.presenter)
        self.bot.remove_dynamic_items(*PERSISTENT_ITEMS)
        await self.presenter.close()

    @commands.Cog.listener()
    async def on_tables_recovered(self) -> None:
        """After a restart: load the table messages and re-render each one."""
        tables = self.bot.tables.tables()
        await self.presenter.load([t.id for t in tables])
        for table in tables:
            await self.presenter.refresh(self.bot.tables.snapshot(table, Event.RESUMED))

    @table.command(name="start", description="Open a table for a game in this channel")
    @app_commands.describe(
        game="The game to play",
        options="Game options as name=value words, e.g. rounds=2 max_rate=3",
        buy_in="Chips each player brings to a chip game (the server's default if left out)",
    )
    async def start(
        self,
        interaction: Interaction,
        game: str,
        options: str | None = None,
        buy_in: app_commands.Range[int, 1, 1_000_000] | None = None,
    ) -> None:
        """Open a lobby."""
        info = game_named(game).info
        if info.solitary:
            raise Refusal(
                f"{info.title} is patience, played in a thread of its own: "
                f"use /patience play game:{info.key}."
            )
        key = info.key
        await open_table(interaction, key, dict(parse_pairs([options or ""])), buy_in)

    @start.autocomplete("game")
    async def game_names(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Table games whose key or title matches what is typed, with their player counts."""
        return await table_game_autocomplete(interaction, current)

    @table.command(name="join", description="Sit down at this channel's table")
    async def join(self, interaction: Interaction) -> None:
        """Join the table in this channel."""
        table = self.bot.tables.require_in_channel(_channel(interaction))
        await press(interaction, table.id, "join")

    @table.command(name="leave", description="Leave this channel's table")
    async def leave(self, interaction: Interaction) -> None:
        """Leave the table in this channel."""
        table = self.bot.tables.require_in_channel(_channel(interaction))
        await press(interaction, table.id, "leave")

    @table.command(name="status", description="Show this channel's table")
    async def status(self, interaction: Interaction) -> None:
        """The table's picture and state, privately."""
        table = self.bot.tables.require_in_channel(_channel(interaction))
        await interaction.response.defer(ephemeral=True, thinking=True)
        snap = self.bot.tables.snapshot(table, Event.RESUMED)
        content, file, _ = await self.presenter.message_parts(snap)
        await interaction.followup.send(content, file=file, ephemeral=True)

    @table.command(name="stop", description="End this channel's table (host or moderator)")
    async def stop(self, interaction: Interaction) -> None:
        """Stop the table; the current hand is unwound and every stake goes home."""
        table = self.bot.tables.require_in_channel(_channel(interaction))
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.bot.tables.stop(
            table.id, interaction.user.id, moderator=is_moderator(interaction)
        )
        await interaction.followup.send(
            "The table is stopped; every stake went home.", ephemeral=True
        )

    @table.command(name="watch", description="The link to watch this table live on the web")
    @app_commands.describe(
        public="Post the link for the channel", reset="Replace the link (host or moderator)"
    )
    async def watch(
        self, interaction: Interaction, public: bool = False, reset: bool = False
    ) -> None:
        """Answer with the table's link, privately unless public; a new one with reset."""
        await show_watch(interaction, _channel(interaction), public, reset)

    @table.command(name="history", description="Finished tables in this server, newest first")
    @app_commands.describe(member="Only tables this member sat at", game="Only this game")
    @app_commands.autocomplete(game=game_autocomplete)
    async def history(
        self, interaction: Interaction, member: discord.User | None = None, game: str | None = None
    ) -> None:
        """Show the finished tables privately, ten a page."""
        key = None if game is None else game_named(game).info.key
        await show_history(interaction, member, key)

    @table.command(name="replay", description="Step through a table's game, move by move")
    @app_commands.describe(
        table="The table's number (as /table history lists it)",
        public="Post it for the channel (only what was public is shown)",
    )
    async def replay(
        self,
        interaction: Interaction,
        table: app_commands.Range[int, 1, 2**63 - 1],
        public: bool = False,
    ) -> None:
        """Open a replay privately, or for the channel with public."""
        await show_replay(interaction, table, public)


def _channel(interaction: Interaction) -> int:
    guild_id_of(interaction)
    assert interaction.channel_id is not None
    return interaction.channel_id


async def setup(bot: commands.Bot) -> None:
    """Load the cog."""
    assert isinstance(bot, ParlourBot)
    await bot.add_cog(TableCog(bot))
