"""The network fake (tests/fakediscord/net.py) spoken to by hand, with aiohttp: the REST
routes of the in-process fake, `/gateway/bot`, and the gateway's opcodes and shards."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from tests.fakediscord.net import NetDiscord

COMMAND = {"name": "hello", "description": "say hello", "type": 1, "options": []}


@pytest.fixture
async def net() -> AsyncIterator[NetDiscord]:
    """A network fake with two shards: the first guild on 0, another on 1."""
    async with NetDiscord(shard_count=2) as net:
        yield net


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    """A plain HTTP client."""
    async with aiohttp.ClientSession() as session:
        yield session


async def identify(ws: aiohttp.ClientWebSocketResponse, shard: list[int]) -> dict[str, Any]:
    """HELLO, then IDENTIFY as `shard`; returns READY."""
    hello = await ws.receive_json()
    assert hello["op"] == 10 and hello["d"]["heartbeat_interval"] > 0
    await ws.send_json({"op": 2, "d": {"token": "t", "intents": 1, "shard": shard}})
    ready: dict[str, Any] = await ws.receive_json()
    return ready


async def test_rest_and_gateway_bot(net: NetDiscord, http: aiohttp.ClientSession) -> None:
    async with http.get(f"{net.url}/api/v10/gateway/bot") as answer:
        gateway = await answer.json()
    assert gateway["url"] == net.gateway_url and gateway["shards"] == 2
    async with http.get(f"{net.url}/api/v10/users/@me") as answer:
        assert (await answer.json())["id"] == str(net.app_id)
    async with http.get(f"{net.url}/api/v10/channels/1") as answer:
        assert answer.status == 404 and (await answer.json())["code"] == 10003
    assert [r.route for r in net.requests] == [
        "GET /gateway/bot",
        "GET /users/@me",
        "GET /channels/1",
    ]


async def test_a_session_gets_its_shards_guilds_and_interactions(
    net: NetDiscord, http: aiohttp.ClientSession
) -> None:
    alice = net.add_user("alice")
    other = net.add_guild("Other", shard=1, members=(alice,))
    url = f"{net.url}/api/v10/applications/{net.app_id}/commands"
    async with http.put(url, json=[COMMAND]) as answer:
        assert answer.status == 200
    async with http.ws_connect(net.gateway_url) as ws:
        ready = await identify(ws, [1, 2])
        assert ready["t"] == "READY" and ready["s"] == 1 and ready["d"]["shard"] == [1, 2]
        assert ready["d"]["guilds"] == [{"id": str(other), "unavailable": True}]
        created = await ws.receive_json()
        assert created["t"] == "GUILD_CREATE" and created["d"]["id"] == str(other)
        await ws.send_json({"op": 1, "d": 2})
        assert await ws.receive_json() == {"op": 11}
        await net.connected()
        assert net.identified == [(1, 2)]

        channel = net.guild(other).channel_id
        said = await net.slash("hello", by=alice, channel=channel, settle=False)
        event = await ws.receive_json()
        assert event["t"] == "INTERACTION_CREATE" and event["s"] == 3
        assert event["d"]["id"] == str(said.id) and event["d"]["guild_id"] == str(other)
        form = aiohttp.FormData()
        form.add_field("payload_json", '{"type": 4, "data": {"content": "hi"}}')
        form.add_field("files[0]", b"png", filename="a.png", content_type="image/png")
        callback = f"{net.url}/api/v10/interactions/{said.id}/{said.token}/callback"
        async with http.post(callback, data=form) as answer:
            assert answer.status == 200
        await net.settle(said)
        assert said.response.kind == "message" and said.response.content == "hi"
        (message,) = net.channel_messages(channel)
        assert message.files[0].filename == "a.png" and message.files[0].data == b"png"

        with pytest.raises(
            AssertionError, match=r"no bot holds shard 0 .* sessions hold \[\(1, 2\)\]"
        ):
            await net.slash("hello", by=alice, settle=False)  # the first guild: shard 0
    await net.until(lambda: not net.sessions)


async def test_a_wrong_shard_count_is_refused_and_resume_is_not_kept(
    net: NetDiscord, http: aiohttp.ClientSession
) -> None:
    async with http.ws_connect(net.gateway_url) as ws:
        await ws.receive_json()  # HELLO
        await ws.send_json({"op": 2, "d": {"token": "t", "intents": 1, "shard": [0, 3]}})
        closing = await ws.receive()  # the fake has 2 shards, not 3
        assert closing.type == aiohttp.WSMsgType.CLOSE and closing.data == 4010
    async with http.ws_connect(net.gateway_url) as ws:
        await ws.receive_json()  # HELLO
        await ws.send_json({"op": 6, "d": {"token": "t", "session_id": "old", "seq": 9}})
        assert await ws.receive_json() == {"op": 9, "d": False}
    assert net.identified == [] and net.sessions == []
