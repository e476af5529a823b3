"""`/rules game [public]`: a game's rules and options as an embed, the text `parlour rules`
prints (`bot.games.rules_text`); `/rules tournament`, the tournament rules
(`bot.tournaments.rules`), in the same style.

The text is split to fit Discord's embed limits: the description (4,096 characters) first,
then untitled fields (1,024 each), never more than 6,000 characters or 25 fields in one
embed; what is left goes on in further embeds, each sent as a message of its own since
the 6,000 characters count across a message's embeds. Splits fall at paragraph breaks,
then line breaks, then sentence ends, then spaces, so no sentence is cut while a page's
paragraphs fit a field. Ephemeral unless the player asks to share it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.games import GameInfo, english
from bot.games.rules_text import rules_text
from bot.tournaments.rules import TITLE as TOURNAMENT_TITLE
from bot.tournaments.rules import names_tournaments, tournament_rules
from cogs._base import Interaction
from cogs.autocomplete import game_named, rules_autocomplete

if TYPE_CHECKING:
    from bot.client import ParlourBot

OPTIONS_HINT = "the host sets them with /table start options:name=value"
TITLE_MAX, DESCRIPTION_MAX, FIELD_MAX, FOOTER_MAX, FIELDS_MAX = 256, 4096, 1024, 2048, 25
EMBED_MAX = 6000
BLANK = "\u200b"
"""A field's name when it only continues the text (Discord requires one)."""
MIN_FIELD = 200
"""Start a new embed rather than squeeze in a field shorter than this."""
COLOUR = discord.Colour(0x2E7D4F)


def take(text: str, limit: int) -> tuple[str, str]:
    """The longest start of `text` within `limit` characters that ends at a paragraph break
    (or, failing one in its second half, a line break, a sentence's end, a space, or
    anywhere), and the rest."""
    if len(text) <= limit:
        return text, ""
    # A sentence's full stop stays with it, so the cut falls after it.
    for sep, kept, earliest in (
        ("\n\n", 0, limit // 2),
        ("\n", 0, limit // 2),
        (". ", 1, limit // 2),
        (" ", 0, 1),
    ):
        cut = text.rfind(sep, 0, limit + 1)
        if cut >= earliest:
            return text[: cut + kept].rstrip(), text[cut + len(sep) :].lstrip("\n")
    cut = limit - 1 if text[limit - 1] == "\\" else limit  # keep an escape with its character
    return text[:cut], text[cut:]


def rules_embeds(info: GameInfo, text: str) -> list[discord.Embed]:
    """A game's rules text as embeds; the first names the game, its seat counts and its
    source."""
    footer = f"{info.seat_range()} · key {info.key} · source: {info.source}"
    return text_embeds(english(info.title), text, footer)


def text_embeds(title: str, text: str, footer: str = "") -> list[discord.Embed]:
    """Plain text as one embed or more, each within Discord's limits, under `title` (the
    later ones "(continued)"), the first with the footer if one is given."""
    embeds: list[discord.Embed] = []
    rest = discord.utils.escape_markdown(text)
    while rest or not embeds:
        heading = title if not embeds else f"{title} (continued)"
        embed = discord.Embed(title=heading[:TITLE_MAX], colour=COLOUR)
        if footer and not embeds:
            embed.set_footer(text=footer[:FOOTER_MAX])
        room = EMBED_MAX - len(embed)
        embed.description, rest = take(rest, min(DESCRIPTION_MAX, room))
        while rest and len(embed.fields) < FIELDS_MAX:
            room = min(FIELD_MAX, EMBED_MAX - len(embed) - len(BLANK))
            if room < min(MIN_FIELD, len(rest)):
                break
            value, rest = take(rest, room)
            embed.add_field(name=BLANK, value=value, inline=False)
        embeds.append(embed)
    return embeds


def embeds_for(name: str) -> list[discord.Embed]:
    """The embeds `/rules` answers a name with: the tournament rules, or the named game's
    (a Refusal naming the games when there is none)."""
    if names_tournaments(name):
        return text_embeds(TOURNAMENT_TITLE, tournament_rules())
    info = game_named(name).info
    return rules_embeds(info, rules_text(info, options_hint=OPTIONS_HINT, with_heading=False))


class Rules(commands.Cog):
    """The /rules command."""

    @app_commands.command(
        name="rules", description="A game's rules and options, or the tournament rules"
    )
    @app_commands.describe(
        game="The game whose rules to show, or Tournaments",
        public="Show them to the whole channel instead of only to you",
    )
    @app_commands.autocomplete(game=rules_autocomplete)
    async def rules(self, interaction: Interaction, game: str, public: bool = False) -> None:
        """Answer with the game's rules (or the tournament rules), ephemerally unless
        `public`."""
        first, *more = embeds_for(game)
        await interaction.response.send_message(embed=first, ephemeral=not public)
        for embed in more:
            await interaction.followup.send(embed=embed, ephemeral=not public)


async def setup(bot: ParlourBot) -> None:
    """Load the cog."""
    await bot.add_cog(Rules())
