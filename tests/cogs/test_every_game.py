"""Every table game of the registry played to the end in Discord, through the fake.

The games come from `bot.games.registry`, so a game added there is played here without
editing this file: one player and AI seats up to the game's fewest, the game made short
by its own options (the fewest rounds, the lowest target), the player choosing a legal
move at random (seeded by the game's key) from whatever her private "My hand" answer
offers: the select, the move buttons, "Other move..." (a move the select has no room for,
typed in its box), "Spread my own..." (the spread it prefills), and the optional moves
offered out of turn. Every control offers only legal moves. At the end the table message
says the game is over and offers a Rematch, the ledger is sound, and the player's purse
holds her chips: her buy-in back for a points game, plus what she won for a chip game,
whose results add up to nothing (chips change hands, none are made).

Every one-player patience (`info.solitary`) is opened in a thread of its own with
`/patience play`, takes a few of its own moves from the layout's controls and is given up:
a patience cannot be made short (its shortest move limit is 100 actions, and most deals
do not come out), so it is not played out. Sympathy, the two-seat patience with an AI
partner, is played in tests/cogs/test_patience.py.
"""

from __future__ import annotations

import random

import pytest

from bot.client import ParlourBot
from bot.games import registry
from bot.games.info import GameInfo
from bot.tables import Table
from cogs._moves import MAX_SELECT
from cogs._presenter import presenter_of
from tests.cogs.conftest import START_CHIPS
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser, walk_components

TABLE_GAMES = sorted(g.info.key for g in registry.all() if not g.info.solitary)
"""The games played at a channel's table, every one of them played below."""

LENGTH_OPTIONS = frozenset({"rounds", "rotations", "quinto_games", "target", "soft_target"})
"""The options that say how long a game lasts: each is set to its least positive value."""

MAX_TURNS = 600
"""More of the player's turns than any short game takes: a game that goes on is a bug."""


def short_options(info: GameInfo) -> str:
    """The game's options that make it shortest, as `/table start` takes them."""
    chosen = []
    for option in info.options:
        if option.name not in LENGTH_OPTIONS or isinstance(option.default, bool):
            continue
        allowed = option.choices or (max(option.minimum or 1, 1),)
        least = min(v for v in allowed if isinstance(v, int) and v > 0)
        chosen.append(f"{option.name}={least}")
    return " ".join(chosen)


def table_message(fake: FakeDiscord) -> FakeMessage:
    """The table's message in #parlour: the one with a picture."""
    (message,) = [m for m in fake.channel_messages() if m.attachments]
    return message


def table_of(bot: ParlourBot, fake: FakeDiscord) -> Table:
    """The table in play in #parlour."""
    table = bot.tables.in_channel(fake.channel_id)
    assert table is not None
    return table


async def open_table(fake: FakeDiscord, alice: FakeUser, info: GameInfo) -> None:
    """Alice opens the game's table with its short options, adds AIs up to the game's
    fewest seats and starts."""
    options = short_options(info)
    args = {"game": info.key} | ({"options": options} if options else {})
    started = await fake.slash("table start", args, by=alice)
    assert started.response.kind == "deferred", started.response.content
    for _ in range(info.min_seats - 1):
        await fake.click(table_message(fake), label="Add AI", by=alice)
    await fake.click(table_message(fake), label="Start", by=alice)
    assert [b["label"] for b in table_message(fake).buttons] == ["My hand", "I'm back"]


async def her_hand(bot: ParlourBot, fake: FakeDiscord, alice: FakeUser) -> FakeMessage | None:
    """Wait until the player (seat 0) is awaited or offered optional moves (the AIs move
    on their clock), and open "My hand"; None once the game is over."""

    def due() -> str | None:
        table = bot.tables.in_channel(fake.channel_id)
        if table is None:
            return "over"
        game, state = table.game, table.state
        optional = game.info.out_of_turn and game.optional_actions(state, 0)
        return "turn" if 0 in game.awaiting(state) or optional else None

    if await fake.until(due) == "over":
        return None
    hand = await fake.click(table_message(fake), label="My hand", by=alice)
    private: FakeMessage = hand.followups[-1]
    assert private.ephemeral and private.files
    return private


def offered(private: FakeMessage) -> tuple[list[str], dict[str, str], list[str]]:
    """What the private answer offers: the select's moves, the move buttons (move to
    label) and the other buttons' labels."""
    values = [o["value"] for s in private.selects for o in s["options"]]
    moves: dict[str, str] = {}
    others: list[str] = []
    for button in private.buttons:
        kind, *_, last = str(button["custom_id"]).split(":")
        if kind in ("pb", "po"):  # a move, or an optional move, named in its id
            moves[last] = str(button["label"])
        else:
            others.append(str(button["label"]))
    return values, moves, others


