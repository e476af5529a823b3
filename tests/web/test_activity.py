"""The Discord Activity's addresses (`web.activity`), against the fake Discord: the page
(framed by Discord alone, its addresses relative, plainly unbuilt without its script),
the SDK's code exchanged for the access token and a Parlour bearer token (once, only in
a server Discord lists the player in), the table of a channel found by that token alone
(also one another shard process holds), and the table's socket signed in by the token
as its subprotocol from the Activity's own address; a forged or cookie-made token, or
the Activity switched off, moves nobody."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.config import ConfigError, web_settings
from bot.storage import table_rows
from bot.tables import Table
from tests.fakediscord import FakeDiscord
from tests.web.conftest import ORIGIN, SECRET, Site, close_site, open_site
from tests.web.conftest import settings_for as signin_settings
from tests.web.pages import Page, moves_of
from web import activity
from web.sessions import Sessions
from web.sockets import SIGN_IN_FIRST

SCOPES = ["identify", "guilds"]


def authorize_args(discord: FakeDiscord) -> dict[str, Any]:
    """The AUTHORIZE command's arguments, as the Activity's script sends them."""
    client = str(discord.app_id)
    return {"client_id": client, "response_type": "code", "prompt": "none", "scope": SCOPES}


@pytest.fixture
async def on(
    tmp_path: Path, discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[Site]:
    """A site with the Activity on, its script built (a stand-in file)."""
    bundle = tmp_path / "activity.bundle.js"
    bundle.write_text("window.ParlourActivity = null;\n")
    monkeypatch.setattr(activity, "BUNDLE", bundle)
    site = await open_site(
        tmp_path / "web.db", discord, replace(signin_settings(discord), activity=True)
    )
    yield site
    await close_site(site)


@pytest.fixture
async def off(tmp_path: Path, discord: FakeDiscord) -> AsyncIterator[Site]:
    """A site with sign-in set up but the Activity off."""
    site = await open_site(tmp_path / "off.db", discord, signin_settings(discord))
    yield site
    await close_site(site)


async def table_in(site: Site, channel: int | None = None) -> Table:
    """A Tilters table of alice and an AI, dealt in the fake's server."""
    world = site.discord.world
    table = await site.service.create(
        guild_id=world.guild_id,
        channel_id=channel or site.discord.channel_id,
        host_id=site.alice.id,
        host_name="alice",
        game_key="tilters",
        seed=7,
    )
    await site.service.add_ai(table.id, site.alice.id)
    await site.service.start(table.id, site.alice.id)
    return table


async def signed(site: Site, guild: int | None = None) -> dict[str, Any]:
    """alice's Activity signed in (in the fake's server unless told): the answer."""
    code = site.discord.authorize_activity(site.alice, authorize_args(site.discord))
    said = {"code": code, "guild": str(guild or site.discord.world.guild_id)}
    answer = await site.client.post("/activity/token", json=said)
    assert answer.status == 200, await answer.text()
    found: dict[str, Any] = await answer.json()
    return found


async def table_of(site: Site, channel: int, token: str | None) -> aiohttp.ClientResponse:
    """GET /activity/table for the channel, with the bearer token if any."""
    headers = {"Authorization": f"Bearer {token}"} if token is not None else {}
    return await site.client.get(
        "/activity/table", params={"channel": str(channel)}, headers=headers
    )


def proxy(site: Site) -> str:
    """The Activity's own address inside Discord: its pages' Origin there."""
    return f"https://{site.discord.app_id}.discordsays.com"


async def test_the_page_is_the_tables_framed_by_discord_alone(on: Site) -> None:
    for path in ("/", "/activity"):
        page = await on.client.get(path, params={"frame_id": "f", "instance_id": "i"})
        assert page.status == 200
        html = await page.text()
        assert f'<meta name="parlour-client-id" content="{on.discord.app_id}">' in html
        scripts = [line for line in html.splitlines() if "<script" in line or "stylesheet" in line]
        assert scripts[1:] == [
            '<script src="static/activity.bundle.js" defer></script>',
            '<script src="static/cards.js" defer></script>',
            '<script src="static/hand.js" defer></script>',
            '<script src="static/table.js" defer></script>',
        ]
        assert '"/static/' not in html  # relative: through Discord's proxy, under any prefix
        policy = page.headers["Content-Security-Policy"]
        assert (
            "frame-ancestors https://discord.com " in policy
            and "'none'" not in policy.split("frame-ancestors")[1].split(";")[0]
        )
        assert "X-Frame-Options" not in page.headers
    table_page = await on.client.get(f"/t/{await on.key(await table_in(on))}")
    assert "frame-ancestors 'none'" in table_page.headers["Content-Security-Policy"]
    assert table_page.headers["X-Frame-Options"] == "DENY"


