"""Which language an answer is written in, and the words of a message in it.

A private answer (ephemeral) is in its reader's language, a message in the channel in
the server's (`bot.i18n.readers`); `say` turns a `Message` into those words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.games import Message
from bot.i18n import translate

if TYPE_CHECKING:
    from bot.client import ParlourBot

    Interaction = discord.Interaction[ParlourBot]


def reader_of(interaction: Interaction) -> str:
    """The locale of a private answer to this interaction: its user's language."""
    return interaction.client.languages.reader(interaction.user.id, interaction.locale.value)


def server_of(interaction: Interaction) -> str:
    """The locale of a message in this interaction's channel: its server's language."""
    preferred = interaction.guild_locale.value if interaction.guild_locale else None
    return interaction.client.languages.server(interaction.guild_id, preferred)


def say(locale: str, message: Message) -> str:
    """A message's words in a locale."""
    return translate(message, locale)
