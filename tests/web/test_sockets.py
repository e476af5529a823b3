"""A table's socket: frames as moves land, catching up after a reconnect, a key reset
closing the pages open on the old key, a closed table's frame, and the limits on what a
page may send (size, rate, shape)."""

from __future__ import annotations

import random

import aiohttp

from tests.web.conftest import Site, frames, hello
from web.sockets import RATE_MESSAGES

MB = 4096


async def test_frames_follow_the_game_and_carry_its_words(site: Site) -> None:
    table = await site.table("tilters", 2)
    ws = await site.socket(await site.key(table))
    await hello(ws)
    (first,) = await frames(ws)
    assert first["type"] == "table" and first["title"] == "Tilters"
    assert first["seats"] == ["alice", "AI 1"] and first["status"] == "playing"
    assert first["scene"]["pack"] == "yankee" and "waiting for" in first["words"]
    rng, seen = random.Random(3), [first]
    for _ in range(6):
        if await site.move(table, rng):
            seen += await frames(ws)
    assert seen[-1]["version"] == table.version > first["version"]
    assert any(f["said"].startswith("alice: ") for f in seen)
    assert all(f["deadline"] is None or f["deadline"] > 0 for f in seen)
    await ws.close()


async def test_a_page_that_comes_back_is_sent_the_table_only_if_it_changed(site: Site) -> None:
    table = await site.table("tilters", 2)
    key = await site.key(table)
    ws = await site.socket(key)
    await hello(ws)
    (had,) = await frames(ws)
    await ws.close()
    again = await site.socket(key)
    await hello(again, had)
    assert await frames(again) == [{"type": "same"}]
    await again.close()
    rng = random.Random(5)
    while not await site.move(table, rng):
        pass
    later = await site.socket(key)
    await hello(later, had)
    (caught_up,) = await frames(later)
    assert caught_up["version"] > had["version"] and caught_up["tag"] != had["tag"]
    await later.close()


async def test_a_reset_closes_the_pages_on_the_old_key_only(site: Site) -> None:
    one = await site.table("tilters", 2, channel=21)
    two = await site.table("tilters", 2, channel=22)
    old = await site.socket(await site.key(one))
    other = await site.socket(await site.key(two))
    assert site.web.keys is not None
    new_key = await site.web.keys.reset(one.id)
    closed = await old.receive(timeout=1)
    assert closed.type is aiohttp.WSMsgType.CLOSE and closed.data == 4404
    fresh = await site.socket(new_key)
    await hello(fresh)
    await hello(other)
    assert (await frames(fresh))[0]["type"] == "table"
    assert (await frames(other))[0]["type"] == "table"
    await fresh.close()
    await other.close()


async def test_a_closed_table_s_page_says_it_is_closed(site: Site) -> None:
    table = await site.table("tilters", 2)
    ws = await site.socket(await site.key(table))
    await site.service.stop(table.id, site.alice.id)
    (final,) = await frames(ws)
    assert final["status"] == "closed" and "stopped" in final["words"]
    late = await site.socket(await site.key(table))
    await hello(late)
    (told,) = await frames(late)
    assert told["status"] == "closed"
    await ws.close()
    await late.close()


async def test_a_message_too_big_closes_the_socket(site: Site) -> None:
    ws = await site.socket(await site.key(await site.table("tilters", 2)))
    await ws.send_str("x" * (MB + 1))
    closed = await ws.receive(timeout=1)
    assert closed.type is aiohttp.WSMsgType.CLOSE and closed.data == 1009
    assert site.web.hub.sockets == 0


async def test_a_flooding_page_is_dropped(site: Site) -> None:
    ws = await site.socket(await site.key(await site.table("tilters", 2)))
    for _ in range(2 * RATE_MESSAGES):
        await ws.send_json({"type": "hello"})
    while (message := await ws.receive(timeout=1)).type is aiohttp.WSMsgType.TEXT:
        pass
    assert message.type is aiohttp.WSMsgType.CLOSE and message.data == 4429


async def test_a_message_the_table_does_not_understand_is_answered_in_words(site: Site) -> None:
    ws = await site.socket(await site.key(await site.table("tilters", 2)))
    await ws.send_str("{not json")
    await ws.send_json({"type": "play", "action": "play 7E"})
    answers = await frames(ws)
    assert [a["type"] for a in answers] in (["error"], ["error", "error"])
    assert answers[0]["words"] == "That message is not one the table understands."
    await ws.close()
