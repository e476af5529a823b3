"""The bot on the fake Discord with its web on, and people's browsers on its pages: what
tests/web/test_discord_play.py and bench/bench_web_play.py drive. Each person's browser
keeps its cookies across restarts (`Browser`); `World.start` starts a bot (again, after
a restart) with sign-in answered by the fake."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import aiohttp
from aiohttp.test_utils import TestClient, TestServer

from bot.client import ParlourBot
from bot.config import Settings
from bot.tables import Event, Table
from cogs.table import presenter_of
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser
from tests.web.conftest import settings_for
from tests.web.pages import Page


class Browser:
    """A person's browser: cookies that outlive a bot, and a client on the running one."""

    def __init__(self) -> None:
        self.jar = aiohttp.CookieJar(unsafe=True)
        self.client: TestClient[Any, Any] | None = None

    async def on(self, bot: ParlourBot) -> TestClient[Any, Any]:
        """A client on the bot's web, with the browser's cookies."""
        await self.close()
        self.client = TestClient(TestServer(bot.web.app), cookie_jar=self.jar)
        await self.client.start_server()
        return self.client

    async def close(self) -> None:
        """Close the client (the cookies stay)."""
        if self.client is not None:
            await self.client.close()
            self.client = None


class World:
    """The fake Discord, the bot on it, and alice's, bob's and carol's browsers."""

    def __init__(self, fake: FakeDiscord, settings: Settings) -> None:
        self.fake, self.settings = fake, settings
        users = {u.name: u for u in fake.world.users.values()}
        self.alice, self.bob, self.carol = users["alice"], users["bob"], users["carol"]
        self.browsers = {name: Browser() for name in users}
        self.bot: ParlourBot | None = None

    async def start(self) -> ParlourBot:
        """Start a bot (anew, after a restart) with the web on, sign-in on the fake."""
        bot = ParlourBot(self.settings)
        await self.fake.start(bot)
        assert bot.web.oauth is not None
        bot.web.oauth.http = self.fake.http_session()
        presenter_of(bot).min_interval_s = 0.0
        presenter_of(bot).mailer.interval_s = 0.0
        self.bot = bot
        for browser in self.browsers.values():
            await browser.on(bot)
        return bot

    async def page(self, user: FakeUser, key: str, *, sign_in: bool = True) -> Page:
        """The table's page in the user's browser, signed in first unless told not to."""
        client = self.browsers[user.name].client
        assert client is not None
        if sign_in and not (await (await client.get("/me")).json())["signed_in"]:
            went = await client.get("/login", params={"next": f"/t/{key}"}, allow_redirects=False)
            back = self.fake.consent(user, went.headers["Location"]).split("?", 1)[1]
            assert (await client.get(f"/callback?{back}", allow_redirects=False)).status == 303
        return await Page.open(client, key)

    async def close(self) -> None:
        """Close the browsers."""
        for browser in self.browsers.values():
            await browser.close()


def answer(interaction: Any) -> Any:
    """The interaction's one answer (its last follow-up, or its response)."""
    return interaction.followups[-1] if interaction.followups else interaction.response


def table_message(fake: FakeDiscord, channel: int | None = None) -> FakeMessage:
    """The latest table's message in the channel (default #parlour)."""
    return [m for m in fake.channel_messages(channel) if m.attachments][-1]


async def key_of(world: World, channel: int | None = None) -> str:
    """The table's key, from /table watch."""
    link = answer(await world.fake.slash("table watch", by=world.alice, channel=channel)).content
    return str(link.split("/t/", 1)[1].split()[0])


async def open_table(world: World, game: str) -> Table:
    """A table of alice (the host), bob and an AI, dealt from Discord."""
    fake = world.fake
    await fake.slash("table start", {"game": game}, by=world.alice)
    await fake.click(table_message(fake), label="Join", by=world.bob)
    await fake.click(table_message(fake), label="Add AI", by=world.alice)
    await fake.click(table_message(fake), label="Start", by=world.alice)
    assert world.bot is not None
    table = world.bot.tables.in_channel(fake.channel_id)
    assert table is not None
    return table


async def discord_move(world: World, user: FakeUser) -> None:
    """The user's move in Discord: "My hand", then the first move offered there (the
    first option of its select, else its first button)."""
    fake = world.fake
    hand = answer(await fake.click(table_message(fake), label="My hand", by=user))
    if hand.selects:
        await fake.select(hand, [hand.selects[0]["options"][0]["value"]], by=user)
    else:
        await fake.click(hand, custom_id=hand.buttons[0]["custom_id"], by=user)


async def discord_shows(world: World, table: Table) -> None:
    """Wait until the table message in Discord shows the table as it stands: the words
    the Discord presenter gives the table now (or, once it closed, the game's end)."""
    assert world.bot is not None
    if table.state is None or world.bot.tables.registry.get(table.id) is None:
        await world.fake.until(lambda: "game over" in table_message(world.fake).content)
        return
    update = world.bot.tables.snapshot(table, Event.RESUMED)
    wanted, _, _ = await presenter_of(world.bot).message_parts(update)
    await world.fake.until(lambda: table_message(world.fake).content == wanted)


async def start_world(where: Path) -> World:
    """alice, bob and carol on a fake Discord, the bot running on a database at `where`
    with the web on and sign-in set up."""
    fake = FakeDiscord()
    for name in ("alice", "bob", "carol"):
        fake.add_user(name)
    settings = Settings(
        token="fake-token",
        db_path=where,
        log_level="INFO",
        starting_chips=1000,
        buy_in=100,
        turn_timeout_s=120.0,
        web=settings_for(fake),
    )
    world = World(fake, settings)
    await world.start()
    return world


async def stop_world(world: World) -> None:
    """Check the running bot's ledger, then close the browsers and the bot."""
    running = world.fake.bot
    if isinstance(running, ParlourBot):
        assert await running.ledger.check() == []
    await world.close()
    await world.fake.close()
