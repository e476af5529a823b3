"""PARLOUR_WEB_SECRET_FILE: the web secret kept in a file that processes sharing a volume
read alike (compose.yaml), made with a fresh secret by whichever comes first; a weak or
unreadable one refused in one sentence that never quotes it."""

from __future__ import annotations

import asyncio
import stat
from pathlib import Path

import pytest

from bot.config import MIN_SECRET_CHARS, ConfigError, Settings, secret_file


def web_of(env: dict[str, str]) -> str:
    """The secret the web settings of `env` hold."""
    web = Settings.from_env({"PARLOUR_WEB_PORT": "8080", **env}).web
    assert web is not None
    return web.secret


def test_the_first_process_makes_the_secret_and_the_others_read_it(tmp_path: Path) -> None:
    where = tmp_path / "web-secret"
    made = web_of({"PARLOUR_WEB_SECRET_FILE": str(where)})
    assert len(made) >= MIN_SECRET_CHARS and where.read_text() == made + "\n"
    assert stat.S_IMODE(where.stat().st_mode) == 0o600
    assert web_of({"PARLOUR_WEB_SECRET_FILE": str(where)}) == made
    assert list(tmp_path.iterdir()) == [where]  # no draft left behind


def test_the_variable_wins_over_the_file(tmp_path: Path) -> None:
    given = "Zq8-xY2_pL0aB7cD9eF1gH3iJ5kM4nO6"
    env = {"PARLOUR_WEB_SECRET": given, "PARLOUR_WEB_SECRET_FILE": str(tmp_path / "s")}
    assert web_of(env) == given and not (tmp_path / "s").exists()


async def test_processes_making_it_at_once_agree_on_one(tmp_path: Path) -> None:
    where = tmp_path / "web-secret"
    found = await asyncio.gather(*(asyncio.to_thread(secret_file, where) for _ in range(8)))
    assert len(set(found)) == 1 and where.read_text() == found[0] + "\n"


def test_a_weak_secret_in_the_file_is_refused_unquoted(tmp_path: Path) -> None:
    where = tmp_path / "web-secret"
    where.write_text("hunter2\n")
    with pytest.raises(ConfigError) as refused:
        web_of({"PARLOUR_WEB_SECRET_FILE": str(where)})
    words = str(refused.value)
    assert words.startswith("PARLOUR_WEB_SECRET_FILE's secret must be a random secret")
    assert "hunter2" not in words


def test_a_file_that_cannot_be_made_is_refused_in_one_sentence(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"^PARLOUR_WEB_SECRET_FILE names .*no secret can"):
        web_of({"PARLOUR_WEB_SECRET_FILE": str(tmp_path / "no-such-folder" / "web-secret")})


def test_a_folder_in_place_of_the_file_is_refused_in_one_sentence(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"^PARLOUR_WEB_SECRET_FILE names .*cannot be read"):
        web_of({"PARLOUR_WEB_SECRET_FILE": str(tmp_path)})
