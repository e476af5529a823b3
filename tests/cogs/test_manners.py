"""Discord manners: every refusal is private, hand DMs are few and timely, closed DMs are
probed again a day later, a restart DMs nobody, and people read names, not seat numbers."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest

from bot.client import ParlourBot
from bot.tables import Event, Table
from bot.tables.events import Acted
from cogs import _presenter
from cogs._dms import DAY_S
from cogs._presenter import presenter_of
from render import Picture, render_hand
from tests.fakediscord import FakeDiscord, FakeInteraction, FakeUser

SEAT_WORDS = re.compile(r"\b[Ss]eat \d")


@pytest.fixture(autouse=True)
def quick_edits(bot: ParlourBot) -> None:
    """Edit table messages at once (no coalescing pause between edits)."""
    presenter_of(bot).min_interval_s = 0.0


def public_messages(fake: FakeDiscord) -> list[int]:
    """The ids of every public message in #parlour."""
    return [m.id for m in fake.channel_messages()]


def assert_private(interaction: FakeInteraction, words: str) -> None:
    """The interaction was answered only to its user, with `words` in the answer."""
    assert interaction.response.ephemeral, interaction.response
    assert interaction.messages and all(m.ephemeral for m in interaction.messages)
    assert words in interaction.messages[-1].content


def table_message(fake: FakeDiscord) -> Any:
    """The newest table message (the one with a picture) in #parlour."""
    return [m for m in fake.channel_messages() if m.attachments][-1]


async def start_table(fake: FakeDiscord, bot: ParlourBot, host: FakeUser, game: str) -> Table:
    """A started table of `game`: `host` and one AI player."""
    await fake.slash("table start", {"game": game, "options": "target=1"}, by=host)
    await fake.click(table_message(fake), label="Add AI", by=host)
    await fake.click(table_message(fake), label="Start", by=host)
    table = bot.tables.in_channel(fake.channel_id)
    assert table is not None
    return table


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"options": "max_rate=500"}, "max_rate must be from 1 to 100"),
        ({"buy_in": 5000}, "You have 1,000 chips in your purse"),
        ({"buy_in": 200_000}, "buy-in on this server must be from"),
    ],
)
async def test_refused_table_starts_are_private(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, options: dict[str, Any], words: str
) -> None:
    refused = await fake.slash("table start", {"game": "black-joke", **options}, by=alice)
    assert_private(refused, words)
    assert public_messages(fake) == []
    assert bot.tables.in_channel(fake.channel_id) is None


async def test_a_busy_channel_is_refused_privately(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, bob: FakeUser
) -> None:
    opened = await fake.slash("table start", {"game": "black-joke"}, by=alice)
    assert opened.response.ephemeral and "is open" in opened.messages[0].content
    before = public_messages(fake)
    assert len(before) == 1 and "waiting for players" in table_message(fake).content
    refused = await fake.slash("table start", {"game": "tilters"}, by=bob)
    assert_private(refused, "already has a table")
    assert public_messages(fake) == before


async def test_two_rematches_at_once_open_one_table_and_refuse_the_other_privately(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, bob: FakeUser
) -> None:
    await fake.slash("table start", {"game": "black-joke", "options": "rounds=1"}, by=alice)
    await fake.click(table_message(fake), label="Join", by=bob)
    await fake.click(table_message(fake), label="Start", by=alice)
    game = bot.tables.in_channel(fake.channel_id)
    assert game is not None
    while bot.tables.in_channel(fake.channel_id) is not None:
        (seat,) = game.game.awaiting(game.state)
        player = (alice, bob)[seat]
        await bot.tables.act(game.id, player.id, game.version, "pass")
    finished = table_message(fake)
    # the last edit is made outside an interaction
    await fake.until(lambda: [b["label"] for b in finished.buttons] == ["Rematch"])
    before = public_messages(fake)
    clicks = [
        await fake.click(finished, label="Rematch", by=who, settle=False) for who in (alice, bob)
    ]
    await fake.settle()
    opened = bot.tables.in_channel(fake.channel_id)
    assert opened is not None and opened.id != game.id
    winner, loser = clicks if opened.host_id == alice.id else clicks[::-1]
    assert_private(loser, "already has a table")
    assert winner.response.ephemeral
    assert len(public_messages(fake)) == len(before) + 1  # only the new table's message


async def dm_times(fake: FakeDiscord, user: FakeUser, count: int, within_s: float) -> list[float]:
    """When each of the user's DMs was seen (polling), until there are `count`."""
    loop, seen = asyncio.get_running_loop(), []
    deadline = loop.time() + within_s
    while len(seen) < count and loop.time() < deadline:
        seen += [loop.time()] * (len(fake.dms(user)) - len(seen))
        await asyncio.sleep(0.005)
    return seen


async def burst(bot: ParlourBot, table: Table, hands: list[list[str]]) -> None:
    """Changes of seat 0's hand made by the other seat, back to back (as reserve buys)."""
    for cards in hands:
        update = bot.tables.snapshot(table, Event.ACTED, Acted(seat=1, actor="ai"))
        update.private[0]["scene"]["seats"][0]["cards"] = cards
        await presenter_of(bot).table_updated(update)


