"""Number Eleven (games/number_eleven.py): pairs counting eleven anywhere, king-queen-knave
in one row or one suit, refill from the pack, the two-pack game, and a won deal."""

from __future__ import annotations

import pytest

from bot.games.errors import IllegalAction
from tests.games.patience.helpers import patience, stacked_sorted

KEY = "number-eleven"
GAME = patience(KEY)
SPEC = GAME.spec
WIN = (
    "remove a6 b3, remove a2 b3, remove a2 b1, remove a4 b1 b3, remove a1 a2, remove a1 b2,"
    " remove a3 b2 b3, remove a1 b2, remove a2 b1, remove a4 b2, remove a3 b2, remove b2 "
    "b3, remove a2 b3, remove b3 b4 b5, remove a2 b3, remove a2 a4, remove a2 a3, remove a2"
    " a3, remove a2 a3, remove a1 a2 a4, remove a3 a6, remove a5 b5, remove b1 b4, remove "
    "b2 b3"
)
LOW = ["2S", "3S", "4S", "2H", "3H", "4H", "2D", "3D", "4D", "2C", "3C"]
"""Eleven cards of which no two count eleven."""


def test_a_pair_anywhere_is_thrown_out_and_refilled() -> None:
    deck = stacked_sorted(["AS", *LOW[1:9], "10H", LOW[9], "9C"], KEY)
    state = GAME.new(1, 0, deck=deck)
    assert "remove a1 b4" in GAME.legal_actions(state, 0)
    after = GAME.apply(state, 0, "remove b4 a1")
    assert after.layout.piles[SPEC.index["a1"]] == ("9C",)
    assert after.layout.piles[SPEC.index["x"]] == ("AS", "10H")


def test_courts_in_two_rows_and_suits_are_refused() -> None:
    deck = stacked_sorted(["KS", "QH", *LOW[2:6], "JD", *LOW[6:10]], KEY)
    state = GAME.new(1, 0, deck=deck)
    before = GAME.dump(state)
    with pytest.raises(IllegalAction, match="one row or be all of one suit"):
        GAME.apply(state, 0, "remove a1 a2 b1")
    with pytest.raises(IllegalAction, match="not eleven"):
        GAME.apply(state, 0, "remove a3 a4")
    assert GAME.dump(state) == before


def test_king_queen_knave_go_together_in_one_row_or_one_suit() -> None:
    row = stacked_sorted(["KS", "QH", "JD", *LOW[:8]], KEY)
    assert "remove a1 a2 a3" in GAME.legal_actions(GAME.new(1, 0, deck=row), 0)
    suited = stacked_sorted(["KS", "QS", *LOW[:4], "JS", *LOW[4:8]], KEY)
    assert "remove a1 a2 b1" in GAME.legal_actions(GAME.new(1, 0, deck=suited), 0)


def test_the_two_pack_game_uses_both_packs() -> None:
    key = "number-eleven-two-packs"
    double = patience(key)
    state = double.new(1, 0, deck=stacked_sorted(["AS", "AS", *LOW[2:10], "10H"], key))
    assert len(double.cards(state)) == 104
    legal = double.legal_actions(state, 0)
    assert {"remove a1 b5", "remove a2 b5"} <= set(legal)


def test_a_known_deal_is_won() -> None:
    state = GAME.new(1, 3)
    for action in WIN.split(", "):
        state = GAME.apply(state, 0, action)
    assert state.end == "won"
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == (0,)
