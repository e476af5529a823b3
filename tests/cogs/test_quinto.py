"""Quinto in Discord: a four-seat table (one player, three AIs) played through the fake
to the end of its rubber, the player doubling from the buttons of the private "My hand"
answer and choosing cards from it; the table picture shows the cachette as backs, the
doubling, the partnerships' colours and the running scores and games, and the ledger
stays sound (Quinto is played for points: her buy-in goes home)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.tables.names import name_seats
from tests.cogs.test_chip_games import finish, open_game, table_of
from tests.cogs.test_table import START, start_bot, table_message, world  # noqa: F401


def scene_of(table: Any) -> Any:
    """The table picture's scene, as everyone sees it."""
    return table.game.view(table.state, None)["scene"]


def counters(table: Any) -> dict[str, str]:
    """The table picture's counters, label to value."""
    return {c["label"]: c["value"] for c in scene_of(table)["counters"]}


async def test_a_quinto_table_plays_to_the_end(world: Any, tmp_path: Path) -> None:  # noqa: F811
    fake, alice, _, _ = world
    bot = await start_bot(fake, tmp_path)
    await open_game(fake, alice, "quinto", ais=3)
    table = table_of(bot, fake)
    scene = scene_of(table)
    assert [s["team"] for s in scene["seats"]] == [0, 1, 0, 1]
    cachette = next(g for g in scene["groups"] if g["label"] == "Cachette")
    assert cachette["cards"] == [] and cachette["backs"] == 5
    labels = list(counters(table))
    assert labels == ["Doubling", "Trick worth", "Seat 0 & seat 2", "Seat 1 & seat 3", "Target"]
    named = name_seats(" | ".join(labels), [s.name for s in table.seats])
    assert f"{table.seats[0].name} & {table.seats[2].name}" in named
    seen = {"doubled": False, "cards": 0}

    async def choose(private: Any, table: Any) -> None:
        legal = set(table.game.legal_actions(table.state, 0))
        if "double" in legal or "redouble" in legal or legal == {"pass"}:
            labels = [b["label"] for b in private.buttons]
            word = "Double" if "Double" in labels and not seen["doubled"] else "Pass"
            await fake.click(private, label=word, by=alice)
            if word == "Double":
                seen["doubled"] = True
                assert counters(table_of(bot, fake))["Doubling"] == "doubled (x2)"
                notes = [s.get("note") for s in scene_of(table_of(bot, fake))["seats"]]
                assert notes[0].startswith("doubled")  # the seat that doubled
            return
        values = [o["value"] for o in private.selects[0]["options"]]
        assert set(values) == legal  # every playable card is offered, nothing else
        await fake.select(private, [min(values)], by=alice)
        seen["cards"] += 1

    await finish(bot, fake, alice, choose)
    assert seen["doubled"] and seen["cards"] >= 12
    final = table_message(fake)
    assert "game over" in final.content
    end = scene_of(table)
    assert any(line.endswith("won the rubber.") for line in end["lines"])
    assert end["lines"][0].startswith("Games won: ")
    assert not any(g["label"] == "Cachette" for g in end["groups"])
    assert await bot.ledger.purse(fake.guild_id, alice.id) == START


async def test_a_three_player_quinto_game_with_the_dummy(world: Any, tmp_path: Path) -> None:  # noqa: F811
    """Three seats, one game: the player deals first, so she plays her hand and the
    exposed dummy, both from her private answer's select."""
    fake, alice, _, _ = world
    bot = await start_bot(fake, tmp_path)
    await open_game(fake, alice, "quinto", ais=2, options="quinto_games=1")
    table = table_of(bot, fake)
    assert [s["team"] for s in scene_of(table)["seats"]] == [0, 1, 1]
    from_dummy = 0

    async def choose(private: Any, table: Any) -> None:
        nonlocal from_dummy
        legal = table.game.legal_actions(table.state, 0)
        if "pass" in legal:
            await fake.click(private, label="Pass", by=alice)
            return
        view = table.game.view(table.state, 0)
        if view["from_dummy"]:
            from_dummy += 1
            dummy = next(g for g in view["scene"]["groups"] if g["label"].startswith("Dummy"))
            assert dummy["label"].endswith("its turn now)")
            assert {a.split(" ")[1] for a in legal} <= set(view["dummy"])
            assert "from the dummy's hand" in private.content
        values = [o["value"] for o in private.selects[0]["options"]]
        await fake.select(private, [min(values)], by=alice)

    await finish(bot, fake, alice, choose)
    assert from_dummy >= 12  # the whole of the first hand's dummy at least
    assert "game over" in table_message(fake).content
    assert await bot.ledger.purse(fake.guild_id, alice.id) == START
