"""Staking in a player's private message: spreading chips over a game's board cards (the
Stops games: Newmarket's A♠ K♥ Q♣ J♦, its boodles) when the seat's view carries `staking`.

The common spreads ("one on each", "all on the K♥", "two and two: A♠ and J♦") are offered
in a select, each option saying the chips it puts on each card; "Spread my own..." opens
a box with one whole-number field per board card, prefilled with an even spread, and
plays `spread a b c d`. A spread that does not add up is refused by the game in one
sentence, to that player only, and changes nothing. Like every control of the hand, the
button's custom_id carries the table and the state version the player saw.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import discord

from bot.front.play import amounts_of, even_spread, spread_words, stake_words
from bot.games import english
from bot.games.cards import french_short
from bot.games.stakes import chips
from bot.tables import Table, TableError
from bot.tables.seams import Hand, Stake, hand_of
from cogs._base import Form, Interaction, bot_of, guarded, on_its_message
from cogs._play import ActionSelect, play

MAX_FIELDS = 5
"""Discord's limit of fields in a modal."""


def staking_text(stake: Stake, *, dealt: bool = True) -> str:
    """The private message's words: the stake, the board cards, the dealer's double, and
    (before the deal) that the cards come once the stakes are down."""
    text = stake_words(stake)
    text += " Choose a common spread, or 'Spread my own...' to give each card its chips."
    return text if dealt else text + " The cards are dealt once every stake is down."


def quick_options(stake: Stake) -> list[discord.SelectOption]:
    """The common spreads as select options: the label, and what it puts on each card."""
    return [
        discord.SelectOption(
            label=english(spread.words)[:1].upper() + english(spread.words)[1:100],
            value=spread.action,
            description=spread_words(amounts_of(spread.action), stake.cards)[:100],
        )
        for spread in stake.spreads[:25]
    ]


def placeholder_of(stake: Stake) -> str:
    """'Spread your 4 chips' (and the dealer's doubling)."""
    double = f" (doubled as dealer: {chips(2 * stake.total)})" if stake.double else ""
    return f"Spread your {chips(stake.total)}{double}"[:150]


def stake_view(view: discord.ui.View, hand: Hand, stake: Stake) -> tuple[str, discord.ui.View]:
    """A stake's words and controls: the common spreads in a select, and 'Spread my
    own...' (the cards are not dealt yet while the hand is empty)."""
    options = quick_options(stake)
    if options:
        view.add_item(ActionSelect(hand.table_id, hand.version, options, placeholder_of(stake)))
    view.add_item(SpreadOwn(hand.table_id, hand.version))
    return staking_text(stake, dealt=bool(hand.cards)), view


class SpreadOwn(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"pso:(?P<table>[0-9]{1,19}):(?P<version>[0-9]{1,12})",
):
    """Opens a box to spread the stake by hand, one number per board card."""

    def __init__(self, table_id: int, version: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Spread my own...",
                style=discord.ButtonStyle.secondary,
                custom_id=f"pso:{table_id}:{version}",
            )
        )
        self.table_id, self.version = table_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> SpreadOwn:
        """Rebuild the button from its custom_id."""
        return cls(int(match["table"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Open the box for the seat whose stake it is; anyone else is refused privately."""
        if not on_its_message(interaction, self):
            return  # forged: cogs._strays answers it
        await guarded(interaction, self._open(interaction))

    async def _open(self, interaction: Interaction) -> None:
        """The box, prefilled, or the refusal saying why not (not seated, not the seat's
        turn, the table moved on, nothing to spread)."""
        service = bot_of(interaction).tables
        table: Table = service.table(self.table_id)
        service.check_turn(table, interaction.user.id, self.version)
        stake = hand_of(table, interaction.user.id).stake
        if stake is None or len(stake.cards) > MAX_FIELDS:
            raise TableError("There is no stake to spread now: choose your move from the list.")
        await interaction.response.send_modal(SpreadModal(table, self.version, stake))


class SpreadModal(Form, title="Spread your stake"):
    """One whole-number field per board card; submitted, it plays `spread a b c d`."""

    template = re.compile(r"psm:(?P<table>[0-9]{1,19}):(?P<version>[0-9]{1,12})")

    def __init__(self, table: Table, version: int, stake: Stake) -> None:
        total = stake.total
        super().__init__(
            title=f"Spread your {chips(total)}"[:45], custom_id=f"psm:{table.id}:{version}"
        )
        cards = stake.cards
        for index, (card, n) in enumerate(zip(cards, even_spread(total, len(cards)), strict=True)):
            field: discord.ui.TextInput[discord.ui.Modal] = discord.ui.TextInput(
                label=f"Chips on the {french_short(card)}",
                custom_id=f"psm:{index}",
                default=str(n),
                max_length=6,
            )
            self.add_item(field)

    @classmethod
    async def submitted(
        cls, interaction: Interaction, match: re.Match[str], values: Mapping[str, str]
    ) -> None:
        """Play the spread as typed, field by field in the board's order; the game
        refuses one that does not add up."""
        table_id, version = int(match["table"]), int(match["version"])
        fields = sorted((k for k in values if _FIELD.fullmatch(k)), key=lambda k: int(k[4:]))
        typed = " ".join(_number(values[k]) for k in fields)
        tables = bot_of(interaction).tables
        action = tables.typed_move(table_id, interaction.user.id, f"spread {typed}")
        await play(interaction, table_id, version, action)


_FIELD = re.compile(r"psm:[0-9]{1,2}")
"""A spread field's custom_id: its board card's index."""


def _number(text: str) -> str:
    """A field's whole number written plainly ('02' -> '2'); anything else as typed, for
    the game to refuse in words."""
    word = text.strip()
    return str(int(word)) if word.isdigit() and len(word) <= 6 else (word or "?")
