"""The controls of a patience table's message in Discord: a select of the piles that
have a move (choosing one answers the chooser privately with that pile's destinations)
and buttons for the one-word moves (Deal, Redeal, Next, Auto, Hint, Undo, Redo, Give up),
and "Can I still win? (assisted)", whose answer goes to the asker alone.

Only the seated player (in Sympathy, the one whose turn it is) can act. Every control is
a `DynamicItem` whose custom_id carries the table and the state version, so a stale click
is refused and a click after a restart still works. `cogs.patience` opens the games.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.front.play import control_words, hint, played, require_player
from bot.front.still import STILL, still_words
from bot.games import english
from bot.tables import Table, TableError
from bot.tables.seams import Controls, piles_of
from bot.tables.still import answer_facts
from cogs._base import (
    Interaction,
    VersionedSelect,
    bot_of,
    dynamic_view,
    guarded,
    on_its_message,
)
from cogs._moves import menu, natural_key

STYLES = {
    "auto": discord.ButtonStyle.success,
    "hint": discord.ButtonStyle.secondary,
    "undo": discord.ButtonStyle.secondary,
    "redo": discord.ButtonStyle.secondary,
    "resign": discord.ButtonStyle.danger,
    STILL: discord.ButtonStyle.secondary,
}
"""The buttons' styles (the rest are primary); their labels are `control_words`."""
MAX_BUTTONS = 10


def patience_items(view: discord.ui.View, controls: Controls) -> None:
    """Add a patience's controls in play to a message's view: the piles that have a move
    in a select (under the game's prompt), then its one-word actions as buttons."""
    if controls.piles:
        labels = {p.source: english(p.label) for p in controls.piles}
        options = [discord.SelectOption(label=labels[s][:100], value=s) for s in menu(list(labels))]
        view.add_item(SourceSelect(controls.table_id, controls.version, options, controls.prompt))
    for action in controls.words[:MAX_BUTTONS]:
        view.add_item(PatienceButton(controls.table_id, controls.version, action))


# -- the controls ------------------------------------------------------------------------


class PatienceButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"pp:(?P<table>[0-9]{1,19}):(?P<version>[0-9]{1,12}):(?P<action>[a-z0-9_-]{1,20})",
):
    """A one-word action on the table message: Deal, Next, Auto, Hint, Undo, Give up..."""

    def __init__(self, table_id: int, version: int, action: str) -> None:
        label = control_words(action)
        style = STYLES.get(action, discord.ButtonStyle.primary)
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
        if not on_its_message(interaction, self):
            return
        await guarded(interaction, press(interaction, self.table_id, self.version, self.action))


# -- what the controls do ----------------------------------------------------------------


def player_table(interaction: Interaction, table_id: int, version: int) -> Table:
    """The table, if the user is one of its players and saw its current state."""
    table = bot_of(interaction).tables.table(table_id)
    require_player(table, interaction.user.id)
    bot_of(interaction).tables.check_turn(table, interaction.user.id, version)
    return table


async def press(interaction: Interaction, table_id: int, version: int, action: str) -> None:
    """A one-word action: play it; the table message shows what it did."""
    if action == STILL:
        await ask_still(interaction, table_id, version)
        return
    player_table(interaction, table_id, version)
    await interaction.response.defer()
    service = bot_of(interaction).tables
    table = await service.act(table_id, interaction.user.id, version, action)
    if action == "hint" and table.state is not None:
        await interaction.followup.send(hint(service, table), ephemeral=True)


async def ask_still(interaction: Interaction, table_id: int, version: int) -> None:
    """Can I still win? Asked of the service by a player of the table (any of them,
    in or out of turn), answered to them alone; the table's status then says the game is
    assisted."""
    table = bot_of(interaction).tables.table(table_id)
    require_player(table, interaction.user.id)
    await interaction.response.defer(ephemeral=True, thinking=True)
    service = bot_of(interaction).tables
    table, still = await service.ask_still(table_id, interaction.user.id, version)
    await interaction.followup.send(still_words(table, answer_facts(still)), ephemeral=True)


async def choose_source(interaction: Interaction, table_id: int, version: int, source: str) -> None:
    """Answer the chooser privately with the legal moves from that pile."""
    table = player_table(interaction, table_id, version)
    seat = table.seat_of(interaction.user.id)
    assert seat is not None
    pile = piles_of(table, seat).get(source)
    words = {} if pile is None else {m.action: m.words for m in pile.moves}
    moves = sorted(words, key=natural_key)
    if not moves:
        raise TableError("That pile has no move now; choose another.")
    if len(moves) == 1 and (moves[0] == source or len(moves[0].split(" ")) == 2):
        # a move with no destination ('turn 5', 'take next card'): play it at once
        await interaction.response.defer()
        await bot_of(interaction).tables.act(table_id, interaction.user.id, version, moves[0])
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    options = [discord.SelectOption(label=english(words[a])[:100], value=a) for a in menu(moves)]
    view = dynamic_view()
    view.add_item(DestinationSelect(table.id, table.version, options))
    await interaction.followup.send(f"Move from {source} to...", view=view, ephemeral=True)


async def play_destination(
    interaction: Interaction, table_id: int, version: int, action: str
) -> None:
    """Play the move chosen in the private destination list, then say so there."""
    player_table(interaction, table_id, version)
    await interaction.response.defer()
    table = await bot_of(interaction).tables.act(table_id, interaction.user.id, version, action)
    said = played(table, action)
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
