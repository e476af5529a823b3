"""The Discord Activity from Discord's side: while it is on (PARLOUR_ACTIVITY=1, `web.activity`)
the table message carries a "Play in Discord" button, answered by launching the Activity
in the channel (the interaction's LAUNCH_ACTIVITY response), where its page finds this
channel's table.

Discord's own entry point, the App Launcher's "Launch", is the Entry Point command
Discord makes when Activities are switched on in the Developer Portal (handled by
Discord, which launches the Activity itself), kept by the command sync
(`cogs.entry_point`)."""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from cogs._base import Interaction, Refusal, bot_of, guarded, on_its_message

log = logging.getLogger(__name__)

NOT_ON = "The Discord Activity is not switched on for this bot."
NOT_LAUNCHED = (
    "Discord would not start the Activity here: the bot's owner has to switch Activities"
    " on for its application in the Developer Portal."
)


class PlayInDiscord(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"pid",
):
    """The table message's button that launches the Activity in its channel."""

    def __init__(self) -> None:
        super().__init__(
            discord.ui.Button(
                label="Play in Discord", style=discord.ButtonStyle.secondary, custom_id="pid"
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PlayInDiscord:
        """Rebuild the button from its custom_id."""
        return cls()

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Launch the Activity for whoever pressed it (a message kept from while it was
        on is answered that it is off now)."""
        if not on_its_message(interaction, self):
            return  # forged: cogs._strays answers it
        await guarded(interaction, _launch(interaction))


async def _launch(interaction: Interaction) -> None:
    """Answer by launching the Activity, or say it is off."""
    if not bot_of(interaction).web.activity.on:
        raise Refusal(NOT_ON)
    try:
        await interaction.response.launch_activity()
    except discord.HTTPException as exc:
        if exc.status != 400:
            raise
        log.warning("Discord refused to launch the Activity (%s): is it on in the portal?", exc)
        raise Refusal(NOT_LAUNCHED) from None


def play_button(activity_on: bool) -> PlayInDiscord | None:
    """The table message's "Play in Discord" button, while the Activity is on."""
    return PlayInDiscord() if activity_on else None