async def take_turn(
    fake: FakeDiscord, private: FakeMessage, table: Table, alice: FakeUser, rng: random.Random
) -> str:
    """Play one legal move offered by the private answer, at random; how it was played."""
    game, state = table.game, table.state
    awaited = 0 in game.awaiting(state)
    legal = set(game.legal_actions(state, 0) if awaited else game.optional_actions(state, 0))
    values, moves, others = offered(private)
    assert set(values) <= legal and set(moves) <= legal, (values, moves, legal)
    if "Spread my own..." not in others:  # a stake's own spread is any legal one
        assert ("Other move..." in others) == (len(legal) > MAX_SELECT)
    kinds = [("select", values), ("button", list(moves))] + [("control", [o]) for o in others]
    how, choices = rng.choice([(how, choices) for how, choices in kinds if choices])
    what = rng.choice(choices)
    if how == "select":
        await fake.select(private, [what], by=alice)
    elif how == "button":
        await fake.click(private, label=moves[what], by=alice)
    elif what == "Other move...":
        await typed_move(fake, private, sorted(legal - set(values)), alice, rng)
    elif what == "Spread my own...":
        opened = await fake.click(private, label=what, by=alice)
        played = await fake.submit_modal(opened, {}, by=alice)  # the spread it prefills
        assert played.messages[-1].content.startswith("You played: Spread ")
    else:  # declining the optional moves
        await fake.click(private, label=what, by=alice)
    return what if how == "control" else how


async def typed_move(
    fake: FakeDiscord,
    private: FakeMessage,
    unlisted: list[str],
    alice: FakeUser,
    rng: random.Random,
) -> None:
    """Type a legal move the select has no room for in the "Other move..." box."""
    opened = await fake.click(private, label="Other move...", by=alice)
    assert opened.response.kind == "modal"
    (field,) = [c for c in walk_components(opened.response.data["components"]) if c["type"] == 4]
    move = rng.choice(unlisted)
    played = await fake.submit_modal(opened, {field["custom_id"]: move}, by=alice)
    assert played.messages[-1].content.startswith("You played: ")


async def rematch_shown(fake: FakeDiscord) -> FakeMessage:
    """The table message once its last edit (made outside an interaction) has landed."""
    await fake.until(lambda: [b["label"] for b in table_message(fake).buttons] == ["Rematch"])
    return table_message(fake)


@pytest.mark.parametrize("key", TABLE_GAMES)
async def test_every_table_game_plays_to_the_end_in_discord(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, key: str
) -> None:
    presenter_of(bot).min_interval_s = 0.0
    info = registry.get(key).info
    await open_table(fake, alice, info)
    table = table_of(bot, fake)
    rng = random.Random(key)
    ways: set[str] = set()
    turns = 0
    while (private := await her_hand(bot, fake, alice)) is not None:
        ways.add(await take_turn(fake, private, table_of(bot, fake), alice, rng))
        turns += 1
        assert turns < MAX_TURNS
    assert turns > 0 and ways
    final = await rematch_shown(fake)
    assert "game over" in final.content
    assert [b["label"] for b in final.buttons] == ["Rematch"]
    assert await bot.ledger.check() == []
    outcome = table.game.outcome(table.state)
    assert outcome is not None
    won = outcome.points[0] if info.chips else 0
    assert await bot.ledger.purse(fake.guild_id, alice.id) == START_CHIPS + won
    if info.chips:
        assert sum(outcome.points) == 0  # chips changed hands; none were made or lost


async def test_the_games_played_are_those_a_table_can_open(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser
) -> None:
    offered = await fake.autocomplete("table start", {"game": ""}, focused="game", by=alice)
    openable = sorted(c["value"] for c in offered.response.choices)
    assert openable == TABLE_GAMES
    partnered = {g.info.key for g in registry.all() if g.info.solitary and g.info.max_seats > 1}
    assert partnered == {"sympathy"}  # played with its AI partner in test_patience
    assert set(TABLE_GAMES) | set(PATIENCES) | partnered == set(registry.keys())


PATIENCES = sorted(g.info.key for g in registry.all() if g.info.solitary and g.info.max_seats == 1)
"""The one-player patience games, each opened in a thread of its own by `/patience play`."""


@pytest.mark.parametrize("key", PATIENCES)
async def test_every_patience_opens_takes_moves_and_is_given_up(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, key: str
) -> None:
    presenter_of(bot).min_interval_s = 0.0
    await fake.slash("patience play", {"game": key, "seed": 1}, by=alice)
    thread = fake.threads()[-1]
    table = bot.tables.in_channel(thread)
    assert table is not None
    rng = random.Random(key)
    for _ in range(3):  # a few of its own moves, from the layout's controls
        (message,) = [m for m in fake.channel_messages(thread) if m.attachments]
        own = [
            str(b["label"])
            for b in message.buttons
            if b["custom_id"].split(":")[-1]
            not in ("auto", "hint", "undo", "redo", "resign", "still")
        ]
        version = table.version
        if message.selects and (not own or rng.random() < 0.7):
            source = rng.choice([o["value"] for o in message.selects[0]["options"]])
            chose = await fake.select(message, [source], by=alice)
            if table.version == version:  # the pile's destinations, answered privately
                private = chose.followups[-1]
                pick = rng.choice([o["value"] for o in private.selects[0]["options"]])
                await fake.select(private, [pick], by=alice)
        elif own:
            await fake.click(message, label=rng.choice(own), by=alice)
        if bot.tables.in_channel(thread) is None:
            break
        assert table.version > version
    if bot.tables.in_channel(thread) is not None:
        (message,) = [m for m in fake.channel_messages(thread) if m.attachments]
        await fake.click(message, label="Give up", by=alice)
    assert bot.tables.in_channel(thread) is None
    (final,) = [m for m in fake.channel_messages(thread) if m.attachments]
    assert "game over" in final.content
    assert [b["label"] for b in final.buttons] == ["Rematch"]
    assert await bot.ledger.purse(fake.guild_id, alice.id) == START_CHIPS
