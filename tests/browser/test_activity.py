"""The Discord Activity in headless Chromium, framed by a test double of Discord's client
(`double.html`, at https://discord.com as Playwright serves it): the built page signs
in through the Embedded App SDK (ready, authorize answered with a code of the fake
Discord's, the code exchanged by our server, authenticate with the access token it
answered), finds the table of the channel it was opened in, and plays alice's seat
from it; the table message in Discord follows. Opened outside Discord, the page says
so and opens no socket.

Without the built script (`npm ci && npm run build` in web/activity) the test is
skipped, unless `PARLOUR_TEST_BROWSER=required`, when it fails instead."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from playwright.async_api import Frame, Route, expect

from bot.client import ParlourBot
from bot.config import Settings
from bot.tables import Event, Table
from cogs.table import presenter_of
from tests.browser.conftest import Browser, browser_required
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser
from web import activity

DOUBLE = (Path(__file__).parent / "double.html").read_text()
CLIENT = "https://discord.com/channels/activity-double"
FRAME_ID = "frame-1"


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """The browser tests' settings (sign-in set up) with the Activity on."""
    assert settings.web is not None
    return replace(settings, web=replace(settings.web, activity=True))


@pytest.fixture(autouse=True)
def built() -> None:
    """Skip (or fail, when required) without the Activity's built script."""
    if not activity.BUNDLE.is_file():
        why = "the Activity's script is not built (npm ci && npm run build in web/activity)"
        if browser_required():
            pytest.fail(f"PARLOUR_TEST_BROWSER=required, but {why}")
        pytest.skip(why)


def table_message(fake: FakeDiscord) -> FakeMessage:
    """The table's message in #parlour: the one with a picture."""
    (message,) = [m for m in fake.channel_messages() if m.attachments]
    return message


async def in_discord(
    browser: Browser, fake: FakeDiscord, user: FakeUser, query: dict[str, str]
) -> tuple[Frame, list[dict[str, Any]]]:
    """The Activity opened by `user` in Discord's client (the double), with the query
    Discord's client gives its frame; the Activity's frame, and every frame its
    socket is sent."""
    context = await browser.user(user.name)
    # the double is a public site framing this machine's web: Chromium asks the person
    # first (Local Network Access), as it never need for Parlour's public address
    await context.grant_permissions(["local-network-access"], origin="https://discord.com")
    page = await context.new_page()
    url = f"{browser.base_url}/?{urlencode(query)}"
    html = (
        DOUBLE.replace("{{ACTIVITY_URL}}", url)
        .replace("{{CLIENT_ID}}", str(fake.app_id))
        .replace("{{FRAME_ID}}", FRAME_ID)
    )

    async def serve(route: Route) -> None:
        await route.fulfill(status=200, content_type="text/html", body=html)

    def authorize(args: dict[str, Any]) -> str:
        return fake.authorize_activity(user, args)

    def authenticate(token: str) -> dict[str, Any] | None:
        owner = fake.api.oauth.tokens.get(token)
        if owner is None:
            return None
        named = fake.user(owner)
        return {
            "id": str(named.id),
            "username": named.name,
            "discriminator": "0",
            "public_flags": 0,
        }

    seen: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: seen.append(json.loads(f))))
    await page.route(CLIENT, serve)
    await page.expose_function("discordAuthorize", authorize)
    await page.expose_function("discordAuthenticate", authenticate)
    await page.goto(CLIENT)
    frame = page.frame_locator("#activity")
    await expect(frame.locator("#title")).to_be_visible()
    (found,) = [f for f in page.frames if f.url.startswith(browser.base_url)]
    return found, seen


async def test_the_activity_signs_in_finds_the_channels_table_and_plays_it(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, browser: Browser
) -> None:
    assert bot.web.oauth is not None
    bot.web.oauth.http = fake.http_session()
    presenter_of(bot).min_interval_s = 0.0
    await fake.slash("table start", {"game": "tilters", "options": "target=1"}, by=alice)
    await fake.click(table_message(fake), label="Add AI", by=alice)
    await fake.click(table_message(fake), label="Start", by=alice)
    table = bot.tables.in_channel(fake.channel_id)
    assert table is not None
    query = {
        "frame_id": FRAME_ID,
        "instance_id": "instance-1",
        "platform": "desktop",
        "guild_id": str(fake.world.guild_id),
        "channel_id": str(fake.channel_id),
    }
    frame, seen = await in_discord(browser, fake, alice, query)
    await expect(frame.locator("#signed-in")).to_have_text("Signed in as alice")
    await expect(frame.locator("#connection")).to_have_text("live")
    await expect(frame.locator("#title")).to_have_text(table.title)
    heard = await frame.page.evaluate("window.heard")
    assert heard[:3] == [0, "AUTHORIZE", "AUTHENTICATE"]  # the handshake, then in order
    assert fake.api.oauth.exchanged  # our server exchanged the code Discord gave
    rng = random.Random(3)
    for _ in range(3):
        version = table.version
        await fake.until(lambda v=version: my_turn(seen, v))  # the page has it all
        await expect(frame.locator("#clock")).to_have_text(re.compile("^Your clock "))
        before = len(seen)
        await play_a_move(frame, rng)
        # answered on this socket (the page clears the words once its next turn comes)
        await fake.until(lambda n=before: any(played(f) for f in seen[n:]))
        assert table.version > version  # played, and the AI answered
        await discord_shows(fake, bot, table)


def played(frame: dict[str, Any]) -> bool:
    """Whether a frame is the answer to a move played."""
    return frame["type"] == "done" and str(frame.get("words", "")).startswith("You played: ")


def my_turn(seen: list[dict[str, Any]], version: int) -> bool:
    """Whether the socket was sent the table at `version`, and alice's turn in it."""
    tables = [f for f in seen if f["type"] == "table"]
    hands = [f for f in seen if f["type"] == "hand"]
    current = bool(tables and hands) and tables[-1]["version"] == version
    return current and hands[-1].get("version") == version and bool(hands[-1].get("turn"))


async def play_a_move(frame: Frame, rng: random.Random) -> None:
    """Play one of the moves the hand offers, at random: a button, or from the list."""
    buttons, listed = frame.locator("[data-testid=move]"), frame.locator("#move-select option")
    if await buttons.count():
        await buttons.nth(rng.randrange(await buttons.count())).click()
        return
    values = [await o.get_attribute("value") for o in await listed.all()]
    await frame.locator("#move-select").select_option(rng.choice([v for v in values if v]))
    await frame.locator("[data-testid=move-play]").click()


async def discord_shows(fake: FakeDiscord, bot: ParlourBot, table: Table) -> None:
    """Wait until the table message in Discord shows the table as it stands."""
    update = bot.tables.snapshot(table, Event.RESUMED)
    wanted, _, _ = await presenter_of(bot).message_parts(update)
    await fake.until(lambda: table_message(fake).content == wanted)


async def test_opened_outside_discord_the_page_says_so(
    fake: FakeDiscord, bot: ParlourBot, browser: Browser
) -> None:
    seen = await browser.open("someone", "/activity")
    await expect(seen.page.locator("#words")).to_have_text(
        "This is Parlour's Discord Activity: open it from a channel in Discord."
    )
    await expect(seen.page.locator("#connection")).to_have_text("not signed in")
    assert seen.frames == []
    assert fake.find_requests("POST", "/oauth2/token") == []
