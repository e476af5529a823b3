"""A frame written to many idle connections at once: on one thread below the split, on
two above it, every connection given the whole frame in order, whether the kernel took
all of it or only part (the rest through its transport), and a connection gone costs
the others nothing."""

from __future__ import annotations

import asyncio
import socket
import struct
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

import pytest

from web.scatter import Scatter, Target, target_of


class Keep(asyncio.Protocol):
    """A server side's connection: nothing read, everything written through its transport."""

    def __init__(self, made: list[asyncio.WriteTransport], count: int, all_in: asyncio.Event):
        self.made, self.count, self.all_in = made, count, all_in

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.WriteTransport)
        self.made.append(transport)
        if len(self.made) == self.count:
            self.all_in.set()


@asynccontextmanager
async def connected(
    count: int, client_of: Callable[[int], socket.socket]
) -> AsyncIterator[tuple[list[Target], list[socket.socket]]]:
    """`count` loopback connections: the server's targets and the clients' sockets."""
    made: list[asyncio.WriteTransport] = []
    all_in = asyncio.Event()
    server = await asyncio.get_running_loop().create_server(
        lambda: Keep(made, count, all_in), "127.0.0.1", 0
    )
    port = server.sockets[0].getsockname()[1]
    clients = [client_of(port) for _ in range(count)]
    try:
        await all_in.wait()
        targets = [t for t in map(target_of, made) if t is not None]
        assert len(targets) == count
        yield targets, clients
    finally:
        for client in clients:
            client.close()
        for transport in made:
            transport.close()
        server.close()


def plain(port: int) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port))


def small(port: int) -> socket.socket:
    """A client whose receive buffer is small, so the server's kernel takes only part."""
    client = socket.socket()
    client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    client.connect(("127.0.0.1", port))
    return client


async def received(client: socket.socket, size: int) -> bytes:
    """What a client reads until it has `size` bytes."""
    client.setblocking(False)
    got = b""
    loop = asyncio.get_running_loop()
    while len(got) < size:
        got += await loop.sock_recv(client, size - len(got))
    return got


@pytest.mark.parametrize("split_at", [1000, 4])
async def test_every_connection_gets_each_frame_whole_and_in_order(split_at: int) -> None:
    async with connected(9, plain) as (targets, clients):
        scatter = Scatter(split_at)
        scatter.write(targets, b"first")
        scatter.write(targets, b"second")
        scatter.close()
        for client in clients:
            assert await received(client, 11) == b"firstsecond"


async def test_a_frame_the_kernel_takes_only_part_of_goes_on_through_the_transport() -> None:
    async with connected(4, small) as (targets, clients):
        for transport, _ in targets:
            transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
        frame = bytes(range(256)) * 4096  # 1 MB: far more than the kernel holds at once
        scatter = Scatter(2)
        scatter.write(targets, frame)
        scatter.close()
        assert all(t.get_write_buffer_size() > 0 for t, _ in targets)  # the rest waits there
        for client in clients:
            assert await received(client, len(frame)) == frame


async def test_a_connection_gone_leaves_the_others_written() -> None:
    async with connected(3, plain) as (targets, clients):
        reset = struct.pack("ii", 1, 0)  # linger 0: closing resets the connection
        clients[1].setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, reset)
        clients[1].close()
        await asyncio.sleep(0.05)  # the reset reaches the server's side (or not: same answer)
        scatter = Scatter(2)
        scatter.write(targets, b"frame")
        scatter.write(targets, b"again")
        scatter.close()
        for index in (0, 2):
            assert await received(clients[index], 10) == b"frameagain"


def test_a_transport_without_a_socket_has_no_target() -> None:
    assert target_of(None) is None
    assert target_of(asyncio.WriteTransport()) is None
