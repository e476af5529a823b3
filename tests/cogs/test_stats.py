"""/stats through the fake: a member's record as a public picture with the numbers of their
finished tables (patience and chips included), drawn in the render pool; another member's
record; an unknown game refused privately; a member with no table told so in words."""

from __future__ import annotations

import sys
from typing import Any

import pytest

from bot.client import ParlourBot
from bot.games import registry
from render import Picture, StatsRow, StatsSheet
from tests.cogs.test_history import finished
from tests.cogs.test_leaderboard import heads_up
from tests.fakediscord import FakeDiscord, FakeInteraction, FakeUser


@pytest.fixture
def drawn(bot: ParlourBot, monkeypatch: pytest.MonkeyPatch) -> list[StatsSheet]:
    """Every sheet the cog hands the renderer, which still draws it (in this process)."""
    sheets: list[StatsSheet] = []
    loaded = sys.modules["cogs.leaderboard"]  # the module the bot loaded
    real = loaded.render_stats

    def spy(sheet: StatsSheet) -> Picture:
        sheets.append(sheet)
        return real(sheet)

    async def in_process(draw: Any, *args: Any, urgent: bool = False, **kwargs: Any) -> Any:
        return draw(*args, **kwargs)  # a spy cannot travel to a worker process

    monkeypatch.setattr(loaded, "render_stats", spy)
    monkeypatch.setattr(loaded, "rendered", in_process)
    return sheets


def png_of(i: FakeInteraction) -> bytes:
    """The one public PNG the interaction answered with, after deferring."""
    assert [c.kind for c in i.callbacks] == ["deferred"] and not i.response.ephemeral
    (message,) = i.messages
    assert [a["filename"] for a in message.attachments] == ["stats.png"]
    (upload,) = message.files
    assert upload.data.startswith(b"\x89PNG")
    return upload.data


async def play(bot: ParlourBot, fake: FakeDiscord, alice: FakeUser, bob: FakeUser) -> None:
    """Alice wins, loses and wins at Tilters and wins a Clock patience, then beats Bob at
    Black Joke for 80 chips."""
    guild = fake.guild_id
    for won in (True, False):
        seats = [(alice.id, "Alice", 12, won), (bob.id, "Bob", 7, not won)]
        await finished(bot.db, guild, "tilters", seats)
    await finished(bot.db, guild, "clock", [(alice.id, "Alice", 52, True)])
    seats = [(alice.id, "Alice", 0, True), (bob.id, "Bob", 0, False)]
    table = await finished(bot.db, guild, "black-joke", seats)
    await heads_up(bot, guild, table, alice, bob)


async def test_stats_draws_the_callers_record_from_their_tables(
    fake: FakeDiscord, bot: ParlourBot, drawn: list[StatsSheet], alice: FakeUser, bob: FakeUser
) -> None:
    await play(bot, fake, alice, bob)

    png_of(await fake.slash("stats", by=alice))

    ((sheet,),) = [drawn]
    assert (sheet.name, sheet.subtitle) == ("alice", "Parlour Test · every game")
    assert sheet.rows == (
        StatsRow("Tilters", 2, 1),
        StatsRow("Black Joke", 1, 1, 80, 0),
        StatsRow("The Clock", 1, 1),
    )
    assert (sheet.best_win, sheet.best_at) == ("+80 chips", "Black Joke")
    assert (sheet.streak, sheet.favourite) == (2, "Tilters")

    png_of(await fake.slash("stats", {"member": bob.id, "game": "Black Joke"}, by=alice))
    bobs = drawn[-1]
    assert (bobs.name, bobs.subtitle) == ("bob", "Parlour Test · Black Joke")
    assert bobs.rows == (StatsRow("Black Joke", 1, 0, 0, 80),)
    assert (bobs.best_win, bobs.best_at, bobs.streak, bobs.favourite) == ("", "", 0, "Black Joke")


async def test_the_record_is_drawn_in_the_render_pool(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, bob: FakeUser
) -> None:
    await play(bot, fake, alice, bob)
    png_of(await fake.slash("stats", {"game": "clock"}, by=alice))


async def test_an_unknown_game_is_refused_privately_and_no_record_is_told_in_words(
    fake: FakeDiscord, bot: ParlourBot, drawn: list[StatsSheet], alice: FakeUser, bob: FakeUser
) -> None:
    unknown = await fake.slash("stats", {"game": "whist"}, by=alice)
    assert unknown.response.kind == "message" and unknown.response.ephemeral
    assert unknown.response.content == registry.unknown("whist", registry.keys())

    mine = await fake.slash("stats", by=alice)
    assert [c.kind for c in mine.callbacks] == ["deferred"]
    (message,) = mine.messages
    assert message.content == "You have not finished a table on this server yet."
    assert message.files == []
    await finished(bot.db, fake.guild_id, "clock", [(alice.id, "Alice", 52, True)])
    theirs = await fake.slash("stats", {"member": alice.id, "game": "tilters"}, by=bob)
    assert theirs.messages[0].content == (
        f"<@{alice.id}> has not finished a table of Tilters on this server yet."
    )
    assert drawn == []
