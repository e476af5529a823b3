"""Patience through the fake: /patience play opens a thread with the layout and its
controls; moves by source then destination; the one-word buttons; refusals (spectators,
stale and forged clicks, busy threads, disallowed channels); the Clock played out with
Auto; statistics and the patience leaderboard; Sympathy with an AI partner."""

from __future__ import annotations

from typing import Any

import pytest

from bot.client import ParlourBot
from bot.games import registry
from bot.storage import patience_rows
from bot.tables import Table
from cogs.table import presenter_of
from tests.fakediscord import FakeDiscord, FakeInteraction, FakeMessage, FakeUser


@pytest.fixture
def fake(fake: FakeDiscord) -> FakeDiscord:
    """The Discord fixture with a second text channel, made before the bot starts."""
    fake.add_channel("elsewhere")
    return fake


@pytest.fixture(autouse=True)
def quick_edits(bot: ParlourBot) -> None:
    """Edit table messages at once (no coalescing pause between edits)."""
    presenter_of(bot).min_interval_s = 0.0


def said(interaction: FakeInteraction) -> str:
    """The text the interaction was last answered with."""
    if interaction.followups:
        return interaction.followups[-1].content
    return interaction.response.content


async def open_game(
    fake: FakeDiscord, user: FakeUser, game: str, seed: int | None = None
) -> tuple[int, FakeMessage]:
    """/patience play in #parlour: the new thread and its table message."""
    options: dict[str, Any] = {"game": game} | ({"seed": seed} if seed is not None else {})
    done = await fake.slash("patience play", options, by=user)
    assert done.response.kind == "deferred"
    thread = fake.threads()[-1]
    assert f"<#{thread}>" in said(done)
    return thread, table_message(fake, thread)


def table_message(fake: FakeDiscord, channel: int) -> FakeMessage:
    (message,) = [m for m in fake.channel_messages(channel) if m.attachments]
    return message


def table_in(bot: ParlourBot, channel: int) -> Table:
    table = bot.tables.in_channel(channel)
    assert table is not None
    return table


def labels(message: FakeMessage) -> list[str]:
    return [str(b["label"]) for b in message.buttons]


async def test_patience_opens_a_public_thread_with_the_layout_and_controls(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser
) -> None:
    thread, message = await open_game(fake, alice, "st-helena", seed=1)
    data = fake.world.threads[thread]
    assert data["type"] == 11 and data["parent_id"] == str(fake.channel_id)
    assert data["name"] == "St. Helena - alice" or data["name"].endswith(" - alice")
    assert message.files[0].filename.startswith("patience")
    assert "waiting for alice" in message.content
    (select,) = message.selects
    assert select["custom_id"].startswith("ps:")
    assert {"b1", "b2"} <= {o["value"] for o in select["options"]}
    assert labels(message) == ["Deal", "Hint", "Give up", "Can I still win? (assisted)"]
    assert table_in(bot, thread).version == 0


async def test_a_move_by_source_then_destination(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser
) -> None:
    thread, message = await open_game(fake, alice, "st-helena", seed=1)
    table = table_in(bot, thread)
    chose = await fake.select(message, ["b1"], by=alice)
    private = chose.followups[-1]
    assert private.ephemeral
    (dest,) = private.selects
    assert dest["custom_id"].startswith("pd:")
    offered = [o["value"] for o in dest["options"]]
    legal = table.game.legal_actions(table.state, 0)
    assert set(offered) == {a for a in legal if a.startswith("move b1 ")}
    before = len(message.versions)
    played = await fake.select(private, [offered[0]], by=alice)
    assert played.response.kind == "deferred_update"
    assert "You played" in fake.message(private.id).content
    assert table.version == 1 and table.state.log == (offered[0],)
    assert len(message.versions) > before  # everyone in the thread sees the move
    assert labels(table_message(fake, thread))[-4:-1] == ["Hint", "Undo", "Give up"]


async def test_deal_undo_redo_hint_and_give_up_buttons(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser
) -> None:
    thread, _ = await open_game(fake, alice, "st-helena", seed=1)
    table = table_in(bot, thread)
    await fake.click(table_message(fake, thread), label="Deal", by=alice)
    dealt = table.state.layout
    assert table.state.log == ("deal",)
    await fake.click(table_message(fake, thread), label="Undo", by=alice)
    assert table.state.log == () and table.state.undos == 1
    await fake.click(table_message(fake, thread), label="Redo", by=alice)
    assert table.state.layout == dealt
    hint = await fake.click(table_message(fake, thread), label="Hint", by=alice)
    assert hint.followups[-1].ephemeral and said(hint).startswith("Hint:")
    assert "Hint:" in table_message(fake, thread).content
    await fake.click(table_message(fake, thread), label="Give up", by=alice)
    assert bot.tables.in_channel(thread) is None
    final = table_message(fake, thread)
    assert "game over" in final.content and "Resigned" in final.content
    assert labels(final) == ["Rematch"]
    again = await fake.click(final, label="Rematch", by=alice)
    assert again.followups[-1].attachments  # the new deal, in the same thread
    table = table_in(bot, thread)
    assert table.game.info.key == "st-helena" and table.state is not None
    assert len(fake.threads()) == 1


