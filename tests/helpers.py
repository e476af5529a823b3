"""Helpers shared by the tests of every game: play a list of moves, and catch a refusal.

`play, refusal = moves_of(GAME)` at the top of a game's test file gives both, bound to
that game (tests/games/patience/helpers.py has the patience family's own).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import pytest

from bot.games import Game, IllegalAction

S = TypeVar("S")


def play(game: Game[S], state: S, *moves: tuple[int, str]) -> S:
    """The state after each (seat, action) in turn."""
    for seat, action in moves:
        state = game.apply(state, seat, action)
    return state


def refusal(game: Game[S], state: S, seat: int, action: str) -> str:
    """The sentence with which the action is refused, asserting that the refusal changed
    nothing and reads as a sentence (a capital or a quoted move first, a full stop last)."""
    before = game.dump(state)
    with pytest.raises(IllegalAction) as caught:
        game.apply(state, seat, action)
    assert game.dump(state) == before
    reason = caught.value.reason
    assert reason[0] == "'" or reason[0].isupper(), reason
    assert reason.endswith("."), reason
    return reason


def moves_of(game: Game[S]) -> tuple[Callable[..., S], Callable[[S, int, str], str]]:
    """`play` and `refusal` bound to one game."""

    def bound_play(state: S, *moves: tuple[int, str]) -> S:
        return play(game, state, *moves)

    def bound_refusal(state: S, seat: int, action: str) -> str:
        return refusal(game, state, seat, action)

    return bound_play, bound_refusal


__all__ = ["moves_of", "play", "refusal"]
