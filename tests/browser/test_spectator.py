"""A spectator follows a whole game of Tilters live in headless Chromium: two players play
it in Discord (the fake), and after every move the page shows the table as the move
left it (the trick, each seat's name, score and face-up cards, whose turn, the move in
words, the clock), never a card hidden from the table, and at the end the results and
that the table is closed; every frame the page's socket carried is a table the bot had."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

from playwright.async_api import Page, expect

from bot.client import ParlourBot
from bot.tables import Table
from cogs.table import presenter_of
from tests.browser.conftest import Browser
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser

DRAWN = (Path(__file__).parent / "drawn.js").read_text()
CLOCK = re.compile(r"Clock \d+:\d\d")
MAX_MOVES = 200
"""More moves than a one-deal game of two takes (13 tricks of two cards): a bug beyond."""


def shown(cards: list[str | None]) -> dict[str, Any]:
    """Cards as the page drew them: the face-up codes in order, and whether any are down."""
    return {"up": [c for c in cards if c is not None], "down": None in cards}


def expected(frame: dict[str, Any]) -> dict[str, Any]:
    """What a spectator's page shows of a table frame (its scene, words and clock)."""
    scene, awaiting = frame["scene"], frame["awaiting"]
    groups = [
        {
            "label": g["label"],
            "up": g["cards"][-1:] if g["kind"] == "pile" else g["cards"],
            "down": bool(g.get("backs")),
        }
        for g in scene.get("groups", [])
    ]
    seats = [
        {
            "name": frame["seats"][i],
            "active": bool(seat.get("active")) or i in awaiting,
            "up": seat.get("cards", []),
            "down": bool(seat.get("backs")),
            "meta": [f"score {seat['score']}"] * ("score" in seat) + [seat.get("note", "")],
        }
        for i, seat in enumerate(scene["seats"])
    ]
    return {
        "title": frame["title"],
        "said": frame["said"],
        "words": frame["words"],
        "results": frame["results"],
        "closed": frame["status"] == "closed",
        "counters": [f"{c['label']}: {c['value']}" for c in scene.get("counters", [])],
        "groups": groups,
        "seats": seats,
    }


def read(drawn: dict[str, Any]) -> dict[str, Any]:
    """The page's drawing in the terms of `expected` (a seat's meta checked apart)."""
    groups = [{"label": g["label"], **shown(g["cards"])} for g in drawn["groups"]]
    seats = [
        {"name": s["name"], "active": s["active"], **shown(s["cards"]), "meta": s["meta"]}
        for s in drawn["seats"]
    ]
    keys = ("title", "said", "words", "results", "closed", "counters")
    return {k: drawn[k] for k in keys} | {"groups": groups, "seats": seats}


async def shows(page: Page, frame: dict[str, Any]) -> dict[str, Any]:
    """Wait until the page shows the frame's move and whose turn it is, then check it
    shows everything else of the frame; what the page drew."""
    await expect(page.locator("#said")).to_have_text(frame["said"])
    await expect(page.locator("#words")).to_have_text(frame["words"])
    if frame["results"]:
        await expect(page.locator("#results")).to_have_text(frame["results"])
    drawn = await page.evaluate(DRAWN)
    want, got = expected(frame), read(drawn)
    for seat_want, seat_got in zip(want["seats"], got["seats"], strict=True):
        assert all(part in seat_got["meta"] for part in seat_want.pop("meta")), seat_got
        seat_got.pop("meta")
    assert got == want
    if frame["status"] == "closed":
        assert drawn["clock"] == ""
    else:
        assert CLOCK.fullmatch(drawn["clock"]), drawn["clock"]
    return drawn


def hidden(table: Table) -> frozenset[str]:
    """Every card only one seat may see now."""
    game, state = table.game, table.state
    return frozenset().union(*(game.private_cards(state, s) for s in range(len(table.seats))))


def face_up(drawn: dict[str, Any]) -> set[str]:
    """Every card the page shows face up."""
    places = drawn["groups"] + drawn["seats"]
    return {c for place in places for c in place["cards"] if c is not None}


def table_message(fake: FakeDiscord) -> FakeMessage:
    """The table's message in #parlour: the one with a picture."""
    (message,) = [m for m in fake.channel_messages() if m.attachments]
    return message


async def deal_tilters(fake: FakeDiscord, alice: FakeUser, bob: FakeUser) -> None:
    """A one-deal Tilters table of alice and bob, dealt."""
    await fake.slash("table start", {"game": "tilters", "options": "target=1"}, by=alice)
    await fake.click(table_message(fake), label="Join", by=bob)
    await fake.click(table_message(fake), label="Start", by=alice)


async def play_one(fake: FakeDiscord, table: Table, players: dict[int, FakeUser], rng: Any) -> str:
    """The awaited player's move from their "My hand" answer, chosen at random; the
    player's name."""
    (seat,) = table.game.awaiting(table.state)
    player = players[table.seats[seat].user_id]
    hand = (await fake.click(table_message(fake), label="My hand", by=player)).followups[-1]
    values = [o["value"] for s in hand.selects for o in s["options"]]
    await fake.select(hand, [rng.choice(values)], by=player)
    return player.name


def spectator_key(link: str) -> str:
    """The path of the table's page in `/table watch`'s answer."""
    return "/t/" + link.split("/t/", 1)[1].split()[0]


async def test_a_spectator_follows_a_whole_game_of_tilters_live(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, bob: FakeUser, browser: Browser
) -> None:
    presenter_of(bot).min_interval_s = 0.0
    await deal_tilters(fake, alice, bob)
    table = bot.tables.in_channel(fake.channel_id)
    assert table is not None
    watch = await fake.slash("table watch", by=bob)
    seen = await browser.open("spectator", spectator_key(watch.response.content))
    page, rng, players = seen.page, random.Random(33), {alice.id: alice, bob.id: bob}
    await expect(page.locator("#connection")).to_have_text("live")
    drawn = await shows(page, seen_frame(bot, table))
    assert [s["name"] for s in drawn["seats"]] == ["alice", "bob"]
    moves = 0
    while table.state is not None and not table.game.is_over(table.state):
        mover = await play_one(fake, table, players, rng)
        moves += 1
        assert moves < MAX_MOVES
        frame = seen_frame(bot, table)
        assert frame["said"].startswith(f"{mover}: ")
        drawn = await shows(page, frame)
        assert not face_up(drawn) & hidden(table)  # nothing hidden reaches the page
    assert moves >= 26  # thirteen tricks of two cards at the least
    await expect(page.locator("#felt .closed")).to_have_text("The table is closed.")
    final = seen.frames[-1]
    assert final["status"] == "closed" and "alice" in final["results"]
    await shows(page, final)
    versions = [f["version"] for f in seen.frames if f["type"] == "table"]
    assert versions == sorted(versions)  # in order (the last twice: its move, then the end)
    assert set(range(versions[0], versions[-1] + 1)) <= set(versions)  # every move's frame
    assert versions[-1] - versions[0] == moves


def seen_frame(bot: ParlourBot, table: Table) -> dict[str, Any]:
    """The frame the web sends of the table as it stands now."""
    frame: dict[str, Any] = json.loads(bot.web.hub.current(table.id))
    assert frame["version"] == table.version
    return frame