async def test_spectators_stale_and_forged_clicks_are_refused(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, bob: FakeUser
) -> None:
    thread, message = await open_game(fake, alice, "st-helena", seed=1)
    table = table_in(bot, thread)
    watcher = await fake.click(message, label="Deal", by=bob)
    assert said(watcher) == "Only alice is playing this game; you can watch and advise."
    peek = await fake.select(message, ["b1"], by=bob)
    assert "Only alice is playing" in said(peek)
    assert table.version == 0
    old = fake.message(message.id).data["components"]
    await fake.click(message, label="Deal", by=alice)
    assert table.version == 1
    stale_id = next(
        c["custom_id"]
        for row in old
        for c in row["components"]
        if c.get("custom_id", "").endswith(":deal")
    )
    stale = await fake.click(message, custom_id=stale_id, by=alice, check=False)
    assert "not on this message" in said(stale) or "moved on" in said(stale)
    # a stale private destination list (from before the deal) is refused
    chose = await fake.select(table_message(fake, thread), ["b1"], by=alice)
    private = chose.followups[-1]
    await fake.click(table_message(fake, thread), label="Undo", by=alice)
    value = private.selects[0]["options"][0]["value"]
    late = await fake.select(private, [value], by=alice)
    assert "moved on" in said(late)
    version = table.version
    forged_id = f"pp:{table.id}:{version}:auto"  # a button the message does not have
    forged = await fake.click(
        table_message(fake, thread), custom_id=forged_id, by=alice, check=False
    )
    assert "not on this message" in said(forged)
    assert table.version == version  # the forged button did nothing


async def test_the_clock_played_out_with_auto_and_the_stats_recorded(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, bob: FakeUser
) -> None:
    thread, message = await open_game(fake, alice, "clock", seed=3)
    assert labels(message) == ["Next", "Auto", "Hint", "Give up", "Can I still win? (assisted)"]
    assert message.selects == []
    await fake.click(message, label="Auto", by=alice)
    assert bot.tables.in_channel(thread) is None
    final = table_message(fake, thread)
    assert "game over" in final.content and "perfect" in final.content
    stats = await patience_rows.patience_stats(bot.db, fake.guild_id, alice.id, "clock")
    assert (stats.played, stats.won, stats.current_streak, stats.perfect) == (1, 1, 1, 1)
    assert stats.fewest_moves == 1
    shown = await fake.slash("patience stats", {"game": "clock"}, by=bob)
    assert "bob has not finished a game of The Clock" in said(shown)
    mine = await fake.slash("patience stats", {"member": alice}, by=bob)
    text = said(mine)
    assert "**alice** at **patience**" in text and "won 1 (100%)" in text
    assert "best streak 1" in text and "perfect wins (no undo, no hint): 1" in text


async def test_the_patience_leaderboard_ranks_wins_then_rate(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, bob: FakeUser
) -> None:
    _, message = await open_game(fake, alice, "clock", seed=3)
    await fake.click(message, label="Auto", by=alice)
    _, message = await open_game(fake, bob, "clock", seed=3)
    await fake.click(message, label="Give up", by=bob)
    board = await fake.slash("leaderboard", {"game": "clock"}, by=bob)
    assert board.followups[-1].files[0].filename.startswith("leaderboard")
    top = await patience_rows.patience_board(bot.db, fake.guild_id, "clock")
    assert [(r.user_id, r.won, r.played) for r in top] == [(alice.id, 1, 1), (bob.id, 0, 1)]


async def test_sympathy_with_an_ai_partner_in_a_thread(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser
) -> None:
    thread, lobby = await open_game(fake, alice, "sympathy", seed=7)
    assert labels(lobby) == ["Join", "Leave", "Add AI", "Start"]
    await fake.click(lobby, label="Add AI", by=alice)
    await fake.click(lobby, label="Start", by=alice)
    table = table_in(bot, thread)
    for _ in range(200):
        if bot.tables.in_channel(thread) is None:
            break
        message = table_message(fake, thread)
        if message.selects:
            first = message.selects[0]["options"][0]["value"]
            await fake.select(message, [first], by=alice)
        else:
            await fake.click(message, label="Grace card", by=alice)
    assert bot.tables.in_channel(thread) is None
    assert "game over" in table_message(fake, thread).content
    stats = await patience_rows.patience_stats(bot.db, fake.guild_id, alice.id, "sympathy")
    assert stats.played == 1
    assert stats.won == (table.game.outcome(table.state).winners != ())  # type: ignore[union-attr]


@pytest.fixture
def elsewhere(fake: FakeDiscord) -> int:
    """The second text channel."""
    (found,) = [int(c["id"]) for c in fake.world.channels.values() if c["name"] == "elsewhere"]
    return found


async def test_a_second_game_in_a_busy_thread_and_a_disallowed_channel_are_refused(
    fake: FakeDiscord, elsewhere: int, bot: ParlourBot, alice: FakeUser
) -> None:
    thread, _ = await open_game(fake, alice, "clock", seed=3)
    again = await fake.slash("patience play", {"game": "clock"}, by=alice, channel=thread)
    assert "already has a table" in said(again)
    assert len(fake.threads()) == 1
    other = elsewhere
    await fake.slash("parlour config", {"allow_channel": other}, by=alice)
    refused = await fake.slash("patience play", {"game": "clock"}, by=alice)
    assert "Parlour is played in" in said(refused)
    assert len(fake.threads()) == 1
    not_patience = await fake.slash(
        "patience play", {"game": "black-joke"}, by=alice, channel=other
    )
    assert "not a patience" in said(not_patience)


async def test_patience_autocomplete_offers_only_patience(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser
) -> None:
    done = await fake.autocomplete("patience play", {"game": "s"}, focused="game", by=alice)
    keys = {c["value"] for c in done.response.choices}
    assert "sympathy" in keys and "clock" not in keys
    assert all(registry.get(k).info.family == "patience" for k in keys)
