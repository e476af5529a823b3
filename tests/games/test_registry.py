"""The registry of games, and every registered game's description of itself."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

from bot.games import registry
from bot.games.base import ChipGame, Game, GameInfo
from bot.games.cards import Pack

GAMES_DIR = Path(__file__).resolve().parents[2] / "bot" / "games"
KEY = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
OPTION_NAME = re.compile(r"[a-z][a-z0-9_]*")
GAMES = registry.all()


def game_id(game: Game[Any]) -> str:
    """A game's key, as the test id."""
    return game.info.key


# -- the registry itself, on stand-in game modules ----------------------------------------


def stand_in(monkeypatch: pytest.MonkeyPatch, *keys: str) -> None:
    """Make the registry load one stand-in module per key, in the order given."""
    names = []
    for key in keys:
        name = f"parlour_test_game_{key.replace('-', '_')}"
        module = ModuleType(name)
        module.GAME = SimpleNamespace(info=SimpleNamespace(key=key))  # type: ignore[attr-defined]
        monkeypatch.setitem(sys.modules, name, module)
        names.append(name)
    monkeypatch.setattr(registry, "_MODULES", tuple(names))
    monkeypatch.setattr(registry, "_games", {})


def test_all_and_keys_are_in_key_order(monkeypatch: pytest.MonkeyPatch) -> None:
    stand_in(monkeypatch, "tilters", "black-joke", "quinto")
    assert registry.keys() == ["black-joke", "quinto", "tilters"]
    assert [g.info.key for g in registry.all()] == ["black-joke", "quinto", "tilters"]
    assert registry.get("quinto") is sys.modules["parlour_test_game_quinto"].GAME


def test_get_unknown_key_lists_the_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    stand_in(monkeypatch, "tilters", "black-joke")
    with pytest.raises(KeyError) as missing:
        registry.get("whist")
    assert missing.value.args[0] == (
        "There is no game 'whist'. There are 2: `parlour games` lists them, and in Discord"
        " their names autocomplete as you type."
    )
    with pytest.raises(KeyError) as near:
        registry.get("tilter")
    assert near.value.args[0] == "There is no game 'tilter'. Did you mean tilters?"


def test_two_modules_with_one_key_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    stand_in(monkeypatch, "quinto", "yukon")
    sys.modules["parlour_test_game_yukon"].GAME.info.key = "quinto"
    with pytest.raises(AssertionError):
        registry.all()


def test_a_module_that_fails_to_load_leaves_no_half_registry(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stand_in(monkeypatch, "quinto", "yukon")
    yukon = sys.modules["parlour_test_game_yukon"]
    monkeypatch.delitem(sys.modules, yukon.__name__)
    with pytest.raises(ModuleNotFoundError):
        registry.all()
    monkeypatch.setitem(sys.modules, yukon.__name__, yukon)
    assert registry.keys() == ["quinto", "yukon"]


# -- the registered games -----------------------------------------------------------------


def test_there_are_games_and_all_is_sorted_by_key() -> None:
    keys = [g.info.key for g in GAMES]
    assert keys
    assert keys == sorted(keys)
    assert len(set(keys)) == len(keys)
    assert registry.keys() == keys


def test_get_unknown_key_counts_the_registered_games() -> None:
    with pytest.raises(KeyError) as missing:
        registry.get("no-such-game")
    message = missing.value.args[0]
    assert "'no-such-game'" in message
    assert f"There are {len(registry.keys())}:" in message


def test_every_module_that_defines_a_game_is_registered() -> None:
    defining = set()
    for path in GAMES_DIR.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            targets = node.targets if isinstance(node, ast.Assign) else []
            if isinstance(node, ast.AnnAssign):
                targets = [node.target]
            if any(isinstance(t, ast.Name) and t.id in ("GAME", "GAMES") for t in targets):
                parts = path.relative_to(GAMES_DIR.parents[1]).with_suffix("").parts
                defining.add(".".join(parts).removesuffix(".__init__"))
    # A game's folder defines GAME in its `game` module and exports it from the package.
    packages = {name.removesuffix(".game") for name in defining}
    assert packages == set(registry._MODULES)


@pytest.mark.parametrize("game", GAMES, ids=game_id)
def test_get_returns_the_registered_game(game: Game[Any]) -> None:
    assert registry.get(game.info.key) is game


@pytest.mark.parametrize("game", GAMES, ids=game_id)
def test_game_info_is_consistent(game: Game[Any]) -> None:
    info = game.info
    assert isinstance(info, GameInfo)
    assert KEY.fullmatch(info.key), f"key {info.key!r}: lower case words joined by hyphens"
    assert info.title.strip() == info.title != ""
    assert info.family in ("trick", "chips", "patience")
    assert (info.family == "chips") == isinstance(game, ChipGame)
    assert 1 <= info.min_seats <= info.max_seats
    assert str(info.min_seats) in info.seat_range()
    assert str(info.max_seats) in info.seat_range()
    assert info.summary.strip()
    assert info.rules.strip()
    assert info.source.strip() and ".md" not in info.source, info.source  # a book, not a file
    assert isinstance(info.pack, Pack)
    assert isinstance(info.max_actions, int)
    assert info.max_actions > 0


@pytest.mark.parametrize("game", GAMES, ids=game_id)
def test_game_options_are_well_declared(game: Game[Any]) -> None:
    names = [o.name for o in game.info.options]
    assert len(set(names)) == len(names)
    for option in game.info.options:
        assert OPTION_NAME.fullmatch(option.name), option.name
        assert option.help.strip()
        # parse checks the choices and the range, so the default lies within them.
        assert option.parse(option.default) == option.default
        bounds = [b for b in (option.minimum, option.maximum) if b is not None]
        assert not bounds or option.kind == "int", "only whole numbers have a range"
        assert bounds == sorted(bounds)
        assert option.describe().startswith(option.name + " (")
    assert game.options(None) == {o.name: o.default for o in game.info.options}


@pytest.mark.parametrize("game", GAMES, ids=game_id)
def test_game_module_docstring_names_its_source(game: Game[Any]) -> None:
    rules = getattr(game, "spec", game)  # a patience game's rules are its spec's
    doc = sys.modules[type(rules).__module__].__doc__ or ""
    assert "rules.md" in doc or "rules page" in doc, "a game's docstring cites its rules page"


@pytest.mark.parametrize(
    ("low", "high", "words"), [(2, 8, "2-8 players"), (4, 4, "4 players"), (1, 1, "1 player")]
)
def test_seat_range_in_words(low: int, high: int, words: str) -> None:
    info = GameInfo("k", "K", "trick", low, high, (), "rules/RULES.md", "s", "r", Pack.FRENCH, 9)
    assert info.seat_range() == words


def test_the_readme_names_every_registered_game() -> None:
    readme = (GAMES_DIR.parents[1] / "README.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`([a-z0-9]+(?:-[a-z0-9]+)*)`", readme))
    missing = [g.info.key for g in registry.all() if g.info.key not in named]
    assert not missing, f"README.md does not name {missing}"
