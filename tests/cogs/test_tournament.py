"""/tournament through the fake Discord: a moderator's create and its signup message, the
Join and Leave buttons and commands, and every refusal (not a moderator, patience, bad
options, purse too small, already in another, started, full, forged) answered privately,
with nothing posted to the channel."""

from __future__ import annotations

import pytest

from bot.client import ParlourBot
from bot.config import Settings
from bot.tournaments.service import Phase, requests, summary
from tests.cogs.conftest import START_CHIPS
from tests.cogs.tournament_helpers import answer, create, only_live, quick, signup_message
from tests.fakediscord import FakeDiscord, FakeUser


async def test_a_moderator_creates_and_the_signup_is_posted_with_buttons(
    fake: FakeDiscord, bot: ParlourBot, mona: FakeUser
) -> None:
    quick(bot)
    done = await create(fake, mona, rounds=2, buy_in=50)
    assert done.response.kind == "deferred" and done.response.ephemeral
    assert "open for signup" in answer(done)
    message = signup_message(fake)
    tournament = only_live(bot, fake)
    assert tournament.message_id == message.id
    (embed,) = message.embeds
    assert embed["title"] == f"Tournament #{tournament.id}: Black Joke"
    assert embed["description"] == summary(tournament)
    assert [b["label"] for b in message.buttons] == ["Join", "Leave"]
    assert [b["custom_id"] for b in message.buttons] == [
        f"tj:{tournament.id}",
        f"tl:{tournament.id}",
    ]


async def test_a_member_without_manage_server_is_refused_privately(
    fake: FakeDiscord, bot: ParlourBot, bob: FakeUser
) -> None:
    done = await create(fake, bob)
    assert done.response.ephemeral and "Only moderators" in answer(done)
    assert fake.channel_messages() == []
    assert bot.tournaments.live_in(fake.guild_id) == []


async def test_patience_and_bad_options_are_refused_before_anything_is_posted(
    fake: FakeDiscord, bot: ParlourBot, mona: FakeUser
) -> None:
    patience = await fake.slash("tournament create", {"game": "clock", "format": "swiss"}, by=mona)
    assert "patience" in answer(patience) and patience.response.ephemeral
    words = await create(fake, mona, options="rounds")
    assert "name=value" in answer(words) and words.response.ephemeral
    assert fake.channel_messages() == []
    assert bot.tournaments.live_in(fake.guild_id) == []


async def test_the_game_autocomplete_offers_table_games_only(
    fake: FakeDiscord, bot: ParlourBot, mona: FakeUser
) -> None:
    typed = await fake.autocomplete(
        "tournament create", {"game": "", "format": "swiss"}, focused="game", by=mona
    )
    values = [c["value"] for c in typed.response.choices]
    assert "black-joke" in values and "clock" not in values


async def test_join_and_leave_by_buttons_and_commands_move_the_buy_in(
    fake: FakeDiscord, bot: ParlourBot, mona: FakeUser, bob: FakeUser, carol: FakeUser
) -> None:
    quick(bot)
    await create(fake, mona, buy_in=50)
    message = signup_message(fake)
    joined = await fake.click(message, label="Join", by=bob)
    assert joined.response.ephemeral and "signed up" in answer(joined)
    assert "50 chips is held" in answer(joined)
    by_command = await fake.slash("tournament join", by=carol)
    assert "signed up" in answer(by_command)
    tournament = only_live(bot, fake)
    assert set(tournament.players) == {bob.id, carol.id}
    assert await bot.ledger.purse(fake.guild_id, bob.id) == START_CHIPS - 50
    assert signup_message(fake).embeds[0]["description"] == summary(tournament)
    left = await fake.click(signup_message(fake), label="Leave", by=bob)
    assert "went back to your purse" in answer(left)
    assert await bot.ledger.purse(fake.guild_id, bob.id) == START_CHIPS
    await fake.slash("tournament leave", by=carol)
    assert tournament.players == {}
    assert await bot.ledger.purse(fake.guild_id, carol.id) == START_CHIPS
    assert "bob" not in signup_message(fake).embeds[0]["description"]


async def test_a_purse_too_small_is_refused_and_keeps_its_chips(
    fake: FakeDiscord, bot: ParlourBot, mona: FakeUser, bob: FakeUser
) -> None:
    await create(fake, mona, buy_in=START_CHIPS * 5)
    before = len(signup_message(fake).versions)
    joined = await fake.click(signup_message(fake), label="Join", by=bob)
    assert joined.response.ephemeral and answer(joined)
    assert "signed up" not in answer(joined)
    assert only_live(bot, fake).players == {}
    assert await bot.ledger.purse(fake.guild_id, bob.id) == START_CHIPS
    assert len(signup_message(fake).versions) == before


