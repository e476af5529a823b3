"""A whole small tournament through the fake Discord: two humans and AI seats, two Swiss
rounds, each table in a thread of the channel with its table message, the seating, the
standings picture after each round, the winner and prizes, /tournament standings, /stats
and the tournament leaderboard; and a restart at signup and mid-round."""

from __future__ import annotations

from bot.client import ParlourBot
from bot.config import Settings
from bot.tournaments.service.models import Phase, Tournament
from tests.cogs.conftest import START_CHIPS
from tests.cogs.tournament_helpers import (
    answer,
    create,
    only_live,
    play_round,
    quick,
    signup_message,
    until,
)
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser

BUY_IN = 100


async def signed_up(
    fake: FakeDiscord, bot: ParlourBot, mona: FakeUser, *players: FakeUser
) -> Tournament:
    """A Swiss of two rounds at three seats with a buy-in, the players signed up."""
    quick(bot)
    await create(fake, mona, seats=3, rounds=2, buy_in=BUY_IN)
    for player in players:
        await fake.click(signup_message(fake), label="Join", by=player)
    return only_live(bot, fake)


async def seated(fake: FakeDiscord, tournament: Tournament, round_no: int) -> int:
    """Wait until the round's one table has its thread and table message; its thread."""
    await until(lambda: bool(tournament.slots_of(round_no)))
    (slot,) = tournament.slots_of(round_no)
    await until(lambda: slot.thread_id is not None and slot.table_id is not None)
    assert slot.thread_id is not None
    thread = slot.thread_id
    await until(lambda: any(m.attachments for m in fake.channel_messages(thread)))
    return thread


def posted(fake: FakeDiscord, words: str) -> list[FakeMessage]:
    """The channel's messages that say these words."""
    return [m for m in fake.channel_messages() if words in m.content]


async def test_two_rounds_with_ai_seats_are_played_in_threads_to_a_winner(
    fake: FakeDiscord, bot: ParlourBot, mona: FakeUser, alice: FakeUser, bob: FakeUser
) -> None:
    tournament = await signed_up(fake, bot, mona, alice, bob)
    await fake.slash("tournament start", by=mona)
    first = await seated(fake, tournament, 1)
    assert fake.threads() == [first]
    assert fake.world.threads[first]["name"] == "Round 1 · Table 1"
    assert fake.world.threads[first]["thread_metadata"]["auto_archive_duration"] == 1440
    (seating,) = posted(fake, "Round 1: Table 1 — ")
    assert seating.content.endswith(f"· <#{first}>") and ", AI" in seating.content
    assert {"alice", "bob"} <= set(seating.content.split(" — ")[1].split(" · ")[0].split(", "))
    assert signup_message(fake).buttons == []
    await play_round(bot, tournament)
    second = await seated(fake, tournament, 2)
    assert fake.threads() == [first, second]
    # round one's standings (drawn after the new table's first message, which is urgent)
    await until(lambda: bool([m for m in fake.channel_messages() if m.files]))
    mine = await fake.slash("tournament standings", by=alice)
    assert mine.followups[-1].ephemeral and mine.followups[-1].files
    await play_round(bot, tournament)
    await until(lambda: tournament.phase is Phase.FINISHED)
    await until(lambda: bool(posted(fake, "tournament #")))
    await check_the_end(fake, bot, tournament, alice, bob)


async def check_the_end(
    fake: FakeDiscord, bot: ParlourBot, tournament: Tournament, alice: FakeUser, bob: FakeUser
) -> None:
    """The winner announced with the final standings, the pot paid out whole to the humans,
    the signup message finished, and the result in /stats and the leaderboard."""
    view = await bot.tournaments.standings(tournament.id, fake.guild_id)
    winner = view.lines[0]
    assert view.final and winner.user_id in (alice.id, bob.id)
    (end,) = [m for m in fake.channel_messages() if "tournament #" in m.content and m.files]
    assert end.content.startswith(f"{winner.name} wins") and "Prizes" in end.content
    for thread in fake.threads():  # each table's message, over, offers no rematch
        (table,) = fake.channel_messages(thread)
        assert "game over" in table.content and table.buttons == []
    assert sum(line.prize for line in view.lines) == 2 * BUY_IN
    purses = [await bot.ledger.purse(fake.guild_id, p.id) for p in (alice, bob)]
    assert sum(purses) == 2 * START_CHIPS
    assert "Finished" in signup_message(fake).embeds[0]["footer"]["text"]
    stats = await fake.slash("stats", {"member": winner.user_id}, by=alice)
    assert "Tournaments: 1 played, 1 won, best place 1st." in stats.followups[-1].content
    board = await fake.slash("leaderboard", {"game": "tournaments"}, by=bob)
    assert board.followups[-1].files and not board.followups[-1].ephemeral
    public = await fake.slash(
        "tournament standings", {"tournament": tournament.id, "public": True}, by=bob
    )
    assert public.followups[-1].files and not public.followups[-1].ephemeral


