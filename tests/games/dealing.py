"""A deal dealt, for the tests of chip games whose deal begins with the dealer's `deal`
(Bunkum, Jockey Club, Quien Sabe): `new = dealing(GAME)` gives `GAME.new` with the first
deal dealt, and `by_dealer(GAME, state)` deals a waiting deal."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from bot.games import Game

S = TypeVar("S")


def by_dealer(game: Game[S], state: S) -> S:
    """The state after the dealer's deal, where a deal waits for it (else as it is)."""
    waiting = sorted(game.awaiting(state))
    if len(waiting) == 1 and game.legal_actions(state, waiting[0]) == ["deal"]:
        return game.apply(state, waiting[0], "deal")
    return state


def dealing(game: Game[S]) -> Callable[..., S]:
    """`game.new` with its first deal dealt by its dealer."""

    def new(*args: Any, **kwargs: Any) -> S:
        return by_dealer(game, game.new(*args, **kwargs))

    return new
