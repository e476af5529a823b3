"""A sent view, the view discord.py builds from a message for one click, and a clicked
interaction with the message it came from leave no garbage for the collector: each is
let go of by reference counting (cogs/_base.py: `SentView`, `on_its_message`,
`let_go`). At 400 tables the collector's young passes over such garbage were the event
loop's worst stalls (bench/RESULTS.md, "Issue 32: from a cold start")."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import pytest

from cogs._base import dynamic_view
from cogs._play import ActionSelect
from tests.cogs.test_table import open_lobby, start_bot, table_message
from tests.fakediscord import FakeDiscord


@pytest.fixture
def saved_garbage() -> Iterator[list[Any]]:
    """The collector off, and what it finds afterwards kept in `gc.garbage` (cleared)."""
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        yield gc.garbage
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()


def _views_in(garbage: list[Any]) -> list[Any]:
    """The views, view items, interactions and messages among the objects the collector
    found."""
    kinds = discord.ui.View | discord.ui.Item | discord.Interaction | discord.Message
    return [o for o in garbage if isinstance(o, kinds)]


def _hand_view() -> discord.ui.View:
    options = [discord.SelectOption(label=f"bet {n}", value=f"bet {n}") for n in range(25)]
    view = dynamic_view()
    view.add_item(ActionSelect(1, 2, options))
    return view


def test_a_sent_view_is_freed_without_the_collector(saved_garbage: list[Any]) -> None:
    view = _hand_view()
    made = view.to_components()
    assert made[0]["components"][0]["custom_id"] == "pa:1:2"
    assert len(made[0]["components"][0]["options"]) == 25
    assert view.to_components() == made  # asked again (a retry), the same components
    del view
    gc.collect()
    assert _views_in(saved_garbage) == []


def test_an_unsent_view_still_keeps_its_items(saved_garbage: list[Any]) -> None:
    """The measure above can fail: a view never made into components is the cycle it was."""
    view = _hand_view()
    assert len(view.children) == 1
    del view
    gc.collect()
    assert len(_views_in(saved_garbage)) >= 2  # the view and its select


async def test_moves_through_discord_leave_no_view_or_click_to_collect(
    tmp_path: Path, saved_garbage: list[Any]
) -> None:
    fake = FakeDiscord()
    alice = fake.add_user("alice")
    try:
        bot = await start_bot(fake, tmp_path)
        message = await open_lobby(fake, alice, options="rounds=2")
        await fake.click(message, label="Add AI", by=alice)
        await fake.click(message, label="Start", by=alice)
        table = bot.tables.in_channel(fake.channel_id)
        assert table is not None
        gc.collect()
        saved_garbage.clear()
        moves = 0
        while bot.tables.in_channel(fake.channel_id) is not None and moves < 6:
            hand = await fake.click(table_message(fake), label="My hand", by=alice)
            private = hand.followups[-1]
            if not private.selects and not private.buttons:
                break
            if private.selects:
                await fake.select(private, [private.selects[0]["options"][0]["value"]], by=alice)
            else:
                await fake.click(private, label=private.buttons[0]["label"], by=alice)
            moves += 1
        assert moves >= 2
        gc.collect()
        assert _views_in(saved_garbage) == []
    finally:
        await fake.close()
