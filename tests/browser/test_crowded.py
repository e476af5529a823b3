"""Crowded tables hold their shape in headless Chromium: a spectator's page of a 4-seat
table, of the most seats any game allows (Pip-Pip!'s twelve), of Black Joke's ten and
of a 3-seat Newmarket (the whole pack dealt: the widest hands), at a phone's width and
a desk's, lays no two seats over each other or over the middle, keeps each seat's fan
of backs inside its seat with their count beside it, and never scrolls sideways. And
every suit's mark on the page's cards is its own: no two of the ten (French, Yankee
Notion, the back) draw alike."""

from __future__ import annotations

import io
import itertools
import json
import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops
from playwright.async_api import Page

from bot.config import Settings
from bot.games import registry
from bot.tables import TableService
from tests.browser.conftest import Browser
from tests.web.conftest import make_site
from web.server import WebServer

WIDTHS = (390, 1280)
HOST = 1
BOXES = """() => {
  const box = (e) => { const r = e.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }; };
  return {
    seats: [...document.querySelectorAll("#felt .seat")].map((s) => ({
      box: box(s),
      fans: [...s.querySelectorAll(".cards.fan")].map(box),
      counts: [...s.querySelectorAll(".cards.fan .count")].map((c) => Number(c.textContent)),
    })),
    middle: box(document.querySelector("#felt .middle")),
    wide: document.scrollingElement.scrollWidth,
    width: window.innerWidth,
  };
}"""
APART = {"yankee": 0.25, "french": 0.08}
"""The least share of a mark's pixels that two suits' marks of a pack must not share
(measured: Yankee 0.29 at the least, eagles and shields; the old glyphs' eagle and star
0.13; French 0.10, spades and clubs)."""
CARDS = ("7F", "7L", "7E", "7S", "7H")
FRENCH = ("7S", "7H", "7D", "7C")
GALLERY = """([yankee, french]) => {
  const { cardElement } = window.ParlourCards, gallery = document.createElement("div");
  gallery.id = "gallery";
  document.body.prepend(gallery);
  gallery.replaceChildren(...yankee.map((c) => cardElement(c, "yankee", false)),
    ...french.map((c) => cardElement(c, "french", false)), cardElement(null, "french", false));
}"""


@pytest.fixture
async def web(settings: Settings, tmp_path: Path) -> AsyncIterator[WebServer]:
    """The web alone on `settings`' port, its table service on a fresh database (no bot:
    the tables are dealt through the service, the host's moves made there too)."""
    db, server = await make_site(tmp_path / "web.db", [None], settings.web)
    await server.start(host="127.0.0.1")
    yield server
    await server.close()
    await db.close()


async def dealt(web: WebServer, game: str, seats: int, moves: int) -> str:
    """A table of `game` with the host and AI players, the host's first `moves` made at
    random (while the host is awaited); the spectator page's path."""
    service, keys = web.hub.tables, web.keys
    assert isinstance(service, TableService) and keys is not None
    table = await service.create(
        guild_id=1, channel_id=2, host_id=HOST, host_name="alice of the long name", game_key=game
    )
    for _ in range(seats - 1):
        await service.add_ai(table.id, HOST)
    await service.start(table.id, HOST)
    rng = random.Random(5)
    for _ in range(moves):
        if table.state is None:
            break
        if table.game.is_over(table.state) or 0 not in table.game.awaiting(table.state):
            break
        action = rng.choice(table.game.legal_actions(table.state, 0))
        await service.act(table.id, HOST, table.version, action)
    return f"/t/{await keys.key_of(table.id)}"


def apart(a: dict[str, float], b: dict[str, float]) -> bool:
    """Whether two boxes share no area (touching edges allowed)."""
    return (
        a["right"] <= b["left"] + 0.5
        or b["right"] <= a["left"] + 0.5
        or a["bottom"] <= b["top"] + 0.5
        or b["bottom"] <= a["top"] + 0.5
    )


def inside(inner: dict[str, float], outer: dict[str, float]) -> bool:
    """Whether a box lies within another."""
    return (
        inner["left"] >= outer["left"] - 0.5
        and inner["right"] <= outer["right"] + 0.5
        and inner["top"] >= outer["top"] - 0.5
        and inner["bottom"] <= outer["bottom"] + 0.5
    )


