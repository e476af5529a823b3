"""How a frame reaches the pages watching a table: written at once, as the same bytes for
every page whose connection is idle; a page still busy with an earlier frame is given
only the latest when it is ready, never a backlog, and never a frame older than one it
was already sent; and the bytes are a WebSocket text message of any size."""

from __future__ import annotations

import asyncio

import pytest

from tests.web.conftest import Site, frames, hello
from web.hub import Watcher, text_frame


class Connection(asyncio.WriteTransport):
    """A page's connection: what was written to it, and how much it still holds."""

    def __init__(self, waiting: int = 0) -> None:
        super().__init__()
        self.written: list[bytes] = []
        self.waiting = waiting

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self.written.append(bytes(data))

    def get_write_buffer_size(self) -> int:
        return self.waiting

    def is_closing(self) -> bool:
        return False


class Page:
    """A page's socket that notes what it is sent, and can be made to take its time."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.hold = asyncio.Event()
        self.hold.set()
        self.arrived = asyncio.Event()
        self.closed = False

    async def send_str(self, data: str) -> None:
        await self.hold.wait()
        self.sent.append(data)
        self.arrived.set()

    async def close(self, *, code: int = 1000, message: bytes = b"") -> bool:
        self.closed = True
        return True


def test_a_frame_to_an_idle_page_is_written_at_once_as_its_bytes() -> None:
    connection = Connection()
    watcher = Watcher(Page(), "key", connection)
    watcher.offer("one", text_frame("one"))
    watcher.offer("two", text_frame("two"))
    assert connection.written == [b"\x81\x03one", b"\x81\x03two"]
    assert watcher.pending is None


async def test_nothing_is_written_to_a_page_once_its_closing_began() -> None:
    page, connection = Page(), Connection()
    watcher = Watcher(page, "key", connection)
    await page.close(code=4404)
    watcher.offer("late", text_frame("late"))
    assert connection.written == [] and watcher.pending == "late"  # its pump's to fail


async def test_a_page_still_reading_is_sent_the_latest_frame_only() -> None:
    page, connection = Page(), Connection(waiting=4096)
    watcher = Watcher(page, "key", connection)
    for text in ("one", "two", "three"):
        watcher.offer(text, text_frame(text))
    assert connection.written == [] and watcher.pending == "three"
    pump = asyncio.create_task(watcher.pump())
    await asyncio.sleep(0)
    assert page.sent == ["three"]
    pump.cancel()


async def test_no_frame_overtakes_one_being_sent() -> None:
    page, connection = Page(), Connection()
    watcher = Watcher(page, "key", connection)
    pump = asyncio.create_task(watcher.pump())
    page.hold.clear()
    watcher.offer("one")  # through the pump (no bytes given): it waits to be sent
    await asyncio.sleep(0)
    assert watcher.sending
    watcher.offer("two", text_frame("two"))  # not written past "one"
    assert connection.written == [] and watcher.pending == "two"
    page.hold.set()
    while len(page.sent) < 2:
        page.arrived.clear()
        await page.arrived.wait()
    assert page.sent == ["one", "two"] and connection.written == []
    pump.cancel()


@pytest.mark.parametrize("size", [0, 125, 126, 127, 65535, 65536, 100_000])
async def test_a_frame_of_any_size_reaches_a_page_whole(site: Site, size: int) -> None:
    table = await site.table("tilters", 2)
    ws = await site.socket(await site.key(table))
    await hello(ws)
    await frames(ws)
    (watcher,) = site.web.hub._rooms[table.id]
    text = ("é" + "x" * size)[:size]  # two bytes in UTF-8 where it starts
    assert watcher._idle()  # so written at once, as `text_frame` made it
    watcher.offer(text, text_frame(text))
    assert (await ws.receive(timeout=5)).data == text
    await ws.close()
