"""The Discord table through the fake: lobby, buttons, private hands, moves, the whole game
settled in chips, a restart, and every kind of refused click."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.client import ParlourBot
from bot.config import Settings
from bot.ledger import Account
from cogs.table import presenter_of
from tests.fakediscord import EPHEMERAL, FakeDiscord

START = 1000


def make_settings(tmp_path: Path) -> Settings:
    return Settings(
        token="fake",
        db_path=tmp_path / "parlour.db",
        log_level="INFO",
        starting_chips=START,
        buy_in=100,
        turn_timeout_s=120.0,
    )


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[tuple[FakeDiscord, Any, Any, Any]]:
    fake = FakeDiscord()
    alice = fake.add_user("alice")
    bob = fake.add_user("bob")
    carol = fake.add_user("carol", dms_open=False)
    yield fake, alice, bob, carol
    await fake.close()


async def start_bot(fake: FakeDiscord, tmp_path: Path) -> ParlourBot:
    bot = ParlourBot(make_settings(tmp_path))
    await fake.start(bot)
    presenter_of(bot).min_interval_s = 0.0
    presenter_of(bot).mailer.interval_s = 0.0  # DM at once; tests of the pacing set it
    return bot


def table_message(fake: FakeDiscord) -> Any:
    (message,) = [m for m in fake.channel_messages() if m.attachments]
    return message


async def open_lobby(fake: FakeDiscord, alice: Any, **options: Any) -> Any:
    i = await fake.slash("table start", {"game": "black-joke", **options}, by=alice)
    assert i.response.kind == "deferred"
    return table_message(fake)


async def test_start_posts_the_lobby_with_a_picture_and_buttons(world: Any, tmp_path: Path) -> None:
    fake, alice, *_ = world
    bot = await start_bot(fake, tmp_path)
    message = await open_lobby(fake, alice)
    assert "waiting for players" in message.content
    assert message.files[0].filename.endswith(".png")
    labels = [b["label"] for b in message.buttons]
    assert labels == ["Join", "Leave", "Add AI", "Start"]
    assert await bot.ledger.purse(fake.guild_id, alice.id) == START - 100


async def test_a_second_table_in_the_channel_is_refused(world: Any, tmp_path: Path) -> None:
    fake, alice, bob, _ = world
    await start_bot(fake, tmp_path)
    await open_lobby(fake, alice)
    i = await fake.slash("table start", {"game": "black-joke"}, by=bob)
    text = (i.followups[-1].content if i.followups else i.response.content) or ""
    assert "already has a table" in text and "hosted by alice" in text


async def test_join_add_ai_start_then_play_a_whole_game_through_my_hand(
    world: Any, tmp_path: Path
) -> None:
    fake, alice, bob, _ = world
    bot = await start_bot(fake, tmp_path)
    message = await open_lobby(fake, alice, options="rounds=1")
    join = await fake.click(message, label="Join", by=bob)
    assert join.response.ephemeral
    assert "seated" in join.followups[-1].content and "DM" in join.followups[-1].content
    await fake.click(message, label="Add AI", by=alice)
    before = len(message.versions)
    await fake.click(message, label="Start", by=alice)
    assert len(message.versions) > before  # the table message was edited
    assert [b["label"] for b in table_message(fake).buttons] == ["My hand", "I'm back"]
    table = bot.tables.in_channel(fake.channel_id)
    assert table is not None
    users = {alice.id: alice, bob.id: bob}
    for _ in range(400):
        if bot.tables.in_channel(fake.channel_id) is None:
            break
        (seat,) = table.game.awaiting(table.state)
        player = users[table.seats[seat].user_id]
        hand = await fake.click(table_message(fake), label="My hand", by=player)
        private = hand.followups[-1]
        assert private.ephemeral and private.files
        choice = "pass" if "pass" in str(private.selects) and table.version % 2 else None
        options = private.selects[0]["options"]
        value = choice or options[0]["value"]
        await fake.select(private, [value], by=player)
    assert bot.tables.in_channel(fake.channel_id) is None
    final = table_message(fake)
    assert "game over" in final.content and "Deal seeds" in final.content
    assert [b["label"] for b in final.buttons] == ["Rematch"]
    assert await bot.ledger.check() == []
    total = sum([await bot.ledger.purse(fake.guild_id, u) for u in users])
    outcome = table.game.outcome(table.state)
    assert outcome is not None
    assert total == 2 * START + outcome.points[0] + outcome.points[1]


async def test_refusals_are_ephemeral_and_change_nothing(world: Any, tmp_path: Path) -> None:
    fake, alice, bob, carol = world
    bot = await start_bot(fake, tmp_path)
    message = await open_lobby(fake, alice)
    start = await fake.click(message, label="Start", by=bob)
    assert "Only the host" in start.followups[-1].content
    assert start.followups[-1].flags & EPHEMERAL
    await fake.click(message, label="Join", by=bob)
    await fake.click(message, label="Start", by=alice)
    outsider = await fake.click(table_message(fake), label="My hand", by=carol)
    assert "not seated" in outsider.followups[-1].content
    forged = await fake.click(message, custom_id="pt:999:join", by=bob, check=False)
    assert "not on this message" in (forged.response.content or "")
    table = bot.tables.in_channel(fake.channel_id)
    assert table is not None
    # a forged id of a real button of this table, not on the message, does nothing at all
    before = (table.version, [s.leaving for s in table.seats])
    leave = f"pt:{table.id}:leave"
    forged = await fake.click(table_message(fake), custom_id=leave, by=bob, check=False)
    assert "not on this message" in (forged.response.content or "")
    assert (table.version, [s.leaving for s in table.seats]) == before
    version = table.version
    (seat,) = table.game.awaiting(table.state)
    mover = alice if table.seats[seat].user_id == alice.id else bob
    other = bob if mover is alice else alice
    hand = await fake.click(table_message(fake), label="My hand", by=mover)
    private = hand.followups[-1]
    # someone else using the mover's select is refused
    stolen = await fake.select(private, [private.selects[0]["options"][0]["value"]], by=other)
    assert "not your turn" in stolen.followups[-1].content
    await fake.select(private, [private.selects[0]["options"][0]["value"]], by=mover)
    stale = await fake.select(private, [private.selects[0]["options"][1]["value"]], by=mover)
    assert "moved on" in stale.followups[-1].content
    assert table.version > version
    assert await bot.ledger.check() == []


async def test_closed_dms_are_told_once_and_remembered(world: Any, tmp_path: Path) -> None:
    fake, alice, _, carol = world
    bot = await start_bot(fake, tmp_path)
    message = await open_lobby(fake, alice)
    join = await fake.click(message, label="Join", by=carol)
    assert "DMs are closed" in join.followups[-1].content
    assert presenter_of(bot).dm_open[carol.id] is False
    dm_attempts = len(fake.find_requests("POST", "/channels/*/messages"))
    await fake.click(message, label="Start", by=alice)
    assert fake.dms(carol) == []
    # no further DM was tried for carol (other posts are the table's, not hers)
    assert all(
        r.path.split("/")[2] != str(fake.dm_channel(carol))
        for r in fake.find_requests("POST", "/channels/*/messages")[dm_attempts:]
    )


async def test_an_old_button_still_works_after_a_restart(world: Any, tmp_path: Path) -> None:
    fake, alice, bob, _ = world
    bot = await start_bot(fake, tmp_path)
    message = await open_lobby(fake, alice)
    await fake.click(message, label="Join", by=bob)
    await fake.click(message, label="Start", by=alice)
    table = bot.tables.in_channel(fake.channel_id)
    assert table is not None
    version = table.version
    await fake.close()
    bot = await start_bot(fake, tmp_path)  # a new process on the same database
    await fake.settle()
    again = bot.tables.in_channel(fake.channel_id)
    assert again is not None and again.version == version and again.state == table.state
    hand = await fake.click(table_message(fake), label="My hand", by=alice)
    assert hand.followups[-1].files
    assert await bot.ledger.check() == []


async def test_table_stop_by_the_host_returns_every_stake(world: Any, tmp_path: Path) -> None:
    fake, alice, bob, _ = world
    bot = await start_bot(fake, tmp_path)
    message = await open_lobby(fake, alice)
    await fake.click(message, label="Join", by=bob)
    refused = await fake.slash("table stop", by=bob)
    assert "Only the host" in refused.followups[-1].content
    await fake.slash("table stop", by=alice)
    assert bot.tables.in_channel(fake.channel_id) is None
    assert await bot.ledger.balance(Account.purse(fake.guild_id, bob.id)) == START
    assert "stopped" in table_message(fake).content


async def test_an_unexpected_error_is_answered_and_logged(
    world: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake, alice, *_ = world
    bot = await start_bot(fake, tmp_path)

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(bot.tables, "create", broken)
    i = await fake.slash("table start", {"game": "black-joke"}, by=alice, settle=False)
    await fake.settle(raise_errors=False)
    assert "Something went wrong on our side" in i.followups[-1].content
    assert any("boom" in e or "unexpected" in e for e in fake.errors)
    _ = discord


async def test_edits_replace_the_picture_and_rematch_opens_a_new_table(
    world: Any, tmp_path: Path
) -> None:
    fake, alice, bob, _ = world
    bot = await start_bot(fake, tmp_path)
    message = await open_lobby(fake, alice, options="rounds=1")
    await fake.click(message, label="Join", by=bob)
    await fake.click(message, label="Start", by=alice)
    assert len(message.versions) > 1
    assert len(message.attachments) == 1  # each edit replaced the picture
    table = bot.tables.in_channel(fake.channel_id)
    assert table is not None
    await fake.slash("table stop", by=alice)
    assert [b["label"] for b in message.buttons] == []  # a stopped table has no buttons
    # finish another game, then rematch from its message
    lobby = await fake.slash("table start", {"game": "black-joke", "options": "rounds=1"}, by=bob)
    assert lobby.response.kind == "deferred"
    second = [m for m in fake.channel_messages() if m.attachments][-1]
    await fake.click(second, label="Add AI", by=bob)
    await fake.click(second, label="Start", by=bob)
    game = bot.tables.in_channel(fake.channel_id)
    assert game is not None
    while bot.tables.in_channel(fake.channel_id) is not None:
        await bot.tables.act(game.id, bob.id, game.version, "pass")
    # edits made outside an interaction are not awaited by settle()
    await fake.until(lambda: [b["label"] for b in second.buttons] == ["Rematch"])
    assert [b["label"] for b in second.buttons] == ["Rematch"]
    await fake.click(second, label="Rematch", by=alice)
    again = bot.tables.in_channel(fake.channel_id)
    assert again is not None and again.host_id == alice.id and again.id != game.id
    assert again.options == game.options
    assert await bot.ledger.check() == []


async def test_bursts_of_moves_are_coalesced_into_few_edits(world: Any, tmp_path: Path) -> None:
    fake, alice, *_ = world
    bot = await start_bot(fake, tmp_path)
    message = await open_lobby(fake, alice, options="rounds=1")
    for _ in range(5):
        await fake.click(message, label="Add AI", by=alice)
    presenter_of(bot).min_interval_s = 0.3
    before = len(message.versions)
    await fake.click(message, label="Start", by=alice)  # five AI punters play deal one at once
    table = bot.tables.in_channel(fake.channel_id)
    assert table is not None and table.version >= 10  # many moves ...
    for _ in range(200):
        await asyncio.sleep(0.01)
    assert len(message.versions) - before <= 3  # ... shown in at most a few edits
    shown = message.content
    assert "Deal seed hash: `" in shown
    assert table.game.view(table.state, None)["commitment"] in shown  # the latest state won


async def test_a_points_game_plays_through_the_same_table_with_no_chips(
    world: Any, tmp_path: Path
) -> None:
    fake, alice, *_ = world
    bot = await start_bot(fake, tmp_path)
    await fake.slash("table start", {"game": "Tilters"}, by=alice)  # a title works too
    message = table_message(fake)
    assert await bot.ledger.purse(fake.guild_id, alice.id) == START  # no buy-in
    await fake.click(message, label="Add AI", by=alice)
    await fake.click(message, label="Start", by=alice)
    table = bot.tables.in_channel(fake.channel_id)
    assert table is not None and table.game.info.key == "tilters"
    for _ in range(3):
        hand = await fake.click(table_message(fake), label="My hand", by=alice)
        private = hand.followups[-1]
        assert private.files  # the hand picture
        options = [o["value"] for o in private.selects[0]["options"]]
        assert options == sorted(table.game.legal_actions(table.state, 0), key=_natural)
        version = table.version
        await fake.select(private, [options[0]], by=alice)
        assert table.version > version
    assert "waiting for" in table_message(fake).content
    assert await bot.ledger.check() == []


def _natural(action: str) -> tuple[object, ...]:
    return tuple((1, int(w)) if w.isdigit() else (0, w) for w in action.split())


async def test_patience_controls_sent_before_a_restart_still_work(
    world: Any, tmp_path: Path
) -> None:
    fake, alice, *_ = world
    bot = await start_bot(fake, tmp_path)
    await fake.slash("patience play", {"game": "st-helena", "seed": 1}, by=alice)
    (thread,) = fake.threads()
    table = bot.tables.in_channel(thread)
    assert table is not None
    await fake.close()
    bot = await start_bot(fake, tmp_path)  # a new process on the same database
    await fake.settle()
    again = bot.tables.in_channel(thread)
    assert again is not None and again.state == table.state
    (old,) = [m for m in fake.channel_messages(thread) if m.attachments]
    await fake.click(old, label="Deal", by=alice)
    assert again.state.log == ("deal",)
    assert await bot.ledger.check() == []


async def test_table_start_points_patience_to_its_own_command(world: Any, tmp_path: Path) -> None:
    fake, alice, *_ = world
    bot = await start_bot(fake, tmp_path)
    refused = await fake.slash("table start", {"game": "clock"}, by=alice)
    assert refused.response.ephemeral
    assert "use /patience play game:clock" in refused.response.content
    assert bot.tables.in_channel(fake.channel_id) is None and fake.threads() == []
    offered = await fake.autocomplete("table start", {"game": ""}, focused="game", by=alice)
    values = [c["value"] for c in offered.response.choices]
    assert "black-joke" in values and "clock" not in values and "sympathy" not in values
