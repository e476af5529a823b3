"""/table replay through the fake: a game of each family (tricks, chips, Stops, patience)
played to its end, then replayed to its last step with ▶ by a player and by an onlooker,
no hidden card reaching either at any step (the conformance suite's check, on the scene
actually drawn and on the message's words); a replay's buttons after a restart; a
tampered log said not to verify; `replay_reveal` on and off; the Hand history file; and
refusals in words."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import cogs._replay_message
from bot.client import ParlourBot
from bot.config import Settings
from bot.games import registry
from cogs._presenter import presenter_of
from cogs._replay_message import cards_words
from tests.cogs.test_every_game import her_hand, open_table, table_of, take_turn
from tests.cogs.test_patience import open_game as open_patience
from tests.cogs.test_patience import table_in
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser
from tests.test_conformance import strings_in

_STEP = re.compile(r"step (\d+) of (\d+)")


def drawn_scenes(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Record what every replay picture is drawn from (the scene, or the whole view)."""
    drawn: list[Any] = []
    real = cogs._replay_message.drawn_view

    async def drawn_view(kind: str, public: Any, *args: Any, **kwargs: Any) -> Any:
        drawn.append(public["scene"] if kind == "table" else public)
        return await real(kind, public, *args, **kwargs)

    monkeypatch.setattr(cogs._replay_message, "drawn_view", drawn_view)
    return drawn


async def play_out(bot: ParlourBot, fake: FakeDiscord, alice: FakeUser, key: str) -> int:
    """Alice plays a short table of `key` with AIs to its end; the table's id."""
    presenter_of(bot).min_interval_s = 0.0
    await open_table(fake, alice, registry.get(key).info)
    table_id = table_of(bot, fake).id
    rng = random.Random(key)
    while (private := await her_hand(bot, fake, alice)) is not None:
        await take_turn(fake, private, table_of(bot, fake), alice, rng)
    return table_id


def step_of(message: FakeMessage) -> tuple[int, int]:
    """The step a replay message shows, and its last."""
    found = _STEP.search(message.content)
    assert found is not None, message.content
    return int(found[1]), int(found[2])


async def check_no_leak(
    bot: ParlourBot, fake: FakeDiscord, message: FakeMessage, drawn: Any, table_id: int, by: Any
) -> int:
    """No card private to another seat at this step is drawn or named; the step shown."""
    step, _ = step_of(message)
    replay = await bot.tables.replays.open(table_id, fake.guild_id)
    game, state = replay.game, replay.state_at(step)
    seat = None if by is None else replay.seat_of(by.id)
    own = frozenset() if seat is None else game.private_cards(state, seat)
    hidden: set[str] = set()
    for owner in range(len(replay.names)):
        if owner != seat:
            hidden |= game.private_cards(state, owner) - own
    shown = strings_in(game.view(state, None))
    if seat is not None:
        shown |= strings_in(game.view(state, seat))
    assert not hidden & strings_in(drawn), f"step {step} draws {sorted(hidden & strings_in(drawn))}"
    assert strings_in(drawn) & hidden <= shown
    named = [c for c in hidden if cards_words([c], game.info.pack) in message.content]
    assert not named, f"step {step} names {named}"
    return step


async def replay_to_the_end(
    bot: ParlourBot, fake: FakeDiscord, drawn: list[Any], table_id: int, by: FakeUser, mine: bool
) -> FakeMessage:
    """`by` opens the replay privately and steps ▶ to its last step, checked at each."""
    asked = await fake.slash("table replay", {"table": table_id}, by=by)
    message: FakeMessage = asked.followups[-1]
    assert message.ephemeral and message.files
    assert step_of(message)[0] == 0 and "Verified: the deals match the seed hash" in message.content
    seen = [await check_no_leak(bot, fake, message, drawn[-1], table_id, by if mine else None)]
    last = step_of(message)[1]
    while seen[-1] < last:
        await fake.click(message, label="▶", by=by)
        seen.append(await check_no_leak(bot, fake, message, drawn[-1], table_id, by))
    assert seen == list(range(last + 1))
    assert "Game over." in message.content
    assert [b.get("disabled", False) for b in message.buttons[:4]] == [False, False, True, True]
    return message


@pytest.mark.parametrize("key", ["tilters", "quien-sabe", "newmarket"])
async def test_a_table_game_replays_to_its_end_for_a_player_and_an_onlooker(
    fake: FakeDiscord,
    bot: ParlourBot,
    alice: FakeUser,
    bob: FakeUser,
    monkeypatch: pytest.MonkeyPatch,
    key: str,
) -> None:
    drawn = drawn_scenes(monkeypatch)
    table_id = await play_out(bot, fake, alice, key)
    mine = await replay_to_the_end(bot, fake, drawn, table_id, alice, mine=True)
    await fake.click(mine, label="⏮", by=alice)
    assert step_of(mine)[0] == 0 and "Your cards then: " in mine.content
    await replay_to_the_end(bot, fake, drawn, table_id, bob, mine=False)


