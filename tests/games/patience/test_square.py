"""The Square (Cheney p. 92): twelve cards round three sides of a square built down in
suit, eight aces up in suit, spaces from the waste or the pack, no redeal."""

from __future__ import annotations

import pytest

from bot.games import registry
from bot.games.errors import IllegalAction
from bot.games.patience.game import PatienceGame, PatienceState, pile_top

_FOUND = registry.get("square")
assert isinstance(_FOUND, PatienceGame)
GAME: PatienceGame = _FOUND
SPEC = GAME.spec
SIDES = ["9S", "8S", "8H", "AD", "KC", "QH", "5D", "6D", "2C", "JS", "10H", "4C"]
PACK_TOP = ["7S", "3C"]
WIN_SEED = 263
WIN_MOVES = (
    "move t5 f1;move t1 t3;move t2 t10;move t7 t11;deal;move w t1;deal;move w f2;"
    "move t6 f2;deal;move w t10;deal;move w t2;deal;move w f3;deal;move w t5;deal;"
    "move w t6;deal;move w t7;deal;move w f2;deal;move w t7;deal;deal;move w f4;deal;deal;"
    "move w f2;deal;deal;deal;move w t1;move t2 t1;move w t2;move t9 t2;move w t9;deal;"
    "move w t11;deal;move w t10;deal;move w f5;deal;move w t6;deal;deal;deal;move w t7;"
    "deal;move w t3;move t12 t3;move w t12;deal;move w f1;deal;move w f2;deal;deal;"
    "move w f3;move t10 f3;move t10 f3;move t10 f3;move t10 f3;move t12 f3;move w t10;"
    "move w t12;deal;deal;move w f1;move t12 f1;move w t12;deal;move w f1;move t9 f1;"
    "move w t9;deal;move w f6;move t11 f6;move t10 f6;move w t10;deal;deal;move w f3;"
    "move t3 f3;move t3 f3;move t3 f3;move t10 f3;move w t10;deal;deal;deal;deal;move w t7;"
    "deal;deal;deal;move w f1;deal;deal;deal;deal;move w f7;deal;move w f1;deal;deal;deal;"
    "deal;deal;deal;deal;deal;move w t9;deal;move w t4;deal;move w t2;deal;move w f3;deal;"
    "deal;move w t8;deal;deal;move w f5;deal;deal;move w t4;deal;move w f6;deal;deal;"
    "move w t4;deal;deal;move w f8;deal;move w t3;deal;move w f4;move t6 f4;move t6 f4;"
    "move w t6;deal;move w f7;move t11 f7;move t11 f7;move w t11;deal;move w f6;move t1 f6;"
    "move t1 f6;move t1 f6;move w t1;deal;move w f6;move t4 f6;move t4 f6;move t4 f6;"
    "move t4 f6;move w t4;deal;move w t12;deal;deal;move w t1;deal;move w t10;deal;"
    "move w f7;deal;move w t5;deal;move w t10;deal;deal;deal;move w f4;move t4 f4;"
    "move w t4;deal;move w f2;move t11 f2;move w t11;move w f2;move w t11;move t6 t11;"
    "move w t6;move w f5;move w f2;move t1 f2;move t1 f2;move w f2;move w t1;move t1 t9;"
    "move w t1;move w f7;move w f8;move t12 f8;move t12 f8;move t1 f8;move t11 f8;"
    "move t11 f8;move t11 f8;move w t1;move t4 t1;move w t11;move w f2;move w f1;"
    "move t8 f1;move t10 f1;move t1 f1;move t1 f1;move w f4;move t11 f4;move t6 f4;"
    "move w f8;move t8 t10;move w t1;deal;move w f5;deal;move w f4;move t3 f4;move t3 f4;"
    "deal;move w t11;move t11 t2;deal;move w f8;move t10 f8;move t10 f8;move t10 f8;deal;"
    "move w f7;move t7 f7;move t7 f7;move t7 f7;move t7 f7;move t5 f7;move t5 f7;deal;"
    "move w f4;deal;move w f5;move t2 f5;move t2 f5;move t2 f5;move t2 f5;move t9 f5;"
    "move t9 f5;move t9 f5;move t1 f5"
)
WIN = WIN_MOVES.split(";")
"""A deal the greedy hint player wins, and its moves."""


def stacked() -> PatienceState:
    """The square above, then 7S and 3C from the pack, the rest of both packs in order."""
    rest = list(SPEC.pack())
    for card in SIDES + PACK_TOP:
        rest.remove(card)
    return GAME.new(1, 2, deck=SIDES + PACK_TOP + rest)


def test_a_card_of_the_square_goes_down_on_another_in_suit() -> None:
    state = stacked()
    actions = GAME.legal_actions(state, 0)
    assert {"move t2 t1", "move t4 f1", "move t7 t8"} <= set(actions)
    after = GAME.apply(state, 0, "move t2 t1")
    assert after.layout.piles[SPEC.index["t1"]] == ("9S", "8S")


def test_refusals_change_nothing() -> None:
    state = stacked()
    with pytest.raises(IllegalAction, match="one lower, in suit"):
        GAME.apply(state, 0, "move t3 t1")  # 8H on 9S
    with pytest.raises(IllegalAction, match="no redeal"):
        GAME.apply(state, 0, "redeal")
    assert state == stacked()


def test_a_space_is_filled_from_the_waste_or_the_pack_only() -> None:
    state = GAME.apply(stacked(), 0, "move t2 t1")
    with pytest.raises(IllegalAction, match="filled only from the waste"):
        GAME.apply(state, 0, "move t3 t2")
    state = GAME.apply(state, 0, "deal")  # 7S
    assert "move w t1" in GAME.legal_actions(state, 0)  # 7S on 8S, or into the space
    state = GAME.apply(state, 0, "move w t2")
    assert pile_top(state.layout, SPEC, "t2") == "7S"


def test_a_won_deal() -> None:
    state = GAME.new(1, WIN_SEED)
    for action in WIN:
        state = GAME.apply(state, 0, action)
    assert state.end == "won"
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,)
