"""Game of Seven (bot/games/patience/games/game_of_seven.py): seven single cards,
alternating colours one card at a time, the waste, and a space that may take a card back
from a family; a stacked deal and a won deal."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.errors import IllegalAction
from tests.games.patience.helpers import Kit

KIT = Kit("game-of-seven")
GAME: Any = KIT.game
SPEC: Any = GAME.spec
ROW = ["AS", "8S", "7H", "5C", "KD", "9D", "2H"]
WIN_SEED = 14
WIN = (
    (
        "move t3 f1, move t4 f2, deal, move w f1, deal, move w t3, deal, move w t4, move t4 t6, "
        "deal, move w t4, move t2 t4, deal, move w t2, deal, move w f2, deal, move w f1, deal, "
        "move w f2, deal, deal, move w f3, deal, deal, move w t6, deal, deal, deal, deal, deal, "
        "deal, move w f2, move t6 f2, deal, deal, deal, deal, move w f4, move t7 f4, move w t7, "
        "move t5 t7, move w t5, move t3 t5, move w t3, deal, move w t1, deal, move w f4, deal, "
        "move w f1, deal, move w t7, deal, move w f1, deal, deal, deal, move w t2, deal, move w "
        "t3, deal, deal, deal, move w f4, move t5 f4, move t5 f1, move t6 f4, move t2 f4, move t6 "
        "t7, move w t5, move w t6, move t2 t6, move w t2, deal, move w f4, deal, move w f3, deal, "
        "move w t4, deal, move w t5, deal, move w t7, deal, move w t1, deal, move w f1, move t6 "
        "f1, move t6 f4, move w t6, move w f3, move t2 f3, move t6 f3, move t7 f3, move t5 f3, "
        "move w f2, move t7 f2, move t5 f2, move t3 f2, move t7 f3, move t7 f1, move t7 f4, move "
        "t4 f4, move w f3, move t3 f3, move w t2, move w f1, move t1 f1, move w f1, move w f1, "
        "deal, move w t1, deal, move w f3, move t1 t3, move t1 f3, move t2 f3, deal, move w f2, "
        "move t3 f2, move t4 f2, move t1 f2, deal, move w f4, move t4 f4 "
    )
    .strip()
    .split(", ")
)


def test_seven_cards_in_a_row_marry_in_alternate_colours() -> None:
    state = GAME.new(1, 0, deck=KIT.stacked(ROW))
    assert [KIT.top(state, f"t{k}") for k in range(1, 8)] == ROW
    legal = GAME.legal_actions(state, 0)
    assert "move t1 f1" in legal and "move t3 t2" in legal
    state = KIT.play(state, ["move t1 f1", "move t3 t2", "deal"])
    assert KIT.top(state, "f1") == "AS" and KIT.top(state, "t2") == "7H"
    assert KIT.top(state, "w") == "2S"  # the pack's first card, in pack order


def test_refusals_leave_the_state_alone() -> None:
    state = KIT.play(GAME.new(1, 0, deck=KIT.stacked(ROW)), ["move t1 f1"])
    before = GAME.dump(state)
    with pytest.raises(IllegalAction, match="other colour"):
        GAME.apply(state, 0, "move t4 t2")  # the 5 of clubs on the 8 of spades
    with pytest.raises(IllegalAction, match="only fill a space"):
        GAME.apply(state, 0, "move f1 t7")  # a card taken back goes only into a space
    with pytest.raises(IllegalAction, match="2 cards"):
        GAME.apply(state, 0, "move t2 t5 2")  # one card at a time
    assert GAME.dump(state) == before


def test_a_space_takes_the_waste_the_row_or_a_family_card() -> None:
    state = KIT.play(GAME.new(1, 0, deck=KIT.stacked(ROW)), ["move t1 f1", "move t3 t2", "deal"])
    legal = GAME.legal_actions(state, 0)
    assert {"move w t1", "move t2 t1", "move f1 t1", "move t4 t1"} <= set(legal)
    taken = KIT.play(state, ["move f1 t1"])
    assert KIT.top(taken, "t1") == "AS" and not taken.layout.piles[SPEC.index["f1"]]
    filled = KIT.play(state, ["move w t1"])
    assert KIT.top(filled, "t1") == "2S"


def test_a_deal_is_won() -> None:
    state = KIT.play(GAME.new(1, WIN_SEED), WIN)
    assert state.end == "won"
    assert GAME.outcome(state).winners == (0,)
