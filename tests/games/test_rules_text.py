"""A game's rules as text: one builder for `parlour rules` and `/rules`."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.cli import main
from bot.games import registry
from bot.games.rules_text import CLI_OPTIONS_HINT, heading, rules_text

GAME = registry.get("black-joke")


def test_the_text_is_heading_rules_then_every_option() -> None:
    info = GAME.info
    text = rules_text(GAME)
    first = text.split("\n\n")[0]
    assert (
        first == heading(info) == f"Black Joke (black-joke) - 2-10 players; source: {info.source}"
    )
    assert text.index(info.rules.strip()) == len(first) + 2
    assert f"\n\nOptions ({CLI_OPTIONS_HINT}):\n" in text
    assert text.endswith("\n".join(f"  {o.describe()}" for o in info.options))


def test_discord_leaves_out_the_heading_and_gives_its_own_hint() -> None:
    text = rules_text(GAME.info, options_hint="set them at /table start", with_heading=False)
    assert text.startswith(GAME.info.rules.strip()[:40])
    assert heading(GAME.info) not in text
    assert "Options (set them at /table start):" in text
    assert CLI_OPTIONS_HINT not in text


def test_a_game_without_options_has_no_options_section() -> None:
    bare = replace(GAME.info, options=())
    assert "Options" not in rules_text(bare)
    assert rules_text(bare).endswith(GAME.info.rules.strip())


def test_parlour_rules_prints_exactly_this_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "Black-Joke "]) == 0
    assert capsys.readouterr().out == rules_text(GAME) + "\n"


def test_quien_sabe_names_its_cap_on_voids_in_a_row() -> None:
    text = rules_text(registry.get("quien-sabe"))
    assert "After five voids in a row the next deal is played out" in text
    assert "that cap is our choice" in text
