"""The controls of a patience table's message in Discord: a select of the piles that
have a move (choosing one answers the chooser privately with that pile's destinations)
and buttons for the one-word moves (Deal, Redeal, Next, Auto, Hint, Undo, Redo, Give up).

Only the seated player (in Sympathy, the one whose turn it is) can act. Every control is
a `DynamicItem` whose custom_id carries the table and the state version, so a stale click
is refused and a click after a restart still works. `cogs.patience` opens the games.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.games import Game
from bot.tables import Table, TableError, Update
from cogs._base import (
    Interaction,
    Refusal,
    VersionedSelect,
    bot_of,
    dynamic_view,
    guarded,
    on_its_message,
)
from cogs._moves import menu, natural_key

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
        prompt = table.game.info.sources_prompt
        view.add_item(SourceSelect(table.id, table.version, options, prompt))
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


def player_table(interaction: Interaction, table_id: int, version: int) -> Table:
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


async def press(interaction: Interaction, table_id: int, version: int, action: str) -> None:
    """A one-word action: play it; the table message shows what it did."""
    player_table(interaction, table_id, version)
    await interaction.response.defer()
    table = await bot_of(interaction).tables.act(table_id, interaction.user.id, version, action)
    if action == "hint" and table.state is not None:
        found = table.game.view(table.state, None).get("hint") or "none"
        words = "no move makes progress" if found == "none" else table.game.describe_action(found)
        await interaction.followup.send(f"Hint: {words}.", ephemeral=True)


async def choose_source(interaction: Interaction, table_id: int, version: int, source: str) -> None:
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
    interaction: Interaction, table_id: int, version: int, action: str
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
