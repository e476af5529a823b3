"""Fixtures for the tests in a real browser: Parlour's bot on the fake Discord with its web
table on, and headless Chromium driven by Playwright, a browser context per user.

    async def test_x(fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, browser: Browser):
        seen = await browser.open("spectator", "/t/KEY")   # a fresh context: no cookies
        await expect(seen.page.locator("#title")).to_have_text("Tilters")
        seen.frames                                        # every frame its sockets carried

The browser is Debian's `chromium` (or whatever `PARLOUR_CHROMIUM` names), started by
its path: Playwright never downloads one. Without it these tests are reported as skipped,
unless `PARLOUR_TEST_BROWSER=required` (as `.ci/run` sets it), when they fail instead.
A Chromium that is found but does not start always fails. Each test starts its own
browser (under a second of a two-core machine) with a fresh profile that Playwright
makes and removes; each user is a context of its own, so the cookies of one (a player
signed in) are never another's (a spectator, another player).

The fake Discord's fixtures (`fake`, `bot`, `alice`, `bob`, ...) are those of
tests/cogs/conftest.py; `settings` here turns the web on at a free port of this machine,
its public address `http://127.0.0.1:PORT`, so a page's socket comes from its own origin,
with sign-in through the fake Discord's application. `signed_in` signs a user in from a
table's page as a person does (the page's link, Discord's consent, the way back):

    seen = await browser.signed_in(alice, "/t/KEY", fake)   # alice's own context
"""

from __future__ import annotations

import json
import os
import socket
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Browser as Chromium
from playwright.async_api import (
    BrowserContext,
    Page,
    Route,
    WebSocket,
    async_playwright,
    expect,
)

from bot.client import ParlourBot
from bot.config import Settings, WebSettings
from tests.cogs.conftest import (  # noqa: F401  (fixtures, found by pytest by their names)
    BUY_IN,
    START_CHIPS,
    alice,
    bob,
    bot,
    carol,
    fake,
    moderator_role,
    mona,
    render_workers,
    warm_render_workers,
)
from tests.fakediscord import FakeDiscord, FakeUser

CHROMIUM_VARIABLE = "PARLOUR_CHROMIUM"
REQUIRED_VARIABLE = "PARLOUR_TEST_BROWSER"
DEBIAN_CHROMIUM = Path("/usr/bin/chromium")
ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)
"""Chromium's flags: headless, no sandbox (the tests may run as root, in a container),
and nothing that reaches out to the network on its own."""
SECRET = "k3Y-for-the-browser-tests-0123456789abcdef"
WAIT_MS = 30_000
"""How long a page is given to show what a test waits for: a bound on a hang, not a
measure of speed (a check passes as soon as the page shows it), generous for a CI
machine whose two cores are busy."""
expect.set_options(timeout=WAIT_MS)


def chromium_path() -> tuple[Path | None, str]:
    """The Chromium to drive, or None with why there is none."""
    named = os.environ.get(CHROMIUM_VARIABLE)
    path = Path(named) if named else DEBIAN_CHROMIUM
    if path.is_file() and os.access(path, os.X_OK):
        return path, ""
    if named:
        return None, f"{CHROMIUM_VARIABLE}={named} is not a program that can be run"
    install = f"apt-get install chromium, or set {CHROMIUM_VARIABLE}"
    return None, f"no Chromium at {DEBIAN_CHROMIUM} ({install})"


def browser_required() -> bool:
    """Whether a missing browser fails the tests instead of skipping them."""
    return os.environ.get(REQUIRED_VARIABLE, "") == "required"


