"""`/chips balance|daily|give|history`: a player's purse on this server.

The chips are the ledger's: this cog asks it for a balance, a daily claim (once per 20
hours, checked and paid in one unit of work) or a gift, and answers in words: a private
answer in its reader's language, the gift's public message in the server's (cogs/_words.py);
the commands' names and descriptions come from the catalogues too (cogs/translator.py). A gift
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
from discord.app_commands import locale_str
from discord.ext import commands

from bot.client import ParlourBot
from bot.games import Message, message
from cogs._base import (
    Interaction,
    Refusal,
    bot_of,
    check_channel,
    dynamic_view,
    guarded,
    guild_id_of,
)
from cogs._chips_history import HistoryButton, history_page
from cogs._words import reader_of, say, server_of

_NO_PINGS = discord.AllowedMentions.none()


def chips_words(amount: int) -> Message:
    """An amount in words: "1 chip", "1,250 chips"."""
    return message("chips.amount", "{count} chip", "{count} chips", count=amount)


# -- gifts ----------------------------------------------------------------------------


CONFIRM = message("chips.gift.confirm", "Confirm")
CANCEL = message("chips.gift.cancel", "Cancel")


def gift_view(giver_id: int, recipient_id: int, amount: int, locale: str) -> discord.ui.View:
    """The Confirm and Cancel buttons of a gift, labelled in `locale`."""
    view = dynamic_view()
    for choice in ("confirm", "cancel"):
        view.add_item(GiftButton(choice, giver_id, recipient_id, amount, locale))
    return view


class GiftButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=(
        r"chips:gift:(?P<choice>confirm|cancel):(?P<giver>[0-9]{1,20})"
        r":(?P<to>[0-9]{1,20}):(?P<amount>[0-9]{1,16})"
    ),
):
    """Confirm or Cancel on a gift's message; only the giver may press them."""

    def __init__(
        self, choice: str, giver_id: int, recipient_id: int, amount: int, locale: str = "en"
    ) -> None:
        confirm = choice == "confirm"
        super().__init__(
            discord.ui.Button(
                label=say(locale, CONFIRM if confirm else CANCEL),
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
            raise Refusal(
                message("chips.gift.not-yours", "Only the giver can confirm or cancel this gift.")
            )
        guild_id, public = guild_id_of(interaction), server_of(interaction)
        if self.choice == "cancel":
            cancelled = message("chips.gift.cancelled", "Gift cancelled; no chips moved.")
            await interaction.response.edit_message(content=say(public, cancelled), view=None)
            return
        if interaction.message is None:
            raise Refusal(
                message("chips.gift.gone", "That gift's message is gone; use /chips give again.")
            )
        await interaction.response.defer()
        key = f"gift:{guild_id}:{interaction.message.id}"
        ledger = bot_of(interaction).ledger
        made = await ledger.gift(guild_id, self.giver_id, self.recipient_id, self.amount, key)
        if made.replayed:
            raise Refusal(message("chips.gift.made-already", "That gift has already been made."))
        gave = message(
            "chips.gift.made",
            "{giver} gave {recipient} {chips}.",
            giver=f"<@{self.giver_id}>",
            recipient=f"<@{self.recipient_id}>",
            chips=chips_words(self.amount),
        )
        text = say(public, gave)
        await interaction.edit_original_response(
            content=text, view=None, allowed_mentions=_NO_PINGS
        )


# -- the commands ---------------------------------------------------------------------


@app_commands.guild_only()
class Chips(
    commands.GroupCog,
    group_name=locale_str("chips", key="command.chips.name"),
    group_description=locale_str("Your chips on this server", key="command.chips.description"),
):
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

    @app_commands.command(
        name=locale_str("balance", key="command.chips.balance.name"),
        description=locale_str(
            "How many chips you, or another member, hold here",
            key="command.chips.balance.description",
        ),
    )
    @app_commands.rename(user=locale_str("user", key="command.chips.balance.user.name"))
    @app_commands.describe(
        user=locale_str(
            "Whose chips to show (yours if left out)", key="command.chips.balance.user.description"
        )
    )
    async def balance(self, interaction: Interaction, user: discord.User | None = None) -> None:
        """Show a purse's balance."""
        guild_id = guild_id_of(interaction)
        who = user or interaction.user
        if who.bot:
            raise Refusal(
                message("chips.balance.bot", "Bots have no chips; ask about a player instead.")
            )
        await interaction.response.defer(ephemeral=True, thinking=True)
        chips = chips_words(await bot_of(interaction).ledger.purse(guild_id, who.id))
        text = (
            message("chips.balance.yours", "You have {chips}.", chips=chips)
            if who.id == interaction.user.id
            else message(
                "chips.balance.theirs", "{member} has {chips}.", member=who.mention, chips=chips
            )
        )
        await interaction.followup.send(say(reader_of(interaction), text), ephemeral=True)

    @app_commands.command(
        name=locale_str("daily", key="command.chips.daily.name"),
        description=locale_str(
            "Claim your daily chips (once every 20 hours)", key="command.chips.daily.description"
        ),
    )
    async def daily(self, interaction: Interaction) -> None:
        """Pay the server's daily chips into the caller's purse."""
        guild_id = guild_id_of(interaction)
        bot = bot_of(interaction)
        amount = bot.guild_settings.get(guild_id).daily_chips
        await interaction.response.defer(ephemeral=True, thinking=True)
        claim = await bot.ledger.claim_daily(guild_id, interaction.user.id, amount)
        text = message(
            "chips.daily.claimed",
            "You claimed {claimed} and now have {balance}. Come back {when}.",
            claimed=chips_words(claim.amount),
            balance=chips_words(claim.balance),
            when=discord.utils.format_dt(datetime.fromtimestamp(claim.next_at, UTC), "R"),
        )
        await interaction.followup.send(say(reader_of(interaction), text), ephemeral=True)

    @app_commands.command(
        name=locale_str("give", key="command.chips.give.name"),
        description=locale_str(
            "Give some of your chips to another member", key="command.chips.give.description"
        ),
    )
    @app_commands.rename(
        user=locale_str("user", key="command.chips.give.user.name"),
        amount=locale_str("amount", key="command.chips.give.amount.name"),
    )
    @app_commands.describe(
        user=locale_str("Who receives the chips", key="command.chips.give.user.description"),
        amount=locale_str("How many chips to give", key="command.chips.give.amount.description"),
    )
    async def give(self, interaction: Interaction, user: discord.User, amount: int) -> None:
        """Ask the giver to confirm a gift on a public message."""
        guild_id = guild_id_of(interaction)
        if user.bot:
            raise Refusal(
                message("chips.give.bot", "Bots have no purse; give your chips to a player.")
            )
        if not isinstance(user, discord.Member):
            raise Refusal(
                message(
                    "chips.give.not-member",
                    "{member} is not a member of this server.",
                    member=user.mention,
                )
            )
        giver = interaction.user
        await bot_of(interaction).ledger.check_gift(guild_id, giver.id, user.id, amount)
        public = server_of(interaction)
        text = message(
            "chips.give.asked",
            "{giver} is giving {recipient} {chips}. Only {giver} can confirm.",
            giver=giver.mention,
            recipient=user.mention,
            chips=chips_words(amount),
        )
        view = gift_view(giver.id, user.id, amount, public)
        await interaction.response.send_message(
            say(public, text), view=view, allowed_mentions=_NO_PINGS
        )

    @app_commands.command(
        name=locale_str("history", key="command.chips.history.name"),
        description=locale_str(
            "Your latest chip transfers, newest first", key="command.chips.history.description"
        ),
    )
    @app_commands.rename(page=locale_str("page", key="command.chips.history.page.name"))
    @app_commands.describe(
        page=locale_str(
            "Which page to show (10 transfers a page; 1 is the newest)",
            key="command.chips.history.page.description",
        )
    )
    async def history(self, interaction: Interaction, page: app_commands.Range[int, 1] = 1) -> None:
        """Show a page of the caller's transfers."""
        guild_id = guild_id_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        bot, locale = bot_of(interaction), reader_of(interaction)
        text, view = await history_page(bot, guild_id, interaction.user.id, page, locale)
        await interaction.followup.send(text, view=view, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    """Load the cog."""
    assert isinstance(bot, ParlourBot)
    await bot.add_cog(Chips(bot))
