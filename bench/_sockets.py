"""Spectators' sockets for the web benchmarks, in a process of their own so that their
work is not the bot's: opens pages' sockets on table keys, says hello as a page does,
and notes when each frame arrives (CLOCK_MONOTONIC, which every process of the machine
shares, so the bot's process can subtract its own times from these).

The sockets are plain ones read in one epoll loop, their WebSocket frames cut by hand
(RFC 6455: a server's frames are unmasked; a ping is answered): a WebSocket client
library's reading of 2,000 sockets costs the machine more than the server's writing to
them, and the times noted would be this process's queue, not the server's fan-out.

With `timed_every` N above 1, only every Nth socket is read as its frames come (and
timed); the others are read in a lull between moves (no frame for `LULL_S`), every
`DRAIN_S` at most, and at the end, their frames counted (each must have every frame)
but not timed. One process reading 2,000 sockets as their frames come spends about
25 µs on each, 50 ms a move, on the same two cores as the bot: its own queue, not the
time a page waits (a frame is in every socket's buffer as the bot's write returns, on
this machine's loopback). The sockets read late keep their frames in the kernel's
buffer meanwhile, as a page busy drawing would.

Run by bench/bench_web.py: `python bench/_sockets.py URL ORIGIN`, then on stdin one JSON
line `{"keys": [...], "per_key": N, "timed_every": N}`; it prints `ready` once every
socket has had its first frame, and on the next line of stdin closes them all and prints
one JSON line: `{"frames": [[socket, version, seconds or null], ...], "sockets": [key
index of each socket], "cpu_s": its CPU time while watching}`.
"""

from __future__ import annotations

import base64
import json
import os
import selectors
import socket
import struct
import sys
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

VERSION = b'"version": '
LULL_S = 0.4
"""No frame for this long: a lull between moves, when the untimed sockets are read."""
DRAIN_S = 5.0
"""The untimed sockets are read at least this often (well inside the bot's 30 s ping)."""
TEXT, CLOSE, PING, PONG = 0x1, 0x8, 0x9, 0xA


def version_of(payload: bytes) -> int | None:
    """A table frame's version, read without parsing the whole frame."""
    at = payload.find(VERSION)
    if at < 0:
        return None
    start = at + len(VERSION)
    return int(payload[start : payload.find(b",", start)])


def client_frame(opcode: int, payload: bytes) -> bytes:
    """A frame as a client sends it: final, masked (short payloads only)."""
    assert len(payload) < 126
    mask = os.urandom(4)
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return struct.pack("!BB", 0x80 | opcode, 0x80 | len(payload)) + mask + masked


def handshake(host: str, port: int, path: str, origin: str) -> socket.socket:
    """A socket upgraded to a WebSocket on `path`, hello said."""
    sock = socket.create_connection((host, port))
    key = base64.b64encode(os.urandom(16)).decode()
    request = (
        f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
        f"Origin: {origin}\r\n\r\n"
    )
    sock.sendall(request.encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += sock.recv(4096)
    assert answer.startswith(b"HTTP/1.1 101"), answer[:80]
    sock.sendall(client_frame(TEXT, b'{"type": "hello", "version": null, "tag": null}'))
    sock.setblocking(False)
    return sock


@dataclass
class Reader:
    """One socket's bytes not yet cut into frames."""

    index: int
    sock: socket.socket
    buffer: bytes = b""
    frames: int = field(default=0)

    def cut(self) -> list[tuple[int, bytes]]:
        """The whole frames in the buffer (opcode, payload), taken out of it."""
        found = []
        while len(self.buffer) >= 2:
            opcode, size, at = self.buffer[0] & 0x0F, self.buffer[1] & 0x7F, 2
            if size == 126:
                if len(self.buffer) < 4:
                    break
                size, at = struct.unpack("!H", self.buffer[2:4])[0], 4
            elif size == 127:
                if len(self.buffer) < 10:
                    break
                size, at = struct.unpack("!Q", self.buffer[2:10])[0], 10
            if len(self.buffer) < at + size:
                break
            found.append((opcode, self.buffer[at : at + size]))
            self.buffer = self.buffer[at + size :]
        return found


def read(reader: Reader, got: list[Any], timed: bool = True) -> None:
    """Read what a socket has; note each table frame's version and time (None when not
    `timed`); answer pings."""
    data = reader.sock.recv(1 << 20)
    now = time.monotonic() if timed else None
    if not data:
        raise ConnectionError(f"socket {reader.index} was closed by the server")
    reader.buffer += data
    for opcode, payload in reader.cut():
        if opcode == TEXT and (version := version_of(payload)) is not None:
            got.append((reader.index, version, now))
            reader.frames += 1
        elif opcode == PING:
            reader.sock.sendall(client_frame(PONG, payload))


def main(base: str, origin: str) -> None:
    """Open the sockets, report ready, watch until told to stop, report the frames."""
    asked = json.loads(sys.stdin.readline())
    keys, per_key = asked["keys"], asked["per_key"]
    owners = [k for k in range(len(keys)) for _ in range(per_key)]
    where = urlsplit(base)
    host, port = where.hostname or "127.0.0.1", where.port or 80
    selector = selectors.DefaultSelector()
    readers = [
        Reader(i, handshake(host, port, f"/t/{keys[k]}/ws", origin)) for i, k in enumerate(owners)
    ]
    for reader in readers:
        selector.register(reader.sock, selectors.EVENT_READ, reader)
    got: list[Any] = []
    while any(r.frames == 0 for r in readers):
        for key, _ in selector.select():
            read(key.data, got)
    every = max(int(asked.get("timed_every", 1)), 1)
    late = [r for r in readers if r.index % every]
    for reader in late:
        selector.unregister(reader.sock)
    print("ready", flush=True)
    selector.register(sys.stdin, selectors.EVENT_READ, None)
    cpu = time.process_time()
    watch(selector, late, got)
    drain(late, got)
    cpu = time.process_time() - cpu
    for reader in readers:
        reader.sock.close()
    print(json.dumps({"frames": got, "sockets": owners, "cpu_s": cpu}), flush=True)


def watch(selector: selectors.BaseSelector, late: list[Reader], got: list[Any]) -> None:
    """Read the timed sockets as their frames come, and the others in lulls, until
    stdin says stop."""
    last_frame = last_drain = time.monotonic()
    while True:
        events = selector.select(LULL_S / 2)
        for key, _ in events:
            if key.data is None:
                return
            read(key.data, got)
        now = time.monotonic()
        if events:
            last_frame = now
        elif late and now - last_frame >= LULL_S and now - last_drain >= DRAIN_S:
            drain(late, got)
            last_drain = time.monotonic()


def drain(readers: list[Reader], got: list[Any]) -> None:
    """Read whatever the untimed sockets hold (their frames not timed)."""
    for reader in readers:
        try:
            while True:
                read(reader, got, timed=False)
        except BlockingIOError:
            continue


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
