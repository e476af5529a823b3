"""A player's private hand in Discord: their cards, and their legal moves as buttons, a
select or a typed move when it is their turn; when it is not, the optional moves they may
make now (`Game.optional_actions`: Pip-Pip!'s call right after drawing) as buttons, with
one to pass on them (the AI waits for the answer a little while: `bot.tables.grace`).

Each control is a `DynamicItem` whose custom_id carries the table and the state version
the player saw, so a stale one is told the table has moved on. The table message's own
buttons and `/table` live in `cogs.table`, which opens this message from "My hand".
"""

from __future__ import annotations

import io
import re
from typing import Any

import discord

from bot.games import View
from bot.tables import Status, Table, TableError
from cogs._base import Interaction, VersionedSelect, bot_of, dynamic_view, guarded, on_its_message
from cogs._dms import cards_in
from cogs._moves import MAX_BUTTONS, MAX_SELECT, as_buttons, menu
from cogs._presenter import named
from cogs._render import hand_picture
from cogs._staking import PLAYERS, SpreadOwn, placeholder_of, quick_options, staking_text


class ActionButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
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
        if not on_its_message(interaction):
            return  # forged: the cog's listener answers it
        await guarded(interaction, play(interaction, self.table_id, self.version, self.action))


class OptionalButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
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
        if not on_its_message(interaction):
            return  # forged: the cog's listener answers it
        await guarded(interaction, play(interaction, self.table_id, self.version, self.action))


class DeclineButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
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
        if not on_its_message(interaction):
            return  # forged: the cog's listener answers it
        await guarded(interaction, decline(interaction, self.table_id, self.version))


