"""Every game's rules page: in the repository beside the game, read by `parlour rules` and
`/rules` alike, naming its sources and marking each choice of ours."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from bot.games import Game, registry
from bot.games.rules_text import read_rules, rules_page, rules_text

ROOT = Path(__file__).resolve().parents[2]
GAMES = registry.all()


def game_id(game: Game[Any]) -> str:
    """The test id of a game: its key."""
    return game.info.key


@pytest.mark.parametrize("game", GAMES, ids=game_id)
def test_the_rules_name_their_sources_and_nothing_outside_the_repository(game: Game[Any]) -> None:
    rules = game.info.rules
    assert "\nSource" in rules, "a rules page names its sources under a Source heading"
    assert "RULES.md" not in rules and "PATIENCE.md" not in rules
    assert not any(w in game.info.source for w in ("RULES.md", "PATIENCE.md", "rules page"))
    assert not any(line.startswith("#") for line in rules.splitlines())


@pytest.mark.parametrize("game", GAMES, ids=game_id)
def test_both_front_ends_show_the_page(game: Game[Any]) -> None:
    text = rules_text(game)
    assert game.info.rules in text
    assert text.startswith(game.info.title)


def test_every_page_in_the_tree_is_some_game_s_rules() -> None:
    pages = sorted((ROOT / "bot" / "games").rglob("*.md"))
    shown = "\n".join(g.info.rules for g in GAMES)
    for page in pages:
        body = page.read_text(encoding="utf-8").splitlines()[2]
        assert body in shown, f"{page} is read by no game"
    assert len(pages) == len({g.info.rules for g in GAMES})  # two-pack variants share a page


def test_a_page_loses_its_title_and_heading_marks() -> None:
    page = read_rules("bot.games.yankee.tilters")
    assert page.startswith("# Tilters\n")
    text = rules_page("bot.games.yankee.tilters")
    assert text.startswith("Tilters is whist")  # the body, not the title line
    assert "\nSources\n" in text and "\nOur choices\n" in text
    assert "## " not in text


def test_the_index_says_where_every_game_s_page_is() -> None:
    index = (ROOT / "docs" / "rules" / "README.md").read_text(encoding="utf-8")
    for link in re.findall(r"\]\(\.\./\.\./([^)]+)\)", index):
        assert (ROOT / link).exists(), link
    for game in GAMES:
        home = registry.home(game.info.key).replace(".", "/")
        folder = "bot/games/patience/games/" if home == "bot/games/patience" else home
        assert folder.rsplit("/", 1)[0] + "/" in index or folder in index, game.info.key


@pytest.mark.parametrize("game", GAMES, ids=game_id)
def test_a_page_numbers_seats_as_the_pictures_do(game: Game[Any]) -> None:
    # pictures and the terminal number seats from 1 (the host's seat); a page saying
    # "seat 0" would name a seat nobody can see
    assert not re.search(r"\bseats? 0\b", rules_text(game), re.IGNORECASE)