async def test_a_restart_mid_round_resumes_the_same_table_and_thread(
    fake: FakeDiscord,
    bot: ParlourBot,
    settings: Settings,
    mona: FakeUser,
    alice: FakeUser,
    bob: FakeUser,
) -> None:
    tournament = await signed_up(fake, bot, mona, alice, bob)
    await fake.slash("tournament start", by=mona)
    first = await seated(fake, tournament, 1)
    (slot,) = tournament.slots_of(1)
    await fake.close()  # the process dies mid-round; a new one opens the same database
    again = ParlourBot(settings)
    await fake.start(again)
    quick(again)
    resumed = again.tournaments.get(tournament.id)
    (same,) = resumed.slots_of(1)
    assert (resumed.round, same.thread_id, same.table_id) == (1, first, slot.table_id)
    await play_round(again, resumed)
    await seated(fake, resumed, 2)
    await play_round(again, resumed)
    await until(lambda: resumed.phase is Phase.FINISHED)
    assert len(fake.threads()) == 2  # the resumed table kept its thread
    await until(lambda: bool(posted(fake, "tournament #")))
    assert await again.ledger.check() == []


async def test_the_signup_buttons_work_after_a_restart(
    fake: FakeDiscord, bot: ParlourBot, settings: Settings, mona: FakeUser, bob: FakeUser
) -> None:
    tournament = await signed_up(fake, bot, mona)
    message = signup_message(fake)
    await fake.close()
    again = ParlourBot(settings)
    await fake.start(again)
    quick(again)
    joined = await fake.click(message, label="Join", by=bob)
    assert "signed up" in answer(joined)
    assert bob.id in again.tournaments.get(tournament.id).players
    assert "bob" in signup_message(fake).embeds[0]["description"]


async def test_a_knockout_for_points_starts_by_itself_on_the_bots_clock(
    fake: FakeDiscord, bot: ParlourBot, mona: FakeUser, alice: FakeUser, bob: FakeUser
) -> None:
    quick(bot)
    await create(fake, mona, format="knockout", seats=3, starts_in=1)
    for player in (alice, bob):
        await fake.click(signup_message(fake), label="Join", by=player)
    tournament = only_live(bot, fake)
    assert "For points" in signup_message(fake).embeds[0]["description"]
    now = bot.tables.clock
    bot.tables.clock = lambda: now() + 61  # a minute on: the clock loop starts it
    await seated(fake, tournament, 1)
    assert tournament.phase is Phase.RUNNING and signup_message(fake).buttons == []
    await play_round(bot, tournament)
    await until(lambda: tournament.phase is Phase.FINISHED)
    await until(lambda: bool(posted(fake, "tournament #")))
    (end,) = [m for m in fake.channel_messages() if "tournament #" in m.content and m.files]
    view = await bot.tournaments.standings(tournament.id, fake.guild_id)
    assert end.content.startswith(view.lines[0].name) and view.final
    for player in (alice, bob):
        assert await bot.ledger.purse(fake.guild_id, player.id) == START_CHIPS


async def test_a_player_who_leaves_is_told_what_happens_and_it_does(
    fake: FakeDiscord, bot: ParlourBot, mona: FakeUser, alice: FakeUser, bob: FakeUser
) -> None:
    tournament = await signed_up(fake, bot, mona, alice, bob)
    await fake.slash("tournament start", by=mona)
    await seated(fake, tournament, 1)
    (slot,) = tournament.slots_of(1)
    done = await fake.slash("tournament leave", by=alice)
    said = answer(done)
    assert done.response.ephemeral and "an AI plays out your table" in said
    assert "you rank below every player who stays, with no prize" in said
    (table,) = [t for t in bot.tables.tables() if t.id == slot.table_id]
    seat = table.seats[slot.seats.index(alice.id)]
    assert seat.left and seat.is_ai and not seat.leaving  # the AI has her seat for good
    await play_round(bot, tournament)
    await until(lambda: tournament.phase is Phase.FINISHED)
    view = await bot.tournaments.standings(tournament.id, fake.guild_id)
    assert view.lines[-1].user_id == alice.id and view.lines[-1].prize == 0
    assert view.lines[0].prize == 2 * BUY_IN
