"""The Old Stager (Cheney p. 102): thirteen lapped columns of three, the king shift in the
deal, eight aces up in suit, marriages down in suit, spaces from the waste only, and the
last privilege of laying off three cards from the bottom of the waste."""

from __future__ import annotations

import pytest

from bot.games import registry
from bot.games.errors import IllegalAction
from bot.games.patience.engine import Ctx
from bot.games.patience.game import PatienceGame, PatienceState, pile_top

_FOUND = registry.get("old-stager")
assert isinstance(_FOUND, PatienceGame)
GAME: PatienceGame = _FOUND
SPEC = GAME.spec
PLACES = {0: "5S", 1: "9D", 13: "KS", 14: "QC", 26: "AS", 27: "7H", 28: "8H", 39: "6H"}
"""Places in the deck (top first), dealt by rows of thirteen: KS (13) lands on 5S (0) and
moves on, and QC (14) takes its place; 39 is the pack's first card."""
WIN_SEED = 274
WIN_MOVES = (
    "move t8 f1;move t1 t10;move t13 t11;move t4 t8;move t1 t4;deal;deal;move w t8;"
    "move t2 t8;deal;deal;move w f2;deal;deal;move w t9;deal;deal;move w t1;deal;move w t1;"
    "deal;move w t10;move t6 t10;move t6 t11;deal;deal;deal;move w f1;move t2 f1;deal;"
    "move w t12;move w t12;deal;deal;move w t11;deal;move w t10;deal;deal;deal;deal;deal;"
    "deal;move w f1;move t10 f1;move t10 f1;move t10 f1;move t10 f1;move t10 f1;move t9 f1;"
    "move t9 f1;move t6 f1;move w t6;deal;move w f2;deal;deal;move w t5;move t6 t5;"
    "move w t6;deal;move w t5;deal;move w f3;deal;move w f1;deal;move w f4;move t4 f4;"
    "move t1 f4;move t1 f4;move t1 f4;move w t1;move w f3;move t5 f3;move t5 f3;move t5 f3;"
    "move t5 f3;move t4 t5;deal;deal;move w f3;move t2 f3;move w t2;deal;deal;deal;deal;"
    "move w f3;deal;move w f5;deal;deal;deal;deal;move w t7;deal;deal;move w t7;deal;deal;"
    "move w f5;move t4 f5;move w t4;move t3 t4;move t3 t7;move t3 f3;move t2 t7;move w t2;"
    "move w t3;move w f5;move w f5;move t6 t3;move w t6;deal;deal;deal;deal;move w t6;deal;"
    "deal;deal;move w f6;deal;move w t6;deal;move w t4;deal;deal;deal;move w f7;move t8 f7;"
    "move t8 f7;move t1 f7;move w t1;deal;move w f7;move t1 f7;move w t1;deal;move w f8;"
    "deal;move w f8;deal;deal;move w f3;deal;move w f8;move t8 f8;move t8 f8;move t7 f8;"
    "move t7 f7;move t7 f7;move t7 f7;move t7 f7;move t7 f4;move t11 f4;move t11 f4;"
    "move t11 f4;move t11 f4;move t11 f6;move t12 f4;move t12 f4;move t12 f4;move t5 f6;"
    "move t5 f6;move t13 f6;move t7 f8;move t13 f8;move t8 f3;move t10 f3;move t10 f2;"
    "move t3 f2;move t3 f2;move t11 t2;move t5 t1;move w t10;move w f8;move t10 f8;"
    "move w f7;move t12 f7;move t12 t1;move w t10;move w t11;move w f2;move t1 f2;"
    "move t1 f2;move t1 f2;move w f2;move t6 f2;move t6 f2;move t6 f2;move w t1;move w f7;"
    "move w t12;move w t13;move w f6;move t2 f6;move t2 f6;move t10 f6;move w f8;"
    "move t11 f8;move t1 t13;move w t1;move w f6;move t13 f6;move t13 f6;move t9 f6;"
    "move t9 f5;move t4 f5;move t4 f5;move t4 f5;move w f5;move t12 t1;deal;move w f5;"
    "move t1 f5;move t1 f5;deal;move w f8"
)
WIN = WIN_MOVES.split(";")
"""A deal the greedy hint player wins, and its moves."""


def stacked(shift: bool = True) -> PatienceState:
    """The deck with the cards above in their places and both packs' others in order."""
    rest = list(SPEC.pack())
    for card in PLACES.values():
        rest.remove(card)
    deck = [PLACES[i] if i in PLACES else rest.pop(0) for i in range(104)]
    return GAME.new(1, 6, {"old_stager_shift": shift}, deck=deck)


def column(state: PatienceState, pid: str) -> tuple[str, ...]:
    """A column, top row first."""
    return state.layout.piles[SPEC.index[pid]]


def test_a_king_on_a_lower_card_of_its_suit_moves_on() -> None:
    state = stacked()
    assert column(state, "t1")[:2] == ("5S", "QC")  # the next card filled the king's place
    assert column(state, "t2")[:2] == ("9D", "KS")
    plain = stacked(shift=False)
    assert column(plain, "t1")[:2] == ("5S", "KS")


def test_free_cards_go_home_and_marry_down_in_suit() -> None:
    state = stacked()
    assert [column(state, f"t{c}")[-1] for c in (1, 2, 3)] == ["AS", "7H", "8H"]
    actions = GAME.legal_actions(state, 0)
    assert {"move t1 f1", "move t2 t3"} <= set(actions)
    state = GAME.apply(GAME.apply(state, 0, "move t2 t3"), 0, "deal")
    assert pile_top(state.layout, SPEC, "w") == "6H"
    assert "move w t3" in GAME.legal_actions(state, 0)  # the waste marries too


def test_refusals_change_nothing() -> None:
    state = stacked()
    with pytest.raises(IllegalAction, match="one lower, in suit"):
        GAME.apply(state, 0, "move t3 t2")  # 8H on 7H
    with pytest.raises(IllegalAction, match="when the pack is out"):
        GAME.apply(state, 0, "lay off three")
    assert state == stacked()


def test_spaces_take_the_waste_only() -> None:
    ctx = Ctx(0, GAME.options({}))
    lay = SPEC.empty().put(
        {SPEC.index["t1"]: (), SPEC.index["t2"]: ("4C",), SPEC.index["w"]: ("9D",)}, {}
    )
    moves = SPEC.moves(lay, ctx)
    assert "move w t1" in moves and "move t2 t1" not in moves


def test_the_last_three_cards_of_the_waste_are_laid_off_once() -> None:
    ctx = Ctx(0, GAME.options({}))
    lay = SPEC.empty().put({SPEC.index["w"]: ("2C", "3D", "4H", "5S", "6C")}, {})
    assert "lay off three" in SPEC.moves(lay, ctx)
    after = SPEC.apply(lay, "lay off three", ctx)
    assert after.piles[SPEC.index["w"]] == ("5S", "6C") and after.used == (1,)
    turned = SPEC.apply(after, "deal", ctx)
    assert turned.piles[SPEC.index["w"]][-1] == "2C"  # the bottom card comes first
    for _ in range(2):
        turned = SPEC.apply(turned, "deal", ctx)
    assert "lay off three" not in SPEC.moves(turned, ctx)
    with pytest.raises(IllegalAction, match="already"):
        SPEC.apply(turned, "lay off three", ctx)


def test_a_won_deal() -> None:
    state = GAME.new(1, WIN_SEED)
    for action in WIN:
        state = GAME.apply(state, 0, action)
    assert state.end == "won"
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,)
