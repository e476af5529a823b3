"""The render workers' answers cut from the pipe in pieces (cogs/_render_workers.Frames):
what `multiprocessing.connection.Connection.send` writes, read back whole however the
system splits it, so the event loop never waits for the rest of a picture."""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import pickle
import struct

from cogs._render_workers import Frames


def test_answers_fed_a_byte_at_a_time_come_out_whole_and_in_order() -> None:
    ours, theirs = multiprocessing.Pipe(duplex=True)
    answers = [(True, b"\x89PNG" + bytes(range(256)) * 300), (False, ValueError("no")), (True, b"")]
    for answer in answers:
        theirs.send(answer)
    theirs.close()
    frames, got = Frames(), []
    while data := _read_some(ours):
        for i in range(len(data)):
            got += [pickle.loads(f) for f in frames.feed(data[i : i + 1])]
    assert [g[0] for g in got] == [True, False, True]
    assert got[0][1] == answers[0][1] and got[2][1] == b""
    assert str(got[1][1]) == "no"


def test_a_frame_with_the_long_header_is_read_too() -> None:
    body = pickle.dumps((True, b"x" * 10))
    stream = struct.pack("!i", -1) + struct.pack("!Q", len(body)) + body
    frames = Frames()
    assert frames.feed(stream[:7]) == [] and frames.feed(stream[7:-1]) == []
    assert frames.feed(stream[-1:]) == [body]


def test_nothing_comes_out_until_the_message_is_all_there() -> None:
    body = pickle.dumps("picture")
    frames = Frames()
    assert frames.feed(struct.pack("!i", len(body)) + body[:-1]) == []
    assert frames.feed(body[-1:] + struct.pack("!i", 3)) == [body]


def _read_some(conn: multiprocessing.connection.Connection) -> bytes:
    """What the pipe holds (b"" once the other end has closed)."""
    return os.read(conn.fileno(), 4096)
