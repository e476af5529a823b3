"""An in-process fake of Discord's HTTP and interaction-webhook layer for testing the bot.

discord.py runs unmodified on top; only its aiohttp session and the gateway are replaced.

    fake = FakeDiscord()                          # a guild with #parlour (fake.channel_id)
    alice = fake.add_user("alice")                # the first user owns the guild
    carol = fake.add_user("carol", dms_open=False)
    await fake.start(bot)                         # login, setup_hook, READY, GUILD_CREATE
    hello = await fake.slash("table start", {"game": "black-joke"}, by=alice)
    hello.response.kind                           # "deferred", "message", "modal", ...
    table = hello.messages[0]                     # content, attachments, files, custom_ids
    click = await fake.click(table, label="Join", by=alice)
    await fake.select(msg, ["play 7E"], by=alice); await fake.submit_modal(opened, {...})
    fake.threads() -> [thread ids]; fake.channel_messages(thread_id)
    back = fake.consent(alice, authorize_url)     # OAuth2: Discord's consent, a code once
    bot.web.oauth.http = fake.http_session()      # the web's sign-in answered by the fake
    fake.channel_messages(), fake.dms(carol), fake.requests, fake.fail_next("POST", "/x/*")
    await fake.close()                            # then start a new bot: a restart

Sharded: `FakeDiscord(shard_count=2)`, `fake.add_guild("other", shard=1, members=[alice])`;
a bot holding some shards is sent only their guilds (`fake.identified`). A bot in another
process: `net.NetDiscord` serves the same routes over HTTP with a gateway websocket, and
`python -m tests.fakediscord.bot_process URL -- run` runs `parlour` against it.

Modules: `fake` (FakeDiscord), `harness` (what both fakes share: the world, injecting
interactions, reading the store), `server` (routes and the message store), `oauth`
(signing in: the token endpoint and /users/@me with a Bearer), `builders`
(interaction payloads), `records` (what tests read), `wire` (session, multipart, clock),
`world` (users, guilds, channels and threads), `gateway` (shards and READY), `net`
(NetDiscord), `bot_process` (the bot process's entry point).
"""

from .fake import IGNORED_TASKS, FakeDiscord
from .records import (
    EPHEMERAL,
    Callback,
    FakeInteraction,
    FakeMessage,
    Request,
    Upload,
    walk_components,
)
from .world import FakeUser

__all__ = [
    "EPHEMERAL",
    "IGNORED_TASKS",
    "Callback",
    "FakeDiscord",
    "FakeInteraction",
    "FakeMessage",
    "FakeUser",
    "Request",
    "Upload",
    "walk_components",
]
