"""/table history through the fake: pages newest first with ◀ ▶ that survive a restart,
the member and game filters, and a member with no tables told so in words."""

from __future__ import annotations

from bot.client import ParlourBot
from bot.config import Settings
from bot.storage import Database, result_rows, table_rows
from bot.storage.patience_rows import PatienceRow, record_patience
from tests.fakediscord import FakeDiscord, FakeUser


async def finished(
    db: Database, guild: int, game: str, players: list[tuple[int, str, int, bool]]
) -> int:
    """A finished table of `game` stored as the service stores one: (user, name, points,
    won) per seat."""

    async def work(tx: table_rows.Connection) -> int:
        table_id = await table_rows.insert_table(
            tx,
            guild_id=guild,
            channel_id=1,
            game=game,
            options={},
            seed=1,
            host_id=players[0][0],
            buy_in=0,
        )
        assert table_id is not None
        for chair, (user, name, _, _) in enumerate(players):
            await table_rows.insert_seat(tx, table_id, chair, user, name, f"t{chair}")
        await table_rows.mark_started(tx, table_id, [0] * len(players), "d")
        await table_rows.close_table(tx, table_id, "finished")
        rows = [(user, points, won) for user, _, points, won in players]
        await result_rows.record_results(tx, guild, table_id, game, rows)
        if game == "clock":
            stats = {"moves": 40 + players[0][2]}
            patience = [PatienceRow(players[0][0], players[0][3], stats)]
            await record_patience(tx, guild, table_id, game, patience)
        return table_id

    return int(await db.write(work))


async def fill(bot: ParlourBot, fake: FakeDiscord, alice: FakeUser, bob: FakeUser) -> list[int]:
    """Twelve Tilters tables of Alice and Bob, then a Clock patience of Alice's, oldest first."""
    ids = []
    for i in range(12):
        seats = [(alice.id, "Alice", 10 + i, i % 2 == 0), (bob.id, "Bob", 5, i % 2 == 1)]
        ids.append(await finished(bot.db, fake.guild_id, "tilters", seats))
    ids.append(await finished(bot.db, fake.guild_id, "clock", [(alice.id, "Alice", 3, True)]))
    return ids


async def test_history_pages_newest_first_and_its_buttons_survive_a_restart(
    fake: FakeDiscord,
    bot: ParlourBot,
    settings: Settings,
    alice: FakeUser,
    bob: FakeUser,
) -> None:
    ids = await fill(bot, fake, alice, bob)
    asked = await fake.slash("table history", by=alice)
    assert asked.response.ephemeral
    page = asked.messages[0]
    header, *lines = page.content.split("\n")
    assert header == "**Finished tables** (newest first)"
    assert len(lines) == 10
    assert lines[0].startswith(f"`#{ids[-1]}` The Clock · <t:")
    assert lines[0].endswith("**Alice** won in 43 moves")
    assert lines[1].startswith(f"`#{ids[-2]}` Tilters")
    assert lines[1].endswith("**Alice** 21 points, **Bob** 5 points (won)")
    assert [(b["label"], b.get("disabled", False)) for b in page.buttons[:2]] == [
        ("◀", True),
        ("▶", False),
    ]
    # each table on the page has its replay button, which opens for whoever clicks
    assert [b["label"] for b in page.buttons[2:]] == [f"Replay #{i}" for i in reversed(ids[3:])]
    first_page = page.content
    await fake.close()  # the page's buttons must work for a bot that never sent them
    await fake.start(ParlourBot(settings))

    turned = await fake.click(page, label="▶", by=alice)
    assert turned.response.kind == "deferred_update"
    header, *lines = page.content.split("\n")
    assert [line.split("`")[1] for line in lines] == [f"#{i}" for i in reversed(ids[:3])]
    assert [b.get("disabled", False) for b in page.buttons[:2]] == [False, True]
    await fake.click(page, label="◀", by=alice)
    assert page.content == first_page


async def test_history_filters_by_member_and_game_and_says_when_there_is_none(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, bob: FakeUser, carol: FakeUser
) -> None:
    ids = await fill(bot, fake, alice, bob)
    bobs = await fake.slash("table history", {"member": bob.id}, by=carol)
    header, *lines = bobs.messages[0].content.split("\n")
    assert header == f"**Finished tables** with <@{bob.id}> (newest first)"
    assert lines[0].startswith(f"`#{ids[-2]}` Tilters")  # not Alice's patience
    clocks = await fake.slash("table history", {"game": "Clock"}, by=bob)
    assert clocks.messages[0].content.split("\n")[1:] == [
        line for line in clocks.messages[0].content.split("\n")[1:] if "Clock" in line
    ]
    assert len(clocks.messages[0].content.split("\n")) == 2
    nobody = await fake.slash("table history", {"member": carol.id}, by=alice)
    assert nobody.response.ephemeral
    assert nobody.messages[0].content.split("\n")[1] == (
        f"<@{carol.id}> has not finished a table on this server yet."
    )
    assert nobody.messages[0].buttons == []
    none = await fake.slash("table history", {"member": bob.id, "game": "clock"}, by=alice)
    assert none.messages[0].content.endswith(
        f"<@{bob.id}> has not finished a table of The Clock on this server yet."
    )
