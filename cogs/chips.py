"""`/chips balance|daily|give|history`: a player's purse on this server.

The chips are the ledger's: this cog asks it for a balance, a daily claim (once per 20
hours, checked and paid in one unit of work) or a gift, and answers in words. A gift
waits for the giver's Confirm on a public message; its key is that message's id, so a
double click pays once. The Confirm/Cancel and the history's Previous/Next buttons are
`DynamicItem`s carrying what they need in their custom_id, so they work after a restart.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import ParlourBot
from bot.ledger import AccountKind, HistoryEntry, Reason
from cogs._base import (
    Interaction,
    Refusal,
    bot_of,
    check_channel,
    dynamic_view,
    guarded,
    guild_id_of,
)
from cogs.autocomplete import title_of

PAGE = 10
"""Transfers on one page of /chips history."""

_NO_PINGS = discord.AllowedMentions.none()


def chips_text(amount: int) -> str:
    """An amount in words: "1 chip", "1,250 chips"."""
    return f"{amount:,} chip" + ("" if abs(amount) == 1 else "s")


# -- gifts ----------------------------------------------------------------------------


def gift_view(giver_id: int, recipient_id: int, amount: int) -> discord.ui.View:
    """The Confirm and Cancel buttons of a gift."""
    view = dynamic_view()
    for choice in ("confirm", "cancel"):
        view.add_item(GiftButton(choice, giver_id, recipient_id, amount))
    return view


class GiftButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=(
        r"chips:gift:(?P<choice>confirm|cancel):(?P<giver>[0-9]{1,20})"
        r":(?P<to>[0-9]{1,20}):(?P<amount>[0-9]{1,16})"
    ),
):
    """Confirm or Cancel on a gift's message; only the giver may press them."""

    def __init__(self, choice: str, giver_id: int, recipient_id: int, amount: int) -> None:
        confirm = choice == "confirm"
        super().__init__(
            discord.ui.Button(
                label="Confirm" if confirm else "Cancel",
                style=discord.ButtonStyle.success if confirm else discord.ButtonStyle.secondary,
                custom_id=f"chips:gift:{choice}:{giver_id}:{recipient_id}:{amount}",
            )
        )
        self.choice, self.amount = choice, amount
        self.giver_id, self.recipient_id = giver_id, recipient_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GiftButton:
        """Rebuild the button from its custom_id (validated in the callback)."""
        return cls(match["choice"], int(match["giver"]), int(match["to"]), int(match["amount"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Make or call off the gift, answering any refusal in plain words."""
        await guarded(interaction, self._press(interaction))

    async def _press(self, interaction: Interaction) -> None:
        if interaction.user.id != self.giver_id:
            raise Refusal("Only the giver can confirm or cancel this gift.")
        guild_id = guild_id_of(interaction)
        if self.choice == "cancel":
            await interaction.response.edit_message(
                content="Gift cancelled; no chips moved.", view=None
            )
            return
        if interaction.message is None:
            raise Refusal("That gift's message is gone; use /chips give again.")
        await interaction.response.defer()
        key = f"gift:{guild_id}:{interaction.message.id}"
        ledger = bot_of(interaction).ledger
        made = await ledger.gift(guild_id, self.giver_id, self.recipient_id, self.amount, key)
        if made.replayed:
            raise Refusal("That gift has already been made.")
        text = f"<@{self.giver_id}> gave <@{self.recipient_id}> {chips_text(self.amount)}."
        await interaction.edit_original_response(
            content=text, view=None, allowed_mentions=_NO_PINGS
        )


# -- history --------------------------------------------------------------------------

_WHAT = {
    Reason.START: "starting chips",
    Reason.DAILY: "daily chips",
    Reason.GRANT: "granted by the server",
    Reason.BUYIN: "buy-in",
    Reason.TOPUP: "top-up",
    Reason.CASHOUT: "cash-out",
    Reason.REFUND: "refund",
    Reason.SETTLE: "settlement",
    Reason.CARRY: "carried over",
    Reason.ENTRY: "tournament buy-in",
    Reason.PRIZE: "tournament prize",
}


def entry_text(entry: HistoryEntry) -> str:
    """One line of history: when, +/-amount, and what (reason, counterparty, game)."""
    other = entry.counterparty
    if entry.reason is Reason.GIFT:
        what = f"gift {'from' if entry.amount > 0 else 'to'} <@{other.user_id}>"
    else:
        what = _WHAT.get(entry.reason, str(entry.reason))
        if other.kind is AccountKind.PURSE:
            what += f" {'from' if entry.amount > 0 else 'to'} <@{other.user_id}>"
        elif other.table_id is not None:
            what += f" at table {other.table_id}"
        elif other.tournament_id is not None:
            what += f" in tournament {other.tournament_id}"
    if entry.game:
        what += f" ({title_of(entry.game)})"
    when = discord.utils.format_dt(entry.at, "f")
    return f"{when} **{entry.amount:+,}** {what}"


async def history_page(
    bot: ParlourBot, guild_id: int, user_id: int, page: int
) -> tuple[str, discord.ui.View]:
    """A page of a player's transfers, newest first, with Previous and Next buttons."""
    entries = await bot.ledger.history(guild_id, user_id, limit=PAGE + 1, offset=(page - 1) * PAGE)
    has_next = len(entries) > PAGE
    lines = [entry_text(e) for e in entries[:PAGE]]
    if not lines:
        lines = ["You have no transfers yet." if page == 1 else "No transfers this far back."]
    view = dynamic_view()
    view.add_item(HistoryButton(user_id, page - 1, "Previous", disabled=page <= 1))
    view.add_item(HistoryButton(user_id, page + 1, "Next", disabled=not has_next))
    return "\n".join([f"**Your chips, page {page}** (newest first)", *lines]), view


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
            raise Refusal("Those are someone else's transfers; /chips history shows yours.")
        if self.page < 1:
            raise Refusal("That is the newest page already.")
        guild_id = guild_id_of(interaction)
        await interaction.response.defer()
        text, view = await history_page(bot_of(interaction), guild_id, self.user_id, self.page)
        await interaction.edit_original_response(content=text, view=view)


# -- the commands ---------------------------------------------------------------------


@app_commands.guild_only()
class Chips(commands.GroupCog, group_name="chips", group_description="Your chips on this server"):
    """`/chips balance|daily|give|history` and the gift and history buttons."""

    def __init__(self, bot: ParlourBot) -> None:
        super().__init__()
        self.bot = bot

    async def cog_load(self) -> None:
        """Register the persistent buttons."""
        self.bot.add_dynamic_items(GiftButton, HistoryButton)

    async def cog_unload(self) -> None:
        """Take the buttons away again."""
        self.bot.remove_dynamic_items(GiftButton, HistoryButton)

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        """Every /chips command: only in the channels the server allows."""
        check_channel(interaction)
        return True

    @app_commands.command(description="How many chips you, or another member, hold here")
    @app_commands.describe(user="Whose chips to show (yours if left out)")
    async def balance(self, interaction: Interaction, user: discord.User | None = None) -> None:
        """Show a purse's balance."""
        guild_id = guild_id_of(interaction)
        who = user or interaction.user
        if who.bot:
            raise Refusal("Bots have no chips; ask about a player instead.")
        await interaction.response.defer(ephemeral=True, thinking=True)
        chips = await bot_of(interaction).ledger.purse(guild_id, who.id)
        whose = "You have" if who.id == interaction.user.id else f"{who.mention} has"
        await interaction.followup.send(f"{whose} {chips_text(chips)}.", ephemeral=True)

    @app_commands.command(description="Claim your daily chips (once every 20 hours)")
    async def daily(self, interaction: Interaction) -> None:
        """Pay the server's daily chips into the caller's purse."""
        guild_id = guild_id_of(interaction)
        bot = bot_of(interaction)
        amount = bot.guild_settings.get(guild_id).daily_chips
        await interaction.response.defer(ephemeral=True, thinking=True)
        claim = await bot.ledger.claim_daily(guild_id, interaction.user.id, amount)
        text = (
            f"You claimed {chips_text(claim.amount)} and now have {chips_text(claim.balance)}. "
            f"Come back {discord.utils.format_dt(datetime.fromtimestamp(claim.next_at, UTC), 'R')}."
        )
        await interaction.followup.send(text, ephemeral=True)

    @app_commands.command(description="Give some of your chips to another member")
    @app_commands.describe(user="Who receives the chips", amount="How many chips to give")
    async def give(self, interaction: Interaction, user: discord.User, amount: int) -> None:
        """Ask the giver to confirm a gift on a public message."""
        guild_id = guild_id_of(interaction)
        if user.bot:
            raise Refusal("Bots have no purse; give your chips to a player.")
        if not isinstance(user, discord.Member):
            raise Refusal(f"{user.mention} is not a member of this server.")
        giver = interaction.user
        await bot_of(interaction).ledger.check_gift(guild_id, giver.id, user.id, amount)
        text = (
            f"{giver.mention} is giving {user.mention} {chips_text(amount)}. "
            f"Only {giver.mention} can confirm."
        )
        view = gift_view(giver.id, user.id, amount)
        await interaction.response.send_message(text, view=view, allowed_mentions=_NO_PINGS)

    @app_commands.command(description="Your latest chip transfers, newest first")
    @app_commands.describe(page="Which page to show (10 transfers a page; 1 is the newest)")
    async def history(self, interaction: Interaction, page: app_commands.Range[int, 1] = 1) -> None:
        """Show a page of the caller's transfers."""
        guild_id = guild_id_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        text, view = await history_page(bot_of(interaction), guild_id, interaction.user.id, page)
        await interaction.followup.send(text, view=view, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    """Load the cog."""
    assert isinstance(bot, ParlourBot)
    await bot.add_cog(Chips(bot))
