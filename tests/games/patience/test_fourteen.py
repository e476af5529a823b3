"""Fourteen (games/fourteen.py): removals in a row or column, refill in laying order, the
swap, the gathering when the pack is out, and a won deal."""

from __future__ import annotations

import pytest

from bot.games.errors import IllegalAction
from bot.games.patience.game import PatienceState
from tests.games.patience.helpers import patience, stacked_sorted

KEY = "fourteen"
GAME = patience(KEY)
SPEC = GAME.spec
LOW = [r + s for r in ("2", "3", "4", "5", "6") for s in "SHDC"] + ["2S", "2H", "2D", "2C", "3S"]
"""25 low cards of which no two make fourteen (two packs hold two of each)."""
WIN = (
    "remove a1 c1, remove c1 c4, remove c1 c3, remove a1 c1, remove a1 a3, remove a1 a5, "
    "remove a5 d5, remove a5 b5, remove a1 a5, remove a1 a5, remove a3 a5, remove a3 a4, "
    "remove a1 a4, remove a1 a3, remove a2 a3, remove a2 e2, remove a4 c4, remove a4 e4, "
    "remove a3 a4, remove b5 c5, remove b1 b5, remove c5 e5, remove c1 c5, remove c1 c2, "
    "remove c1 d1, remove c1 d1, remove b1 d1, remove b1 b3, remove b1 d1, remove b2 b3, "
    "remove a2 b2, remove a2 a5, remove a2 a3, remove a2 a5, remove a1 a2, remove a2 a4, "
    "remove a2 c2, remove a1 a2, remove a3 d3, remove a3 b3, remove a2 a3, remove a4 c4, "
    "remove b2 d2, remove c1 c2, remove d1 d3, remove e3 e5, redeal, remove a1 b1, redeal, "
    "remove a1 b1, remove a2 a5, remove a3 a4, remove b2 b5, remove b3 b4"
)


def top(state: PatienceState, pid: str) -> str:
    """The card at a place."""
    return state.layout.piles[SPEC.index[pid]][-1]


def test_a_pair_in_a_column_is_thrown_out_and_refilled_in_laying_order() -> None:
    deck = stacked_sorted(["KS", *LOW[1:10], "AH", *LOW[11:25], "9C", "8C"], KEY)
    state = GAME.new(1, 0, deck=deck)
    assert "remove a1 c1" in GAME.legal_actions(state, 0)
    after = GAME.apply(state, 0, "remove c1 a1")
    assert (top(after, "a1"), top(after, "c1")) == ("9C", "8C")
    assert after.layout.piles[SPEC.index["x"]] == ("KS", "AH")


def test_a_pair_not_in_one_line_or_not_fourteen_is_refused() -> None:
    deck = stacked_sorted(["KS", *LOW[1:6], "AH", *LOW[7:25]], KEY)
    state = GAME.new(1, 0, deck=deck)
    before = GAME.dump(state)
    with pytest.raises(IllegalAction, match="same row or the same column"):
        GAME.apply(state, 0, "remove a1 b2")
    with pytest.raises(IllegalAction, match="not fourteen"):
        GAME.apply(state, 0, "remove a1 a2")
    assert GAME.dump(state) == before


def test_the_swap_comes_once_when_nothing_can_go() -> None:
    state = GAME.new(1, 0, deck=stacked_sorted(LOW[:25], KEY))
    legal = GAME.legal_actions(state, 0)
    assert "swap a1 e5" in legal
    assert not [a for a in legal if a.startswith("remove")]
    after = GAME.apply(state, 0, "swap a1 b2")
    assert (top(after, "a1"), top(after, "b2")) == (top(state, "b2"), top(state, "a1"))
    assert not [a for a in GAME.legal_actions(after, 0) if a.startswith("swap")]
    with pytest.raises(IllegalAction, match="already used the swap"):
        GAME.apply(after, 0, "swap a1 b2")


def test_the_gathering_reshuffles_exactly_across_undo_and_redo() -> None:
    state = GAME.new(1, 0)
    moves = WIN.split(", ")
    for action in moves[: moves.index("redeal")]:
        state = GAME.apply(state, 0, action)
    gathered = GAME.apply(state, 0, "redeal")
    assert gathered.layout.shuffles == state.layout.shuffles + 1
    undone = GAME.apply(gathered, 0, "undo")
    assert undone.layout == state.layout
    assert GAME.apply(undone, 0, "redo").layout == gathered.layout
    unshuffled = GAME.new(1, 0, {"fourteen_shuffle": False})
    for action in moves[: moves.index("redeal")]:
        unshuffled = GAME.apply(unshuffled, 0, action)
    in_order = GAME.apply(unshuffled, 0, "redeal")
    assert in_order.layout.shuffles == 0


def test_a_known_deal_is_won() -> None:
    state = GAME.new(1, 0)
    for action in WIN.split(", "):
        state = GAME.apply(state, 0, action)
    assert state.end == "won"
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == (0,)
