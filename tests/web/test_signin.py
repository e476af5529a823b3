"""Signing in with Discord, against the fake Discord: the whole round (a signed state, the
code exchanged once, the session in an HttpOnly SameSite cookie), and every way it can
go wrong answered in a short sentence that signs nobody in: a state altered or begun in
another browser, a code used twice, a wrong client secret, a forged or expired cookie, a
sign-in that would come back elsewhere, and no sign-in set up at all."""

from __future__ import annotations

import logging
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

import pytest
from aiohttp.test_utils import TestClient, TestServer

from tests.fakediscord import FakeDiscord
from tests.web.conftest import ORIGIN, SECRET, Site, close_site, open_site, settings_for
from web.sessions import SESSION, Sessions, Viewer


async def me(client: TestClient[Any, Any]) -> dict[str, Any]:
    """What /me says of the client's browser."""
    answer = await client.get("/me")
    assert answer.status == 200 and answer.headers["Cache-Control"] == "no-store"
    found: dict[str, Any] = await answer.json()
    return found


async def page_of(site: Site) -> str:
    """A table's page address."""
    return f"/t/{await site.key(await site.table('tilters', 2))}"


async def test_a_sign_in_goes_through_discord_and_comes_back_signed_in(site: Site) -> None:
    page = await page_of(site)
    assert await me(site.client) == {"sign_in": True, "signed_in": False, "name": None}
    went = await site.client.get("/login", params={"next": page}, allow_redirects=False)
    assert went.status == 302
    there = urlsplit(went.headers["Location"])
    query = dict(parse_qsl(there.query))
    assert f"{there.scheme}://{there.netloc}{there.path}" == "https://discord.com/oauth2/authorize"
    assert query["scope"] == "identify" and query["client_id"] == str(site.discord.app_id)
    assert query["redirect_uri"] == f"{ORIGIN}/callback" and query["state"]
    assert page not in went.headers["Location"]  # the table's key stays here
    back = urlsplit(site.discord.consent(site.alice, went.headers["Location"]))
    came = await site.client.get(f"/callback?{back.query}", allow_redirects=False)
    assert (came.status, came.headers["Location"]) == (303, page)
    cookie = SimpleCookie(came.headers.getall("Set-Cookie")[0])[SESSION]
    assert cookie["httponly"] and cookie["samesite"] == "Lax" and cookie["path"] == "/"
    assert int(cookie["max-age"]) > 3600 and not cookie["secure"]  # http here: not Secure
    assert await me(site.client) == {"sign_in": True, "signed_in": True, "name": "alice"}
    (token,) = site.discord.find_requests("POST", "/oauth2/token")
    assert token.form is not None and token.form["grant_type"] == "authorization_code"
    (asked,) = [r for r in site.discord.find_requests("GET", "/users/@me") if r.authorization]
    assert asked.authorization is not None and asked.authorization.startswith("Bearer ")


async def test_an_altered_state_or_one_from_another_browser_signs_nobody_in(site: Site) -> None:
    page = await page_of(site)
    went = await site.client.get("/login", params={"next": page}, allow_redirects=False)
    back = dict(
        parse_qsl(urlsplit(site.discord.consent(site.alice, went.headers["Location"])).query)
    )
    altered = {**back, "state": back["state"][:-2] + "xx"}
    answer = await site.client.get(f"/callback?{urlencode(altered)}", allow_redirects=False)
    assert answer.status == 400
    assert await answer.text() == (
        "That sign-in was not begun here or took too long: sign in again from the table's page."
    )
    elsewhere = TestClient(TestServer(site.web.app))  # another browser, without the cookie
    await elsewhere.start_server()
    stolen = await elsewhere.get(f"/callback?{urlencode(back)}", allow_redirects=False)
    assert stolen.status == 400 and "Set-Cookie" not in stolen.headers
    assert (await me(elsewhere))["signed_in"] is False
    await elsewhere.close()
    assert (await me(site.client))["signed_in"] is False
    assert site.discord.find_requests("POST", "/oauth2/token") == []  # never got that far


async def test_a_code_is_good_once(site: Site) -> None:
    page = await page_of(site)
    went = await site.client.get("/login", params={"next": page}, allow_redirects=False)
    code = dict(
        parse_qsl(urlsplit(site.discord.consent(site.alice, went.headers["Location"])).query)
    )["code"]
    again = await site.client.get("/login", params={"next": page}, allow_redirects=False)
    state = dict(parse_qsl(urlsplit(again.headers["Location"]).query))["state"]
    first = await site.client.get(
        f"/callback?{urlencode({'code': code, 'state': state})}", allow_redirects=False
    )
    assert first.status == 303
    await site.client.post("/logout", headers={"Origin": ORIGIN})
    once_more = await site.client.get("/login", params={"next": page}, allow_redirects=False)
    state = dict(parse_qsl(urlsplit(once_more.headers["Location"]).query))["state"]
    reused = await site.client.get(
        f"/callback?{urlencode({'code': code, 'state': state})}", allow_redirects=False
    )
    assert reused.status == 400
    assert await reused.text() == (
        "Discord did not accept that sign-in (it may have been used already): sign in again."
    )
    assert (await me(site.client))["signed_in"] is False


