"""Pip-Pip! in Discord: a twelve-seat table (two players and ten AIs) opened from the
lobby and played to the end through the fake, each player choosing calls and cards from
the select of the private "My hand" answer; the table picture is drawn for twelve seats,
it shows trump, the stock and each seat's running score, and the ledger stays sound
(Pip-Pip! is played for points: both buy-ins go home). And a player who draws the card
that completes his pair calls Pip-Pip! out of turn, with the button his hand offers, while
the AI waits to lead the next trick; or says "No call", and the AI leads at once."""

from __future__ import annotations

import asyncio
import io
import random
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.games.ai import ai_move
from tests.cogs.test_chip_games import table_of
from tests.cogs.test_table import START, start_bot, table_message, world  # noqa: F401
from tests.games.french.pip_pip_helpers import DRAWN_PAIR, DRAWN_STOCK, THREE, deal_from, stacked

SEATS = 12


async def _open_twelve(fake: Any, alice: Any, bob: Any) -> None:
    """Alice opens the lobby, Bob joins, Alice adds ten AIs and starts."""
    await fake.slash("table start", {"game": "pip-pip"}, by=alice)
    await fake.click(table_message(fake), label="Join", by=bob)
    for _ in range(SEATS - 2):
        await fake.click(table_message(fake), label="Add AI", by=alice)
    await fake.click(table_message(fake), label="Start", by=alice)


async def _human_turn(bot: Any, fake: Any, players: dict[int, Any]) -> int | None:
    """Wait until a player's seat is awaited, or may call out of turn while the AI waits
    for it (the AIs move on their clock); its seat, or None when the game is over."""

    def due() -> tuple[int | None] | None:
        table = bot.tables.in_channel(fake.channel_id)
        if table is None or not table.game.awaiting(table.state):
            return (None,)
        (turn,) = table.game.awaiting(table.state)
        if turn in players:
            return (int(turn),)
        for seat in players:
            if table.game.optional_actions(table.state, seat):
                return (seat,)
        return None

    (seat,) = await fake.until(due)
    return seat


async def _call_out_of_turn(fake: Any, player: Any) -> None:
    """The player calls with the first button of the hand offered out of turn."""
    answer = await fake.click(table_message(fake), label="My hand", by=player)
    private = answer.followups[-1]
    assert private.buttons[-1]["label"] == "No call"
    await fake.click(private, label=private.buttons[0]["label"], by=player)


def _picture_size(fake: Any) -> tuple[int, int]:
    """The size of the table message's picture."""
    (upload,) = [u for u in table_message(fake).files if u.filename.endswith(".png")]
    return Image.open(io.BytesIO(upload.data)).size


