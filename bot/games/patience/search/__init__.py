"""The patience solver: does a deal come out, played knowing every card, as the server
does (the "thoughtful" measure)? Generic over the games: any spec in
bot/games/patience/games is solved with no code of its own (problems.py), Sympathy's two
hands too; the search (core.py) dives depth first with a rising limit on the moves off
the hints' order, each dive with a transposition table, safe moves played without
branching, alike piles counted once, and a budget.

`solve(game, state, budget)` decides from any state of a game (a fresh deal, or a game
under way: a history's earlier states can be solved the same way) and never changes the
state; `solve_deal(key, seed, ...)` deals first. A "won" verdict's line is checked by
`replays` (the game's own `apply`, from the state, to a win). bot/tables/solving.py runs solves in
worker processes, off the bot's event loop.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games import registry
from bot.games.base import Game
from bot.games.patience.engine import Ctx
from bot.games.patience.game import PatienceGame, PatienceState
from bot.games.patience.search.core import (
    LOST,
    MEASURE,
    UNKNOWN,
    WON,
    Budget,
    Clock,
    Verdict,
    search,
)
from bot.games.patience.search.problems import SpecProblem, SympathyProblem
from bot.games.patience.sympathy.game import Sympathy, SympathyState

__all__ = [
    "LOST",
    "MEASURE",
    "UNKNOWN",
    "WON",
    "Budget",
    "Clock",
    "Verdict",
    "dealt",
    "replays",
    "solvable",
    "solve",
    "solve_deal",
]


def solvable(game: Game[Any]) -> bool:
    """Whether the solver takes this game: every patience game, Sympathy included."""
    return isinstance(game, PatienceGame | Sympathy)


def solve(game: Game[Any], state: Any, budget: Budget | None, clock: Clock) -> Verdict:
    """The verdict on a patience game's state (see core.py's `Verdict`), its line made
    of the game's own actions from that state, within the budget (the default one for
    None; its seconds by `clock`). The state is not changed."""
    budget = budget or Budget()
    if isinstance(game, PatienceGame):
        assert isinstance(state, PatienceState)
        if state.end:
            return Verdict(WON if state.end == "won" else LOST)
        problem = SpecProblem(game.spec, Ctx(state.seed, dict(state.options)))
        return search(problem, state.layout, budget, clock)
    if isinstance(game, Sympathy):
        assert isinstance(state, SympathyState)
        return search(SympathyProblem(game), state, budget, clock)
    raise ValueError(f"{game.info.title} is not a patience game.")


def dealt(game: Game[Any], seed: int, options: Mapping[str, object] | None = None) -> Any:
    """A fresh deal of a patience game from its seed (Sympathy for its two players)."""
    seats = game.info.min_seats
    return game.new(seats, seed, options)


def solve_deal(
    key: str,
    seed: int,
    budget: Budget | None,
    clock: Clock,
    options: Mapping[str, object] | None = None,
) -> Verdict:
    """The verdict on the deal of the game under this key from this seed."""
    game = registry.get(key)
    return solve(game, dealt(game, seed, options), budget, clock)


def replays(game: Game[Any], state: Any, line: Sequence[str]) -> bool:
    """Whether the line, played through the game's own rules from the state, wins:
    every action legal and the game won at the end (and not before)."""
    for action in line:
        seats = game.awaiting(state)
        if not seats:
            return False
        state = game.apply(state, min(seats), action)
    outcome = game.outcome(state)
    return outcome is not None and bool(outcome.winners)
