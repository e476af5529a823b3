"""AI players: a policy per game that chooses an action from its seat's view alone, and,
in a game with optional actions (`GameInfo.out_of_turn`), whether to take one out of turn."""

from __future__ import annotations

import functools
import importlib
import importlib.util
import random
from collections.abc import Iterable
from typing import Any, Protocol, TypeAlias, TypeVar, runtime_checkable

from bot.games import registry
from bot.games.base import Game, View
from bot.games.errors import IllegalAction

S = TypeVar("S")
V = TypeVar("V", bound=View, contravariant=True)
"""The facts a policy reads: its family's view type (what its game's ai_view gives)."""


class Policy(Protocol[V]):
    """Chooses an action for a seat from that seat's view (never from the hidden state)."""

    def choose(self, view: V, seat: int, rng: random.Random) -> str:
        """The action to play; it must be legal in the state the view was taken from."""
        ...


@runtime_checkable
class OptionalPolicy(Protocol[V]):
    """A policy that also decides on its seat's optional actions (out of turn)."""

    def choose_optional(self, view: V, seat: int, rng: random.Random) -> str | None:
        """The optional action to take now, or None to take none."""
        ...


# Any: a policy is found by its game's key at run time, and reads the facts type of that
# game's family, which is what that game's ai_view gives it.
AnyPolicy: TypeAlias = "Policy[Any]"
"""The policy of some game, whichever its facts type."""


@functools.cache
def policy_for(key: str) -> AnyPolicy | None:
    """The AI policy of a game, or None if it has none (then play_for picks at random)."""
    name = f"{registry.home(key)}.ai"
    if importlib.util.find_spec(name) is None:
        return None
    policy: AnyPolicy = importlib.import_module(name).POLICY
    return policy


def ai_move(game: Game[S], state: S, seat: int, rng: random.Random) -> tuple[str, S]:
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


def ai_optional_move(
    game: Game[S], state: S, seat: int, rng: random.Random
) -> tuple[str, S] | None:
    """The optional action the seat's AI takes now and the state after it, or None: none
    is offered, the game's AI takes none (an AI that decides nothing takes none), or the
    one it chose is not offered (the rules are the judge)."""
    if not game.info.out_of_turn:
        return None
    offered = game.optional_actions(state, seat)
    if not offered:  # the common case, answered before the costly protocol test below
        return None
    policy = policy_for(game.info.key)
    if not isinstance(policy, OptionalPolicy):
        return None
    action = policy.choose_optional(game.ai_view(state, seat), seat, rng)
    if action is None or action not in offered:
        return None
    return action, game.apply(state, seat, action)


def ai_optional_moves(
    game: Game[S], state: S, seats: Iterable[int], rng: random.Random
) -> tuple[int, str, S] | None:
    """The first of `seats` (the AI's, in order) whose AI takes an optional action now:
    the seat, the action and the state after it; None if none does."""
    if not game.info.out_of_turn:
        return None
    for seat in game.offering(state, seats):
        found = ai_optional_move(game, state, seat, rng)
        if found is not None:
            return seat, *found
    return None
