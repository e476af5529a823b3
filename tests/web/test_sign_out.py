"""Signing out ends the session's private view at once, on every page open on it: each
of its sockets is sent no private frame after the sign-out and is closed with
SIGNED_OUT and a plain reason (the page reloads, signed out); a copy of the signed-out
cookie signs nobody in; another player's page goes on. A session that runs out while its
page is open ends the same way, and a page whose session has run out is sent no hand."""

from __future__ import annotations

import random
from typing import Any

import aiohttp
from aiohttp.test_utils import TestClient

from tests.fakediscord import FakeUser
from tests.web.conftest import ORIGIN, Site
from tests.web.pages import Page, moves_of
from web.sessions import SESSION
from web.sockets import SIGN_IN_FIRST, SIGNED_OUT


async def signed_in(site: Site, user: FakeUser, key: str) -> TestClient[Any, Any]:
    """A browser of its own, signed in as `user` from the table's page."""
    browser = await site.browser()
    assert (await site.sign_in(user, f"/t/{key}", browser)).status == 303
    return browser


async def close_of(page: Page) -> tuple[int, str, list[dict[str, Any]]]:
    """Read the page until its socket closes: the close code, the reason, and every
    frame sent before it."""
    before = len(page.seen)
    while True:
        message = await page.ws.receive(timeout=10)
        if message.type is aiohttp.WSMsgType.TEXT:
            page.seen.append(message.json())
            continue
        assert message.type is aiohttp.WSMsgType.CLOSE, message
        return message.data, message.extra, page.seen[before:]


def cookie_of(browser: TestClient[Any, Any]) -> str:
    """The browser's session cookie."""
    found = browser.session.cookie_jar.filter_cookies(browser.make_url("/"))
    return found[SESSION].value


async def test_signing_out_closes_every_page_of_the_session_and_no_hand_follows(
    site: Site,
) -> None:
    bob = next(u for u in site.discord.world.users.values() if u.name == "bob")
    table = await site.table("tilters", 3, players=[bob])
    key = await site.key(table)
    alice, bobs = await signed_in(site, site.alice, key), await signed_in(site, bob, key)
    pages = [await Page.open(alice, key), await Page.open(alice, key)]
    bob_page = await Page.open(bobs, key)
    for page in [*pages, bob_page]:
        hand = await page.until(lambda p: p.hand)
        assert hand["seat"] in (0, 1) and hand["cards"]
    copied = cookie_of(alice)
    out = await alice.post("/logout", headers={"Origin": ORIGIN})  # another request
    assert out.status == 204
    for page in pages:
        code, reason, after = await close_of(page)
        assert (code, reason) == (SIGNED_OUT, "signed out")
        assert [f for f in after if f["type"] == "hand" and f.get("seat") is not None] == []
    # bob's page is another session's: the table moves, and it is sent his hand
    version, rng = table.version, random.Random(3)
    if not await site.move(table, rng):
        assert bob_page.hand is not None
        assert (await bob_page.act(rng.choice(moves_of(bob_page.hand))))["type"] == "done"
    hand = await bob_page.until(lambda p: p.hand if p.hand["version"] > version else None)
    assert hand["seat"] == 1 and hand["cards"]
    # the cookie copied before the sign-out signs nobody in now, page nor socket
    thief = await site.browser()
    thief.session.cookie_jar.update_cookies({SESSION: copied})
    assert (await (await thief.get("/me")).json())["signed_in"] is False
    stolen = await Page.open(thief, key)
    answer = await stolen.act("pass", table.version)
    assert answer == {"type": "refused", "words": SIGN_IN_FIRST}
    assert stolen.private_frames() == []
    for page in (bob_page, stolen):
        await page.close()


async def test_a_session_that_runs_out_closes_its_page(site: Site) -> None:
    table = await site.table("tilters", 2)
    key = await site.key(table)
    sessions = site.web.sessions
    now = [1_000.0]
    sessions.sessions.clock = lambda: now[0]
    value = sessions.sessions.sign({"user": site.alice.id, "name": "alice"}, 1)  # until 1001
    now[0] = 1_000.7  # 0.3 s left when the page opens
    browser = await site.browser()
    browser.session.cookie_jar.update_cookies({SESSION: value})
    page = await Page.open(browser, key)
    assert (await page.until(lambda p: p.hand))["seat"] == 0
    now[0] = 1_001.0
    code, reason, after = await close_of(page)
    assert (code, reason) == (SIGNED_OUT, "your sign-in ran out")
    assert [f for f in after if f["type"] == "hand" and f.get("seat") is not None] == []


async def test_a_page_whose_session_ran_out_is_sent_no_hand_when_the_table_moves(
    site: Site,
) -> None:
    table = await site.table("tilters", 2)
    key = await site.key(table)
    sessions = site.web.sessions
    now = [1_000.0]
    sessions.sessions.clock = lambda: now[0]
    value = sessions.sessions.sign({"user": site.alice.id, "name": "alice"}, 3600)
    browser = await site.browser()
    browser.session.cookie_jar.update_cookies({SESSION: value})
    page = await Page.open(browser, key)
    hand = await page.until(lambda p: p.hand)
    assert hand["seat"] == 0 and hand["turn"]
    now[0] = 1_000.0 + 3600  # run out, before its timer (the clock jumped)
    answer = await page.act(hand["moves"][0]["action"])
    assert answer == {"type": "refused", "words": SIGN_IN_FIRST}
    assert table.version == hand["version"]  # nothing played
    await site.service.act(table.id, site.alice.id, table.version, hand["moves"][0]["action"])
    last = await page.until(lambda p: p.hand if p.hand and p.hand["seat"] is None else None)
    assert last == {"type": "hand", "seat": None}
    assert all(f["seat"] is None for f in page.private_frames()[1:])
    await page.close()
