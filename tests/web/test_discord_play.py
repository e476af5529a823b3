"""Playing from the page with the bot running on the fake Discord: whole games of Black
Joke, Newmarket (a Stops game, its stakes spread from the page) and The Clock (a
patience) played from a signed-in page while the table message in Discord follows every
web move and the page follows every move made in Discord; refusals in the words Discord
answers with; a bot restart with pages open, which come back and catch up; and a key
reset while signed in.

The pages are aiohttp's test client on the running bot's own web app (`tests.web.bots`)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.tables import Table
from tests.web.bots import (
    World,
    answer,
    discord_move,
    discord_shows,
    key_of,
    open_table,
    start_world,
    stop_world,
    table_message,
)
from tests.web.pages import Page, moves_of
from web import sockets

MOST_TURNS = 400


@pytest.fixture
async def world(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[World]:
    """alice, bob and carol on the fake Discord, the bot running with the web on."""
    # a test plays faster than anyone clicks: the flood limit is tested on its own
    monkeypatch.setattr(sockets, "RATE_MESSAGES", 10_000)
    world = await start_world(tmp_path / "parlour.db")
    yield world
    await stop_world(world)


async def play_out(
    world: World, table: Table, page: Page, choose: Callable[[dict[str, Any]], str]
) -> dict[str, int]:
    """Play the table to its end: alice from her page (`choose` picks from her private
    frame), bob in Discord; after each web move the table message shows it, after each
    Discord move alice's page does. The moves each made."""
    assert world.bot is not None
    made = {"web": 0, "discord": 0}
    for _ in range(MOST_TURNS):
        if world.bot.tables.registry.get(table.id) is None:
            break
        awaiting = table.game.awaiting(table.state)
        version = table.version
        if table.seat_of(world.alice.id) in awaiting:
            hand = await page.until(lambda p, v=version: p.my_turn(v) and p.hand)
            done = await page.act(choose(hand))
            assert done["type"] == "done", done
            made["web"] += 1
            await discord_shows(world, table)
        elif table.seat_of(world.bob.id) in awaiting:
            await discord_move(world, world.bob)
            made["discord"] += 1
            await page.until(lambda p, v=version: p.table.get("version", 0) > v)
        else:
            raise AssertionError(f"nobody to play at version {version}: {sorted(awaiting)}")
    else:
        raise AssertionError("the game did not end")
    await page.until(
        lambda p: p.table.get("status") == "closed" and p.hand == {"type": "hand", "seat": None}
    )
    assert page.table["results"], "the page shows the results"
    return made


async def test_black_joke_played_from_the_page_and_from_discord(world: World) -> None:
    table = await open_table(world, "black-joke")
    page = await world.page(world.alice, await key_of(world))
    spectator = await world.page(world.carol, await key_of(world), sign_in=False)
    rng = random.Random(5)
    made = await play_out(world, table, page, lambda hand: rng.choice(moves_of(hand)))
    assert made["web"] > 0 and made["discord"] > 0
    await spectator.until(lambda p: p.table.get("status") == "closed")
    assert spectator.private_frames() == []
    await world.fake.until(
        lambda: "Rematch" in [b["label"] for b in table_message(world.fake).buttons]
    )


async def test_newmarket_stakes_spread_from_the_page(world: World) -> None:
    table = await open_table(world, "newmarket")
    page = await world.page(world.alice, await key_of(world))
    rng, staked = random.Random(2), []

    def choose(hand: dict[str, Any]) -> str:
        stake = hand.get("stake")
        if stake:
            staked.append(stake["total"])
            return "spread " + " ".join(map(str, stake["even"]))
        return rng.choice(moves_of(hand))

    made = await play_out(world, table, page, choose)
    assert staked and made["discord"] > 0


async def test_a_patience_played_from_the_page_and_from_its_thread(world: World) -> None:
    fake, alice = world.fake, world.alice
    await fake.slash("patience play", {"game": "clock", "seed": 3}, by=alice)
    thread = fake.threads()[-1]
    assert world.bot is not None
    table = world.bot.tables.in_channel(thread)
    assert table is not None
    page = await world.page(alice, await key_of(world, thread))
    message = table_message(fake, thread)
    await fake.click(message, label="Next", by=alice)  # from Discord: the page follows
    await page.until(lambda p: p.my_turn(1) and table.version == 1)
    hinted = await page.act("hint")
    assert hinted["words"].startswith("Hint: ")
    for turn in range(60):
        if world.bot.tables.registry.get(table.id) is None:
            break
        version = table.version
        hand = await page.until(lambda p, v=version: p.my_turn(v) and p.hand)
        choice = "auto" if turn == 59 else ("undo" if turn == 3 else "next")
        if choice not in moves_of(hand):
            choice = next(a for a in moves_of(hand) if a not in ("resign", "hint", "undo", "redo"))
        assert (await page.act(choice))["type"] == "done"
        if world.bot.tables.registry.get(table.id) is not None:
            # the thread's message offers its controls as of the move made on the page
            mark = f":{table.version}:"
            await fake.until(
                lambda m=mark: any(m in i for i in table_message(fake, thread).custom_ids)
            )
    await page.until(lambda p: p.table.get("status") == "closed")
    await fake.until(lambda: "game over" in table_message(fake, thread).content)