def free_port() -> int:
    """A TCP port free on this machine now (the web listens on it a moment later)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture
def settings(tmp_path: Path, fake: FakeDiscord) -> Settings:  # noqa: F811
    """The bot's settings as in tests/cogs, with the web on at a free port of this machine
    and sign-in with the fake Discord's application."""
    port = free_port()
    client = (str(fake.app_id), fake.client_secret)
    return Settings(
        token="fake-token",
        db_path=tmp_path / "parlour.db",
        log_level="INFO",
        starting_chips=START_CHIPS,
        buy_in=BUY_IN,
        turn_timeout_s=120.0,
        web=WebSettings(port, f"http://127.0.0.1:{port}", SECRET, *client),
    )


@pytest.fixture
def web_bot(bot: ParlourBot, fake: FakeDiscord) -> ParlourBot:  # noqa: F811
    """The bot with its web's sign-in answered by the fake Discord (its table message in
    Discord paced as outside the tests: a picture a second at most)."""
    assert bot.web.oauth is not None
    bot.web.oauth.http = fake.http_session()
    return bot


@dataclass
class Seen:
    """One open page, every frame its sockets were sent and every message they sent,
    parsed, in order."""

    page: Page
    frames: list[dict[str, Any]] = field(default_factory=list)
    sent: list[dict[str, Any]] = field(default_factory=list)

    def _watch(self, socket: WebSocket) -> None:
        """Keep the frames a socket of the page receives, and the messages it sends."""
        socket.on("framereceived", lambda payload: self.frames.append(json.loads(payload)))
        socket.on("framesent", lambda payload: self.sent.append(json.loads(payload)))


@dataclass
class Browser:
    """Headless Chromium for one test, and the web's address."""

    chromium: Chromium
    base_url: str
    users: dict[str, BrowserContext] = field(default_factory=dict)

    async def user(self, name: str) -> BrowserContext:
        """The browser context of a user (made on first use): its own cookies and
        storage, shared by every page that user opens."""
        if name not in self.users:
            context = await self.chromium.new_context(base_url=self.base_url)
            context.set_default_timeout(WAIT_MS)
            self.users[name] = context
        return self.users[name]

    async def open(self, name: str, path: str) -> Seen:
        """A new page of `name`'s at `path` (on the web's address), its frames kept."""
        page = await (await self.user(name)).new_page()
        seen = Seen(page)
        page.on("websocket", seen._watch)
        await page.goto(path)
        return seen

    async def signed_in(self, user: FakeUser, path: str, discord: FakeDiscord) -> Seen:
        """A new page of the user's at `path`, signed in from it as a person does: the
        page's sign-in link, the fake Discord's consent page (where the user agrees), and
        back to the page through /callback, now a player's."""
        context = await self.user(user.name)

        async def at_discord(route: Route) -> None:
            back = discord.consent(user, route.request.url)
            await route.fulfill(status=302, headers={"Location": back})

        await context.route("https://discord.com/**", at_discord)
        seen = await self.open(user.name, path)
        await seen.page.locator("#sign-in").click()
        await seen.page.locator("#sign-out").wait_for()
        await expect(seen.page.locator("#signed-in")).to_have_text(f"Signed in as {user.name}")
        await context.unroute("https://discord.com/**")
        return seen


@pytest.fixture(autouse=True)
def chromium(request: pytest.FixtureRequest) -> Path | None:
    """The Chromium a test's `browser` starts; a test that wants one is skipped (or
    failed, when required) before anything else is set up where none is found."""
    if "browser" not in request.fixturenames:
        return None
    path, missing = chromium_path()
    if path is None:
        if browser_required():
            pytest.fail(f"{REQUIRED_VARIABLE}=required, but {missing}")
        pytest.skip(missing)
    return path


@pytest.fixture
async def browser(chromium: Path, settings: Settings) -> AsyncIterator[Browser]:
    """Headless Chromium at the web of `settings`, its users' contexts closed with it."""
    assert settings.web is not None
    async with async_playwright() as playwright:
        started = await playwright.chromium.launch(
            executable_path=chromium, args=list(ARGS), headless=True
        )
        try:
            yield Browser(started, settings.web.public_url)
        finally:
            await started.close()