def check_layout(drawn: dict[str, Any], backs: list[int]) -> None:
    """No seat over another or the middle; each fan inside its seat, its count right;
    nothing wider than the window."""
    seats = drawn["seats"]
    for one, other in itertools.combinations(seats, 2):
        assert apart(one["box"], other["box"]), (one["box"], other["box"])
    for seat, down in zip(seats, backs, strict=True):
        assert apart(seat["box"], drawn["middle"]), (seat["box"], drawn["middle"])
        assert all(inside(fan, seat["box"]) for fan in seat["fans"]), seat
        assert seat["counts"] == ([down] if down else [])
    assert drawn["wide"] <= drawn["width"]


@pytest.mark.parametrize(
    ("game", "seats", "moves"),
    [("tilters", 4, 3), ("pip-pip", 12, 2), ("black-joke", 10, 2), ("newmarket", 3, 2)],
)
async def test_a_crowded_table_lays_its_seats_apart_at_every_width(
    web: WebServer, browser: Browser, tmp_path: Path, game: str, seats: int, moves: int
) -> None:
    if game == "pip-pip":  # the most seats any game allows
        assert seats == max(g.info.max_seats for g in registry.all())
    path = await dealt(web, game, seats, moves)
    context = await browser.user("spectator")
    page = await context.new_page()
    for width in WIDTHS:
        await page.set_viewport_size({"width": width, "height": 900})
        await page.goto(path)
        await page.locator("#felt .seat").nth(seats - 1).wait_for()
        scene = await current_scene(web, path)
        backs = [int(s.get("backs", 0)) for s in scene["seats"]]
        assert any(backs), "no seat holds a face-down card: the fans went unchecked"
        check_layout(await page.evaluate(BOXES), backs)
        await page.screenshot(path=tmp_path / f"{game}-{seats}-{width}.png", full_page=True)
    await page.close()


async def current_scene(web: WebServer, path: str) -> dict[str, Any]:
    """The scene of the table at `path` as the web sends it now."""
    assert web.keys is not None
    table_id = await web.keys.table_of(path.rsplit("/", 1)[1])
    assert table_id is not None
    scene: dict[str, Any] = json.loads(web.hub.current(table_id))["scene"]
    return scene


async def shots(page: Page, selector: str) -> list[Image.Image]:
    """Each element of the gallery `selector` finds, as the browser drew it."""
    found = []
    for part in await page.locator(f"#gallery {selector}").all():
        found.append(Image.open(io.BytesIO(await part.screenshot())).convert("RGB"))
    return found


def ink(card: Image.Image) -> Image.Image:
    """Where a card's drawing has ink (its shape, whatever its colour)."""
    return card.convert("L").point(lambda value: 255 if value < 200 else 0)


def differing(a: Image.Image, b: Image.Image) -> float:
    """The share of the pixels inked in one drawing and not the other (their shapes
    compared, not their colours: a red star and a blue one draw alike)."""
    size = (min(a.width, b.width), min(a.height, b.height))
    diff = ImageChops.difference(ink(a).crop((0, 0, *size)), ink(b).crop((0, 0, *size)))
    return diff.histogram()[255] / (size[0] * size[1])


async def test_every_suit_draws_its_own_mark(web: WebServer, browser: Browser) -> None:
    path = await dealt(web, "tilters", 2, 0)
    page = await (await browser.user("spectator")).new_page()
    await page.goto(path)
    await page.locator("#felt .seat").first.wait_for()
    await page.evaluate(GALLERY, [list(CARDS), list(FRENCH)])
    marks = await shots(page, ".card .suit")
    assert len(marks) == len(CARDS) + len(FRENCH)
    packs = {"yankee": marks[: len(CARDS)], "french": marks[len(CARDS) :]}
    for pack, drawn in packs.items():  # a pack's suits, by their shapes alone
        for (one, a), (other, b) in itertools.combinations(enumerate(drawn), 2):
            assert differing(a, b) > APART[pack], f"{pack} suits {one} and {other} draw alike"
    cards = await shots(page, ".card")
    assert all(differing(cards[-1], card) > APART["yankee"] for card in cards[:-1])  # the back
    labels = await page.locator("#gallery .card").evaluate_all(
        "(cards) => cards.map((c) => c.getAttribute('aria-label'))"
    )
    assert labels[:5] == ["7 of Faces", "7 of Flags", "7 of Eagles", "7 of Stars", "7 of Shields"]
    await page.close()