async def test_a_player_in_one_live_tournament_may_not_join_another(
    fake: FakeDiscord, settings: Settings, mona: FakeUser, bob: FakeUser
) -> None:
    other = fake.add_channel("cup")  # before the bot starts, as Discord's guild lists it
    bot = ParlourBot(settings)
    await fake.start(bot)
    quick(bot)
    await create(fake, mona)
    await create(fake, mona, channel=other)
    await fake.click(signup_message(fake), label="Join", by=bob)
    again = await fake.click(signup_message(fake, other), label="Join", by=bob)
    assert again.response.ephemeral and "signed up" not in answer(again)
    first, second = bot.tournaments.live_in(fake.guild_id)
    assert bob.id in first.players and bob.id not in second.players
    several = await fake.slash("tournament join", by=bob)
    assert "tournament:" in answer(several)  # two are live: the service asks which
    assert await bot.ledger.check() == []


async def test_joining_a_started_tournament_is_refused_and_its_buttons_are_gone(
    fake: FakeDiscord,
    bot: ParlourBot,
    mona: FakeUser,
    alice: FakeUser,
    bob: FakeUser,
    carol: FakeUser,
) -> None:
    quick(bot)
    await create(fake, mona, seats=3, rounds=1)
    for player in (alice, bob):
        await fake.click(signup_message(fake), label="Join", by=player)
    tournament = only_live(bot, fake)
    refused = await fake.slash("tournament start", by=bob)  # neither host nor moderator
    assert refused.response.ephemeral and "has started" not in answer(refused)
    assert tournament.phase is Phase.SIGNUP
    started = await fake.slash("tournament start", by=mona)
    assert "has started" in answer(started)
    late = await fake.slash("tournament join", {"tournament": tournament.id}, by=carol)
    assert late.response.ephemeral and "signed up" not in answer(late)
    assert carol.id not in tournament.players
    assert signup_message(fake).buttons == []


async def test_a_forged_signup_button_is_answered_in_words(
    fake: FakeDiscord, bot: ParlourBot, mona: FakeUser, bob: FakeUser
) -> None:
    quick(bot)
    await create(fake, mona)
    forged = await fake.click(signup_message(fake), custom_id="tj:999999", by=bob, check=False)
    assert "not on this message" in answer(forged)
    assert only_live(bot, fake).players == {}


async def test_cancel_returns_every_buy_in_and_says_so(
    fake: FakeDiscord, bot: ParlourBot, mona: FakeUser, alice: FakeUser, bob: FakeUser
) -> None:
    quick(bot)
    await create(fake, mona, buy_in=100)
    for player in (alice, bob):
        await fake.click(signup_message(fake), label="Join", by=player)
    not_host = await fake.slash("tournament cancel", by=bob)
    assert not_host.response.ephemeral and bot.tournaments.live_in(fake.guild_id)
    done = await fake.slash("tournament cancel", by=mona)
    assert "Every buy-in went back" in answer(done)
    assert bot.tournaments.live_in(fake.guild_id) == []
    for player in (alice, bob):
        assert await bot.ledger.purse(fake.guild_id, player.id) == START_CHIPS
    posted = [m.content for m in fake.channel_messages() if not m.embeds]
    (post,) = [text for text in posted if "is cancelled" in text]
    assert post.count("Every buy-in went back to its purse.") == 1
    assert answer(done).count("Every buy-in went back to its purse.") == 1
    assert signup_message(fake).buttons == []
    assert "Cancelled" in signup_message(fake).embeds[0]["footer"]["text"]


async def test_a_full_tournament_refuses_the_next_player_privately(
    fake: FakeDiscord,
    bot: ParlourBot,
    mona: FakeUser,
    alice: FakeUser,
    bob: FakeUser,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    quick(bot)
    monkeypatch.setattr(requests, "MAX_PLAYERS", 1)  # 256 members are not needed to fill it
    await create(fake, mona, buy_in=10)
    await fake.click(signup_message(fake), label="Join", by=alice)
    full = await fake.click(signup_message(fake), label="Join", by=bob)
    assert full.response.ephemeral and "full" in answer(full)
    assert set(only_live(bot, fake).players) == {alice.id}
    assert await bot.ledger.purse(fake.guild_id, bob.id) == START_CHIPS
