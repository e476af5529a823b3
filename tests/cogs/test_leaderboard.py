"""/leaderboard through the fake: chips held, net winnings at a chip game, games won at a
points game (and the results store behind it), the caller's own row, refusals and the
empty board."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from bot.client import ParlourBot
from bot.games import GameInfo, Pack, registry
from bot.ledger import Account, Posting, Reason
from bot.storage import open_database, result_rows, table_rows
from cogs.leaderboard import Board, leaderboard_rows, value_text
from render import Picture
from tests.fakediscord import FakeDiscord, FakeInteraction, FakeUser

START = 1000
POINTS = GameInfo(
    key="test-points",
    title="Test Points",
    family="trick",
    min_seats=2,
    max_seats=4,
    options=(),
    source="tests",
    summary="A stand-in game scored in points.",
    rules="Score the most points.",
    pack=Pack.YANKEE,
    max_actions=1,
)
Result = tuple[int, int, bool]
Drawn = tuple[str, list[tuple[int, str, str]], tuple[int, str, str] | None]


@pytest.fixture
def drawn(bot: ParlourBot, monkeypatch: pytest.MonkeyPatch) -> list[Drawn]:
    """Every (title, rows, you) the cog hands the renderer, which still draws them."""
    calls: list[Drawn] = []
    # load_extension imports the cog afresh: patch the module the bot loaded.
    loaded = sys.modules["cogs.leaderboard"]
    real = loaded.render_leaderboard

    def spy(title: str, rows: Sequence[Any], *, you: Any = None) -> Picture:
        calls.append((title, list(rows), you))
        return real(title, rows, you=you)

    async def in_process(draw: Any, *args: Any, urgent: bool = False, **kwargs: Any) -> Any:
        return draw(*args, **kwargs)  # a spy cannot travel to a worker process

    monkeypatch.setattr(loaded, "render_leaderboard", spy)
    monkeypatch.setattr(loaded, "rendered", in_process)
    return calls


@pytest.fixture
def points_game(monkeypatch: pytest.MonkeyPatch) -> GameInfo:
    """A registered game not played for chips (none is registered yet)."""
    registry.all()  # load the real games first: an empty cache would be filled over ours
    monkeypatch.setitem(registry._games, POINTS.key, SimpleNamespace(info=POINTS))
    return POINTS


async def purse(bot: ParlourBot, fake: FakeDiscord, user: FakeUser, extra: int = 0) -> None:
    """Give the user a purse holding START + extra chips."""
    await bot.ledger.purse(fake.guild_id, user.id)
    if extra:
        guild = fake.guild_id
        key = f"grant:test:{user.id}"
        await bot.ledger.transfer(
            Account.issuance(guild), Account.purse(guild, user.id), extra, Reason.GRANT, key
        )


async def heads_up(
    bot: ParlourBot, guild: int, table: int, winner: FakeUser, loser: FakeUser
) -> None:
    """A closed Black Joke table at which `winner` took 80 of `loser`'s 100-chip buy-in."""
    a, b = Account.purse(guild, winner.id), Account.purse(guild, loser.id)
    a_stake, b_stake = Account.stake(guild, table, 0), Account.stake(guild, table, 1)
    legs = [
        (a, a_stake, 100, Reason.BUYIN),
        (b, b_stake, 100, Reason.BUYIN),
        (b_stake, a_stake, 80, Reason.SETTLE),
        (a_stake, a, 180, Reason.CASHOUT),
        (b_stake, b, 20, Reason.CASHOUT),
    ]

    async def play(tx: Any) -> None:
        postings = [
            Posting(s, d, n, r, f"t{table}:{k}", "black-joke")
            for k, (s, d, n, r) in enumerate(legs)
        ]
        await bot.ledger.post(tx, postings)
        await bot.ledger.close_escrow(tx, guild, table)

    await bot.db.write(play)


def picture_of(i: FakeInteraction) -> bytes:
    """The one PNG the interaction answered with, after deferring."""
    assert [c.kind for c in i.callbacks] == ["deferred"]
    (message,) = i.messages
    assert [a["filename"] for a in message.attachments] == ["leaderboard.png"]
    (upload,) = message.files
    assert upload.data.startswith(b"\x89PNG")
    return upload.data


