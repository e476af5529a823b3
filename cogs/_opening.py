"""Opening tables in Discord: a lobby in this channel (`/table start`, a rematch), or a
patience in a public thread of its own (`/patience play`, a rematch of one), each with
its table message posted and remembered. Every opening defers privately first, so a
refusal (a busy channel, a bad option, a purse too small) reaches only the player.
"""

from __future__ import annotations

from typing import Literal

import discord

from bot.games import GameInfo, registry
from bot.tables import Event, Table
from bot.tables.winnable import SEEDED
from cogs._base import Interaction, Refusal, bot_of, check_channel, guild_id_of
from cogs._presenter import presenter_of
from cogs.autocomplete import game_named

THREAD_ARCHIVE_MIN: Literal[1440] = 1440


async def rematch(interaction: Interaction, table_id: int) -> None:
    """Open a new table of the same game, with the same options, hosted by the clicker."""
    bot = bot_of(interaction)
    closed = await bot.tables.closed_table(table_id)
    if closed is None:
        raise Refusal("That table is still open; finish it first.")
    if registry.get(closed.game).info.solitary:  # patience opens (and deals) its own way
        await open_patience(interaction, closed.game, None, winnable=closed.winnable)
        return
    await open_table(interaction, closed.game, dict(closed.options), closed.buy_in or None)


async def open_table(
    interaction: Interaction,
    game_key: str,
    options: dict[str, object],
    buy_in: int | None,
) -> None:
    """Create a lobby in this channel and post its message. The interaction is deferred
    privately, so a refusal (a busy channel, a bad option, a purse too small) reaches
    only the player; the table is then posted to the channel as a message of its own."""
    bot = bot_of(interaction)
    guild_id = guild_id_of(interaction)
    check_channel(interaction)
    channel_id = interaction.channel_id
    assert channel_id is not None
    await interaction.response.defer(ephemeral=True, thinking=True)
    table = await bot.tables.create(
        guild_id=guild_id,
        channel_id=channel_id,
        host_id=interaction.user.id,
        host_name=interaction.user.display_name,
        game_key=game_key,
        options=options,
        buy_in=buy_in,
    )
    presenter = presenter_of(bot)
    content, file, view = await presenter.message_parts(bot.tables.snapshot(table, Event.CREATED))
    stake = f" You brought {table.buy_in:,} chips." if table.buy_in else ""
    # the first followup fills the private "thinking" placeholder; the second is public
    await interaction.followup.send(
        f"Your table of {table.title} is open in this channel.{stake}", ephemeral=True
    )
    message = await interaction.followup.send(content, file=file, view=view, wait=True)
    await presenter.remember_message(table.id, message.id)


def patience_game(text: str) -> GameInfo:
    """The patience game a player named; refuses games of other families."""
    info = game_named(text).info
    if not info.solitary:
        raise Refusal(f"{info.title} is not a patience; start it with /table start.")
    return info


async def open_patience(
    interaction: Interaction, game_key: str, seed: int | None, *, winnable: bool = False
) -> None:
    """Open the game in a new public thread of this channel (or in this thread), start
    it at once if it is played alone, and post its table message there. The interaction
    is deferred privately, so a refusal reaches only the player; the game is announced
    publicly once it is open. A winnable deal is drawn before any thread is made, so a
    refusal leaves none behind."""
    bot, user = bot_of(interaction), interaction.user
    guild_id = guild_id_of(interaction)
    check_channel(interaction)
    info = patience_game(game_key)
    channel = interaction.channel
    if isinstance(channel, discord.Thread):
        bot.tables.require_free(channel.id)
    elif not isinstance(channel, discord.TextChannel):
        raise Refusal("Patience is played in a thread of a text channel; use it in one.")
    if winnable and seed is not None:
        raise Refusal(SEEDED)
    await interaction.response.defer(ephemeral=True, thinking=True)
    deal = await bot.tables.winnable.draw(info.key) if winnable else None
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
        deal=deal,
    )
    event = Event.CREATED
    if info.max_seats == 1:
        await bot.tables.start(table.id, user.id)
        event = Event.STARTED
    await post_patience(interaction, table, event, place)


async def post_patience(
    interaction: Interaction, table: Table, event: Event, place: discord.Thread | None
) -> None:
    """Post a new patience table's message (in its thread, or here) and say where it is:
    privately first (that fills the deferred answer), then to everyone."""
    presenter, user = presenter_of(bot_of(interaction)), interaction.user
    content, file, view = await presenter.message_parts(
        bot_of(interaction).tables.snapshot(table, event)
    )
    await interaction.followup.send(
        f"Your game of {table.title} is in <#{table.channel_id}>.", ephemeral=True
    )
    message: discord.Message
    if place is None:
        message = await interaction.followup.send(content, file=file, view=view, wait=True)
    else:
        message = await place.send(content, file=file, view=view)
        invite = (
            "Join in with the buttons there." if table.seat_counts[1] > 1 else "Come and watch."
        )
        await interaction.followup.send(
            f"{user.mention} opened **{table.title}** in {place.mention}. {invite}"
        )
    await presenter.remember_message(table.id, message.id)
