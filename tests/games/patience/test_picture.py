"""Picture (bot/games/patience/games/picture.py): the nine-card picture, vacancies filled
from the waste, the waste turned twice, and a stacked deal played to the win."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.errors import IllegalAction
from tests.games.patience.helpers import Kit, levels

KIT = Kit("picture")
GAME: Any = KIT.game
SPEC: Any = KIT.spec
stacked, play, play_home, top = KIT.stacked, KIT.play, KIT.play_home, KIT.top


BASES = ["KS", "KH", "KD", "KC", "AS", "AH", "AD", "AC"]
PICTURE = ["2S", "5H", "9C", "QH", "7D", "3C", "8S", "10D", "4H"]


def test_kings_and_aces_lie_out_and_picture_cards_go_home() -> None:
    state = GAME.new(1, 0, deck=stacked(BASES + PICTURE + ["JH"]))
    assert [top(state, f"f{k}") for k in range(1, 9)] == BASES
    assert [top(state, f"c{k}") for k in range(1, 10)] == PICTURE
    state = play(state, ["move c1 f5", "move c4 f2", "deal", "move w f2"])
    assert (top(state, "f5"), top(state, "f2")) == ("2S", "JH")


def test_refusals_leave_the_state_alone() -> None:
    state = GAME.new(1, 0, deck=stacked(BASES + PICTURE))
    before = GAME.dump(state)
    with pytest.raises(IllegalAction, match="one higher in the same suit"):
        GAME.apply(state, 0, "move c2 f6")
    with pytest.raises(IllegalAction, match="only from the waste"):
        GAME.apply(state, 0, "move c2 c1")
    with pytest.raises(IllegalAction, match="Deal out the pack first"):
        GAME.apply(state, 0, "redeal")
    assert GAME.dump(state) == before


def test_a_vacancy_is_filled_from_the_waste_and_the_waste_turns_twice() -> None:
    state = play(GAME.new(1, 0, deck=stacked(BASES + PICTURE + ["6C"])), ["move c1 f5"])
    state = play(state, ["deal", "move w c1"])
    assert top(state, "c1") == "6C" and top(state, "w") is None
    for turn in range(2):
        while "deal" in GAME.legal_actions(state, 0):
            state = play(state, ["deal"])
        state = play(state, ["redeal"])
        assert state.layout.passes == turn + 1
    while "deal" in GAME.legal_actions(state, 0):
        state = play(state, ["deal"])
    assert "redeal" not in GAME.legal_actions(state, 0)


def test_a_stacked_deal_is_won() -> None:
    deck = BASES + levels()[8:]
    state, made = play_home(GAME.new(1, 0, deck=deck))
    assert state.end == "won"
    assert GAME.outcome(state).winners == (0,)
    assert made.count("deal") == 96 - 9