# -- the rows, without Discord -------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "unit", "text"),
    [
        (1250, "chips", "1,250 chips"),
        (1, "chips", "1 chip"),
        (0, "chips", "0 chips"),
        (300, "net", "+300 chips"),
        (-1, "net", "-1 chip"),
        (-12000, "net", "-12,000 chips"),
        (0, "net", "0 chips"),
        (7, "wins", "7 wins"),
        (1, "wins", "1 win"),
        (0, "wins", "0 wins"),
    ],
)
def test_values_read_in_words(value: int, unit: Any, text: str) -> None:
    assert value_text(value, unit) == text


def test_rows_are_ranked_in_board_order_with_names() -> None:
    board = Board("t", "chips", [(30, 900), (10, 500), (20, 500)], (2, 500))
    names = {10: "alice", 20: "bob", 30: "carol"}
    rows, you = leaderboard_rows(board, 10, names.__getitem__)
    assert rows == [(1, "carol", "900 chips"), (2, "alice", "500 chips"), (3, "bob", "500 chips")]
    assert you == rows[1]


def test_the_callers_row_follows_from_outside_the_top_ten() -> None:
    board = Board("t", "net", [(u, 100 - u) for u in range(10)], (14, -3))
    rows, you = leaderboard_rows(board, 99, lambda u: f"U{u}")
    assert len(rows) == 10 and rows[-1] == (10, "U9", "+91 chips")
    assert you == (14, "U99", "-3 chips")
    assert leaderboard_rows(Board("t", "wins", [(1, 2)], None), 99, str)[1] is None


# -- the results store ---------------------------------------------------------------------


async def finish_table(
    tx: table_rows.Connection, guild_id: int, channel_id: int, game: str, rows: list[Result]
) -> int:
    """Open, close and record the results of one table, as the table service does."""
    table_id = await table_rows.insert_table(
        tx,
        guild_id=guild_id,
        channel_id=channel_id,
        game=game,
        options={},
        seed=1,
        host_id=rows[0][0],
        buy_in=0,
    )
    assert table_id is not None
    await table_rows.close_table(tx, table_id, "finished")
    await result_rows.record_results(tx, guild_id, table_id, game, rows)
    return table_id


async def test_results_count_wins_per_player_once_per_table(tmp_path: Path) -> None:
    db = await open_database(tmp_path / "results.db")
    game = "test-points"
    try:
        first = await db.write(
            lambda tx: finish_table(tx, 1, 1, game, [(7, 12, True), (8, 3, False)])
        )
        await db.write(
            lambda tx: finish_table(tx, 1, 2, game, [(7, 9, True), (8, 10, False), (9, 2, False)])
        )
        await db.write(
            lambda tx: finish_table(
                tx, 1, 3, game, [(8, 1, True), (9, 4, True), (6, 0, False), (5, 1, False)]
            )
        )
        # Finishing a table again (a replayed unit of work) keeps the first results.
        await db.write(lambda tx: result_rows.record_results(tx, 1, first, game, [(8, 5, True)]))

        assert await result_rows.games_won(db, 1, game) == [(7, 2), (8, 1), (9, 1), (5, 0), (6, 0)]
        assert await result_rows.games_won(db, 1, game, limit=2) == [(7, 2), (8, 1)]
        assert await result_rows.games_won(db, 2, game) == []
        assert await result_rows.games_won(db, 1, "other") == []
        assert await result_rows.games_won_rank(db, 1, 9, game) == (3, 1)
        assert await result_rows.games_won_rank(db, 1, 6, game) == (5, 0)
        assert await result_rows.games_won_rank(db, 1, 4, game) is None
        stored = await db.fetchall("SELECT points, won FROM game_results WHERE user_id = 8")
        assert [tuple(r) for r in stored] == [(3, 0), (10, 0), (1, 1)]
    finally:
        await db.close()


# -- through the fake ----------------------------------------------------------------------