class OtherMove(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
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
        if not on_its_message(interaction):
            return  # forged: the cog's listener answers it
        example = ""
        try:
            table: Table | None = bot_of(interaction).tables.table(self.table_id)
        except TableError:
            table = None
        if table is not None and table.status is Status.PLAYING:
            seat = table.seat_of(interaction.user.id)
            legal = table.game.actions_now(table.state, seat) if seat is not None else []
            example = max(legal, key=len, default="")
        await interaction.response.send_modal(MoveModal(self.table_id, self.version, example))


class MoveModal(discord.ui.Modal, title="Your move"):
    """A typed move, checked by the rules like any other."""

    move: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Move", max_length=32)

    def __init__(self, table_id: int, version: int, example: str = "") -> None:
        super().__init__(custom_id=f"pmodal:{table_id}:{version}")
        self.table_id, self.version = table_id, version
        if example:
            self.move.placeholder = f"for example: {example}"[:100]

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        """Play the typed move."""
        tables = bot_of(interaction).tables
        action = tables.typed_move(self.table_id, interaction.user.id, str(self.move.value))
        await guarded(interaction, play(interaction, self.table_id, self.version, action))


def shown_hand(view: View, seat: int, name: str, dummy_turn: bool) -> tuple[list[str], str]:
    """The cards the private message pictures, and its title: the seat's hand or, when
    the seat plays Quinto's exposed dummy now, the dummy's."""
    if dummy_turn:
        return [c for c in view.get("dummy") or [] if isinstance(c, str)], (
            f"The dummy's hand, played by {name}"
        )
    return list(cards_in(view, seat)), f"{name}'s hand"


async def hand_parts(
    table: Table, user_id: int
) -> tuple[str, discord.File | None, discord.ui.View | None]:
    """A player's private message: their cards, and their legal moves if it is their turn."""
    seat = table.seat_of(user_id)
    if seat is None or table.seats[seat].left:
        raise TableError("You are not seated at this table; you can watch.")
    if table.status is not Status.PLAYING:
        raise TableError("The game has not started yet.")
    game, state = table.game, table.state
    mine = game.view(state, seat)
    dummy_turn = game.info.dummy and bool(mine.get("from_dummy")) and seat in game.awaiting(state)
    cards, title = shown_hand(mine, seat, table.seats[seat].name, dummy_turn)
    picture = await hand_picture(cards, str(game.info.pack), title, urgent=True)
    file = discord.File(io.BytesIO(picture.data), filename=picture.filename)
    if seat not in game.awaiting(state):
        return optional_parts(table, seat, file)
    legal = game.legal_actions(state, seat)
    view = dynamic_view()
    staking = mine.get("staking") if game.info.staking else None
    if staking:  # a stake spread over board cards: the common spreads, or one's own
        options = quick_options(staking, legal)
        if options:
            view.add_item(ActionSelect(table.id, table.version, options, placeholder_of(staking)))
        view.add_item(SpreadOwn(table.id, table.version))
        return staking_text(staking, dealt=bool(cards)), file, view
    if as_buttons(legal):
        for action in legal:
            label = named(table, game.describe_action(action))
            view.add_item(ActionButton(table.id, table.version, action, label))
        return "Your choice.", file, view
    options = [
        discord.SelectOption(label=named(table, game.describe_action(a))[:100], value=a)
        for a in menu(legal)
    ]
    view.add_item(ActionSelect(table.id, table.version, options))
    more = ""
    if len(legal) > MAX_SELECT:
        view.add_item(OtherMove(table.id, table.version))
        more = (
            f" ({len(legal)} moves in all: the list shows {len(options)} of them, and"
            " 'Other move...' takes any move typed in.)"
        )
    whose = ", from the dummy's hand" if dummy_turn else ""
    return f"Your move{whose}.{more}", file, view


def optional_parts(
    table: Table, seat: int, file: discord.File
) -> tuple[str, discord.File, discord.ui.View | None]:
    """The private message of a player whose turn it is not: their hand, and as buttons
    the optional moves they may make now (a call right after drawing), if any."""
    game = table.game
    optional = game.optional_actions(table.state, seat) if game.info.out_of_turn else []
    if not optional:
        return "It is not your turn yet.", file, None
    view = dynamic_view()
    for action in optional[: MAX_BUTTONS - 1]:
        label = named(table, game.describe_action(action))
        view.add_item(OptionalButton(table.id, table.version, action, label))
    view.add_item(DeclineButton(table.id, table.version, game.info.decline_words))
    return "It is not your turn, but you may do this now if you wish.", file, view


async def show_hand(interaction: Interaction, table_id: int) -> None:
    """Answer "My hand" ephemerally with the hand picture and the legal moves."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    table = bot_of(interaction).tables.table(table_id)
    content, file, view = await hand_parts(table, interaction.user.id)
    kwargs: dict[str, Any] = {"ephemeral": True}
    if file is not None:
        kwargs["file"] = file
    if view is not None:
        kwargs["view"] = view
    await interaction.followup.send(content, **kwargs)


async def play(interaction: Interaction, table_id: int, version: int, action: str) -> None:
    """Play a move chosen in a player's private message, then refresh that message."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    bot = bot_of(interaction)
    table = await bot.tables.act(table_id, interaction.user.id, version, action)
    said = f"You played: {named(table, table.game.describe_action(action))}."
    seat = table.seat_of(interaction.user.id)
    if (
        table.status is Status.PLAYING
        and seat is not None
        and table.game.actions_now(table.state, seat)
    ):
        content, file, view = await hand_parts(table, interaction.user.id)
        assert file is not None and view is not None
        await interaction.followup.send(f"{said} {content}", file=file, view=view, ephemeral=True)
        return
    await interaction.followup.send(said, ephemeral=True)


async def decline(interaction: Interaction, table_id: int, version: int) -> None:
    """Pass on the optional moves offered in a player's private message."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    table = await bot_of(interaction).tables.decline_optional(
        table_id, interaction.user.id, version
    )
    await interaction.followup.send(
        f"{table.game.info.decline_words}: play goes on.", ephemeral=True
    )


PLAYERS.append(play)  # a typed spread ('Spread my own...') is played as every hand move


class ActionSelect(
    VersionedSelect,
    template=r"pa:(?P<table>[0-9]{1,19}):(?P<version>[0-9]{1,12})",
):
    """A player's choice among their legal moves, tied to the state version they saw."""

    prefix, placeholder = "pa", "Choose your move"
    act = staticmethod(play)
