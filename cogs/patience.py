"""Patience in Discord: `/patience play` opens a public thread for the player with the
layout and its move controls, and `/patience stats` shows a player's record.

The table message in the thread offers a select of the piles that have a move (choosing
one answers the chooser privately with that pile's legal destinations) and buttons for
the one-word moves (Deal, Redeal, Next, Auto, Hint, Undo, Redo, Give up). Everyone in
the thread sees each move as the message is edited; only the seated player (in
Sympathy, the one whose turn it is) can act. Every control is a `DynamicItem` whose
custom_id carries the table and the state version, so a stale click is refused and a
click after a restart still works.
"""

from __future__ import annotations

import re
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import ParlourBot
from bot.games import Game, GameInfo, registry
from bot.tables import Event, Table, TableError, Update
from bot.tables.standings import PatienceStats
from cogs._base import (
    Refusal,
    VersionedSelect,
    bot_of,
    check_channel,
    dynamic_view,
    guarded,
    guild_id_of,
    on_its_message,
)
from cogs._moves import menu, natural_key
from cogs._presenter import presenter_of
from cogs.autocomplete import MAX_CHOICES, choice_name, game_named

BUTTONS = {
    "deal": ("Deal", discord.ButtonStyle.primary),
    "redeal": ("Redeal", discord.ButtonStyle.primary),
    "grace": ("Grace card", discord.ButtonStyle.primary),
    "auto": ("Auto", discord.ButtonStyle.success),
    "hint": ("Hint", discord.ButtonStyle.secondary),
    "undo": ("Undo", discord.ButtonStyle.secondary),
    "redo": ("Redo", discord.ButtonStyle.secondary),
    "resign": ("Give up", discord.ButtonStyle.danger),
}
CONTROLS = ("auto", "hint", "undo", "redo", "resign")
"""The one-word actions that are not moves of the game; they come after its own."""
MAX_BUTTONS = 10
THREAD_ARCHIVE_MIN: Literal[1440] = 1440


def source_of(action: str) -> str | None:
    """The pile (or card) an action starts from: its first argument ('move t3 f1' -> t3)."""
    words = action.split(" ")
    return words[1] if len(words) > 1 else None


def split_actions(game: Game[Any], legal: list[str]) -> tuple[dict[str, list[str]], list[str]]:
    """The legal actions by source, and the one-word actions in button order. An action
    of several words whose first argument is not a pile of the game ('take next card')
    stands alone in the select, under its own words."""
    piles = set(getattr(getattr(game, "spec", None), "index", ()))
    sources: dict[str, list[str]] = {}
    words: list[str] = []
    for action in legal:
        source = source_of(action)
        if source is None:
            words.append(action)
        elif piles and source not in piles:
            sources[action] = [action]
        else:
            sources.setdefault(source, []).append(action)
    order = {"deal": 0, "redeal": 1} | {c: 3 + i for i, c in enumerate(CONTROLS)}
    words.sort(key=lambda w: (order.get(w, 2), w))
    return sources, words


def players_of(table: Table) -> list[str]:
    """The names of the human players still at the table."""
    return [s.name for s in table.humans()]


def patience_controls(update: Update) -> discord.ui.View:
    """The controls under a patience table's message while the game is on."""
    table, view = update.table, dynamic_view()
    awaiting = sorted(table.game.awaiting(table.state))
    if not awaiting:
        return view
    legal = table.game.legal_actions(table.state, awaiting[0])
    sources, words = split_actions(table.game, legal)
    if sources:
        options = [
            discord.SelectOption(label=_source_label(table, s, sources[s])[:100], value=s)
            for s in menu(list(sources))
        ]
        placeholder = "Turn up a pile..." if "players" in (update.public or {}) else "Move from..."
        view.add_item(SourceSelect(table.id, table.version, options, placeholder))
    for action in words[:MAX_BUTTONS]:
        view.add_item(PatienceButton(table.id, table.version, action))
    return view


def _source_label(table: Table, source: str, actions: list[str]) -> str:
    """'t3 (2 moves)', or the move itself when the pile has only one."""
    if len(actions) == 1:
        return table.game.describe_action(actions[0])
    return f"{source} ({len(actions)} moves)"


# -- the controls ------------------------------------------------------------------------


class PatienceButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"pp:(?P<table>[0-9]{1,19}):(?P<version>[0-9]{1,12}):(?P<action>[a-z0-9_-]{1,20})",
):
    """A one-word action on the table message: Deal, Next, Auto, Hint, Undo, Give up..."""

    def __init__(self, table_id: int, version: int, action: str) -> None:
        label, style = BUTTONS.get(action, (action.capitalize(), discord.ButtonStyle.primary))
        super().__init__(
            discord.ui.Button(
                label=label, style=style, custom_id=f"pp:{table_id}:{version}:{action}"
            )
        )
        self.table_id, self.version, self.action = table_id, version, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PatienceButton:
        """Rebuild the button from its custom_id (the rules check the action)."""
        return cls(int(match["table"]), int(match["version"]), match["action"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Play the action the button names."""
        if not on_its_message(interaction):
            return
        await guarded(interaction, press(interaction, self.table_id, self.version, self.action))


# -- what the controls do ----------------------------------------------------------------


def player_table(interaction: discord.Interaction[Any], table_id: int, version: int) -> Table:
    """The table, if the user is one of its players and saw its current state."""
    table = bot_of(interaction).tables.table(table_id)
    seat = table.seat_of(interaction.user.id)
    if seat is None or table.seats[seat].left:
        names = players_of(table)
        who = " and ".join(names) or "someone else"
        verb = "are" if len(names) > 1 else "is"
        raise Refusal(f"Only {who} {verb} playing this game; you can watch and advise.")
    bot_of(interaction).tables.check_turn(table, interaction.user.id, version)
    return table


async def press(
    interaction: discord.Interaction[Any], table_id: int, version: int, action: str
) -> None:
    """A one-word action: play it; the table message shows what it did."""
    player_table(interaction, table_id, version)
    await interaction.response.defer()
    table = await bot_of(interaction).tables.act(table_id, interaction.user.id, version, action)
    if action == "hint" and table.state is not None:
        found = table.game.view(table.state, None).get("hint") or "none"
        words = "no move makes progress" if found == "none" else table.game.describe_action(found)
        await interaction.followup.send(f"Hint: {words}.", ephemeral=True)


async def choose_source(
    interaction: discord.Interaction[Any], table_id: int, version: int, source: str
) -> None:
    """Answer the chooser privately with the legal moves from that pile."""
    table = player_table(interaction, table_id, version)
    seat = table.seat_of(interaction.user.id)
    assert seat is not None
    sources, _ = split_actions(table.game, table.game.legal_actions(table.state, seat))
    moves = sorted(sources.get(source, []), key=natural_key)
    if not moves:
        raise TableError("That pile has no move now; choose another.")
    if len(moves) == 1 and (moves[0] == source or len(moves[0].split(" ")) == 2):
        # a move with no destination ('turn 5', 'take next card'): play it at once
        await interaction.response.defer()
        await bot_of(interaction).tables.act(table_id, interaction.user.id, version, moves[0])
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    options = [
        discord.SelectOption(label=table.game.describe_action(a)[:100], value=a)
        for a in menu(moves)
    ]
    view = dynamic_view()
    view.add_item(DestinationSelect(table.id, table.version, options))
    await interaction.followup.send(f"Move from {source} to...", view=view, ephemeral=True)


async def play_destination(
    interaction: discord.Interaction[Any], table_id: int, version: int, action: str
) -> None:
    """Play the move chosen in the private destination list, then say so there."""
    player_table(interaction, table_id, version)
    await interaction.response.defer()
    table = await bot_of(interaction).tables.act(table_id, interaction.user.id, version, action)
    said = f"You played: {table.game.describe_action(action)}."
    await interaction.edit_original_response(content=said, view=None)


# -- opening a game ----------------------------------------------------------------------


class SourceSelect(
    VersionedSelect,
    template=r"ps:(?P<table>[0-9]{1,19}):(?P<version>[0-9]{1,12})",
):
    """The piles that have a move, on the table message; choosing one offers its
    destinations (or plays its only move)."""

    prefix, placeholder = "ps", "Move from..."
    act = staticmethod(choose_source)


class DestinationSelect(
    VersionedSelect,
    template=r"pd:(?P<table>[0-9]{1,19}):(?P<version>[0-9]{1,12})",
):
    """One pile's legal moves, shown privately to the player who chose the pile."""

    prefix, placeholder = "pd", "Move to..."
    act = staticmethod(play_destination)


def patience_game(text: str) -> GameInfo:
    """The patience game a player named; refuses games of other families."""
    info = game_named(text).info
    if info.family != "patience":
        raise Refusal(f"{info.title} is not a patience; start it with /table start.")
    return info


async def open_patience(
    interaction: discord.Interaction[Any], game_key: str, seed: int | None
) -> None:
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
    interaction: discord.Interaction[Any], table: Table, event: Event, place: discord.Thread | None
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
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """The patience games whose key or title matches what is typed."""
    typed = current.strip().casefold()
    found = [
        g.info
        for g in registry.all()
        if g.info.family == "patience" and (typed in g.info.key or typed in g.info.title.casefold())
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
        interaction: discord.Interaction[Any],
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
        interaction: discord.Interaction[Any],
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