async def test_bursts_of_hand_changes_make_one_dm_a_window_with_the_latest_hand(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser
) -> None:
    table = await start_table(fake, bot, alice, "tilters")
    presenter_of(bot).mailer.interval_s = 1.0
    await asyncio.sleep(1.0)  # the window of the deal's DM has passed
    assert len(fake.dms(alice)) == 1
    pack = str(table.game.info.pack)
    first = [["0F", "1F", f"{n}S"] for n in range(2, 10)]
    await burst(bot, table, first)
    times = await dm_times(fake, alice, 2, within_s=10.0)
    await burst(bot, table, [["0F", "2F", f"{n}H"] for n in range(2, 10)])
    times = await dm_times(fake, alice, 3, within_s=10.0)
    await asyncio.sleep(1.2)
    dms = fake.dms(alice)
    assert len(dms) == 3  # one DM for each burst, not sixteen ...
    assert times[2] - times[1] >= 0.9  # ... the second held back until the window passed
    for dm, cards in zip(dms[1:], [first[-1], ["0F", "2F", "9H"]], strict=True):
        title = f"{table.seats[0].name}'s hand"  # the very picture of its "My hand"
        assert dm.files[0].data == render_hand(cards, pack, title=title).data


async def test_no_dm_for_the_players_own_play(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser
) -> None:
    table = await start_table(fake, bot, alice, "tilters")
    assert len(fake.dms(alice)) == 1  # the deal
    for _ in range(3):
        assert 0 in table.game.awaiting(table.state)  # the AI plays within the move
        hand = await fake.click(table_message(fake), label="My hand", by=alice)
        private = hand.followups[-1]
        await fake.select(private, [private.selects[0]["options"][0]["value"]], by=alice)
    await asyncio.sleep(0.1)
    assert len(fake.dms(alice)) == 1


async def test_a_restart_dms_nobody(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, settings: Any
) -> None:
    await start_table(fake, bot, alice, "tilters")
    dms = len(fake.dms(alice))
    await fake.close()
    again = ParlourBot(settings)
    await fake.start(again)  # recover, then the presenter loads and re-renders every table
    await fake.settle()
    await asyncio.sleep(0.1)
    assert again.tables.in_channel(fake.channel_id) is not None
    assert len(fake.dms(alice)) == dms


async def test_closed_dms_are_probed_again_a_day_later(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, carol: FakeUser
) -> None:
    mailer = presenter_of(bot).mailer
    now = [1_000_000.0]
    mailer.clock = lambda: now[0]
    await fake.slash("table start", {"game": "tilters"}, by=alice)
    joined = await fake.click(table_message(fake), label="Join", by=carol)
    assert "DMs are closed" in joined.followups[-1].content
    fake.set_dms(carol, open=True)
    await fake.click(table_message(fake), label="Leave", by=carol)
    now[0] += DAY_S / 2
    joined = await fake.click(table_message(fake), label="Join", by=carol)
    assert "DMs are closed" in joined.followups[-1].content  # not probed twice a day
    assert fake.dms(carol) == []
    await fake.click(table_message(fake), label="Leave", by=carol)
    now[0] += DAY_S / 2
    joined = await fake.click(table_message(fake), label="Join", by=carol)
    assert "Your cards will also come by DM" in joined.followups[-1].content
    assert len(fake.dms(carol)) == 1 and mailer.dm_open[carol.id] is True


async def test_the_game_over_headline_names_the_players(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser
) -> None:
    table = await start_table(fake, bot, alice, "tilters")
    while bot.tables.in_channel(fake.channel_id) is not None:
        if 0 in table.game.awaiting(table.state):
            legal = table.game.legal_actions(table.state, 0)
            await bot.tables.act(table.id, alice.id, table.version, legal[0])
        await asyncio.sleep(0)
    outcome = table.game.outcome(table.state)
    assert outcome is not None and SEAT_WORDS.search(outcome.summary)  # the game's words
    await fake.until(lambda: "game over" in table_message(fake).content)
    headline = table_message(fake).content
    assert "game over" in headline and not SEAT_WORDS.search(headline)
    assert re.search(r"game over\. (alice|AI 1) won", headline), headline


async def test_texts_drawn_in_the_picture_name_the_players(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await start_table(fake, bot, alice, "tilters")
    update = bot.tables.snapshot(table, Event.RESUMED)
    assert update.public is not None
    update.public["scene"]["lines"] = ["Seat 0 leads; seat 1's trick"]
    drawn: list[Any] = []

    async def capture(draw: Any, *args: Any, **kwargs: Any) -> Picture:
        drawn.append(args)
        return Picture(b"", "table.png", "image/png", 1, 1)

    monkeypatch.setattr(_presenter, "rendered", capture)
    await _presenter.picture_of(update)
    ((scene, names),) = drawn
    assert scene["lines"] == ["alice leads; AI 1's trick"]
    assert names == ["alice", "AI 1"]


async def test_closed_dms_are_probed_at_most_once_a_day_across_restarts(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, carol: FakeUser, settings: Any
) -> None:
    now = [1_000_000.0]
    presenter_of(bot).mailer.clock = lambda: now[0]
    await fake.slash("table start", {"game": "tilters"}, by=alice)
    joined = await fake.click(table_message(fake), label="Join", by=carol)
    assert "DMs are closed" in joined.followups[-1].content  # probed: closed
    await fake.click(table_message(fake), label="Leave", by=carol)
    fake.set_dms(carol, open=True)
    await fake.close()
    again = ParlourBot(settings)  # a restart over the same database file
    await fake.start(again)
    presenter_of(again).min_interval_s = 0.0
    presenter_of(again).mailer.clock = lambda: now[0]
    now[0] += DAY_S / 2
    joined = await fake.click(table_message(fake), label="Join", by=carol)
    assert "DMs are closed" in joined.followups[-1].content  # not probed again today
    assert fake.dms(carol) == []
    await fake.click(table_message(fake), label="Leave", by=carol)
    now[0] += DAY_S / 2
    joined = await fake.click(table_message(fake), label="Join", by=carol)
    assert "Your cards will also come by DM" in joined.followups[-1].content
    assert len(fake.dms(carol)) == 1
