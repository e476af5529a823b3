"""Spectators' links in Discord: `/table watch` answers with the table's web link
(privately, or for the channel), and replaces its key for the host or a moderator;
the table message's "Watch" button carries the link while the web is on."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from cogs._base import Interaction, Refusal, bot_of, is_moderator

if TYPE_CHECKING:
    from bot.client import ParlourBot


async def watch_link(bot: ParlourBot, table_id: int) -> str | None:
    """The table's web link, or None while the web is off."""
    web = bot.web
    if not web.on or web.keys is None:
        return None
    return web.link(await web.keys.key_of(table_id))


def watch_button(link: str) -> discord.ui.Button[discord.ui.View]:
    """The table message's link button to its web page."""
    return discord.ui.Button(label="Watch", url=link)


async def show_watch(interaction: Interaction, channel_id: int, public: bool, reset: bool) -> None:
    """Answer with the link of the channel's table; with `reset`, a new one."""
    bot = bot_of(interaction)
    table = bot.tables.require_in_channel(channel_id)
    if not bot.web.on or bot.web.keys is None:
        raise Refusal("The web table is not switched on for this bot.")
    if reset and not (interaction.user.id == table.host_id or is_moderator(interaction)):
        raise Refusal("Only the host or a moderator can replace the table's link.")
    keys = bot.web.keys
    key = await keys.reset(table.id) if reset else await keys.key_of(table.id)
    words = f"Watch {table.title} live: {bot.web.link(key)}"
    if reset:
        words += "\nThe old link no longer works, and pages open on it were closed."
    await interaction.response.send_message(words, ephemeral=not public)
