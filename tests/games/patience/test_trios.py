"""The Trios (Cheney p. 31): fans of three (the last four in twos), marriages down
regardless of suit, courts on courts, never more than three cards to a fan."""

from __future__ import annotations

import pytest

from bot.games import registry
from bot.games.errors import IllegalAction
from bot.games.patience.game import PatienceGame, PatienceState, pile_top

_FOUND = registry.get("trios")
assert isinstance(_FOUND, PatienceGame)
GAME: PatienceGame = _FOUND
SPEC = GAME.spec
FANS = ["9S", "5H", "AS", "2C", "KH", "KS", "3C", "4C", "KD", "8C", "JD", "7S"]
FANS += ["9D", "JH", "6H", "8D", "10D", "4S", "10S", "QH", "AD", "3D", "4D", "QC"]
"""t1 9S 5H AS, t2 2C KH KS, t3 3C 4C KD, t4 8C JD 7S, t5 9D JH 6H, t6 8D 10D 4S,
t7 10S QH AD, t8 3D 4D QC (bottom card first); the rest of the pack in order."""
WIN_SEED = 0
WIN_MOVES = (
    "move t5 f1;move t6 f2;move t10 f2;move t14 f2;move t18 f2;move t4 f2;move t7 f3;"
    "move t11 f3;move t15 f3;move t1 f3;move t5 f3;move t8 f4;move t12 f4;move t16 f4;"
    "move t2 f4;move t6 f4;move t10 f4;move t14 f4;move t2 f4;move t6 f4;move t10 f4;"
    "move t14 f4;move t18 f4;move t8 f2;move t12 f2;move t16 f2;move t4 f2;move t8 f2;"
    "move t12 f2;move t16 f2;move t9 f1;move t13 f1;move t17 f1;move t3 f1;move t7 f1;"
    "move t11 f1;move t15 f1;move t3 f1;move t7 f1;move t11 f1;move t15 f1;move t9 f3;"
    "move t13 f3;move t1 f3;move t5 f3;move t9 f3;move t13 f3;move t17 f3"
)
WIN = WIN_MOVES.split(";")
"""A deal the greedy hint player wins, and its moves."""


def stacked() -> PatienceState:
    """The fans above."""
    return GAME.new(1, 5, deck=FANS + [c for c in SPEC.pack() if c not in FANS])


def layered() -> list[str]:
    """A deck whose fans come off in the order the families want: the top cards of the
    eighteen fans are the lowest cards, the bottom cards the highest."""
    order = [
        r + s
        for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
        for s in "SHDC"
    ]
    tops, middles, bottoms = order[:18], order[18:34], order[34:]
    deck: list[str] = []
    for k in range(16):
        deck += [bottoms[k], middles[k], tops[k]]
    return [*deck, bottoms[16], tops[16], bottoms[17], tops[17]]


def test_the_deal_and_aces_going_up_at_once() -> None:
    state = stacked()
    sizes = [len(state.layout.piles[SPEC.index[f"t{k}"]]) for k in range(1, 19)]
    home = sum(len(state.layout.piles[SPEC.index[f"f{k}"]]) for k in range(1, 5))
    assert sum(sizes) + home == 52 and sizes[16:] == [2, 2]
    assert pile_top(state.layout, SPEC, "f1") == "AS"  # surfaced on t1
    assert pile_top(state.layout, SPEC, "f2") == "AD"  # surfaced on t7
    assert pile_top(state.layout, SPEC, "t1") == "5H"


def test_a_lower_card_marries_the_next_higher_of_any_suit() -> None:
    state = stacked()
    assert "move t6 t1" in GAME.legal_actions(state, 0)
    after = GAME.apply(state, 0, "move t6 t1")
    assert after.layout.piles[SPEC.index["t1"]] == ("9S", "5H", "4S")


def test_refusals_change_nothing() -> None:
    state = stacked()
    with pytest.raises(IllegalAction, match="at most 3 cards"):
        GAME.apply(state, 0, "move t2 t3")  # KS on KD, but the fan is full
    with pytest.raises(IllegalAction, match="one lower, or a court card"):
        GAME.apply(state, 0, "move t5 t7")  # 6H on QH
    assert state == stacked()


def test_courts_go_on_courts_of_their_rank() -> None:
    state = stacked()
    assert "move t8 t7" in GAME.legal_actions(state, 0)  # QC on QH
    after = GAME.apply(state, 0, "move t8 t7")
    assert pile_top(after.layout, SPEC, "t7") == "QC"
    assert "redeal" not in GAME.legal_actions(after, 0)


def test_a_won_deal() -> None:
    state = GAME.new(1, WIN_SEED, deck=layered())
    for action in WIN:
        state = GAME.apply(state, 0, action)
    assert state.end == "won"
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,)
