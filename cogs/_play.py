"""What a private hand's controls do: show the hand, play a chosen move and answer with
the hand as it now stands, or pass on the optional moves offered out of turn.

Every hand control (`cogs._hand`, `cogs._staking`) ends here, and the hand message is
drawn by the presenter from the seam's `Hand` (`bot.tables.seams`), so these modules
import no control and no control imports another's module.
"""

from __future__ import annotations

from bot.front.play import declined, played
from bot.tables import Table, TableError
from bot.tables.seams import Hand, hand_of
from cogs._base import Interaction, VersionedSelect, bot_of
from cogs._presenter import presenter_of


def hand_now(table: Table, user_id: int) -> Hand | None:
    """The player's hand, or None if they have none now (the game is over, or they left)."""
    try:
        return hand_of(table, user_id)
    except TableError:
        return None


async def show_hand(interaction: Interaction, table_id: int) -> None:
    """Answer "My hand" privately with the hand picture and the moves open now."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    bot = bot_of(interaction)
    table = bot.tables.table(table_id)
    hand = hand_of(table, interaction.user.id)
    content, file, view = await presenter_of(bot).hand_message(table, hand)
    if view is None:
        await interaction.followup.send(content, file=file, ephemeral=True)
    else:
        await interaction.followup.send(content, file=file, view=view, ephemeral=True)


async def play(interaction: Interaction, table_id: int, version: int, action: str) -> None:
    """Play a move chosen in a player's private message, then answer with the hand as it
    now stands when the player still has a move to make."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    bot = bot_of(interaction)
    table = await bot.tables.act(table_id, interaction.user.id, version, action)
    said = played(table, action)
    hand = hand_now(table, interaction.user.id)
    if hand is None or not hand.moves:
        await interaction.followup.send(said, ephemeral=True)
        return
    content, file, view = await presenter_of(bot).hand_message(table, hand)
    assert view is not None
    await interaction.followup.send(f"{said} {content}", file=file, view=view, ephemeral=True)


async def decline(interaction: Interaction, table_id: int, version: int) -> None:
    """Pass on the optional moves offered in a player's private message."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    table = await bot_of(interaction).tables.decline_optional(
        table_id, interaction.user.id, version
    )
    hand = hand_now(table, interaction.user.id)
    words = hand.decline_words if hand is not None else "Not now"
    await interaction.followup.send(declined(words), ephemeral=True)


class ActionSelect(
    VersionedSelect,
    template=r"pa:(?P<table>[0-9]{1,19}):(?P<version>[0-9]{1,12})",
):
    """A player's choice among their legal moves (or their stake's common spreads), tied
    to the state version they saw."""

    prefix, placeholder = "pa", "Choose your move"
    act = staticmethod(play)
