"""Lady of the Manor (bot/games/patience/games/lady_of_the_manor.py): four piles of twelve,
the semicircle sorted by rank, families up regardless of suit, Auto from the piles only,
and a stacked deal played to the win."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.errors import IllegalAction
from bot.games.patience.engine import RANK_TEXT
from tests.games.patience.helpers import Kit

KIT = Kit("lady-of-the-manor")
GAME: Any = KIT.game
SPEC: Any = KIT.spec
stacked, play, play_home, top = KIT.stacked, KIT.play, KIT.play_home, KIT.top


def piles_in_order() -> list[str]:
    """Four piles of twelve, each ace (top) to queen (bottom) of one suit."""
    return [RANK_TEXT[r] + s for s in "SHDC" for r in range(12, 0, -1)]


def test_the_semicircle_is_sorted_by_rank_and_pile_tops_go_home() -> None:
    state = GAME.new(1, 0, deck=stacked(piles_in_order()))
    for r in range(1, 14):
        pile = state.layout.piles[SPEC.index[f"r{r}"]]
        assert pile and {c[:-1] for c in pile} == {RANK_TEXT[r]}
    assert len(state.layout.piles[SPEC.index["r13"]]) == 8
    assert top(state, "t1") == "AS"
    state = play(state, ["move t1 f1", "move r2 f1", "move t2 f2", "move t1 f2"])
    assert str(top(state, "f1"))[:-1] == "2"  # a two from the semicircle, any suit
    assert top(state, "f2") == "2S"  # regardless of suit


def test_refusals_leave_the_state_alone() -> None:
    state = GAME.new(1, 0, deck=stacked(piles_in_order()))
    before = GAME.dump(state)
    with pytest.raises(IllegalAction, match="A family starts with"):
        GAME.apply(state, 0, "move r5 f1")
    with pytest.raises(IllegalAction, match="Nothing may be built"):
        GAME.apply(state, 0, "move t1 t2")
    with pytest.raises(IllegalAction, match="no dealing"):
        GAME.apply(state, 0, "deal")
    assert GAME.dump(state) == before


def test_auto_takes_only_from_the_four_piles() -> None:
    state = play(GAME.new(1, 0, deck=stacked(piles_in_order())), ["auto"])
    semicircle = sum(len(state.layout.piles[SPEC.index[f"r{r}"]]) for r in range(1, 14))
    assert semicircle == 56
    assert SPEC.score(state.layout) == 48
    assert all(not state.layout.piles[SPEC.index[f"t{k}"]] for k in range(1, 5))


def test_a_stacked_deal_is_won() -> None:
    state, made = play_home(GAME.new(1, 0, deck=stacked(piles_in_order())))
    assert state.end == "won"
    assert GAME.outcome(state).winners == (0,)
    assert len(made) == 104 and "deal" not in made
