"""The Queen's Cotillon (bot/games/patience/games/queens_cotillon.py): the left block
with its lowest cards free, the right square all free, families of aces and deuces
climbing by twos, spaces from the waste, the option `cotillon_bases_first`, and a won
deal."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.errors import IllegalAction
from tests.games.patience.helpers import Kit

KIT = Kit("queens-cotillon")
GAME: Any = KIT.game
SPEC: Any = GAME.spec
LEFT = [["KH", "KH", "QH", "QH"], ["JH", "JH", "10H", "10H"], ["3S", "KC", "QC", "JC"]]
"""The left block by rows, top row first: l1..l4 end with 3S, KC, QC, JC."""
SQUARE = ["AS", "2S", "4S", "AS", "5S", "9D", "9D", "8D", "8D", "7D", "7D", "6D"]
SQUARE += ["6D", "5D", "5D", "4D"]
WIN_SEED = 83
WIN = (
    (
        "move l4 f8, move r12 f2, move r4 f3, deal, move w r12, deal, move w r4, deal, deal, "
        "deal, deal, move w f7, deal, move w f5, deal, move w f2, deal, deal, deal, deal, deal, "
        "deal, deal, deal, deal, move w f3, deal, deal, move w f6, move r6 f6, move r12 f6, move "
        "r4 f6, move w r12, move w r4, move w f6, move r13 f6, move w r13, move w r6, move w f3, "
        "move r12 f3, move w r12, deal, deal, deal, move w f2, move r12 f2, move r16 f2, move r1 "
        "f2, move w r1, move w r12, move w r16, deal, move w f4, move l1 f4, move l1 f8, move r5 "
        "f4, move l3 f4, move w f8, move w r5, deal, deal, move w f4, deal, deal, move w f1, move "
        "r11 f1, move w r11, deal, move w f1, move r1 f1, move l4 f1, move w r1, deal, deal, "
        "deal, move w f3, deal, deal, move w f5, move l1 f5, move l2 f5, move w f5, deal, move w "
        "f1, deal, move w f1, deal, deal, deal, deal, deal, move w f8, move r1 f8, move r7 f8, "
        "move w r1, move w r7, deal, deal, deal, deal, move w f7, move r9 f7, move r16 f7, move "
        "l4 f7, move r10 f7, move w r10, move w r16, move w r9, deal, deal, move w f3, move r1 "
        "f3, move w r1, deal, deal, deal, move w f4, move r11 f4, move w r11, deal, deal, deal, "
        "deal, move w f2, deal, deal, deal, move w f5 "
    )
    .strip()
    .split(", ")
)


def deck() -> list[str]:
    """The left block, the square, then the pack in pack order."""
    return KIT.stacked([c for row in LEFT for c in row] + SQUARE)


def test_the_blocks_and_families_climbing_by_twos() -> None:
    state = GAME.new(1, 0, deck=deck())
    assert [KIT.top(state, f"l{k}") for k in range(1, 5)] == ["3S", "KC", "QC", "JC"]
    assert [KIT.top(state, f"r{k}") for k in range(1, 17)] == SQUARE
    state = KIT.play(state, ["move r1 f1", "move r2 f5", "move l1 f1", "move r3 f5", "move r5 f1"])
    assert state.layout.piles[SPEC.index["f1"]] == ("AS", "3S", "5S")
    assert state.layout.piles[SPEC.index["f5"]] == ("2S", "4S")
    assert KIT.top(state, "l1") == "JH"  # the card above the 3S is free now


def test_refusals_leave_the_state_alone() -> None:
    state = KIT.play(GAME.new(1, 0, deck=deck()), ["move r1 f1"])
    before = GAME.dump(state)
    with pytest.raises(IllegalAction, match="starts with the ace of hearts"):
        GAME.apply(state, 0, "move r4 f2")  # the second ace of spades starts no family
    with pytest.raises(IllegalAction, match=r"\+2 in rank"):
        GAME.apply(state, 0, "move r3 f1")  # a 4 on an ace
    with pytest.raises(IllegalAction, match="only from the waste"):
        GAME.apply(state, 0, "move l2 r1")  # a space in the square from the left block
    assert GAME.dump(state) == before


def test_a_square_space_takes_the_waste_top() -> None:
    state = KIT.play(GAME.new(1, 0, deck=deck()), ["move r1 f1", "deal"])
    assert "move w r1" in GAME.legal_actions(state, 0)
    card = KIT.top(state, "w")
    state = KIT.play(state, ["move w r1"])
    assert KIT.top(state, "r1") == card and not state.layout.piles[SPEC.index["w"]]


def test_the_bases_may_be_taken_out_first() -> None:
    state = GAME.new(1, 0, {"cotillon_bases_first": True}, deck=deck())
    families = [KIT.top(state, f"f{k}") for k in range(1, 9)]
    assert families == ["AS", "AH", "AD", "AC", "2S", "2H", "2D", "2C"]
    assert [KIT.top(state, f"l{k}") for k in range(1, 5)] == ["3S", "KC", "QC", "JC"]
    assert KIT.top(state, "r1") == "4S" and KIT.top(state, "r2") == "AS"  # the second ace stays


def test_a_deal_is_won_with_one_pack_home() -> None:
    state = KIT.play(GAME.new(1, WIN_SEED), WIN)
    assert state.end == "won"
    assert GAME.outcome(state).winners == (0,)
    assert SPEC.score(state.layout) == 52
    assert sum(len(p) for p in state.layout.piles) == 104
