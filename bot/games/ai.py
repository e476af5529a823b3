"""AI players: a policy per game that chooses an action from its seat's view alone."""

from __future__ import annotations

import functools
import importlib
import importlib.util
import random
from typing import Any, Protocol, TypeVar

from bot.games import registry
from bot.games.base import Game, View
from bot.games.errors import IllegalAction

S = TypeVar("S")


class Policy(Protocol):
    """Chooses an action for a seat from that seat's view (never from the hidden state)."""

    def choose(self, view: View, seat: int, rng: random.Random) -> str:
        """The action to play; it must be legal in the state the view was taken from."""
        ...


@functools.cache
def policy_for(key: str) -> Policy | None:
    """The AI policy of a game, or None if it has none (then play_for picks at random)."""
    name = f"{registry.home(key)}.ai"
    if importlib.util.find_spec(name) is None:
        return None
    policy: Policy = importlib.import_module(name).POLICY
    return policy


def ai_move(game: Game[Any], state: S, seat: int, rng: random.Random) -> tuple[str, S]:
    """A legal action for the seat and the state after it: the game's AI if it has one,
    checked by the rules; otherwise (or if the AI errs) a random legal action."""
    policy = policy_for(game.info.key)
    if policy is not None:
        action = policy.choose(game.ai_view(state, seat), seat, rng)
        try:
            return action, game.apply(state, seat, action)
        except IllegalAction:
            pass
    legal = game.legal_actions(state, seat)
    assert legal, f"seat {seat} has no legal action"
    action = rng.choice(legal)
    return action, game.apply(state, seat, action)
