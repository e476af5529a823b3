"""Closed DMs, scripted failures, rate limits, deadlines, and the harness's own cost."""

from __future__ import annotations

import asyncio
import time

import discord
import pytest

from tests.fakediscord import FakeDiscord

from .sample import SampleBot


def _channel(bot: SampleBot, fake: FakeDiscord) -> discord.TextChannel:
    channel = bot.get_channel(fake.channel_id)
    assert isinstance(channel, discord.TextChannel)
    return channel


async def test_closed_dms_raise_forbidden(fake: FakeDiscord, bot: SampleBot) -> None:
    alice, carol = fake.add_user("alice"), fake.add_user("carol", dms_open=False)

    asked = await fake.slash("sample dm", {"member": carol}, by=alice)

    (error,) = bot.sample.dm_errors
    assert isinstance(error, discord.Forbidden)
    assert error.status == 403 and error.code == 50007
    assert error.text == "Cannot send messages to this user"
    opened, refused = fake.find_requests("POST", "/users/@me/channels"), fake.requests[-2]
    assert opened[0].status == 200 and opened[0].json == {"recipient_id": carol.id}
    assert refused.route == f"POST /channels/{fake.dm_channel(carol)}/messages"
    assert refused.status == 403 and refused.files[0].filename == "table.png"
    assert fake.dms(carol) == []
    assert asked.messages[0].ephemeral and asked.messages[0].content == "their DMs are closed"

    fake.set_dms(carol, open=True)
    await fake.slash("sample dm", {"member": carol}, by=alice)
    (hand,) = fake.dms(carol)
    assert hand.content == "your hand" and hand.files[0].data == b"png-0"


async def test_a_5xx_is_retried_without_sleeping(fake: FakeDiscord, bot: SampleBot) -> None:
    alice = fake.add_user("alice")
    fake.fail_next("POST", "/webhooks/*", 502)

    hello = await fake.slash("sample hello", by=alice)

    statuses = [r.status for r in hello.requests]
    assert statuses == [200, 502, 200]
    assert fake.clock.sleeps == [1]  # discord.py's back-off, recorded rather than slept
    assert hello.messages[0].content == "hello"


async def test_a_429_waits_retry_after_on_the_fake_clock(fake: FakeDiscord, bot: SampleBot) -> None:
    fake.fail_next("POST", "/channels/*/messages", 429, retry_after=30.0)
    started = time.perf_counter()

    sent = await _channel(bot, fake).send("table")

    assert time.perf_counter() - started < 1
    assert fake.clock.sleeps == [30.0]
    assert [r.status for r in fake.find_requests("POST", "/channels/*")] == [429, 200]
    assert fake.message(sent.id).content == "table"


async def test_a_persistent_failure_surfaces_and_settle_reports_it(
    fake: FakeDiscord, bot: SampleBot
) -> None:
    alice = fake.add_user("alice")
    fake.fail_next("POST", "/interactions/*", 500, times=5)

    with pytest.raises(AssertionError, match="DiscordServerError"):
        await fake.slash("sample ping", by=alice)

    assert len(fake.clock.sleeps) == 5
    fake.fail_next("POST", "/interactions/*", 400, code=50035, message="Invalid Form Body")
    broken = await fake.slash("sample ping", by=alice, settle=False)
    await fake.settle(raise_errors=False)
    assert not broken.acknowledged and "50035" in fake.errors[-1]


async def test_answers_after_the_deadline_are_refused(bot: SampleBot) -> None:
    late = FakeDiscord(ack_deadline_s=0.0)
    async with late.running(SampleBot()):
        alice = late.add_user("alice")
        pong = await late.slash("sample ping", by=alice, settle=False)
        await late.settle(raise_errors=False)
    assert not pong.acknowledged and pong.requests[0].response["code"] == 10062
    assert "Unknown interaction" in late.errors[-1]


async def test_an_interaction_is_answered_once_and_tokens_are_checked(
    fake: FakeDiscord, bot: SampleBot
) -> None:
    alice = fake.add_user("alice")
    pong = await fake.slash("sample ping", by=alice)
    # A second process handling the same interaction (say, across a restart) is refused.
    replay = discord.Interaction(data=pong.payload, state=bot._connection)  # type: ignore[arg-type]
    with pytest.raises(discord.HTTPException) as twice:
        await replay.response.send_message("again")
    assert twice.value.code == 40060
    await replay.followup.send("still here")  # followups are fine after the response
    assert [m.content for m in pong.messages] == ["pong", "still here"]
    with pytest.raises(discord.NotFound) as unknown:
        await bot.http.request(
            discord.http.Route("GET", "/webhooks/{a}/{t}/messages/@original", a=1, t="nope")
        )
    assert unknown.value.code == 10015


async def test_unknown_routes_are_loud(fake: FakeDiscord, bot: SampleBot) -> None:
    with pytest.raises(discord.NotFound):
        await _channel(bot, fake).create_invite()
    with pytest.raises(AssertionError, match=r"unhandled route POST /channels/\d+/invites"):
        await fake.settle()


async def test_attachments_download_from_the_fake_cdn(fake: FakeDiscord, bot: SampleBot) -> None:
    alice = fake.add_user("alice")
    table = (await fake.slash("sample hello", by=alice)).messages[0]

    fetched = await _channel(bot, fake).fetch_message(table.id)

    assert await fetched.attachments[0].read() == b"png-1"
    assert [c.custom_id for c in fetched.components[0].children] == ["sample:1"]  # type: ignore[attr-defined]


async def test_settle_names_a_handler_that_never_finishes(
    fake: FakeDiscord, bot: SampleBot
) -> None:
    async def stuck(interaction: discord.Interaction) -> None:
        await asyncio.sleep(60)

    bot.add_listener(stuck, "on_interaction")
    alice = fake.add_user("alice")
    await fake.slash("sample ping", by=alice, settle=False)
    with pytest.raises(TimeoutError, match=r"on_interaction' waiting in .*stuck"):
        await fake.settle(timeout_s=0.05)


async def test_overhead_per_interaction(fake: FakeDiscord, bot: SampleBot) -> None:
    alice, rounds = fake.add_user("alice"), 200
    started = time.perf_counter()
    for _ in range(rounds):
        await fake.slash("sample ping", by=alice)
    ping_ms = (time.perf_counter() - started) * 1000 / rounds
    started = time.perf_counter()
    for _ in range(rounds // 4):
        table = (await fake.slash("sample hello", by=alice)).messages[0]
        await fake.click(table, label="Bump 1", by=alice)
    flow_ms = (time.perf_counter() - started) * 1000 / (rounds // 4)
    print(f"\nfakediscord: /sample ping {ping_ms:.2f} ms; hello + click {flow_ms:.2f} ms")
    assert ping_ms < 20 and flow_ms < 50
