"""What the fake recorded: requests, uploads, interaction callbacks, messages and their edits."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, NamedTuple

JSON = dict[str, Any]
EPHEMERAL = 64
LOADING = 128
# InteractionResponseType values, named the way tests talk about them.
CALLBACK_KINDS = {
    1: "pong",
    4: "message",
    5: "deferred",
    6: "deferred_update",
    7: "update",
    8: "autocomplete",
    9: "modal",
    12: "launch_activity",
}
SELECT_TYPES = frozenset({3, 5, 6, 7, 8})


class Upload(NamedTuple):
    """One file of a multipart request, in `files[n]` order."""

    filename: str
    data: bytes
    content_type: str


@dataclass
class Request:
    """One HTTP request the bot made (through discord.py, or its web's sign-in), and what
    the fake answered."""

    method: str
    path: str  # without the API base, e.g. "/channels/1/messages"
    params: dict[str, str]
    json: Any  # the JSON body, or the multipart `payload_json`
    files: list[Upload]
    reason: str | None = None  # X-Audit-Log-Reason
    status: int = 0
    response: Any = None
    form: dict[str, str] | None = None  # a form-encoded body (OAuth2's token endpoint)
    authorization: str | None = None  # the Authorization header ("Bot ...", "Bearer ...")

    @property
    def route(self) -> str:
        """'METHOD /path', handy in assertion messages."""
        return f"{self.method} {self.path}"


def walk_components(components: list[JSON]) -> Iterator[JSON]:
    """Every component, depth first, through action rows, labels, sections and containers."""
    for component in components:
        yield component
        yield from walk_components(component.get("components", []))
        for key in ("component", "accessory"):
            if key in component:
                yield from walk_components([component[key]])


class _Body:
    """Readers shared by callbacks and messages over a message-like `data` dict."""

    data: JSON

    @property
    def content(self) -> str:
        """The text."""
        return str(self.data.get("content") or "")

    @property
    def flags(self) -> int:
        """Message flags (64 ephemeral, 128 loading)."""
        return int(self.data.get("flags") or 0)

    @property
    def ephemeral(self) -> bool:
        """Only the user who interacted sees it."""
        return bool(self.flags & EPHEMERAL)

    @property
    def embeds(self) -> list[JSON]:
        """Embed dicts."""
        return list(self.data.get("embeds") or [])

    @property
    def components(self) -> list[JSON]:
        """Every component, flattened (rows included)."""
        return list(walk_components(self.data.get("components") or []))

    @property
    def buttons(self) -> list[JSON]:
        """Button components."""
        return [c for c in self.components if c["type"] == 2]

    @property
    def selects(self) -> list[JSON]:
        """Select menus of any kind."""
        return [c for c in self.components if c["type"] in SELECT_TYPES]

    @property
    def custom_ids(self) -> list[str]:
        """The custom_id of every interactive component."""
        return [c["custom_id"] for c in self.components if "custom_id" in c]


@dataclass
class Callback(_Body):
    """One POST /interactions/{id}/{token}/callback."""

    type: int
    data: JSON
    files: list[Upload]

    @property
    def kind(self) -> str:
        """deferred, message, update, deferred_update, modal, autocomplete, pong or
        launch_activity."""
        return CALLBACK_KINDS.get(self.type, str(self.type))

    @property
    def choices(self) -> list[JSON]:
        """Autocomplete choices."""
        return list(self.data.get("choices") or [])


@dataclass
class FakeMessage(_Body):
    """A message and every version of it; `data` is the current one."""

    id: int
    channel_id: int
    versions: list[JSON]
    uploads: list[list[Upload]]  # the files each version's request sent
    interaction_id: int | None = None
    deleted: bool = False
    _changed: asyncio.Event = field(default_factory=asyncio.Event, repr=False, compare=False)

    def __repr__(self) -> str:
        flags = " ephemeral" if self.ephemeral else ""
        return (
            f"<FakeMessage {self.id}{flags} content={self.content!r} "
            f"files={[a['filename'] for a in self.attachments]} custom_ids={self.custom_ids}>"
        )

    @property
    def data(self) -> JSON:  # type: ignore[override]
        """The message as Discord returns it now."""
        return self.versions[-1]

    def touch(self) -> None:
        """Wake whoever waits in `until_edited` (a version was added)."""
        self._changed.set()

    async def until_edited(self, versions: int, timeout_s: float) -> None:
        """Wait until the message has more than `versions` versions, without polling the
        loop (which would distort a benchmark of it); TimeoutError after `timeout_s`."""
        async with asyncio.timeout(timeout_s):
            while len(self.versions) <= versions:
                self._changed.clear()
                await self._changed.wait()

    @property
    def edits(self) -> list[JSON]:
        """Every version after the first."""
        return self.versions[1:]

    @property
    def files(self) -> list[Upload]:
        """The files uploaded by the latest create or edit."""
        return self.uploads[-1]

    @property
    def attachments(self) -> list[JSON]:
        """The current attachments (id, filename, size, url, ...)."""
        return list(self.data.get("attachments") or [])

    @property
    def loading(self) -> bool:
        """A deferred 'thinking...' placeholder nobody has filled in yet."""
        return bool(self.flags & LOADING)


@dataclass
class FakeInteraction:
    """An injected interaction and everything the bot did with its token."""

    id: int
    token: str
    type: int
    payload: JSON
    user_id: int
    channel_id: int
    message_id: int | None  # the message a component was on
    created_s: float
    callbacks: list[Callback] = field(default_factory=list)
    original: FakeMessage | None = None
    followups: list[FakeMessage] = field(default_factory=list)
    requests: list[Request] = field(default_factory=list)
    acked_after_s: float | None = None
    _changed: asyncio.Event = field(default_factory=asyncio.Event, repr=False)

    def touch(self) -> None:
        """Wake whoever waits in `until` (the bot answered or followed up)."""
        self._changed.set()

    async def until(self, check: Callable[[FakeInteraction], Any], timeout_s: float) -> Any:
        """Wait until `check(self)` is true after an answer (without polling the loop,
        which would distort a benchmark of it); TimeoutError after `timeout_s`."""
        async with asyncio.timeout(timeout_s):
            while not (found := check(self)):
                self._changed.clear()
                await self._changed.wait()
        return found

    def __repr__(self) -> str:
        kinds = [c.kind for c in self.callbacks]
        return f"<FakeInteraction {self.id} callbacks={kinds} messages={self.messages}>"

    @property
    def response(self) -> Callback:
        """The one initial response; fails the test if there is none."""
        assert self.callbacks, f"interaction {self.id} was never answered"
        return self.callbacks[0]

    @property
    def acknowledged(self) -> bool:
        """Whether the bot answered within Discord's deadline."""
        return bool(self.callbacks)

    @property
    def messages(self) -> list[FakeMessage]:
        """The original response message (if any) and the followups, without repeats."""
        seen = [self.original] if self.original is not None else []
        return seen + [m for m in self.followups if m is not self.original]
