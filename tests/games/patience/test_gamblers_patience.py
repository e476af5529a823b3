"""Gambler's Patience (games/gamblers_patience.py): cards going right to left onto their
rank, the piles closing up, four alike thrown out, the gathering redeal, and a won deal."""

from __future__ import annotations

import pytest

from bot.games.errors import IllegalAction
from bot.games.patience.game import PatienceState
from tests.games.patience.helpers import patience, stacked_sorted

KEY = "gamblers-patience"
GAME = patience(KEY)
SPEC = GAME.spec
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SORTED = [r + s for r in RANKS for s in "SHDC"]
"""Every row four of a kind."""


def piles(state: PatienceState) -> list[tuple[str, ...]]:
    """The piles, left to right."""
    return [state.layout.piles[SPEC.index[f"p{k}"]] for k in range(1, 5)]


def test_a_card_goes_left_onto_its_rank_and_the_piles_close_up() -> None:
    state = GAME.new(1, 0, deck=stacked_sorted(["7S", "2H", "7D", "KC"], KEY))
    assert "put 3 1" in GAME.legal_actions(state, 0)
    after = GAME.apply(state, 0, "put 3 1")
    assert piles(after) == [("7S", "7D"), ("2H",), ("KC",), ()]
    dealt = GAME.apply(after, 0, "deal")
    assert [len(p) for p in piles(dealt)] == [3, 2, 2, 1]


def test_right_to_left_only_and_the_same_rank_only() -> None:
    state = GAME.new(1, 0, deck=stacked_sorted(["7S", "2H", "7D", "KC"], KEY))
    before = GAME.dump(state)
    with pytest.raises(IllegalAction, match="right to left"):
        GAME.apply(state, 0, "put 1 3")
    with pytest.raises(IllegalAction, match="may go only on a 2"):
        GAME.apply(state, 0, "put 2 1")
    with pytest.raises(IllegalAction, match="same number"):
        GAME.apply(state, 0, "throw")
    assert GAME.dump(state) == before


def test_the_redeal_picks_up_the_piles_in_order() -> None:
    state = GAME.new(1, 0)
    while "deal" in GAME.legal_actions(state, 0):
        state = GAME.apply(state, 0, "deal")
    gathered = [c for p in piles(state) for c in p]
    again = GAME.apply(state, 0, "redeal")
    assert [p[0] for p in piles(again)] == gathered[:4]
    assert GAME.apply(again, 0, "undo").layout == state.layout
    assert GAME.apply(GAME.apply(again, 0, "undo"), 0, "redo").layout == again.layout
    limited = GAME.new(1, 0, {"gamblers_redeals": 0})
    while "deal" in GAME.legal_actions(limited, 0):
        limited = GAME.apply(limited, 0, "deal")
    with pytest.raises(IllegalAction, match="used all the redeals"):
        GAME.apply(limited, 0, "redeal")


def test_a_stacked_deal_is_won() -> None:
    state = GAME.new(1, 0, deck=SORTED)
    for action in ["throw", "deal"] * 12 + ["throw"]:
        state = GAME.apply(state, 0, action)
    assert state.end == "won"
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == (0,)