async def test_refusals_on_the_page_are_discord_s_words(world: World) -> None:
    fake = world.fake
    table = await open_table(world, "black-joke")
    key = await key_of(world)
    alice, carol = await world.page(world.alice, key), await world.page(world.carol, key)
    # carol, not seated: Discord's "My hand" and the page refuse her in the same words
    told = answer(await fake.click(table_message(fake), label="My hand", by=world.carol)).content
    assert (await carol.act("buy 1 1", table.version))["words"] == told
    # a stale move: a private select from before a move, and the page's old version
    while table.seat_of(world.alice.id) not in table.game.awaiting(table.state):
        await discord_move(world, world.bob)
    version = table.version
    private = answer(await fake.click(table_message(fake), label="My hand", by=world.alice))
    hand = await alice.until(lambda p: p.my_turn(version) and p.hand)
    assert (await alice.act(moves_of(hand)[0]))["type"] == "done"
    late = await fake.select(private, [private.selects[0]["options"][0]["value"]], by=world.alice)
    words = answer(late).content
    assert words == "The table has moved on since then. Look again and choose anew."
    assert (await alice.act(moves_of(hand)[0], version)) == {"type": "refused", "words": words}
    assert len(carol.answers) == 1  # nobody else was told of alice's refusal


async def test_pages_open_through_a_restart_come_back_and_catch_up(world: World) -> None:
    fake = world.fake
    table = await open_table(world, "black-joke")
    key = await key_of(world)
    page = await world.page(world.alice, key)
    spectator = await world.page(world.carol, key, sign_in=False)
    while table.seat_of(world.alice.id) in table.game.awaiting(table.state):
        hand = await page.until(lambda p, v=table.version: p.my_turn(v) and p.hand)
        assert (await page.act(moves_of(hand)[0]))["type"] == "done"
    await page.until(lambda p: p.current())
    await spectator.until(lambda p: p.table.get("version") == table.version)
    await fake.close()  # the bot stops: its pages are closed, to come back
    assert await page.closed() == 1001 and await spectator.closed() == 1001
    bot = await world.start()
    table = bot.tables.table(table.id)
    assert table.seat_of(world.bob.id) in table.game.awaiting(table.state)
    await discord_move(world, world.bob)  # a move while the pages are away
    alice_browser, carol_browser = world.browsers["alice"].client, world.browsers["carol"].client
    assert alice_browser is not None and carol_browser is not None
    back = await Page.open(alice_browser, key, had=page)  # her cookie outlived the bot
    hand = await back.until(lambda p: p.private_frames() and p.current() and p.hand)
    assert hand["version"] == table.version == back.table["version"] > page.table["version"]
    assert hand["seat"] == table.seat_of(world.alice.id)
    watching = await Page.open(carol_browser, key, had=spectator)
    caught = await watching.until(lambda p: p.seen and p.seen[0])
    assert caught["type"] == "table" and caught["version"] == table.version
    assert watching.private_frames() == []
    later = await Page.open(carol_browser, key, had=watching)  # nothing new since: "same"
    assert await later.until(lambda p: p.seen and p.seen[0]) == {"type": "same"}


async def test_a_key_reset_closes_a_signed_in_page_which_plays_on_by_the_new_link(
    world: World,
) -> None:
    fake = world.fake
    table = await open_table(world, "black-joke")
    old = await key_of(world)
    page = await world.page(world.alice, old)
    await page.until(lambda p: p.hand)
    reset = answer(await fake.slash("table watch", {"reset": True}, by=world.alice)).content
    new = reset.split("/t/", 1)[1].split()[0]
    assert await page.closed() == 4404
    client = world.browsers["alice"].client
    assert client is not None
    assert (await client.get(f"/t/{old}")).status == 404
    again = await Page.open(client, new)  # still signed in: the hand comes on the new link
    hand = await again.until(lambda p: p.hand)
    assert hand["seat"] == table.seat_of(world.alice.id)
