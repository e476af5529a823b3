"""A player's private hand in Discord: their cards, and their legal moves as buttons, a
select or a typed move when it is their turn; when it is not, the optional moves they may
make now (`Game.optional_actions`: Pip-Pip!'s call right after drawing) as buttons, with
one to pass on them (the AI waits for the answer a little while: `bot.tables.grace`).

Each control is a `DynamicItem` whose custom_id carries the table and the state version
the player saw, so a stale one is told the table has moved on. The table message's own
buttons and `/table` live in `cogs.table`, which opens this message from "My hand".
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import discord

from bot.front.play import turn_words
from bot.front.seats import named
from bot.games import english
from bot.tables import Table, TableError
from bot.tables.seams import Hand
from cogs._base import Form, Interaction, bot_of, dynamic_view, guarded, on_its_message
from cogs._moves import MAX_BUTTONS, MAX_SELECT, as_buttons, menu
from cogs._play import ActionSelect, decline, hand_now, play
from cogs._staking import stake_view


class ActionButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"pb:(?P<table>[0-9]{1,19}):(?P<version>[0-9]{1,12}):(?P<action>[a-z]{1,20})",
):
    """One of a few one-word moves ("call", "pass") offered as a button to the player
    whose choice it is, tied to the state version they saw."""

    def __init__(self, table_id: int, version: int, action: str, label: str) -> None:
        style = discord.ButtonStyle.secondary if action == "pass" else discord.ButtonStyle.primary
        super().__init__(
            discord.ui.Button(
                label=label[:80], style=style, custom_id=f"pb:{table_id}:{version}:{action}"
            )
        )
        self.table_id, self.version, self.action = table_id, version, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ActionButton:
        """Rebuild the button from its custom_id (the rules check the move)."""
        return cls(int(match["table"]), int(match["version"]), match["action"], match["action"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Play the move the button names."""
        if not on_its_message(interaction, self):
            return  # forged: cogs._strays answers it
        await guarded(interaction, play(interaction, self.table_id, self.version, self.action))


class OptionalButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"po:(?P<table>[0-9]{1,19}):(?P<version>[0-9]{1,12}):(?P<action>[a-z][\w ]{0,31})",
):
    """An optional move ("call H" in Pip-Pip! right after drawing) offered as a button to
    a player whose turn it is not, tied to the state version they saw."""

    def __init__(self, table_id: int, version: int, action: str, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=discord.ButtonStyle.success,
                custom_id=f"po:{table_id}:{version}:{action}",
            )
        )
        self.table_id, self.version, self.action = table_id, version, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> OptionalButton:
        """Rebuild the button from its custom_id (the table service checks the move)."""
        return cls(int(match["table"]), int(match["version"]), match["action"], match["action"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Take the optional move the button names."""
        if not on_its_message(interaction, self):
            return  # forged: cogs._strays answers it
        await guarded(interaction, play(interaction, self.table_id, self.version, self.action))


class DeclineButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"pn:(?P<table>[0-9]{1,19}):(?P<version>[0-9]{1,12})",
):
    """Passes on the optional moves offered beside it, so that play goes on at once
    rather than after the grace the table gives the player."""

    def __init__(self, table_id: int, version: int, label: str = "Not now") -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=discord.ButtonStyle.secondary,
                custom_id=f"pn:{table_id}:{version}",
            )
        )
        self.table_id, self.version = table_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> DeclineButton:
        """Rebuild the button from its custom_id (the table service checks the request)."""
        return cls(int(match["table"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Pass on the optional moves."""
        if not on_its_message(interaction, self):
            return  # forged: cogs._strays answers it
        await guarded(interaction, decline(interaction, self.table_id, self.version))


class OtherMove(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"pm:(?P<table>[0-9]{1,19}):(?P<version>[0-9]{1,12})",
):
    """Opens a box to type a move that the select has no room for (an amount, say)."""

    def __init__(self, table_id: int, version: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Other move...",
                style=discord.ButtonStyle.secondary,
                custom_id=f"pm:{table_id}:{version}",
            )
        )
        self.table_id, self.version = table_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> OtherMove:
        """Rebuild the button from its custom_id."""
        return cls(int(match["table"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Ask for the move in a modal, with one of the player's moves as the example."""
        if not on_its_message(interaction, self):
            return  # forged: cogs._strays answers it
        example = ""
        try:
            table = bot_of(interaction).tables.table(self.table_id)
        except TableError:
            table = None
        hand = None if table is None else hand_now(table, interaction.user.id)
        if hand is not None:
            example = max(hand.actions, key=len, default="")
        await interaction.response.send_modal(MoveModal(self.table_id, self.version, example))


class MoveModal(Form, title="Your move"):
    """A typed move, checked by the rules like any other."""

    template = re.compile(r"pmodal:(?P<table>[0-9]{1,19}):(?P<version>[0-9]{1,12})")
    move: discord.ui.TextInput[discord.ui.Modal] = discord.ui.TextInput(
        label="Move", max_length=32, custom_id="move"
    )

    def __init__(self, table_id: int, version: int, example: str = "") -> None:
        super().__init__(custom_id=f"pmodal:{table_id}:{version}")
        if example:
            self.move.placeholder = f"for example: {example}"[:100]

    @classmethod
    async def submitted(
        cls, interaction: Interaction, match: re.Match[str], values: Mapping[str, str]
    ) -> None:
        """Play the typed move."""
        table_id, version = int(match["table"]), int(match["version"])
        typed = values.get("move", "")
        action = bot_of(interaction).tables.typed_move(table_id, interaction.user.id, typed)
        await play(interaction, table_id, version, action)


def hand_view(table: Table, hand: Hand) -> tuple[str, discord.ui.View | None]:
    """A private hand's words and controls: on the seat's turn its stake to spread, its
    few one-word moves as buttons, or a select of its moves (with a box for the rest);
    out of turn the optional moves it may make now, if any."""
    if not hand.turn:
        return optional_view(table, hand)
    view = dynamic_view()
    if hand.stake is not None:  # a stake spread over board cards: the common spreads, or one's own
        return stake_view(view, hand, hand.stake)
    legal = hand.actions
    if as_buttons(legal):
        for move in hand.moves:
            view.add_item(
                ActionButton(
                    hand.table_id, hand.version, move.action, named(table, english(move.words))
                )
            )
        return "Your choice.", view
    moves = {m.action: m for m in hand.moves}  # described only if the menu shows it
    options = [
        discord.SelectOption(label=named(table, english(moves[a].words))[:100], value=a)
        for a in menu(legal)
    ]
    view.add_item(ActionSelect(hand.table_id, hand.version, options))
    more = ""
    if len(legal) > MAX_SELECT:
        view.add_item(OtherMove(hand.table_id, hand.version))
        more = (
            f" ({len(legal)} moves in all: the list shows {len(options)} of them, and"
            " 'Other move...' takes any move typed in.)"
        )
    return f"{turn_words(hand)}{more}", view


def optional_view(table: Table, hand: Hand) -> tuple[str, discord.ui.View | None]:
    """The words and buttons of a player whose turn it is not: the optional moves they
    may make now (a call right after drawing), if any, and one to pass on them."""
    if not hand.moves:
        return turn_words(hand), None
    view = dynamic_view()
    for move in hand.moves[: MAX_BUTTONS - 1]:
        view.add_item(
            OptionalButton(
                hand.table_id, hand.version, move.action, named(table, english(move.words))
            )
        )
    view.add_item(DeclineButton(hand.table_id, hand.version, hand.decline_words))
    return turn_words(hand), view
