"""Patience: the engine (engine.py's `Spec`, with the values in model.py, the move finder
in _finder.py and the words of its refusals in _words.py), the game wrapper with undo,
hints and auto-play (game.py), the hints and the greedy player (solver.py), the solver
that decides a deal (search/) and the specs of Cheney's games (games/, each module
listing its specs in `SPECS`).

`GAMES` holds every patience game as a Parlour game; the registry loads them from here.

How a game finds its card moves (order does not matter: the game sorts them):
- by default, the engine's finder (_finder.py): the free groups indexed by their bottom
  card, each target looking up the cards its zone takes; a game whose own `accepts` only
  refuses more than its zones sets `narrows` to keep it exact and quick;
- `QuickSpec` (games/_quick.py), for games whose cards move one at a time: the moves
  among the fixed piles are kept while only the stock and the waste change;
- `LookupMoves` (games/_lookup.py), for families built in suit by fixed steps, with
  marriages checked by the game's own `rule`;
- `TwoWay` (games/_kings_and_aces.py), for the eight kings-down, aces-up families;
- a game's own `card_moves`, where its moves are not pile-to-pile builds.
The three special finders stay because they are faster where they are used: with the
engine's finder the QuickSpec games simulate 28-48% slower and three of the five
LookupMoves games 16-27% slower (bench/bench_patience.py).
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
