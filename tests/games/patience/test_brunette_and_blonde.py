"""Brunette and Blonde (Cheney p. 90): eight aces built up and a row of eight built down,
both in alternating colours; spaces from the waste or the pack; the waste turned twice."""

from __future__ import annotations

import pytest

from bot.games import registry
from bot.games.errors import IllegalAction
from bot.games.patience.engine import Ctx
from bot.games.patience.game import PatienceGame, PatienceState, pile_top

_FOUND = registry.get("brunette-and-blonde")
assert isinstance(_FOUND, PatienceGame)
GAME: PatienceGame = _FOUND
SPEC = GAME.spec
ROW = ["9S", "AH", "10D", "5C", "KH", "QS", "3D", "7C"]
PACK_TOP = ["8H", "8S", "2S", "2H"]
WIN_SEED = 29
WIN_MOVES = (
    "move t6 f1;deal;move w t6;deal;deal;deal;deal;deal;move w f2;move t6 f2;move w t6;"
    "move w f2;deal;deal;deal;deal;deal;move w f2;deal;deal;deal;deal;move w f2;move t4 f2;"
    "move w t4;deal;move w t5;deal;deal;deal;move w t4;deal;move w t2;deal;deal;deal;"
    "move w t2;deal;deal;move w f1;move t2 f1;move t2 f1;move t2 f1;move w f1;move w t2;"
    "deal;move w f3;move t2 f3;move w t2;deal;move w f4;deal;move w t1;deal;move w t8;deal;"
    "move w f1;move t8 f1;move t8 f1;move w t8;deal;move w f5;deal;deal;deal;move w f1;"
    "move t6 f1;move w t6;move w f1;deal;move w t2;deal;move w f3;deal;move w f5;deal;deal;"
    "move w f3;move t4 f3;move t4 f3;move w t4;deal;move w f1;deal;deal;deal;move w t5;"
    "deal;move w f2;move t1 f2;move t1 f2;move t5 f2;move t5 f2;move t5 f2;move w t1;"
    "move w t5;deal;deal;deal;move w f5;deal;deal;deal;move w t5;deal;deal;move w f3;"
    "move t4 f3;move w t4;move w f3;deal;move w f6;deal;move w t3;deal;deal;move w t7;deal;"
    "deal;move w f5;move t7 f5;move t7 f5;move w t7;deal;deal;deal;deal;move w t1;deal;"
    "deal;deal;move w t7;deal;deal;deal;move w f2;deal;move w t2;deal;move w f4;move t3 f4;"
    "move t2 f4;move t2 f4;move t2 f4;move t6 f4;move w t2;move w t6;move w f4;move w t3;"
    "deal;deal;move w f4;deal;move w f4;move t1 f4;move t1 f4;move w t1;deal;move w t1;"
    "deal;deal;deal;move w f6;move t3 f6;move t3 f6;move t1 f6;move t1 f6;move w t1;"
    "move w t3;deal;deal;deal;deal;deal;deal;move w f3;move t5 f3;move t4 f3;move w t4;"
    "move w f3;deal;move w t6;deal;move w f7;move w f7;deal;move w f4;deal;deal;move w t7;"
    "deal;move w f6;deal;move w t5;deal;move w t5;deal;move w f7;move t4 f7;move w t4;deal;"
    "move w f5;move t2 f5;move w t2;move w t7;deal;move w t2;deal;move w f8;move w f8;"
    "move w f8;move w t4;move w f6;move t1 f6;move t7 f6;move t2 f6;move t2 f6;move w t1;"
    "move w t2;deal;move w f7;move t3 f7;move w t3;move w f5;move t5 f5;move t5 f5;"
    "move t4 f5;move t4 f5;move w f8;move t6 f8;move t6 f8;move w t2;move w t4;move w f7;"
    "move t1 f7;move t2 f7;move t2 f7;move t7 f7;move t7 f7;move t7 f6;move w f7;move w t1;"
    "move w f8;move t3 f8;move t1 f8;move w f8;move t8 f8;move t5 f8;move t4 f8"
)
WIN = WIN_MOVES.split(";")
"""A deal the greedy hint player wins, and its moves."""


def stacked() -> PatienceState:
    """The row above, then 8H, 8S, 2S, 2H from the pack, the rest of both packs in order."""
    rest = list(SPEC.pack())
    for card in ROW + PACK_TOP:
        rest.remove(card)
    return GAME.new(1, 11, deck=ROW + PACK_TOP + rest)


def test_a_red_eight_on_a_black_nine() -> None:
    state = GAME.apply(stacked(), 0, "deal")
    assert pile_top(state.layout, SPEC, "w") == "8H"
    assert "move w t1" in GAME.legal_actions(state, 0)
    after = GAME.apply(state, 0, "move w t1")
    assert after.layout.piles[SPEC.index["t1"]] == ("9S", "8H")


def test_refusals_change_nothing() -> None:
    state = GAME.apply(GAME.apply(stacked(), 0, "deal"), 0, "deal")  # 8S on top of the waste
    with pytest.raises(IllegalAction, match="other colour"):
        GAME.apply(state, 0, "move w t1")  # a black eight on a black nine
    with pytest.raises(IllegalAction, match="only from the waste"):
        GAME.apply(state, 0, "move t6 t5")  # the row takes cards only from the waste
    assert state == GAME.apply(GAME.apply(stacked(), 0, "deal"), 0, "deal")


def test_the_families_alternate_colours_too() -> None:
    state = GAME.apply(stacked(), 0, "move t2 f1")  # the ace of hearts goes up
    for _ in range(4):
        state = GAME.apply(state, 0, "deal")  # 8H, 8S, 2S, 2H: 2H on top
    with pytest.raises(IllegalAction, match="other colour"):
        GAME.apply(state, 0, "move w f1")  # a red deuce on a red ace
    state = GAME.apply(state, 0, "move w t2")  # 2H fills the space left by the ace
    assert pile_top(state.layout, SPEC, "w") == "2S"
    state = GAME.apply(state, 0, "move w f1")  # a black deuce on the red ace
    assert SPEC.zone_of[SPEC.index["f1"]].build is not None
    assert state.layout.piles[SPEC.index["f1"]] == ("AH", "2S")


def test_the_waste_is_turned_twice_without_shuffling() -> None:
    ctx = Ctx(0, GAME.options({}))
    lay = SPEC.empty().put({SPEC.index["w"]: ("4C", "9D", "JS")}, {})
    for turn in (1, 2):
        assert "redeal" in SPEC.moves(lay, ctx)
        lay = SPEC.apply(lay, "redeal", ctx)
        assert lay.passes == turn and lay.shuffles == 0
        for _ in range(3):
            lay = SPEC.apply(lay, "deal", ctx)
        assert sorted(lay.piles[SPEC.index["w"]]) == ["4C", "9D", "JS"]
    with pytest.raises(IllegalAction, match="all 2 redeals"):
        SPEC.apply(lay, "redeal", ctx)


def test_a_won_deal() -> None:
    state = GAME.new(1, WIN_SEED)
    for action in WIN:
        state = GAME.apply(state, 0, action)
    assert state.end == "won"
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,)
