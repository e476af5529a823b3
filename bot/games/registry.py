"""The registry of games, by permanent key.

Game modules are listed here once; they are imported on first use, so importing the
registry is cheap and a game never has to import it back.
"""

from __future__ import annotations

import difflib
import importlib

from bot.games.base import AnyGame

_MODULES: tuple[str, ...] = (
    "bot.games.french.pip_pip",
    "bot.games.french.quinto",
    "bot.games.french.yukon",
    "bot.games.patience",
    "bot.games.patience.sympathy",
    "bot.games.stops.michigan",
    "bot.games.stops.newmarket",
    "bot.games.stops.newmarket_1885",
    "bot.games.yankee.black_joke",
    "bot.games.yankee.bunkum",
    "bot.games.yankee.jockey_club",
    "bot.games.yankee.john_smith",
    "bot.games.yankee.pick_nick",
    "bot.games.yankee.quien_sabe",
    "bot.games.yankee.tilters",
)
"""Packages holding one game (`GAME`) or a family of them (`GAMES`): the registry line a
new game adds. A game's AI, if it has one, is the `ai` module beside it (`POLICY`)."""

_games: dict[str, AnyGame] = {}
_SHOWN_KEY_CHARS = 40
"""An unknown key longer than this is not repeated back (every real key is far shorter)."""


def _load() -> dict[str, AnyGame]:
    if not _games:
        # Fill the cache only once every module has loaded, so a failure is never cached.
        loaded: dict[str, AnyGame] = {}
        for name in _MODULES:
            module = importlib.import_module(name)
            games: list[AnyGame] = list(getattr(module, "GAMES", ())) or [module.GAME]
            for game in games:
                assert game.info.key not in loaded, game.info.key
                loaded[game.info.key] = game
        _games.update(loaded)
    return _games


def all() -> list[AnyGame]:
    """Every registered game, in key order."""
    games = _load()
    return [games[k] for k in sorted(games)]


def keys() -> list[str]:
    """Every registered key, in order."""
    return sorted(_load())


def get(key: str) -> AnyGame:
    """The game with this key; KeyError listing the keys if there is none."""
    games = _load()
    try:
        return games[key]
    except KeyError:
        raise KeyError(unknown(key, sorted(games))) from None


def home(key: str) -> str:
    """The package the game with this key lives in (its folder, or its family's): the
    registered package that gives its game object (which may be of a family's class, as
    a Stops page's is). Its module is loaded already; looked up, not cached, so that the
    one cache is the games'."""
    game = get(key)
    for name in _MODULES:
        module = importlib.import_module(name)
        if any(g is game for g in getattr(module, "GAMES", ()) or [module.GAME]):
            return name
    raise AssertionError(f"{key}'s game object comes from no registered package")


def unknown(key: str, keys: list[str]) -> str:
    """The sentence refusing an unknown game: the nearest names, or where to find them."""
    if len(key) > _SHOWN_KEY_CHARS or not key.isprintable():
        # Echoing pages of pasted text (or control characters) back helps nobody.
        return (
            f"That is not the name of a game: there are {len(keys)}, `parlour games` lists"
            " them, and in Discord their names autocomplete as you type."
        )
    close = difflib.get_close_matches(key, keys, n=3, cutoff=0.6)
    if close:
        return f"There is no game '{key}'. Did you mean {' or '.join(close)}?"
    return (
        f"There is no game '{key}'. There are {len(keys)}: `parlour games` lists them, and in"
        " Discord their names autocomplete as you type."
    )
