"""Gateway shards: a guild's shard, the shard lists a process is given (bot/shards.py), the
two settings that carry them, and `parlour run --shard-count --shards`."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.cli import main
from bot.config import ConfigError, Settings
from bot.shards import MAX_SHARD_COUNT, ShardError, check_count, parse_shards, shard_of


def test_a_guilds_shard_is_its_timestamp_modulo_the_count() -> None:
    guild = 81384788765712384  # Discord API's own server
    assert shard_of(guild, 1) == 0
    assert shard_of(guild, 16) == 2 and shard_of(guild, 3) == 1
    assert [shard_of(n << 22, 4) for n in range(6)] == [0, 1, 2, 3, 0, 1]
    assert shard_of((5 << 22) | 0x3FFFFF, 4) == 1  # the low 22 bits do not count


@given(st.integers(0, 2**63 - 1), st.integers(1, MAX_SHARD_COUNT))
def test_every_guild_has_exactly_one_shard(guild: int, count: int) -> None:
    assert 0 <= shard_of(guild, count) < count


@pytest.mark.parametrize(
    ("text", "count", "shards"),
    [
        ("0-3", 4, (0, 1, 2, 3)),
        ("0,2,5-7", 8, (0, 2, 5, 6, 7)),
        ("5-7, 0 ,2", 8, (0, 2, 5, 6, 7)),
        ("3", 4, (3,)),
        ("2-2", 3, (2,)),
        ("0", 1, (0,)),
        ("65535", MAX_SHARD_COUNT, (65535,)),
    ],
)
def test_a_shard_list_names_shards_in_ascending_order(
    text: str, count: int, shards: tuple[int, ...]
) -> None:
    assert parse_shards(text, count) == shards


@pytest.mark.parametrize(
    ("text", "count", "sentence"),
    [
        ("0-4", 4, "The shard list names shard 4, but 4 shards are numbered 0 to 3."),
        ("9", 2, "The shard list names shard 9, but 2 shards are numbered 0 to 1."),
        ("-1", 4, "The shard list names shard -1, but shard numbers start at 0."),
        ("0-3,2-5", 8, "The shard list names shard 2 twice, in 0-3 and in 2-5."),
        ("1,1", 4, "The shard list names shard 1 twice."),
        ("", 4, "The shard list is empty: name the shards, such as 0-3 or 0,2,5-7."),
        ("  ", 4, "The shard list is empty: name the shards, such as 0-3 or 0,2,5-7."),
        ("0,,1", 4, "The shard list has an empty entry between commas: name shards such as"),
        ("0,", 4, "The shard list has an empty entry between commas"),
        ("zero", 4, "The shard list has 'zero', which is neither a shard nor a range such as"),
        ("0-", 4, "The shard list has '0-', which is neither a shard nor a range"),
        ("0..3", 4, "The shard list has '0..3', which is neither"),
        ("1-2-3", 4, "The shard list has '1-2-3', which is neither"),
        ("3-1", 4, "The shard list has the range 3-1, which runs backwards: write 1-3."),
        ("0", 0, "The shard count must be from 1 to 65536, not 0."),
        ("0", MAX_SHARD_COUNT + 1, "The shard count must be from 1 to 65536, not 65537."),
    ],
)
def test_a_bad_shard_list_is_refused_in_one_sentence(text: str, count: int, sentence: str) -> None:
    with pytest.raises(ShardError) as refused:
        parse_shards(text, count)
    message = str(refused.value)
    assert message.startswith(sentence)
    assert message.endswith(".") and message.count(". ") == 0 and "\n" not in message
    assert isinstance(refused.value, ValueError)


def test_a_refusal_names_the_setting_it_was_given_as() -> None:
    with pytest.raises(ShardError, match=r"^--shards names shard 7, but 4 shards"):
        parse_shards("7", 4, name="--shards")
    assert check_count(12) == 12
    with pytest.raises(ShardError, match=r"^PARLOUR_SHARD_COUNT must be from 1 to 65536, not -2"):
        check_count(-2, name="PARLOUR_SHARD_COUNT")


# -- the settings -------------------------------------------------------------------------


def test_unsharded_by_default_and_every_guild_is_held() -> None:
    settings = Settings.from_env({})
    assert settings.shard_count is None and settings.shards is None
    assert settings.holds(1 << 22) and settings.holds(123)


def test_a_count_alone_holds_every_shard() -> None:
    settings = Settings.from_env({"PARLOUR_SHARD_COUNT": "4"})
    assert settings.shard_count == 4 and settings.shards == (0, 1, 2, 3)
    assert all(settings.holds(n << 22) for n in range(8))


def test_a_count_and_a_list_hold_those_shards_only() -> None:
    settings = Settings.from_env({"PARLOUR_SHARD_COUNT": "4", "PARLOUR_SHARDS": "1,3"})
    assert settings.shard_count == 4 and settings.shards == (1, 3)
    assert [settings.holds(n << 22) for n in range(5)] == [False, True, False, True, False]
    assert "shards=(1, 3)" in repr(settings)


def test_the_command_line_stands_in_for_the_environment() -> None:
    env = {"PARLOUR_SHARD_COUNT": "4", "PARLOUR_SHARDS": "0-3"}
    assert Settings.from_env(env, shards="2").shards == (2,)
    assert Settings.from_env(env, shard_count="8", shards="4-7").shards == (4, 5, 6, 7)
    assert Settings.from_env({}, shard_count="2").shards == (0, 1)
    assert Settings.from_env({"PARLOUR_SHARDS": "1"}, shard_count="2").shards == (1,)


@pytest.mark.parametrize(
    ("env", "options", "sentence"),
    [
        ({"PARLOUR_SHARDS": "0-1"}, {}, "PARLOUR_SHARDS needs a shard count as well"),
        ({}, {"shards": "0"}, "--shards needs a shard count as well"),
        ({"PARLOUR_SHARD_COUNT": "0"}, {}, "PARLOUR_SHARD_COUNT must be from 1 to 65536, not 0."),
        ({"PARLOUR_SHARD_COUNT": "many"}, {}, "PARLOUR_SHARD_COUNT must be a whole number from"),
        ({}, {"shard_count": "99999"}, "--shard-count must be from 1 to 65536, not 99999."),
        (
            {"PARLOUR_SHARD_COUNT": "2", "PARLOUR_SHARDS": "0-2"},
            {},
            "PARLOUR_SHARDS names shard 2, but 2 shards are numbered 0 to 1.",
        ),
        (
            {"PARLOUR_SHARD_COUNT": "8", "PARLOUR_SHARDS": "0-3"},
            {"shard_count": "2"},  # the environment's list does not fit the new count
            "PARLOUR_SHARDS names shard 3, but 2 shards are numbered 0 to 1.",
        ),
    ],
)
def test_bad_shard_settings_name_the_setting(
    env: dict[str, str], options: dict[str, str], sentence: str
) -> None:
    with pytest.raises(ConfigError) as refused:
        Settings.from_env(env, **options)
    assert str(refused.value).startswith(sentence)
    assert "\n" not in str(refused.value)


# -- the command line ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "env", "sentence"),
    [
        (["--shards", "0-3"], {}, "--shards needs a shard count as well: set PARLOUR_SHARD_COUNT"),
        (["--shard-count", "0"], {}, "--shard-count must be from 1 to 65536, not 0."),
        (["--shard-count", "8", "--shards", "0-3,2-5"], {}, "--shards names shard 2 twice"),
        (["--shard-count", "2", "--shards", "5"], {}, "--shards names shard 5, but 2 shards"),
        ([], {"PARLOUR_SHARD_COUNT": "2", "PARLOUR_SHARDS": "x"}, "PARLOUR_SHARDS has 'x'"),
        (["--shard-count", "2"], {"PARLOUR_SHARDS": "0,0"}, "PARLOUR_SHARDS names shard 0 twice"),
    ],
)
def test_run_refuses_bad_shards_in_one_sentence_and_starts_nothing(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    argv: list[str],
    env: dict[str, str],
    sentence: str,
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "a-token-that-is-never-used")
    monkeypatch.setenv("PARLOUR_DB", str(tmp_path / "parlour.db"))
    for name in ("PARLOUR_SHARD_COUNT", "PARLOUR_SHARDS"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    code = main(["run", *argv])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.startswith(f"parlour: {sentence}") and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []  # not even the database was created
