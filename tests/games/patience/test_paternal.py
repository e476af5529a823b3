"""Paternal (Cheney p. 27): fans of three, marriages in suit up or down, two reshuffling
relays, one draw, and the book's two modifications."""

from __future__ import annotations

import pytest

from bot.games import registry
from bot.games.errors import IllegalAction
from bot.games.patience.game import PatienceGame, PatienceState, pile_top

_FOUND = registry.get("paternal")
assert isinstance(_FOUND, PatienceGame)
GAME: PatienceGame = _FOUND
SPEC = GAME.spec
FANS = ["5H", "2S", "3S", "9C", "4S", "3H", "KD", "QD", "KC", "2H", "8C", "2D"]
FANS += ["6C", "JS", "10C", "7C", "8D", "JC"]
"""t1 5H 2S 3S, t2 9C 4S 3H, t3 KD QD KC, t4 2H 8C 2D, t5 6C JS 10C, t6 7C 8D JC (the
last card of each three on top); the aces (first in pack order) go to f1 AS .. f4 AC."""
WIN_SEED = 26
WIN_MOVES = (
    "move t7 f3;move t11 t6;move t11 f1;move t10 t4;move t10 t14;move t5 t10;move t5 f3;"
    "move t13 t15;move t16 t15;move t8 t9;move t11 t8;redeal;move t12 f4;move t14 t9;"
    "move t14 f1;move t13 f1;move t6 f1;move t1 t6;move t1 f3;move t5 f3;move t11 f3;"
    "move t3 t10;move t3 f1;move t3 f1;move t4 t15;move t4 f1;move t1 t2;move t14 t4;"
    "redeal;move t3 f1;move t5 f3;move t10 f3;move t8 f1;move t12 t8;move t12 f1;"
    "move t3 t1;move t3 f4;move t9 f4;move t7 f4;move t10 f4;move t4 t11;move t4 f3;"
    "move t10 f3;move t2 f3;move t2 t5;move t2 f3;move t7 f3;move t9 t11;move t9 f2;"
    "move t1 f2;move t1 f2;move t6 f2;move t6 t11;move t6 f1;move t1 t7;move t1 f1;"
    "move t8 t11;move t8 f4;move t11 f4;move t11 f4;move t11 f4;move t11 f4;move t11 f4;"
    "move t4 f4;move t8 f2;move t11 f2;move t5 f2;move t5 f2;move t7 t5;move t7 f2;"
    "move t5 f2;move t5 f2;move t11 f2"
)
WIN = WIN_MOVES.split(";")
"""A deal the greedy hint player wins, and its moves."""


def stacked(way: str = "standard") -> PatienceState:
    """The fans above, the rest of the pack in order."""
    rest = [c for c in SPEC.pack() if c not in FANS]
    return GAME.new(1, 7, {"paternal_way": way}, deck=FANS + rest)


def test_the_aces_are_laid_out_and_the_top_card_goes_home() -> None:
    state = stacked()
    assert [pile_top(state.layout, SPEC, f) for f in ("f1", "f2", "f3", "f4")] == [
        "AS",
        "AH",
        "AD",
        "AC",
    ]
    assert "move t4 f3" in GAME.legal_actions(state, 0)
    after = GAME.apply(state, 0, "move t4 f3")
    assert pile_top(after.layout, SPEC, "f3") == "2D"
    assert pile_top(after.layout, SPEC, "t4") == "8C"


def test_marriages_go_up_or_down_in_suit() -> None:
    state = stacked()
    actions = GAME.legal_actions(state, 0)
    assert "move t5 t6" in actions  # 10C on JC
    assert "move t6 t5" in actions  # JC on 10C
    with pytest.raises(IllegalAction, match="one higher or one lower, in suit"):
        GAME.apply(state, 0, "move t1 t2")  # 3S on 3H
    assert GAME.apply(state, 0, "move t5 t6").layout != state.layout


def test_a_refused_move_changes_nothing() -> None:
    state = stacked()
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "move t2 f1")  # 3H on the ace of spades
    assert GAME.legal_actions(state, 0) == GAME.legal_actions(stacked(), 0)
    assert state == stacked()


def test_one_draw_of_a_covered_card() -> None:
    state = stacked()
    assert "draw t1 2 f1" in GAME.legal_actions(state, 0)
    after = GAME.apply(state, 0, "draw t1 2 f1")
    assert pile_top(after.layout, SPEC, "f1") == "2S"
    assert after.layout.piles[SPEC.index["t1"]] == ("5H", "3S")
    assert not any(a.startswith("draw") for a in GAME.legal_actions(after, 0))
    with pytest.raises(IllegalAction, match="already drawn"):
        GAME.apply(after, 0, "draw t2 2 f1")


def test_the_down_way_marries_only_lower_on_higher() -> None:
    state = stacked("down")
    assert "move t5 t6" in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="one higher of its suit"):
        GAME.apply(state, 0, "move t6 t5")


def test_the_kings_way_lays_a_top_king_out_instead_of_relays_and_draws() -> None:
    plain = stacked()
    with pytest.raises(IllegalAction, match="kings' way"):
        GAME.apply(plain, 0, "move t3 k1")
    state = stacked("kings")
    actions = GAME.legal_actions(state, 0)
    assert "move t3 k1" in actions
    assert "redeal" not in actions and not any(a.startswith("draw") for a in actions)
    after = GAME.apply(state, 0, "move t3 k1")
    assert pile_top(after.layout, SPEC, "k1") == "KC"
    with pytest.raises(IllegalAction, match="Only a king"):
        GAME.apply(after, 0, "move t3 k2")  # the queen of diamonds


def test_the_relay_reshuffles_and_undo_redo_are_exact() -> None:
    state = GAME.apply(stacked(), 0, "move t4 f3")
    after = GAME.apply(state, 0, "redeal")
    assert after.layout.passes == 1 and after.layout.shuffles == 1
    fans = [SPEC.index[f"t{k}"] for k in range(1, 17)]
    assert sorted(c for i in fans for c in after.layout.piles[i]) == sorted(
        c for i in fans for c in state.layout.piles[i]
    )
    assert [len(after.layout.piles[SPEC.index[f"t{k}"]]) for k in range(1, 17)] == [3] * 15 + [2]
    undone = GAME.apply(after, 0, "undo")
    assert undone.layout == state.layout
    redone = GAME.apply(undone, 0, "redo")
    assert redone.layout == after.layout
    third = GAME.apply(redone, 0, "redeal")
    with pytest.raises(IllegalAction, match="all 2 redeals"):
        GAME.apply(third, 0, "redeal")


def test_a_won_deal() -> None:
    state = GAME.new(1, WIN_SEED)
    for action in WIN:
        state = GAME.apply(state, 0, action)
    assert state.end == "won"
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,)
