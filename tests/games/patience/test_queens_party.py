"""The Queen's Party (Cheney p. 94): kings enter with their queens and aces with their
knaves; the knaves' families go down in suit; the waste only fills the ante-chamber."""

from __future__ import annotations

import pytest

from bot.games import registry
from bot.games.errors import IllegalAction
from bot.games.patience.game import PatienceGame, PatienceState, pile_top

_FOUND = registry.get("queens-party")
assert isinstance(_FOUND, PatienceGame)
GAME: PatienceGame = _FOUND
SPEC = GAME.spec
ROOM = ["KH", "QH", "AS", "JS", "10S", "QS", "2C", "3C", "4C", "5C", "6C", "7C", "8C"]
ROOM += ["9C", "10C", "JC"]
PACK_TOP = ["9S", "2D"]
WIN_SEED = 171
WIN_MOVES = (
    "enter r15 r12;move r8 f2;deal;deal;move w r12;deal;enter h r9;move w r15;deal;deal;"
    "enter h r11;move w r11;deal;deal;move w r8;deal;move w r9;deal;enter h r12;move w r12;"
    "deal;deal;enter h r11;move w r11;deal;deal;deal;enter r7 h;move w r7;deal;deal;deal;"
    "deal;move h f2;move r4 f2;move w r4;deal;move h f1;deal;enter r11 h;move w r11;"
    "move r11 f1;move r16 f1;move r7 f1;move w r11;move w r16;deal;deal;move h f4;"
    "move r10 f4;move w r10;deal;deal;move h f1;move r13 f1;move r10 f1;move r8 f1;"
    "move r2 f1;move w r10;deal;move h f2;deal;move h f4;move r3 f4;move r4 f4;deal;deal;"
    "move h f4;move r9 f4;move w r13;deal;move h f3;move r1 f3;deal;deal;move w r1;deal;"
    "enter r15 h;move w r15;deal;move h f3;move r12 f3;move r5 f3;move r13 f3;move r14 f3;"
    "deal;move h f3;move r11 f3;deal;move h f4;move r15 f4;deal;move h f2;move r16 f2;"
    "move r1 f2;move r6 f2;move r10 f2"
)
WIN = WIN_MOVES.split(";")
"""A deal the greedy hint player wins, and its moves."""


def stacked(waste: str = "vacancies") -> PatienceState:
    """The ante-chamber r1..r16 above, then 9S and 2D from the pack."""
    first = ROOM + PACK_TOP
    rest = [c for c in SPEC.pack() if c not in first]
    return GAME.new(1, 4, {"queens_party_waste": waste}, deck=first + rest)


def test_a_king_and_his_queen_enter_together() -> None:
    state = stacked()
    actions = GAME.legal_actions(state, 0)
    assert {"enter r1 r2", "enter r3 r4"} <= set(actions)
    after = GAME.apply(state, 0, "enter r1 r2")
    assert after.layout.piles[SPEC.index["k1"]] == ("KH", "QH")
    assert not after.layout.piles[SPEC.index["r1"]] and not after.layout.piles[SPEC.index["r2"]]


def test_refusals_change_nothing() -> None:
    state = stacked()
    with pytest.raises(IllegalAction, match="cannot enter with"):
        GAME.apply(state, 0, "enter r1 r3")  # the king of hearts with the ace of spades
    with pytest.raises(IllegalAction, match="use Enter"):
        GAME.apply(state, 0, "move r1 k1")  # a king never enters alone
    with pytest.raises(IllegalAction, match="use Enter"):
        GAME.apply(state, 0, "move r5 f4")  # no family for the ten before its knave
    assert state == stacked()


def test_the_knaves_family_goes_down_and_the_waste_only_fills_spaces() -> None:
    state = GAME.apply(stacked(), 0, "enter r3 r4")
    assert state.layout.piles[SPEC.index["f4"]] == ("AS", "JS")
    state = GAME.apply(state, 0, "move r5 f4")  # the ten of spades on the knave
    state = GAME.apply(GAME.apply(state, 0, "deal"), 0, "deal")  # 9S to the waste, 2D in hand
    assert pile_top(state.layout, SPEC, "w") == "9S" and pile_top(state.layout, SPEC, "h") == "2D"
    with pytest.raises(IllegalAction, match="only fills a space"):
        GAME.apply(state, 0, "move w f4")
    assert "move w r3" in GAME.legal_actions(state, 0)
    loose = GAME.apply(GAME.apply(stacked("anywhere"), 0, "enter r3 r4"), 0, "move r5 f4")
    loose = GAME.apply(GAME.apply(loose, 0, "deal"), 0, "deal")
    assert "move w f4" in GAME.legal_actions(loose, 0)


def test_a_won_deal() -> None:
    state = GAME.new(1, WIN_SEED)
    for action in WIN:
        state = GAME.apply(state, 0, action)
    assert state.end == "won"
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,)