async def test_a_wrong_client_secret_is_told_in_words_that_never_show_it(
    tmp_path: Any, discord: FakeDiscord, caplog: pytest.LogCaptureFixture
) -> None:
    wrong = "not-the-secret-" + "q" * 20
    site = await open_site(tmp_path / "web.db", discord, settings_for(discord, wrong))
    caplog.set_level(logging.DEBUG)
    answer = await site.sign_in(site.alice, await page_of(site))
    text = await answer.text()
    assert answer.status == 502
    assert text == "Sign-in with Discord is not working on our side; try again later."
    assert (await me(site.client))["signed_in"] is False
    assert "Discord refused the client id and secret" in caplog.text
    for secret in (wrong, discord.client_secret, SECRET):
        assert secret not in caplog.text and secret not in text
    assert wrong not in repr(site.web.settings) and wrong not in repr(site.web.oauth)
    await close_site(site)


@pytest.mark.parametrize("how", ["forged", "other secret", "expired", "garbage"])
async def test_a_forged_or_expired_cookie_is_nobody_signed_in(site: Site, how: str) -> None:
    page = await page_of(site)
    alice = Viewer(site.alice.id, "alice")
    if how == "forged":
        made = Sessions(SECRET, secure=False).sessions.sign(
            {"user": alice.user_id, "name": "x"}, 60
        )
        data, mac = made.split(".")
        value = f"{data[:-1]}{'A' if data[-1] != 'A' else 'B'}.{mac}"
    elif how == "other secret":
        other = Sessions("another-secret-of-enough-length-0123456789", secure=False)
        value = other.sessions.sign({"user": alice.user_id, "name": "alice"}, 3600)
    elif how == "expired":
        value = Sessions(SECRET, secure=False).sessions.sign(
            {"user": alice.user_id, "name": "a"}, -1
        )
    else:
        value = "not.a.cookie.at.all"
    site.client.session.cookie_jar.update_cookies({SESSION: value})
    assert (await me(site.client))["signed_in"] is False
    ws = await site.client.ws_connect(f"{page}/ws", headers={"Origin": ORIGIN})
    await ws.send_json({"type": "act", "version": 1, "action": "pass"})
    answer = await ws.receive_json(timeout=5)
    assert answer == {
        "type": "refused",
        "words": "Sign in with Discord to play from this page; you are watching.",
    }
    await ws.close()


@pytest.mark.parametrize("back_to", ["", "https://evil.example/t/x", "//evil.example", "/metrics"])
async def test_a_sign_in_comes_back_to_a_table_s_page_only(site: Site, back_to: str) -> None:
    answer = await site.client.get("/login", params={"next": back_to}, allow_redirects=False)
    assert (answer.status, await answer.text()) == (400, "Sign in from a table's page.")


async def test_signing_out_is_for_our_own_page_only(site: Site) -> None:
    page = await page_of(site)
    await site.sign_in(site.alice, page)
    refused = await site.client.post("/logout", headers={"Origin": "https://evil.example"})
    assert (refused.status, await refused.text()) == (403, "Sign out from Parlour's own page.")
    assert (await me(site.client))["signed_in"] is True
    done = await site.client.post("/logout", headers={"Origin": ORIGIN})
    assert done.status == 204
    assert (await me(site.client))["signed_in"] is False


async def test_declining_at_discord_comes_back_as_a_spectator(site: Site) -> None:
    page = await page_of(site)
    went = await site.client.get("/login", params={"next": page}, allow_redirects=False)
    state = dict(parse_qsl(urlsplit(went.headers["Location"]).query))["state"]
    query = urlencode({"error": "access_denied", "state": state})
    back = await site.client.get(f"/callback?{query}", allow_redirects=False)
    assert (back.status, back.headers["Location"]) == (303, page)
    assert (await me(site.client))["signed_in"] is False


async def test_without_a_client_the_page_is_for_spectators_and_says_so(
    spectators_only: Site,
) -> None:
    site = spectators_only
    assert await me(site.client) == {"sign_in": False, "signed_in": False, "name": None}
    for path in ("/login?next=/t/abc", "/callback?code=x&state=y"):
        answer = await site.client.get(path, allow_redirects=False)
        assert answer.status == 404
        assert await answer.text() == (
            "Sign-in with Discord is not set up on this Parlour: you can watch."
        )
