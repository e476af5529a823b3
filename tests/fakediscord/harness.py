"""What both fakes share: the world, injecting interactions, reading what the bot did,
and making Discord fail.

`FakeDiscord` (`fake`) runs the bot in this process and hands it events directly;
`NetDiscord` (`net`) serves a bot in another process over HTTP and a gateway websocket.
Each says how a slash command's schema is found (the bot's own tree, or the commands
synced to the fake) and how an event reaches the bot.
"""

from __future__ import annotations

import abc
import time
from http import HTTPStatus
from typing import Any

import discord

from .builders import check_offered, command_data, component_data, interaction_payload, modal_data
from .records import SELECT_TYPES, FakeInteraction, FakeMessage, Request
from .server import DiscordAPI, Failure, route_matches
from .wire import FakeSession
from .world import JSON, FakeGuild, FakeUser, Snowflakes, World

UserRef = FakeUser | int
MessageRef = FakeMessage | int


class Harness(abc.ABC):
    """One fake Discord's state: a guild with a `#parlour` channel (more with
    `add_guild`), users, and the message store; it outlives the bots run on it."""

    def __init__(self, *, ack_deadline_s: float, keep_requests: bool, shard_count: int) -> None:
        """`keep_requests=False` keeps no log of requests (a long benchmark would
        otherwise measure the fake's own growing memory); `shard_count` is the number of
        gateway shards the guilds are spread over (the first guild is on shard 0)."""
        self.world = World(Snowflakes(), shard_count=shard_count)
        self.api = DiscordAPI(
            self.world, ack_deadline_s=ack_deadline_s, keep_requests=keep_requests
        )
        self.app_id, self.guild_id = self.world.app_id, self.world.guild_id
        self.channel_id = self.world.add_channel("parlour")

    # -- what each fake does its own way ----------------------------------------------

    @abc.abstractmethod
    def _running(self) -> bool:
        """Whether a bot is running on the fake."""

    @abc.abstractmethod
    def _schema(self, name: str, guild_id: int | None) -> JSON:
        """The slash command `name` as used in a guild (None: in a DM), with its id."""

    @abc.abstractmethod
    async def _deliver(self, payload: JSON, guild_id: int | None, settle: bool) -> None:
        """Send INTERACTION_CREATE to the bot (refusing a guild on a shard it does not
        hold), then, with `settle`, wait until it has been handled."""

    @abc.abstractmethod
    def _member_added(self, user: FakeUser) -> None:
        """Tell the running bot a member joined the first guild (GUILD_MEMBER_ADD)."""

    # -- the world ------------------------------------------------------------------

    def add_user(
        self,
        name: str,
        *,
        roles: tuple[int, ...] = (),
        permissions: int | None = None,
        dms_open: bool = True,
        member: bool = True,
    ) -> FakeUser:
        """A new user, a guild member unless `member=False`; the first one owns the guild."""
        user = FakeUser(
            self.world.ids(),
            name,
            member=member,
            roles=roles,
            permissions=permissions,
            dms_open=dms_open,
        )
        self.world.add_user(user)
        if member and self._running():
            self._member_added(user)
        return user

    def add_guild(
        self, name: str, *, shard: int | None = None, members: tuple[UserRef, ...] = ()
    ) -> int:
        """A new guild with a `#parlour` channel (`fake.guild(id).channel_id`) on `shard`
        (default: wherever its id falls), joined by `members` (the first owns it); add it
        before `start`. Returns its id."""
        assert not self._running(), "add guilds before starting the bot"
        guild = self.world.add_guild(name, shard=shard)
        self.world.add_channel("parlour", guild.id)
        for user in members:
            self.world.join(self.user(user), guild.id)
        return guild.id

    def guild(self, guild_id: int) -> FakeGuild:
        """A guild by id: its channel, owner and members."""
        return self.world.guilds[guild_id]

    def add_role(self, name: str, permissions: int | discord.Permissions = 0) -> int:
        """A new guild role (add it before `start`); returns its id."""
        value = permissions.value if isinstance(permissions, discord.Permissions) else permissions
        return self.world.add_role(name, value)

    def add_channel(self, name: str, *, guild: int = 0) -> int:
        """A new text channel of a guild (default the first; add it before `start`);
        returns its id."""
        return self.world.add_channel(name, guild)

    def set_dms(self, user: UserRef, *, open: bool) -> None:
        """Open or close a user's DMs: closed DMs answer 403, code 50007."""
        self.user(user).dms_open = open

    def threads(self, parent_id: int | None = None) -> list[int]:
        """The ids of the threads opened in a channel (default #parlour), oldest first."""
        parent = str(parent_id or self.channel_id)
        return [int(t["id"]) for t in self.world.threads.values() if t["parent_id"] == parent]

    def dm_channel(self, user: UserRef) -> int:
        """The id of the user's DM channel with the bot (to interact from DMs)."""
        return int(self.world.dm_channel(self.user(user))["id"])

    def user(self, user: UserRef) -> FakeUser:
        """A user by id (or the user itself)."""
        return user if isinstance(user, FakeUser) else self.world.users[user]

    # -- injecting interactions ------------------------------------------------------

    async def slash(
        self,
        command: str,
        options: dict[str, Any] | None = None,
        *,
        by: UserRef,
        channel: int | None = None,
        settle: bool = True,
    ) -> FakeInteraction:
        """`/command sub... option:value` typed by `by` in `channel` (default #parlour)."""
        return await self._command(2, command, options, None, by, channel, settle)

    async def autocomplete(
        self,
        command: str,
        options: dict[str, Any],
        *,
        focused: str,
        by: UserRef,
        channel: int | None = None,
        settle: bool = True,
    ) -> FakeInteraction:
        """The user typing into option `focused`; read `response.choices`."""
        return await self._command(4, command, options, focused, by, channel, settle)

    async def _command(
        self,
        kind: int,
        command: str,
        options: dict[str, Any] | None,
        focused: str | None,
        by: UserRef,
        channel: int | None,
        settle: bool,
    ) -> FakeInteraction:
        assert self._running(), "start a bot first"
        name, *path = command.removeprefix("/").split()
        channel_id = channel or self.channel_id
        guild_id = self.world.guild_of(channel_id)
        schema = self._schema(name, guild_id)
        check_offered(schema, self.world, self.user(by), guild_id)
        data = command_data(schema, self.world, path, dict(options or {}), focused, guild_id or 0)
        return await self._inject(kind, data, by, channel_id, None, settle)

    async def click(
        self,
        message: MessageRef,
        *,
        by: UserRef,
        custom_id: str | None = None,
        label: str | None = None,
        check: bool = True,
        settle: bool = True,
    ) -> FakeInteraction:
        """Press the button with that custom_id or label (`check=False`: send any custom_id)."""
        msg = self.message(message)
        data = component_data(msg, custom_id=custom_id, label=label, values=None, check=check)
        return await self._inject(3, data, by, msg.channel_id, msg, settle)

    async def select(
        self,
        message: MessageRef,
        values: list[str],
        *,
        by: UserRef,
        custom_id: str | None = None,
        check: bool = True,
        settle: bool = True,
    ) -> FakeInteraction:
        """Pick `values` in the message's select menu (the only one, or by custom_id)."""
        msg = self.message(message)
        data = component_data(msg, custom_id=custom_id, label=None, values=values, check=check)
        return await self._inject(3, data, by, msg.channel_id, msg, settle)

    async def submit_modal(
        self,
        opened_by: FakeInteraction,
        values: dict[str, Any],
        *,
        by: UserRef | None = None,
        settle: bool = True,
    ) -> FakeInteraction:
        """Fill in and submit the modal the bot answered `opened_by` with."""
        data = modal_data(opened_by.response, values)
        msg = self.api.messages.get(opened_by.message_id or 0)
        user = by if by is not None else opened_by.user_id
        return await self._inject(5, data, user, opened_by.channel_id, msg, settle)

    async def _inject(
        self,
        kind: int,
        data: JSON,
        by: UserRef,
        channel_id: int,
        message: FakeMessage | None,
        settle: bool,
    ) -> FakeInteraction:
        assert self._running(), "start a bot first"
        user, iid = self.user(by), self.world.ids()
        token = f"fake-interaction-token-{iid}"
        payload = interaction_payload(
            self.world,
            kind=kind,
            data=data,
            user=user,
            channel_id=channel_id,
            ids=(iid, token),
            message=message,
        )
        interaction = FakeInteraction(
            iid,
            token,
            kind,
            payload,
            user.id,
            channel_id,
            message.id if message else None,
            time.monotonic(),
        )
        self.api.interactions[iid] = interaction
        self.api.tokens[token] = interaction
        await self._deliver(payload, self.world.guild_of(channel_id), settle)
        return interaction

    # -- signing in with Discord ------------------------------------------------------

    @property
    def client_secret(self) -> str:
        """The application's OAuth2 client secret (its client id is `app_id`)."""
        return self.api.oauth.client_secret

    def consent(self, user: UserRef, authorize_url: str) -> str:
        """The user agrees, on Discord's page, to sign in where `authorize_url` (which the
        bot sent them to) asks: the address Discord sends them back to, with a code good
        once and the state the bot gave."""
        return self.api.oauth.consent(self.user(user).id, authorize_url)

    def authorize_activity(self, user: UserRef, args: JSON) -> str:
        """The user agrees, in Discord's client, to the AUTHORIZE command an Activity sent
        with `args`: the code the command answers, good once, exchanged with no redirect."""
        return self.api.oauth.authorize_activity(self.user(user).id, args)

    def http_session(self) -> FakeSession:
        """An aiohttp-shaped session answered by this fake, for the bot's HTTP besides
        discord.py's (its web's sign-in: `bot.web.oauth.http`)."""
        return FakeSession(self.api.handle)

    # -- reading what happened -------------------------------------------------------

    @property
    def requests(self) -> list[Request]:
        """Every request the bots made, in order."""
        return self.api.requests

    def find_requests(self, method: str, path_glob: str) -> list[Request]:
        """Requests by method ("*" for any) and path glob, e.g. ("POST", "/channels/*")."""
        return [r for r in self.api.requests if route_matches(method, path_glob, r)]

    def interaction(self, interaction_id: int) -> FakeInteraction:
        """An injected interaction by id."""
        return self.api.interactions[interaction_id]

    def forget(self, interaction: FakeInteraction) -> None:
        """Drop an answered interaction and the private messages it made (a benchmark's
        players are done with them); the bot can no longer use its token."""
        self.api.interactions.pop(interaction.id, None)
        self.api.tokens.pop(interaction.token, None)
        for message in interaction.messages:
            if message.ephemeral:
                self.api.messages.pop(message.id, None)

    def message(self, message: MessageRef) -> FakeMessage:
        """A message by id (deleted and ephemeral ones included)."""
        return message if isinstance(message, FakeMessage) else self.api.messages[message]

    def channel_messages(
        self, channel_id: int | None = None, *, ephemeral: bool = False
    ) -> list[FakeMessage]:
        """Live messages of a channel (default #parlour), oldest first; public only by default."""
        cid = channel_id or self.channel_id
        return [
            m
            for m in self.api.messages.values()
            if m.channel_id == cid and not m.deleted and (ephemeral or not m.ephemeral)
        ]

    def dms(self, user: UserRef) -> list[FakeMessage]:
        """Messages delivered to the user's DMs."""
        channel_id = self.user(user).dm_channel_id
        return [] if channel_id is None else self.channel_messages(channel_id)

    def components(self, message: MessageRef) -> list[JSON]:
        """The buttons and selects currently on a message."""
        msg = self.message(message)
        return [c for c in msg.components if c["type"] == 2 or c["type"] in SELECT_TYPES]

    def enable_activities(self) -> JSON:
        """Switch Activities on for the application, as the Developer Portal does: an
        interaction may then be answered by launching it, and Discord makes its Entry
        Point command ("Launch", handled by Discord itself), which a bulk overwrite of
        the global commands must keep. That command."""
        api = self.api
        api.activities = True
        command = {
            "id": str(self.world.ids()),
            "application_id": str(self.world.app_id),
            "version": str(self.world.ids()),
            "type": 4,
            "name": "launch",
            "description": "",
            "handler": 2,
            "default_member_permissions": None,
            "nsfw": False,
        }
        api.commands.setdefault(None, []).append(command)
        return command

    def commands(self, *, guild: bool = False) -> list[JSON]:
        """The application commands last synced (globally, or to the guild)."""
        return self.api.commands.get(self.guild_id if guild else None, [])

    # -- making Discord fail ---------------------------------------------------------

    def fail_next(
        self,
        method: str,
        path_glob: str,
        status: int = 500,
        *,
        times: int = 1,
        code: int = 0,
        message: str | None = None,
        retry_after: float = 1.0,
        is_global: bool = False,
    ) -> None:
        """Make the next `times` matching requests fail, e.g. ("POST", "/channels/*/messages").

        A 429 carries `retry_after` and discord.py retries after a (recorded, not slept)
        wait; a 5xx is retried up to five times; other statuses raise at once.
        """
        headers: dict[str, str] = {}
        if status == 429:
            body: JSON = {
                "message": message or "You are being rate limited.",
                "retry_after": retry_after,
                "global": is_global,
                "code": code,
            }
            headers = {"Via": "1.1 google", "Retry-After": str(retry_after)}
            headers["X-RateLimit-Scope"] = "global" if is_global else "user"
        else:
            body = {"message": message or HTTPStatus(status).phrase, "code": code}
        self.api.failures.append(Failure(method, path_glob, status, body, headers, times))

    def break_next(
        self, method: str, path_glob: str, error: BaseException, *, times: int = 1
    ) -> None:
        """Make the next `times` matching requests fail without an answer, raising `error`
        where aiohttp would (e.g. `aiohttp.ClientConnectionError()`, `TimeoutError()`)."""
        self.api.failures.append(Failure(method, path_glob, 0, {}, {}, times, error))
