"""Double Jump (games/double_jump.py): jumps over two onto suit or rank, the short jumps
at the end, the grading by piles left, and a won deal."""

from __future__ import annotations

from typing import cast

import pytest

from bot.games.errors import IllegalAction
from bot.games.patience.game import PatienceState
from bot.games.patience.games.double_jump import DoubleJump
from tests.games.patience.helpers import patience, stacked_sorted

KEY = "double-jump"
GAME = patience(KEY)
SPEC = cast(DoubleJump, GAME.spec)
WIN = (
    "deal, deal, deal, deal, deal, deal, deal, deal, jump 9 12, deal, deal, jump 10 13, "
    "jump 9 12, deal, deal, deal, deal, deal, deal, jump 14 17, deal, jump 14 17, deal, "
    "deal, jump 15 18, deal, deal, deal, jump 17 20, jump 15 18, jump 12 15, jump 10 13, "
    "jump 8 11, jump 5 8, jump 2 5, jump 4 7, jump 4 7, jump 1 4, jump 5 8, jump 4 7, jump "
    "1 4, jump 1 4, jump 2 5, deal, deal, deal, deal, jump 6 9, jump 4 7, jump 1 4, jump 1 "
    "4, deal, deal, deal, jump 5 8, jump 2 5, deal, jump 4 7, jump 1 4, jump 1 4, deal, "
    "deal, jump 3 6, jump 1 4, deal, deal, deal, jump 4 7, deal, jump 4 7, jump 1 4, jump 2"
    " 5, deal, jump 2 5, deal, deal, deal, jump 4 7, deal, deal, jump 5 8, jump 3 6, jump 3"
    " 6, deal, jump 3 6, deal, deal, deal, deal, deal, jump 7 10, jump 5 8, jump 2 5, jump "
    "3 6, jump 1 4, jump 2 5"
)


def row(state: PatienceState) -> list[tuple[str, ...]]:
    """The piles of the row, left to right."""
    return SPEC.line(state.layout)


def test_a_pile_jumps_over_two_onto_its_suit() -> None:
    state = GAME.new(1, 0, deck=stacked_sorted(["3S", "9H", "KD", "QS"], KEY))
    assert "jump 1 4" in GAME.legal_actions(state, 0)
    after = GAME.apply(state, 0, "jump 1 4")
    assert row(after) == [("9H",), ("KD",), ("QS", "3S")]


def test_a_jump_over_one_or_onto_an_unlike_card_is_refused() -> None:
    state = GAME.new(1, 0, deck=stacked_sorted(["3S", "9H", "3D", "QC"], KEY))
    before = GAME.dump(state)
    with pytest.raises(IllegalAction, match="exactly two"):
        GAME.apply(state, 0, "jump 1 3")
    with pytest.raises(IllegalAction, match="neither suit nor rank"):
        GAME.apply(state, 0, "jump 1 4")
    assert GAME.dump(state) == before


def test_the_result_is_graded_by_piles_left() -> None:
    state = GAME.new(1, 5)
    for action in WIN.split(", "):
        state = GAME.apply(state, 0, action)
    piles = len(row(state))
    assert piles <= 4
    outcome = GAME.outcome(state)
    assert outcome is not None
    grade = {1: "brilliant", 2: "excellent", 3: "excellent", 4: "good"}[piles]
    assert grade in outcome.summary
    assert outcome.points == (52 - piles,)


def test_short_jumps_only_once_the_pack_is_out() -> None:
    state = GAME.new(1, 5)
    moves = WIN.split(", ")
    for action in moves[:-1]:
        state = GAME.apply(state, 0, action)
    assert len(row(state)) <= 3 or not SPEC.stock(state.layout)
    assert moves[-1] in GAME.legal_actions(state, 0)


def test_a_known_deal_is_won() -> None:
    state = GAME.new(1, 5)
    for action in WIN.split(", "):
        state = GAME.apply(state, 0, action)
    assert state.end == "won"
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == (0,)
