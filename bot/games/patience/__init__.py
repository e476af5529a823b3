"""Patience: the engine (engine.py's `Spec`, with the values in model.py, the move finder
in _finder.py and the words of its refusals in _words.py), the game wrapper with undo,
hints and auto-play (game.py), the hint solver (solver.py) and the specs of Cheney's
games (games/, each module listing its specs in `SPECS`).

`GAMES` holds every patience game as a Parlour game; the registry loads them from here.
"""

from __future__ import annotations

import importlib
import pkgutil

from bot.games.patience import games as _package
from bot.games.patience.engine import Spec
from bot.games.patience.game import PatienceGame


def specs() -> list[Spec]:
    """One instance of every spec in bot/games/patience/games, in module order."""
    found: list[Spec] = []
    for info in sorted(pkgutil.iter_modules(_package.__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{_package.__name__}.{info.name}")
        found += [cls() for cls in module.SPECS]
    return found


GAMES = [PatienceGame(s) for s in specs()]