async def test_an_unbuilt_script_is_said_plainly(
    on: Site, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(activity, "BUNDLE", tmp_path / "not-built.js")
    page = await on.client.get("/activity")
    assert page.status == 503
    assert await page.text() == activity.NOT_BUILT


async def test_the_code_is_exchanged_for_discords_token_and_ours(on: Site) -> None:
    found = await signed(on)
    assert set(found) == {"access_token", "session", "name"} and found["name"] == "alice"
    assert on.discord.api.oauth.tokens[found["access_token"]] == on.alice.id
    (exchange,) = on.discord.find_requests("POST", "/oauth2/token")
    assert exchange.form is not None and "redirect_uri" not in exchange.form
    sessions = Sessions(SECRET, secure=False)
    guild = on.discord.world.guild_id
    bearer = sessions.bearer(found["session"])
    assert bearer is not None and bearer.guild_id == guild
    assert (bearer.viewer.user_id, bearer.viewer.name) == (on.alice.id, "alice")
    assert bearer.viewer.session and sessions.live(bearer.viewer)  # a session of its own
    assert sessions.sessions.open(found["session"]) is None  # never a cookie's session


async def test_a_code_used_twice_or_a_server_not_theirs_signs_nobody_in(on: Site) -> None:
    code = on.discord.authorize_activity(on.alice, authorize_args(on.discord))
    guild = str(on.discord.world.guild_id)
    first = await on.client.post("/activity/token", json={"code": code, "guild": guild})
    assert first.status == 200
    again = await on.client.post("/activity/token", json={"code": code, "guild": guild})
    assert again.status == 400
    assert await again.text() == (
        "Discord did not accept that sign-in (it may have been used already): sign in again."
    )
    code = on.discord.authorize_activity(on.alice, authorize_args(on.discord))
    elsewhere = await on.client.post("/activity/token", json={"code": code, "guild": "424242"})
    assert (elsewhere.status, await elsewhere.text()) == (403, activity.NOT_THERE)
    for said in ({"code": "x"}, {"code": "x", "guild": "DM"}, {"guild": guild}, ["x"]):
        bad = await on.client.post("/activity/token", json=said)
        assert bad.status == 400, said
    assert "Set-Cookie" not in first.headers


async def test_without_the_activity_on_its_addresses_say_so(off: Site) -> None:
    for method, path in (
        ("GET", "/activity"),
        ("POST", "/activity/token"),
        ("GET", "/activity/table"),
    ):
        answer = await off.client.request(method, path)
        assert (answer.status, await answer.text()) == (404, activity.NOT_ON)
    root = await off.client.get("/")
    assert (root.status, await root.text()) == (404, "There is no table at this address.")
    assert off.discord.find_requests("POST", "/oauth2/token") == []


def test_the_activity_is_switched_on_only_with_a_client() -> None:
    base = {"PARLOUR_WEB_SECRET": SECRET, "PARLOUR_PUBLIC_URL": ORIGIN}
    client = {"PARLOUR_CLIENT_ID": "123", "PARLOUR_CLIENT_SECRET": "s3cret"}
    on = web_settings({**base, **client, "PARLOUR_ACTIVITY": "1"}, ("PARLOUR_WEB_PORT", "8080"))
    assert on is not None and on.activity
    unset = web_settings({**base, **client}, ("PARLOUR_WEB_PORT", "8080"))
    assert unset is not None and not unset.activity
    with pytest.raises(ConfigError, match="PARLOUR_ACTIVITY=1 needs PARLOUR_CLIENT_ID"):
        web_settings({**base, "PARLOUR_ACTIVITY": "1"}, ("PARLOUR_WEB_PORT", "8080"))
    with pytest.raises(ConfigError, match=r"must be 1 \(on\) or 0 \(off\), not .yes."):
        web_settings({**base, **client, "PARLOUR_ACTIVITY": "yes"}, ("PARLOUR_WEB_PORT", "8080"))


async def test_the_table_of_the_channel_is_found_by_the_bearer_alone(on: Site) -> None:
    table = await table_in(on)
    token = (await signed(on))["session"]
    found = await table_of(on, on.discord.channel_id, token)
    assert found.status == 200 and await found.json() == {"key": await on.key(table)}
    assert found.headers["Cache-Control"] == "no-store"
    empty = await table_of(on, 999, token)
    assert (empty.status, await empty.text()) == (404, activity.NO_TABLE)
    nobody = await table_of(on, on.discord.channel_id, None)
    assert (nobody.status, await nobody.text()) == (401, activity.SIGN_IN_AGAIN)
    forged = await table_of(on, on.discord.channel_id, token[:-3] + "abc")
    assert forged.status == 401
    cookie = Sessions(SECRET, secure=False).sessions.sign(
        {"user": on.alice.id, "name": "alice"}, 60
    )
    assert (await table_of(on, on.discord.channel_id, cookie)).status == 401
    word = await on.client.get(
        "/activity/table",
        params={"channel": "general"},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert (word.status, await word.text()) == (400, activity.FROM_A_CHANNEL)


async def test_a_table_of_another_server_is_not_found(on: Site) -> None:
    other = on.discord.add_guild("elsewhere", members=(on.alice,))
    channel = on.discord.guild(other).channel_id
    await table_in(on)
    token = (await signed(on, other))["session"]  # alice is in both servers
    mine = await table_of(on, on.discord.channel_id, token)
    assert (mine.status, await mine.text()) == (404, activity.NO_TABLE)
    assert (await table_of(on, channel, token)).status == 404


async def test_a_table_another_process_holds_is_found(on: Site) -> None:
    world = on.discord.world

    def insert(tx: Any) -> Any:
        return table_rows.insert_table(
            tx,
            guild_id=world.guild_id,
            channel_id=on.discord.channel_id,
            game="tilters",
            options={},
            seed=3,
            host_id=on.alice.id,
            buy_in=100,
        )

    table_id = await on.db.write(insert)
    assert table_id is not None and on.service.registry.get(table_id) is None
    found = await table_of(on, on.discord.channel_id, (await signed(on))["session"])
    assert found.status == 200
    assert on.web.keys is not None
    assert await on.web.keys.table_of((await found.json())["key"]) == table_id


async def activity_page(site: Site, key: str, protocol: str) -> Page:
    """The table's page in the Activity: from its address, the bearer as subprotocol."""
    ws = await site.client.ws_connect(
        f"/t/{key}/ws", headers={"Origin": proxy(site)}, protocols=(protocol,)
    )
    assert ws.protocol == protocol  # the browser drops a socket answered without it
    page = Page(ws)
    await page.hello()
    return page


async def test_the_bearer_socket_plays_from_the_activitys_address(on: Site) -> None:
    table = await table_in(on)
    key, token = await on.key(table), (await signed(on))["session"]
    page = await activity_page(on, key, f"bearer.{token}")
    for _ in range(3):
        version = table.version
        await page.until(lambda p, v=version: p.my_turn(v))
        assert page.hand is not None and page.hand["seat"] == 0
        answer = await page.act(random.Random(version).choice(moves_of(page.hand)))
        assert answer["type"] == "done", answer
        assert table.version > version
    await page.close()


async def test_a_forged_bearer_or_the_activity_off_opens_no_socket(on: Site, off: Site) -> None:
    table = await table_in(on)
    key, token = await on.key(table), (await signed(on))["session"]
    forged = f"bearer.{token[:-4]}AAAA"
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await on.client.ws_connect(
            f"/t/{key}/ws", headers={"Origin": proxy(on)}, protocols=(forged,)
        )
    assert refused.value.status == 403
    off_key = await off.key(await table_in(off))
    with pytest.raises(aiohttp.WSServerHandshakeError) as elsewhere:
        await off.client.ws_connect(f"/t/{off_key}/ws", headers={"Origin": proxy(off)})
    assert elsewhere.value.status == 403
    ws = await off.client.ws_connect(
        f"/t/{off_key}/ws", headers={"Origin": ORIGIN}, protocols=(f"bearer.{token}",)
    )
    spectator = Page(ws)
    await spectator.hello()
    await spectator.until(lambda p: p.table)
    answer = await spectator.send({"type": "act", "version": 1, "action": "x"})
    assert answer == {"type": "refused", "words": SIGN_IN_FIRST}  # a spectator: moves nobody
    assert spectator.private_frames() == []
    await spectator.close()
