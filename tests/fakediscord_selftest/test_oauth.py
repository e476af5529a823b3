"""The fake's OAuth2 over the network (tests/fakediscord/oauth.py behind `NetDiscord`),
spoken to by the web's own sign-in client over real HTTP: a consent's code exchanged
once, form-encoded, for a token that names the user at /users/@me; a wrong secret, a
second use, another redirect and an unknown token refused as Discord refuses them."""

from __future__ import annotations

from collections.abc import AsyncIterator
from urllib.parse import parse_qsl, urlsplit

import aiohttp
import pytest

from tests.fakediscord.net import NetDiscord
from web.oauth import DiscordOAuth, SignInError

BACK = "http://parlour.test/callback"


@pytest.fixture
async def net() -> AsyncIterator[NetDiscord]:
    """A network fake."""
    async with NetDiscord() as net:
        yield net


def client(net: NetDiscord, secret: str | None = None, back: str = BACK) -> DiscordOAuth:
    """The web's sign-in client of the fake's application, over the network."""
    return DiscordOAuth(str(net.app_id), secret or net.client_secret, back, f"{net.url}/api/v10")


def code_for(net: NetDiscord, oauth: DiscordOAuth, name: str) -> str:
    """A user's consent on the page the client would send them to: the code given."""
    user = net.add_user(name)
    back = urlsplit(net.consent(user, oauth.authorize_url("the-state")))
    query = dict(parse_qsl(back.query))
    assert f"{back.scheme}://{back.netloc}{back.path}" == BACK and query["state"] == "the-state"
    return query["code"]


async def test_a_code_is_exchanged_once_for_the_user_who_consented(net: NetDiscord) -> None:
    oauth = client(net)
    code = code_for(net, oauth, "alice")
    viewer = await oauth.identify(code)
    assert viewer.name == "alice" and viewer.user_id == net.world.users[viewer.user_id].id
    (token,) = net.find_requests("POST", "/oauth2/token")
    assert token.form is not None and token.form["code"] == code and token.status == 200
    with pytest.raises(SignInError) as again:
        await oauth.identify(code)
    assert again.value.status == 400
    await oauth.close()


async def test_a_wrong_secret_and_another_redirect_are_refused(net: NetDiscord) -> None:
    good = client(net)
    code = code_for(net, good, "bob")
    wrong = client(net, "not-the-secret")
    with pytest.raises(SignInError) as ours:
        await wrong.identify(code)
    assert ours.value.status == 502 and net.find_requests("POST", "/oauth2/token")[0].status == 401
    elsewhere = client(net, back="http://elsewhere.test/callback")
    with pytest.raises(SignInError) as refused:
        await elsewhere.identify(code)
    assert refused.value.status == 400
    for oauth in (good, wrong, elsewhere):
        await oauth.close()


async def test_users_me_names_the_token_s_user_or_the_bot(net: NetDiscord) -> None:
    async with aiohttp.ClientSession() as http:
        headers = {"Authorization": "Bearer no-such-token"}
        async with http.get(f"{net.url}/api/v10/users/@me", headers=headers) as answer:
            assert answer.status == 401
        async with http.get(f"{net.url}/api/v10/users/@me") as answer:
            assert (await answer.json())["id"] == str(net.app_id)
