"""`/table history [member] [game]`: a server's finished tables, newest first, ten a
page, each with its game, date, seats by name and each seat's result.

The answer is private. ◀ and ▶ are `DynamicItem`s whose custom_id carries the table the
page is read from and the filters, so an old page's buttons still work after a restart.
The tables and results are the table service's (`Standings.history`); this module only
puts them in words. Each table on the page has a "Replay #id" button (`cogs.replay`),
which opens its replay privately for whoever clicks.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

import discord

from bot.client import ParlourBot
from bot.tables.standings import FinishedTable, SeatResult
from cogs._base import Interaction, bot_of, dynamic_view, guarded, guild_id_of
from cogs.autocomplete import title_of
from cogs.replay import StepButton

PAGE = 10
"""Tables on one page."""

_NO_PINGS = discord.AllowedMentions.none()


def seat_text(seat: SeatResult) -> str:
    """A seat and how it came out: "Alice +16 chips", "Bob 42 points (won)"."""
    parts = [f"**{seat.name}**"]
    if seat.chips is not None:
        parts.append(f"{seat.chips:+,} chip" + ("" if abs(seat.chips) == 1 else "s"))
    if seat.moves is not None:
        parts.append(f"{'won' if seat.won else 'lost'} in {seat.moves:,} moves")
    elif seat.points is not None and seat.chips is None:
        parts.append(f"{seat.points:,} point" + ("" if seat.points == 1 else "s"))
    if seat.won and seat.moves is None:
        parts.append("(won)")
    return " ".join(parts)


def table_text(finished: FinishedTable) -> str:
    """One table of the history on one line: its number, game, date and seats."""
    when = discord.utils.format_dt(datetime.fromisoformat(finished.closed_at), "d")
    how = "" if finished.close_reason == "finished" else f" ({finished.close_reason})"
    seats = ", ".join(seat_text(s) for s in finished.seats)
    return f"`#{finished.table_id}` {title_of(finished.game)} · {when}{how} · {seats}"


def heading(member: int | None, game: str | None) -> str:
    """The page's first line, naming its filters."""
    text = "**Finished tables**"
    if game is not None:
        text += f" of {title_of(game)}"
    if member is not None:
        text += f" with <@{member}>"
    return text + " (newest first)"


def empty_text(member: int | None, game: str | None, first: bool) -> str:
    """What a page with no table says."""
    if not first:
        return "No more tables that way."
    of = f" of {title_of(game)}" if game is not None else ""
    if member is not None:
        return f"<@{member}> has not finished a table{of} on this server yet."
    return f"No table{of} has finished on this server yet."


async def history_page(
    bot: ParlourBot,
    guild_id: int,
    member: int | None,
    game: str | None,
    cursor: tuple[str, int] | None = None,
    viewer: int = 0,
) -> tuple[str, discord.ui.View]:
    """A page of the history (the newest, or older or newer than a table), with ◀ ▶."""
    way, table_id = cursor if cursor is not None else ("o", 0)
    older = way == "o"
    found = await bot.tables.standings.history(
        guild_id,
        user_id=member,
        game=game,
        before_id=table_id if older and table_id else None,
        after_id=None if older else table_id,
        limit=PAGE + 1,
    )
    more = len(found) > PAGE
    page = found[:PAGE] if older else found[-PAGE:]
    lines = [table_text(t) for t in page] or [empty_text(member, game, cursor is None)]
    view = dynamic_view()
    if page:
        newer = bool(table_id) if older else more
        view.add_item(PageButton("n", page[0].table_id, member, game, disabled=not newer))
        view.add_item(PageButton("o", page[-1].table_id, member, game, disabled=older and not more))
    for finished in page:
        view.add_item(StepButton(finished.table_id, 0, viewer, "o"))
    return "\n".join([heading(member, game), *lines]), view


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=(
        r"th:(?P<way>[on]):(?P<table>[0-9]{1,19}):(?P<member>[0-9]{1,20})"
        r":(?P<game>[a-z0-9-]{1,40})"
    ),
):
    """◀ (newer tables) or ▶ (older tables) on a page of /table history."""

    def __init__(
        self, way: str, table_id: int, member: int | None, game: str | None, disabled: bool = False
    ) -> None:
        custom_id = f"th:{way}:{table_id}:{member or 0}:{game or '-'}"
        super().__init__(
            discord.ui.Button(
                label="◀" if way == "n" else "▶",
                style=discord.ButtonStyle.secondary,
                custom_id=custom_id,
                disabled=disabled,
            )
        )
        self.way, self.table_id, self.member, self.game = way, table_id, member, game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PageButton:
        """Rebuild the button from its custom_id."""
        member = int(match["member"]) or None
        game = None if match["game"] == "-" else match["game"]
        return cls(match["way"], int(match["table"]), member, game)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Show the next page that way."""
        await guarded(interaction, self._turn(interaction))

    async def _turn(self, interaction: Interaction) -> None:
        guild_id = guild_id_of(interaction)
        await interaction.response.defer()
        text, view = await history_page(
            bot_of(interaction),
            guild_id,
            self.member,
            self.game,
            (self.way, self.table_id),
            interaction.user.id,
        )
        await interaction.edit_original_response(
            content=text, view=view, allowed_mentions=_NO_PINGS
        )


async def show_history(
    interaction: Interaction, member: discord.User | None, game: str | None
) -> None:
    """Answer /table history privately with its first page."""
    guild_id = guild_id_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    member_id = None if member is None else member.id
    text, view = await history_page(
        bot_of(interaction), guild_id, member_id, game, viewer=interaction.user.id
    )
    await interaction.followup.send(text, view=view, ephemeral=True, allowed_mentions=_NO_PINGS)
