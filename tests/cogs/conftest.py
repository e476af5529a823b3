"""Fixtures for the Discord layer: Parlour's real bot on a fresh database, run on the fake.

    async def test_x(fake: FakeDiscord, bot: ParlourBot, alice: FakeUser) -> None:
        done = await fake.slash("chips balance", by=alice)

`fake` has four members: alice (who owns the server and the bot application), bob,
carol (whose DMs are closed) and mona (who holds the "moderators" role, with Manage
Server). `bot` starts ParlourBot on it with `settings` (a database in tmp_path) and, when
the test ends, checks every ledger invariant of the bot then running and closes it.
`mention` posts "@Parlour <text>" for the mention commands.

Closing a bot leaves the process's render workers running for the next test's bot (a
worker's start-up, Pillow, fonts and sprites, was most of a short test's time); a test
marked `stops_render_workers` closes them as the bot does outside the tests.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import discord
import pytest

from bot.client import ParlourBot
from bot.config import Settings
from cogs import _render
from cogs.table import presenter_of
from tests.fakediscord import FakeDiscord, FakeUser
from tests.fakediscord.world import now_iso

START_CHIPS = 1000
BUY_IN = 100
MODERATORS = "moderators"


@pytest.fixture(scope="session")
def render_workers() -> Iterator[None]:
    """The process's render workers, stopped when the tests end."""
    yield
    _render.POOL.shutdown()


@pytest.fixture(autouse=True)
def warm_render_workers(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch, render_workers: None
) -> None:
    """A bot closed in this test leaves the render workers running, unless the test is
    marked `stops_render_workers`."""
    if request.node.get_closest_marker("stops_render_workers") is None:
        monkeypatch.setattr(_render, "shutdown", lambda: None)


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    """The bot's settings: a database in tmp_path and a dummy token."""
    return Settings(
        token="fake-token",
        db_path=tmp_path / "parlour.db",
        log_level="INFO",
        starting_chips=START_CHIPS,
        buy_in=BUY_IN,
        turn_timeout_s=120.0,
    )


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    """A fake Discord with alice (the owner), bob, carol (DMs closed) and mona (moderator)."""
    fake = FakeDiscord()
    role = fake.add_role(MODERATORS, discord.Permissions(manage_guild=True))
    fake.add_user("alice")
    fake.add_user("bob")
    fake.add_user("carol", dms_open=False)
    fake.add_user("mona", roles=(role,))
    yield fake
    await fake.close()


def member(fake: FakeDiscord, name: str) -> FakeUser:
    """A user of the fake by name."""
    (user,) = [u for u in fake.world.users.values() if u.name == name]
    return user


@pytest.fixture
def alice(fake: FakeDiscord) -> FakeUser:
    """The server's owner, who also owns the bot application."""
    return member(fake, "alice")


@pytest.fixture
def bob(fake: FakeDiscord) -> FakeUser:
    """A plain member."""
    return member(fake, "bob")


@pytest.fixture
def carol(fake: FakeDiscord) -> FakeUser:
    """A plain member whose DMs are closed."""
    return member(fake, "carol")


@pytest.fixture
def mona(fake: FakeDiscord) -> FakeUser:
    """A member with the moderators role (Manage Server)."""
    return member(fake, "mona")


@pytest.fixture
def moderator_role(fake: FakeDiscord) -> int:
    """The id of the moderators role."""
    (role_id,) = [int(r["id"]) for r in fake.world.roles.values() if r["name"] == MODERATORS]
    return role_id


@pytest.fixture
async def bot(fake: FakeDiscord, settings: Settings) -> AsyncIterator[ParlourBot]:
    """ParlourBot, started on `fake`; every ledger invariant must hold when the test ends."""
    bot = ParlourBot(settings)
    await fake.start(bot)
    presenter_of(bot).mailer.interval_s = 0.0  # DM at once; tests of the pacing set it
    yield bot
    running = fake.bot  # a test may have restarted the bot
    if isinstance(running, ParlourBot):
        assert await running.ledger.check() == []
    await fake.close()


async def mention(
    fake: FakeDiscord, text: str, *, by: FakeUser, channel: int | None = None
) -> None:
    """Post "@Parlour <text>" as `by` (default in #parlour) and wait until it is handled."""
    bot, world = fake.bot, fake.world
    assert bot is not None, "start a bot first"
    member_data = world.member_payload(by)
    del member_data["user"]
    payload = {
        "id": str(world.ids()),
        "channel_id": str(channel or fake.channel_id),
        "guild_id": str(fake.guild_id),
        "author": by.payload(),
        "member": member_data,
        "content": f"<@{fake.app_id}> {text}",
        "timestamp": now_iso(),
        "edited_timestamp": None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [world.bot_user.payload()],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "components": [],
        "pinned": False,
        "type": 0,
        "flags": 0,
    }
    # The gateway would deliver MESSAGE_CREATE; track what it starts, as for interactions.
    with fake._tracking():
        bot._connection.parse_message_create(payload)  # type: ignore[arg-type]
    await fake.settle()
