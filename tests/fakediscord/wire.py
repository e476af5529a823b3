"""The network boundary: an aiohttp-shaped session that answers from the fake, and a clock.

discord.py's REST client (`HTTPClient.request`) and its webhook adapter (interaction
callbacks and followups, `AsyncWebhookAdapter.request`) both call `session.request(...)`
on the session `HTTPClient.static_login` would have opened; the fake puts a `FakeSession`
there instead. Multipart bodies are serialised by aiohttp and parsed back, so the fake sees
exactly the `payload_json` and `files[n]` parts Discord would.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from http import HTTPStatus
from types import ModuleType
from typing import Any

import aiohttp
from multidict import CIMultiDict
from yarl import URL

from .records import Upload

Handler = Callable[[str, str, dict[str, Any]], Awaitable["FakeResponse"]]


class FakeResponse:
    """Just enough of `aiohttp.ClientResponse` for discord.py."""

    def __init__(self, status: int, body: Any, headers: dict[str, str] | None = None) -> None:
        self.status = status
        self.reason = HTTPStatus(status).phrase
        self.headers: CIMultiDict[str] = CIMultiDict(headers or {})
        if isinstance(body, bytes):
            self._raw = body
        elif body is None:
            self._raw = b""
        else:
            self._raw = json.dumps(body).encode()
            self.headers["Content-Type"] = "application/json"

    async def text(self, encoding: str = "utf-8") -> str:
        """The body as text."""
        return self._raw.decode(encoding)

    async def read(self) -> bytes:
        """The body as bytes (CDN downloads)."""
        return self._raw


class FakeSession:
    """Stands where discord.py keeps its `aiohttp.ClientSession`; nothing leaves the process."""

    def __init__(self, handler: Handler, trace: aiohttp.TraceConfig | None = None) -> None:
        """`trace`: the client's `http_trace`, told of each response as aiohttp's own
        session tells it (its `on_request_end`; the other signals are not sent)."""
        self._handler = handler
        self._trace = trace
        if trace is not None:
            trace.freeze()  # as a session does with the traces it is given
        self.closed = False

    @contextlib.asynccontextmanager
    async def _exchange(
        self, method: str, url: str, kwargs: dict[str, Any]
    ) -> AsyncIterator[FakeResponse]:
        assert not self.closed, f"{method} {url} on a closed session"
        response = await self._handler(method, url, kwargs)
        if self._trace is not None:
            ended = aiohttp.TraceRequestEndParams(
                method,
                URL(url),
                CIMultiDict(kwargs.get("headers") or {}),
                response,  # type: ignore[arg-type]
            )
            await self._trace.on_request_end.send(self, self._trace.trace_config_ctx(), ended)
        yield response

    def request(
        self, method: str, url: str, **kwargs: Any
    ) -> contextlib.AbstractAsyncContextManager[FakeResponse]:
        """`async with session.request(...) as response`."""
        return self._exchange(method, url, kwargs)

    def get(self, url: str, **kwargs: Any) -> contextlib.AbstractAsyncContextManager[FakeResponse]:
        """CDN downloads (`Attachment.read`)."""
        return self._exchange("GET", url, kwargs)

    async def close(self) -> None:
        """Called by `HTTPClient.close`."""
        self.closed = True


async def decode_body(data: Any) -> tuple[Any, list[Upload]]:
    """The JSON body and the uploaded files of a request, read back off the wire format."""
    if data is None:
        return None, []
    if isinstance(data, str | bytes):
        return json.loads(data), []
    assert isinstance(data, aiohttp.FormData), f"unexpected request body {type(data)}"
    # Read the form's fields as aiohttp holds them (a private attribute, pinned with
    # aiohttp): serialising the multipart body and parsing it back with the email package
    # cost ~4 ms an upload on the event loop, which distorted the loop-lag benchmark.
    body: Any = None
    files: list[tuple[int, Upload]] = []
    for options, headers, value in data._fields:
        name = options.get("name")
        content = _content(value)
        if name == "payload_json":
            body = json.loads(content)
        elif match := re.fullmatch(r"files\[(\d+)\]", str(name)):
            kind = headers.get("Content-Type", "application/octet-stream")
            upload = Upload(str(options.get("filename", "")), content, kind)
            files.append((int(match[1]), upload))
        else:
            raise AssertionError(f"unexpected multipart field {name!r}")
    return body, [upload for _, upload in sorted(files)]


def _content(value: Any) -> bytes:
    """The bytes of a form field's value (text, bytes or a file object)."""
    if isinstance(value, str):
        return value.encode()
    if isinstance(value, bytes | bytearray):
        return bytes(value)
    position = value.tell()
    content = value.read()
    value.seek(position)
    return content if isinstance(content, bytes) else str(content).encode()


class FastClock:
    """Stands for the `asyncio` module inside discord.py's HTTP code while the fake runs.

    Rate-limit and 5xx back-off sleeps are recorded in `sleeps` and return at once, so a
    429 with `retry_after=30` costs a test nothing yet still shows that discord.py waited.
    """

    def __init__(self) -> None:
        self.sleeps: list[float] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(asyncio, name)

    async def sleep(self, delay: float, result: Any = None) -> Any:
        """Record the wait, then only yield to the loop."""
        if delay > 0:  # zero-second sleeps are discord.py yielding, not waiting
            self.sleeps.append(delay)
        await asyncio.sleep(0)
        return result


def patch_clock(modules: list[ModuleType], clock: FastClock) -> Callable[[], None]:
    """Point each module's `asyncio` at the clock; returns the undo."""
    saved = [(module, module.asyncio) for module in modules]
    for module in modules:
        module.asyncio = clock  # type: ignore[attr-defined]

    def undo() -> None:
        for module, original in saved:
            module.asyncio = original  # type: ignore[attr-defined]

    return undo
