"""What the tournament tests through the fake Discord share: the signup message, a
moderator's create, the host made to post at once, and humans playing their tables
through the table service (the same moves "My hand" offers, without the clicks)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from bot.client import ParlourBot
from bot.tournaments.service.models import Tournament
from cogs._presenter import presenter_of
from tests.fakediscord import FakeDiscord, FakeInteraction, FakeMessage, FakeUser

GAME = "black-joke"


def quick(bot: ParlourBot) -> None:
    """Edit and post at once (the pacing is the presenters' own tests')."""
    presenter_of(bot).min_interval_s = 0.0
    presenter_of(bot).mailer.interval_s = 0.0
    getattr(bot.get_cog("Tournaments"), "host").min_interval_s = 0.0  # noqa: B009


def answer(interaction: FakeInteraction) -> str:
    """What the user was told privately (the last private followup, or the response)."""
    private = [m for m in interaction.followups if m.ephemeral]
    if private:
        return private[-1].content
    return interaction.response.content or ""


def signup_message(fake: FakeDiscord, channel: int | None = None) -> FakeMessage:
    """The signup message: the channel's one message with an embed."""
    (message,) = [m for m in fake.channel_messages(channel) if m.embeds]
    return message


async def create(
    fake: FakeDiscord, by: FakeUser, channel: int | None = None, **options: Any
) -> FakeInteraction:
    """`/tournament create` of black-joke, Swiss, as `by`, with these options."""
    given = {"game": GAME, "format": "swiss", **options}
    return await fake.slash("tournament create", given, by=by, channel=channel)


def only_live(bot: ParlourBot, fake: FakeDiscord) -> Tournament:
    """The server's one live tournament."""
    (tournament,) = bot.tournaments.live_in(fake.guild_id)
    return tournament


async def until(done: Callable[[], bool], *, timeout_s: float = 60.0) -> None:
    """Wait (letting the bot's tasks run) until `done()`; fail after `timeout_s`."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout_s
    while not done():
        assert loop.time() < deadline, "the tournament did not get there in time"
        await asyncio.sleep(0.01)


async def play_round(bot: ParlourBot, tournament: Tournament, *, limit: int = 2000) -> None:
    """Play every human seat of the tournament's current round with its first legal move
    (the AI plays the rest) until every table of the round is over."""
    round_no = tournament.round
    for _ in range(limit):
        slots = tournament.slots_of(round_no)
        if slots and all(s.result is not None for s in slots):
            return
        moved = False
        for table in bot.tables.tables():
            if table.tournament_id != tournament.id or table.state is None:
                continue
            for seat in table.game.awaiting(table.state):
                user_id = table.seats[seat].user_id
                if user_id is None:
                    continue
                action = table.game.legal_actions(table.state, seat)[0]
                await bot.tables.act(table.id, user_id, table.version, action)
                moved = True
                break
        await asyncio.sleep(0 if moved else 0.01)
    raise AssertionError(f"round {round_no} did not end in {limit} steps")
