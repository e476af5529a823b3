"""Salique Law (Cheney p. 44): the deal to kings, queens and aces, bare kings, the last
draw, a won game."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.errors import IllegalAction
from bot.games.patience.engine import Ctx, lay
from tests.games.patience.helpers import Kit, actions

KIT = Kit("salique-law")
GAME: Any = KIT.game
SPEC = GAME.spec
CTX = Ctx(0, GAME.options({}))


WIN = actions(
    "deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,"
    "deal,deal,deal,deal,deal,move t2 f1,move t1 f1,deal,move t2 f2,move t2 f2,deal,deal,"
    "move t2 f1,deal,deal,deal,move t2 f2,deal,deal,deal,move t2 f1,deal,move t2 f1,"
    "move t1 f1,move t1 f2,deal,move t2 f3,move t2 f3,deal,move t2 f2,deal,move t2 f4,"
    "deal,deal,deal,deal,move t2 f4,deal,deal,deal,deal,deal,deal,deal,deal,move t4 f3,"
    "move t2 f3,deal,deal,deal,deal,move t4 f2,deal,move t4 f4,deal,move t4 f1,"
    "move t4 f1,move t2 f1,move t1 f1,deal,move t4 f2,deal,deal,deal,deal,deal,deal,"
    "move t5 f4,deal,move t5 f3,deal,move t5 f4,deal,deal,move t4 f5,deal,deal,deal,deal,"
    "deal,deal,move t5 f2,move t3 f2,move t1 f2,deal,deal,deal,move t5 f6,deal,"
    "move t5 f3,deal,deal,deal,move t5 f3,deal,deal,move t5 f3,deal,deal,deal,deal,"
    "move t7 f3,move t2 f3,deal,deal,deal,move t7 f4,move t5 f4,deal,deal,deal,"
    "move t7 f5,move t5 f5,move t1 f5,move t5 f5,deal,move t7 f5,move t1 f5,deal,"
    "move t7 f7,deal,deal,deal,move t7 f4,move t1 f4,move t2 f4,deal,move t7 f5,deal,"
    "deal,deal,move t8 f6,deal,deal,deal,move t8 f6,move t7 f6,move t5 f6,move t7 f6,"
    "move t1 f6,move t7 f5,move t2 f5,move t2 f8,move t2 f6,move t7 f6,move t4 f6,"
    "move t4 f7,move t5 f7,move t1 f7,deal,deal,deal,move t2 t3,move t2 f8,move t5 f8,"
    "move t5 f7,move t8 f7,move t2 f7,move t3 f7,move t1 f7,move t5 f7,move t5 f8,"
    "move t7 t1,move t7 f8,draw t8 3 f8,move t1 f8,move t8 t1,move t8 f8,move t1 f8,"
    "move t5 f8"
)


def deal_front() -> Any:
    state = GAME.new(1, 6, deck=KIT.stacked(["KS", "AH", "2C", "QD", "KD", "5S"]))
    for _ in range(5):
        state = GAME.apply(state, 0, "deal")
    return state


def test_each_card_goes_to_its_row_and_the_newest_king_takes_the_rest() -> None:
    state = GAME.new(1, 6, deck=KIT.stacked(["KS", "AH", "2C", "QD", "KD", "5S"]))
    assert KIT.pile(state, "t1") == ("KS",)
    state = GAME.apply(state, 0, "deal")
    assert KIT.pile(state, "f1") == ("AH",)
    state = GAME.apply(state, 0, "deal")
    assert KIT.pile(state, "t1") == ("KS", "2C")
    assert "move t1 f1" in GAME.legal_actions(state, 0)
    state = deal_front()
    assert KIT.pile(state, "q1") == ("QD",)
    assert KIT.pile(state, "t2") == ("KD", "5S")
    state = GAME.apply(state, 0, "move t1 f1")
    assert KIT.pile(state, "f1") == ("AH", "2C")


def test_nothing_is_built_on_a_king_while_the_pack_lasts() -> None:
    state = deal_front()
    with pytest.raises(IllegalAction, match="bare king"):
        GAME.apply(state, 0, "move t2 t1")
    with pytest.raises(IllegalAction, match="one higher"):
        GAME.apply(state, 0, "move t2 f1")
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "draw t2 2 f1")
    assert KIT.pile(state, "t2") == ("KD", "5S")


def test_bare_kings_take_top_cards_and_one_card_is_drawn_at_the_end() -> None:
    piles = {"t1": ["KS"], "t2": ["KD", "9C", "5S", "8H"], "f1": ["AH", "2C", "3D", "4S"]}
    layout = lay(SPEC.empty(), SPEC, piles)
    moves = SPEC.moves(layout, CTX)
    assert "move t2 t1" in moves
    assert "draw t2 2 f1" in moves
    assert "move t1 t2" not in moves
    after = SPEC.apply(layout, "move t2 t1", CTX)
    assert after.piles[SPEC.index["t1"]] == ("KS", "8H")
    with pytest.raises(IllegalAction, match="bare king"):
        SPEC.apply(after, "move t2 t1", CTX)
    drawn = SPEC.apply(layout, "draw t2 2 f1", CTX)
    assert drawn.piles[SPEC.index["f1"]][-1] == "5S"
    assert drawn.piles[SPEC.index["t2"]] == ("KD", "9C", "8H")
    with pytest.raises(IllegalAction, match="used your draw"):
        SPEC.apply(drawn, "draw t2 2 f1", CTX)


def test_a_known_deal_is_won() -> None:
    state = GAME.new(1, 1)
    for action in WIN:
        state = GAME.apply(state, 0, action)
    assert state.end == "won"
    assert GAME.outcome(state).winners == (0,)
