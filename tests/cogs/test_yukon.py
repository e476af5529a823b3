"""Yukon in Discord: a four-seat table (one player, three AIs) played to the end through
the fake, the player choosing cards from the private "My hand" answer; the table picture
shows the stock's count, the partnerships and the running scores, and the ledger stays
sound (Yukon is played for points: her buy-in goes home)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.tables.names import name_seats
from tests.cogs.test_chip_games import finish, open_game, table_of
from tests.cogs.test_table import START, start_bot, table_message, world  # noqa: F401


async def test_a_yukon_table_plays_to_the_end(world: Any, tmp_path: Path) -> None:  # noqa: F811
    fake, alice, _, _ = world
    bot = await start_bot(fake, tmp_path)
    await open_game(fake, alice, "yukon", ais=3)
    table = table_of(bot, fake)
    scene = table.game.view(table.state, None)["scene"]
    labels = [c["label"] for c in scene["counters"]]
    assert labels[:2] == ["Stock", "Target"] and "Seat 0 & seat 2" in labels
    named = name_seats(" | ".join(labels), [s.name for s in table.seats])
    assert f"{table.seats[0].name} & {table.seats[2].name}" in named
    assert [s["team"] for s in scene["seats"]] == [0, 1, 0, 1]
    private_hands_seen = 0

    async def choose(private: Any, table: Any) -> None:
        nonlocal private_hands_seen
        legal = set(table.game.legal_actions(table.state, 0))
        if private.selects:
            values = [o["value"] for o in private.selects[0]["options"]]
            pick = next(v for v in values if v in legal or f"play {v}" in legal)
            await fake.select(private, [pick], by=alice)
        else:
            labels = [b["label"] for b in private.buttons]
            pick = next(label for label in labels if f"play {label}" in legal)
            await fake.click(private, label=pick, by=alice)
        private_hands_seen += 1

    await finish(bot, fake, alice, choose)
    assert private_hands_seen > 0
    final = table_message(fake)
    assert "game over" in final.content
    assert await bot.ledger.purse(fake.guild_id, alice.id) == START
