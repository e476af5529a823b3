"""What a player who leaves is told (issue 20, item 7): at a chip table mid-deal the seat
leaves when the hand ends, the AI playing it until then, and the chips come home then;
in the lobby the player leaves at once with the buy-in."""

from __future__ import annotations

import random
from typing import Any

from bot.client import ParlourBot
from bot.games import ChipGame
from bot.games.ai import ai_move
from tests.fakediscord import FakeDiscord, FakeUser


def table_message(fake: FakeDiscord) -> Any:
    return [m for m in fake.channel_messages() if m.attachments][-1]


async def chip_table(fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, bob: FakeUser) -> Any:
    """Black Joke of Alice, Bob and an AI, dealt."""
    await fake.slash("table start", {"game": "black-joke"}, by=alice)
    await fake.click(table_message(fake), label="Join", by=bob)
    await fake.click(table_message(fake), label="Add AI", by=alice)
    await fake.click(table_message(fake), label="Start", by=alice)
    table = bot.tables.in_channel(fake.channel_id)
    assert table is not None
    return table


async def test_leaving_mid_deal_says_the_seat_goes_when_the_hand_ends(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, bob: FakeUser
) -> None:
    table = await chip_table(fake, bot, alice, bob)
    game = table.game
    assert isinstance(game, ChipGame)
    rng = random.Random(1)
    # the humans play until the deal is under way and waits for Alice: Bob's leave cannot
    # be played out by the AI before she acts
    while game.between_hands(table.state) or game.awaiting(table.state) != {0}:
        (seat,) = game.awaiting(table.state)
        user = table.seats[seat].user_id
        action, _ = ai_move(game, table.state, seat, rng)
        await bot.tables.act(table.id, user, table.version, action)
    left = await fake.slash("table leave", by=bob)
    words = left.messages[-1].content
    assert left.messages[-1].ephemeral
    assert "You'll leave when this hand ends" in words
    assert "the AI plays your seat until then" in words and "chips come home then" in words
    assert table.seats[1].leaving and table.seats[1].ai_control


async def test_leaving_a_lobby_says_the_buy_in_went_home(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, bob: FakeUser
) -> None:
    await fake.slash("table start", {"game": "black-joke"}, by=alice)
    await fake.click(table_message(fake), label="Join", by=bob)
    left = await fake.click(table_message(fake), label="Leave", by=bob)
    assert left.messages[-1].content == (
        "You have left the table. Your chips went back to your purse."
    )
    assert await bot.ledger.purse(fake.guild_id, bob.id) == 1000