async def test_a_twelve_seat_pip_pip_table_plays_to_the_end(
    world: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    fake, alice, bob, _ = world
    bot = await start_bot(fake, tmp_path)
    await _open_twelve(fake, alice, bob)
    table = table_of(bot, fake)
    assert len(table.seats) == SEATS and table.seats[1].name == "bob"
    scene = table.game.view(table.state, None)["scene"]
    assert len(scene["seats"]) == SEATS
    labels = [c["label"] for c in scene["counters"]]
    assert labels[0] == "Trump" and "Stock" in labels
    assert all("score" in s for s in scene["seats"])
    assert scene["groups"][0]["label"] == "Drawn for the deal"
    assert _picture_size(fake)[0] > 0
    players = {0: alice, 1: bob}
    moves = calls = 0
    while (seat := await _human_turn(bot, fake, players)) is not None:
        table = table_of(bot, fake)
        legal = table.game.legal_actions(table.state, seat)
        if not legal:
            await _call_out_of_turn(fake, players[seat])
            calls += 1
            continue
        answer = await fake.click(table_message(fake), label="My hand", by=players[seat])
        private = answer.followups[-1]
        (select,) = private.selects
        values = [o["value"] for o in select["options"]]
        assert values == legal  # at most 7 cards and 3 calls: every move is offered
        pick = next((v for v in values if v.startswith("call ")), values[-1])
        calls += pick.startswith("call ")
        await fake.select(private, [pick], by=players[seat])
        moves += 1
        assert moves < 400
    await fake.until(lambda: [b["label"] for b in table_message(fake).buttons] == ["Rematch"])
    assert moves > 0
    final = table_message(fake)
    assert "game over" in final.content
    assert await bot.ledger.check() == []
    assert await bot.ledger.purse(fake.guild_id, alice.id) == START
    assert await bot.ledger.purse(fake.guild_id, bob.id) == START


async def test_a_player_calls_out_of_turn_right_after_drawing_with_the_button(
    world: Any,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake, alice, bob, carol = world
    # Seed 4 deals diamonds trumps; bob leads, carol follows, and alice, last, draws the
    # queen of clubs to her king; carol takes the trick and leads the next.
    monkeypatch.setattr("bot.tables.service.secrets.randbits", lambda bits: 4)
    bot = await start_bot(fake, tmp_path)
    await fake.slash("table start", {"game": "pip-pip"}, by=alice)
    for player in (bob, carol):
        await fake.click(table_message(fake), label="Join", by=player)
    await fake.click(table_message(fake), label="Start", by=alice)
    table = table_of(bot, fake)
    game, players = table.game, {0: alice, 1: bob, 2: carol}
    rng = random.Random(5)
    for turn in (1, 2, 0):
        assert game.awaiting(table.state) == {turn}
        action, _ = ai_move(game, table.state, turn, rng)
        answer = await fake.click(table_message(fake), label="My hand", by=players[turn])
        played = await fake.select(answer.followups[-1], [action], by=players[turn])
    assert game.awaiting(table.state) == {2} and table.state.trump == "D"
    # The answer to alice's card shows her hand with the call, though it is carol's turn.
    reply = played.followups[-1]
    assert reply.ephemeral and "not your turn" in reply.content
    assert [b["label"] for b in reply.buttons] == ["Calls Pip-Pip! in clubs", "No call"]
    # Bob, who has no call to make, is told it is not his turn, with no button.
    answer = await fake.click(table_message(fake), label="My hand", by=bob)
    assert answer.followups[-1].content == "It is not your turn yet."
    assert answer.followups[-1].buttons == []
    # Alice calls with the button; the call counts from the next trick.
    called = await fake.click(reply, label="Calls Pip-Pip! in clubs", by=alice)
    assert "You played: Calls Pip-Pip! in clubs." in called.followups[-1].content
    state = table.state
    assert state.calls == ((0, "C"),) and state.scores == (50, 0, 0)
    assert state.pending == ("C",) and state.trump == "D" and game.awaiting(state) == {2}
    # The button, pressed again, is refused in plain words and changes nothing.
    again = await fake.click(reply, label="Calls Pip-Pip! in clubs", by=alice)
    assert "moved on" in again.followups[-1].content
    assert table.state == state
    lead, _ = ai_move(game, state, 2, rng)
    answer = await fake.click(table_message(fake), label="My hand", by=carol)
    await fake.select(answer.followups[-1], [lead], by=carol)
    assert table.state.trump == "C"
    assert await bot.ledger.check() == []


async def drawn_pair_at_an_ai_table(fake: Any, tmp_path: Path, alice: Any) -> tuple[Any, Any]:
    """Alice and two AIs, the deck stacked (DRAWN_PAIR) and the table's clock stopped:
    the AIs lead and follow, Alice plays last from the select and draws the queen of
    hearts to her king; AI 1 has taken the trick. The bot and the answer to her card."""
    bot = await start_bot(fake, tmp_path)
    now = bot.tables.clock()
    bot.tables.clock = lambda: now  # the grace never runs out unless the test says so
    await fake.slash("table start", {"game": "pip-pip"}, by=alice)
    for _ in range(2):
        await fake.click(table_message(fake), label="Add AI", by=alice)
    await fake.click(table_message(fake), label="Start", by=alice)
    answer = await fake.click(table_message(fake), label="My hand", by=alice)
    played = await fake.select(answer.followups[-1], ["play 3C"], by=alice)
    table = table_of(bot, fake)
    assert table.state.trick == () and table.game.awaiting(table.state) == {1}
    return bot, played.followups[-1]


async def test_the_ai_waits_while_a_player_calls_with_the_button(
    world: Any,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake, alice, _, _ = world
    deal_from(monkeypatch, stacked(3, THREE, DRAWN_PAIR, DRAWN_STOCK))
    bot, reply = await drawn_pair_at_an_ai_table(fake, tmp_path, alice)
    assert "not your turn, but you may do this now" in reply.content
    assert [b["label"] for b in reply.buttons] == ["Calls Pip-Pip! in hearts", "No call"]
    for _ in range(3):  # the clock loop ticks; the AI still waits for Alice
        await asyncio.sleep(0.4)
    table = table_of(bot, fake)
    assert table.state.trick == () and table.game.optional_actions(table.state, 0)
    called = await fake.click(reply, label="Calls Pip-Pip! in hearts", by=alice)
    assert "You played: Calls Pip-Pip! in hearts." in called.followups[-1].content
    state = table.state  # AI 1 led under hearts, AI 2 followed: Alice's turn
    assert state.calls == ((0, "H"),) and state.trump == "H" and len(state.trick) == 2
    assert table.game.awaiting(state) == {0}
    assert await bot.ledger.check() == []


async def test_no_call_lets_the_ai_lead_at_once(
    world: Any,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake, alice, bob, _ = world
    deal_from(monkeypatch, stacked(3, THREE, DRAWN_PAIR, DRAWN_STOCK))
    bot, reply = await drawn_pair_at_an_ai_table(fake, tmp_path, alice)
    forged = await fake.click(reply, label="No call", by=bob)
    assert "not seated" in forged.followups[-1].content
    passed = await fake.click(reply, label="No call", by=alice)
    assert passed.followups[-1].content == "No call: play goes on."
    state = table_of(bot, fake).state
    assert state.calls == () and state.trump == "S" and len(state.trick) == 2
    again = await fake.click(reply, label="No call", by=alice)
    assert "moved on" in again.followups[-1].content