async def test_a_patience_replays_to_its_end(
    fake: FakeDiscord,
    bot: ParlourBot,
    alice: FakeUser,
    bob: FakeUser,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn = drawn_scenes(monkeypatch)
    presenter_of(bot).min_interval_s = 0.0
    thread, message = await open_patience(fake, alice, "clock", seed=3)
    table_id = table_in(bot, thread).id
    for _ in range(5):  # a few moves of her own before the rest is played out
        await fake.click(message, label="Next", by=alice)
    await fake.click(message, label="Auto", by=alice)
    for by in (alice, bob):
        replayed = await replay_to_the_end(bot, fake, drawn, table_id, by, mine=by is alice)
        assert step_of(replayed) == (6, 6)


async def test_a_replay_s_buttons_work_after_a_restart_and_jump_by_chapter(
    fake: FakeDiscord, bot: ParlourBot, settings: Settings, alice: FakeUser, carol: FakeUser
) -> None:
    table_id = await play_out(bot, fake, alice, "tilters")
    asked = await fake.slash("table replay", {"table": table_id}, by=alice)
    message = asked.followups[-1]
    (select,) = message.selects
    assert [o["label"] for o in select["options"]][:2] == ["Deal 1, trick 1", "Deal 1, trick 2"]
    await fake.close()  # the message's buttons must work for a bot that never sent them
    await fake.start(ParlourBot(settings))
    stepped = await fake.click(message, label="▶", by=alice)
    assert stepped.response.kind == "deferred_update"
    assert step_of(message)[0] == 1 and "The table as dealt" not in message.content
    third = select["options"][2]["value"]
    await fake.select(message, [third], by=alice)
    assert step_of(message)[0] == int(third) and "trick 3" in message.content
    await fake.click(message, label="⏭", by=alice)
    assert step_of(message)[0] == step_of(message)[1]
    # a private replay is its asker's: a click by anyone else (forged) changes nothing
    shown = message.content
    forged = await fake.click(message, label="◀", by=carol)
    assert "someone else's" in forged.messages[-1].content and message.content == shown


async def test_a_public_replay_shows_no_one_s_cards_and_anyone_steps_it(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, carol: FakeUser
) -> None:
    table_id = await play_out(bot, fake, alice, "quien-sabe")
    asked = await fake.slash("table replay", {"table": table_id, "public": True}, by=alice)
    message = asked.followups[-1]
    assert not message.ephemeral and step_of(message)[0] == 0
    assert "Your cards" not in message.content and "Every hand" not in message.content
    await fake.click(message, label="▶", by=carol)
    assert step_of(message)[0] == 1 and "Your cards" not in message.content
    history = await fake.click(message, label="Hand history", by=carol)
    (sent,) = history.messages
    assert sent.ephemeral
    (upload,) = sent.files
    assert upload.filename == f"table-{table_id}-history.txt"
    text = upload.data.decode()
    assert text.startswith(f"Table {table_id}: Quien Sabe") and "Verified:" in text


async def test_a_tampered_log_is_said_not_to_verify(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser
) -> None:
    table_id = await play_out(bot, fake, alice, "tilters")
    await bot.db.write(
        lambda tx: tx.execute(
            "UPDATE actions SET action = ? WHERE table_id = ? AND seq = ?",
            ("play ZZ", table_id, 5),
        )
    )
    asked = await fake.slash("table replay", {"table": table_id}, by=alice)
    message = asked.followups[-1]
    assert "This table's log does not verify: The log does not rebuild" in message.content
    assert "Verified" not in message.content
    assert step_of(message) == (0, 4)  # the steps stop where the rebuild stopped
    await fake.click(message, label="⏭", by=alice)
    assert "does not verify" in message.content and "Verified" not in message.content


async def test_replay_reveal_shows_every_hand_only_when_the_server_turns_it_on(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, bob: FakeUser
) -> None:
    table_id = await play_out(bot, fake, alice, "tilters")
    hidden = await fake.slash("table replay", {"table": table_id}, by=bob)
    assert "Every hand" not in hidden.followups[-1].content
    await fake.slash("parlour config", {"replay_reveal": True}, by=alice)
    shown = await fake.slash("table replay", {"table": table_id}, by=bob)
    content = shown.followups[-1].content
    replay = await bot.tables.replays.open(table_id, fake.guild_id)
    state = replay.state_at(0)
    for seat, name in enumerate(replay.names):
        cards = sorted(replay.game.private_cards(state, seat))
        assert f"{name}: {cards_words(cards, replay.game.info.pack)}" in content
    await fake.slash("parlour config", {"replay_reveal": False}, by=alice)
    again = await fake.slash("table replay", {"table": table_id}, by=bob)
    assert "Every hand" not in again.followups[-1].content


async def test_unknown_and_unstarted_tables_are_refused_in_words(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser
) -> None:
    unknown = await fake.slash("table replay", {"table": 4242}, by=alice)
    assert unknown.messages[-1].content == "There is no table 4242 in this server."
    assert unknown.messages[-1].ephemeral
    await fake.slash("table start", {"game": "tilters"}, by=alice)
    lobby = table_of(bot, fake).id
    waiting = await fake.slash("table replay", {"table": lobby}, by=alice)
    assert "never started" in waiting.messages[-1].content
