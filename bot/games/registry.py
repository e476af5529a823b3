"""The registry of games, by permanent key.

Game modules are listed here once; they are imported on first use, so importing the
registry is cheap and a game never has to import it back.
"""

from __future__ import annotations

import importlib
from typing import Any

from bot.games.base import Game

_MODULES: tuple[str, ...] = (
    "bot.games.black_joke",
    "bot.games.john_smith",
    "bot.games.pick_nick",
    "bot.games.tilters",
)

_games: dict[str, Game[Any]] = {}


def _load() -> dict[str, Game[Any]]:
    if not _games:
        # Fill the cache only once every module has loaded, so a failure is never cached.
        loaded: dict[str, Game[Any]] = {}
        for name in _MODULES:
            module = importlib.import_module(name)
            game: Game[Any] = module.GAME
            assert game.info.key not in loaded, game.info.key
            loaded[game.info.key] = game
        _games.update(loaded)
    return _games


def all() -> list[Game[Any]]:
    """Every registered game, in key order."""
    games = _load()
    return [games[k] for k in sorted(games)]


def keys() -> list[str]:
    """Every registered key, in order."""
    return sorted(_load())


def get(key: str) -> Game[Any]:
    """The game with this key; KeyError listing the keys if there is none."""
    games = _load()
    try:
        return games[key]
    except KeyError:
        raise KeyError(
            f"There is no game '{key}'. The games are: {', '.join(sorted(games))}."
        ) from None