async def test_the_purse_board_is_a_picture_in_balance_order(
    fake: FakeDiscord,
    bot: ParlourBot,
    drawn: list[Drawn],
    alice: FakeUser,
    bob: FakeUser,
    carol: FakeUser,
) -> None:
    await purse(bot, fake, carol)
    await purse(bot, fake, alice, 500)
    await purse(bot, fake, bob, 250)

    i = await fake.slash("leaderboard", by=bob)

    picture_of(i)
    assert not i.response.ephemeral
    ((title, rows, you),) = drawn
    assert title == "Parlour Test: chips held"
    assert [(rank, value) for rank, _, value in rows] == [
        (1, "1,500 chips"),
        (2, "1,250 chips"),
        (3, "1,000 chips"),
    ]
    assert rows[1] == (2, "bob", "1,250 chips") == you
    # Without the members intent others are not cached: their names are fetched.
    assert rows[0][1] == "alice"
    assert fake.find_requests("GET", f"/guilds/*/members/{alice.id}")


async def test_a_caller_outside_the_top_ten_gets_their_own_row(
    fake: FakeDiscord, bot: ParlourBot, drawn: list[Drawn]
) -> None:
    me = fake.add_user("me")
    others = [fake.add_user(f"player{n}") for n in range(12)]
    for n, other in enumerate(others):
        await purse(bot, fake, other, 10 * (n + 1))
    await purse(bot, fake, me)

    picture_of(await fake.slash("leaderboard", by=me))

    ((_, rows, you),) = drawn
    assert len(rows) == 10 and rows[0][2] == "1,120 chips" and rows[-1][2] == "1,030 chips"
    assert you == (13, "me", "1,000 chips")


async def test_a_chip_game_ranks_net_winnings(
    fake: FakeDiscord,
    bot: ParlourBot,
    drawn: list[Drawn],
    alice: FakeUser,
    bob: FakeUser,
    carol: FakeUser,
) -> None:
    await heads_up(bot, fake.guild_id, 41, alice, bob)
    await purse(bot, fake, carol, 5000)  # the richest purse, but never played

    picture_of(await fake.slash("leaderboard", {"game": "black-joke"}, by=carol))

    ((title, rows, you),) = drawn
    assert title == "Black Joke: net winnings"
    assert [value for _, _, value in rows] == ["+80 chips", "-80 chips"]
    assert you is None


async def test_a_points_game_ranks_games_won(
    fake: FakeDiscord,
    bot: ParlourBot,
    drawn: list[Drawn],
    points_game: GameInfo,
    alice: FakeUser,
    bob: FakeUser,
) -> None:
    played = [(bob, alice), (bob, alice), (alice, bob)]
    for channel, (winner, loser) in enumerate(played):
        rows = [(winner.id, 10, True), (loser.id, 4, False)]
        await bot.db.write(
            lambda tx, c=channel, r=rows: finish_table(tx, fake.guild_id, c, points_game.key, r)
        )

    picture_of(await fake.slash("leaderboard", {"game": "Test Points"}, by=alice))

    ((title, rows, you),) = drawn
    assert title == "Test Points: games won"
    assert [value for _, _, value in rows] == ["2 wins", "1 win"]
    assert you == (2, "alice", "1 win")


async def test_an_unknown_game_is_refused_before_deferring(
    fake: FakeDiscord, bot: ParlourBot, drawn: list[Drawn], alice: FakeUser
) -> None:
    i = await fake.slash("leaderboard", {"game": "whist"}, by=alice)
    assert i.response.kind == "message" and i.response.ephemeral
    assert i.response.content == registry.unknown("whist", registry.keys())
    assert drawn == []


@pytest.mark.parametrize(
    ("options", "text"),
    [
        ({}, "No one here has any chips yet"),
        ({"game": "black-joke"}, "No one here has finished a game of Black Joke for chips yet."),
    ],
)
async def test_an_empty_board_says_so_in_words(
    fake: FakeDiscord,
    bot: ParlourBot,
    drawn: list[Drawn],
    alice: FakeUser,
    options: dict[str, str],
    text: str,
) -> None:
    i = await fake.slash("leaderboard", options, by=alice)
    assert i.response.kind == "deferred"
    (message,) = i.messages
    assert message.content.startswith(text) and message.attachments == []
    assert drawn == []


async def test_game_names_autocomplete(fake: FakeDiscord, bot: ParlourBot, alice: FakeUser) -> None:
    typed = await fake.autocomplete("leaderboard", {"game": "JOKE"}, focused="game", by=alice)
    assert typed.response.choices == [{"name": "Black Joke (2-10 players)", "value": "black-joke"}]
