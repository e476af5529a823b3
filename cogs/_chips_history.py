"""`/chips history`'s pages: a player's transfers, newest first, in their language, with
the Previous and Next buttons (`DynamicItem`s carrying the page, so they work after a
restart)."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.client import ParlourBot
from bot.games import Message, message
from bot.ledger import AccountKind, HistoryEntry, Reason
from cogs._base import Interaction, Refusal, bot_of, dynamic_view, guarded, guild_id_of
from cogs._words import reader_of, say
from cogs.autocomplete import title_of

PAGE = 10
"""Transfers on one page of /chips history."""


# -- history --------------------------------------------------------------------------

_WHAT = {
    Reason.START: message("chips.history.start", "starting chips"),
    Reason.DAILY: message("chips.history.daily", "daily chips"),
    Reason.GRANT: message("chips.history.grant", "granted by the server"),
    Reason.BUYIN: message("chips.history.buy-in", "buy-in"),
    Reason.TOPUP: message("chips.history.top-up", "top-up"),
    Reason.CASHOUT: message("chips.history.cash-out", "cash-out"),
    Reason.REFUND: message("chips.history.refund", "refund"),
    Reason.SETTLE: message("chips.history.settle", "settlement"),
    Reason.CARRY: message("chips.history.carry", "carried over"),
    Reason.ENTRY: message("chips.history.entry", "tournament buy-in"),
    Reason.PRIZE: message("chips.history.prize", "tournament prize"),
}
PREVIOUS = message("chips.history.previous", "Previous")
NEXT = message("chips.history.next", "Next")


def entry_words(entry: HistoryEntry) -> Message:
    """One line of history: when, +/-amount, and what (reason, counterparty, game)."""
    other, incoming = entry.counterparty, entry.amount > 0
    member = f"<@{other.user_id}>"
    if entry.reason is Reason.GIFT:
        what = (
            message("chips.history.gift-from", "gift from {member}", member=member)
            if incoming
            else message("chips.history.gift-to", "gift to {member}", member=member)
        )
    else:
        what = _WHAT.get(entry.reason) or message(
            "chips.history.other", "{reason}", reason=str(entry.reason)
        )
        if other.kind is AccountKind.PURSE:
            what = (
                message("chips.history.from", "{what} from {member}", what=what, member=member)
                if incoming
                else message("chips.history.to", "{what} to {member}", what=what, member=member)
            )
        elif other.table_id is not None:
            table = str(other.table_id)
            what = message("chips.history.table", "{what} at table {table}", what=what, table=table)
        elif other.tournament_id is not None:
            what = message(
                "chips.history.tournament",
                "{what} in tournament {tournament}",
                what=what,
                tournament=str(other.tournament_id),
            )
    if entry.game:
        what = message(
            "chips.history.game", "{what} ({game})", what=what, game=title_of(entry.game)
        )
    when = discord.utils.format_dt(entry.at, "f")
    return message(
        "chips.history.line",
        "{when} **{amount:+}** {what}",
        when=when,
        amount=entry.amount,
        what=what,
    )


async def history_page(
    bot: ParlourBot, guild_id: int, user_id: int, page: int, locale: str
) -> tuple[str, discord.ui.View]:
    """A page of a player's transfers, newest first, with Previous and Next buttons."""
    entries = await bot.ledger.history(guild_id, user_id, limit=PAGE + 1, offset=(page - 1) * PAGE)
    has_next = len(entries) > PAGE
    lines = [say(locale, entry_words(e)) for e in entries[:PAGE]]
    if not lines:
        none = (
            message("chips.history.none", "You have no transfers yet.")
            if page == 1
            else message("chips.history.none-this-far", "No transfers this far back.")
        )
        lines = [say(locale, none)]
    view = dynamic_view()
    view.add_item(HistoryButton(user_id, page - 1, say(locale, PREVIOUS), disabled=page <= 1))
    view.add_item(HistoryButton(user_id, page + 1, say(locale, NEXT), disabled=not has_next))
    title = message("chips.history.title", "**Your chips, page {page}** (newest first)", page=page)
    return "\n".join([say(locale, title), *lines]), view


class HistoryButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"chips:history:(?P<user>[0-9]{1,20}):(?P<page>[0-9]{1,9})",
):
    """Previous or Next on a page of /chips history."""

    def __init__(
        self, user_id: int, page: int, label: str = "Page", disabled: bool = False
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"chips:history:{user_id}:{page}",
                disabled=disabled,
            )
        )
        self.user_id, self.page = user_id, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HistoryButton:
        """Rebuild the button from its custom_id (validated in the callback)."""
        return cls(int(match["user"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Show the page the button names."""
        await guarded(interaction, self._turn(interaction))

    async def _turn(self, interaction: Interaction) -> None:
        if interaction.user.id != self.user_id:
            raise Refusal(
                message(
                    "chips.history.not-yours",
                    "Those are someone else's transfers; /chips history shows yours.",
                )
            )
        if self.page < 1:
            raise Refusal(message("chips.history.newest", "That is the newest page already."))
        guild_id = guild_id_of(interaction)
        await interaction.response.defer()
        bot, locale = bot_of(interaction), reader_of(interaction)
        text, view = await history_page(bot, guild_id, self.user_id, self.page, locale)
        await interaction.edit_original_response(content=text, view=view)
