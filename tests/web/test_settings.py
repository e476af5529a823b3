"""The web's settings: off unless its port is given, the public address's origin, and a
refusal in one sentence for a missing or weak secret, which no message or repr shows."""

from __future__ import annotations

import pytest

from bot.cli import main
from bot.config import ConfigError, Settings

STRONG = "Zq8-xY2_pL0aB7cD9eF1gH3iJ5kM4nO6"


def test_the_web_is_off_unless_its_port_is_given() -> None:
    assert Settings.from_env({}).web is None
    web = Settings.from_env({"PARLOUR_WEB_SECRET": STRONG}, web_port="8080").web
    assert web is not None and web.port == 8080 and web.public_url == "http://localhost:8080"


def test_the_public_address_gives_the_origin_and_the_repr_hides_the_secret() -> None:
    env = {
        "PARLOUR_WEB_PORT": "8080",
        "PARLOUR_PUBLIC_URL": "https://Cards.Example.org/",
        "PARLOUR_WEB_SECRET": STRONG,
    }
    settings = Settings.from_env(env)
    assert settings.web is not None
    assert settings.web.public_url == "https://Cards.Example.org"
    assert settings.web.origin == "https://cards.example.org"
    assert STRONG not in repr(settings) and "secret=<hidden>" in repr(settings)


@pytest.mark.parametrize(
    "secret", ["", "short-secret", "a" * 40, "ab" * 20, "with spaces in it 0123456789abcdefghij"]
)
def test_a_weak_secret_is_refused_without_being_quoted(secret: str) -> None:
    env = {"PARLOUR_WEB_PORT": "8080", "PARLOUR_WEB_SECRET": secret}
    with pytest.raises(ConfigError) as refused:
        Settings.from_env(env)
    words = str(refused.value)
    assert words.startswith("PARLOUR_WEB_SECRET must be") and words.count(". ") == 0
    assert not secret or secret not in words


@pytest.mark.parametrize("url", ["ftp://x.org", "cards.example.org", "https://x.org/?a=1"])
def test_a_bad_public_address_is_refused(url: str) -> None:
    env = {"PARLOUR_WEB_PORT": "8080", "PARLOUR_PUBLIC_URL": url, "PARLOUR_WEB_SECRET": STRONG}
    with pytest.raises(ConfigError, match="PARLOUR_PUBLIC_URL must be"):
        Settings.from_env(env)


def test_parlour_run_refuses_to_start_the_web_without_a_secret(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "fake.token.value")
    monkeypatch.delenv("PARLOUR_WEB_SECRET", raising=False)
    assert main(["run", "--web-port", "8080"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("parlour: PARLOUR_WEB_SECRET must be") and error.count("\n") == 1


def test_sign_in_takes_the_client_id_and_secret_and_no_repr_shows_the_secret() -> None:
    base = {"PARLOUR_WEB_PORT": "8080", "PARLOUR_WEB_SECRET": STRONG}
    assert Settings.from_env(base).web.sign_in is False  # type: ignore[union-attr]
    client = {"PARLOUR_CLIENT_ID": "123456789012345678", "PARLOUR_CLIENT_SECRET": "cl13nt-s3cr3t"}
    settings = Settings.from_env(base | client)
    assert settings.web is not None and settings.web.sign_in
    assert settings.web.client_id == "123456789012345678"
    assert "cl13nt-s3cr3t" not in repr(settings) and "client_secret=<hidden>" in repr(settings)


@pytest.mark.parametrize(
    ("given", "words"),
    [
        ({"PARLOUR_CLIENT_ID": "123"}, "PARLOUR_CLIENT_ID needs PARLOUR_CLIENT_SECRET as well"),
        ({"PARLOUR_CLIENT_SECRET": "s3cr3t-k3y"}, "PARLOUR_CLIENT_SECRET needs PARLOUR_CLIENT_ID"),
        ({"PARLOUR_CLIENT_ID": "my-app", "PARLOUR_CLIENT_SECRET": "s3cr3t-k3y"}, "must be the"),
        ({"PARLOUR_CLIENT_ID": "123", "PARLOUR_CLIENT_SECRET": "has a space"}, "holds spaces"),
    ],
)
def test_a_half_or_malformed_client_is_refused_without_quoting_the_secret(
    given: dict[str, str], words: str
) -> None:
    env = {"PARLOUR_WEB_PORT": "8080", "PARLOUR_WEB_SECRET": STRONG} | given
    with pytest.raises(ConfigError) as refused:
        Settings.from_env(env)
    assert words in str(refused.value)
    secret = given.get("PARLOUR_CLIENT_SECRET")
    assert secret is None or secret not in str(refused.value)
