"""The Flower Garden (bot/games/patience/games/flower_garden.py): six beds and a bouquet
whose every card is free, aces up in suit, sequences moving together, and a deal played
to the win."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.errors import IllegalAction
from bot.games.patience.engine import Ctx
from tests.games.patience.helpers import Kit

KIT = Kit("flower-garden")
GAME: Any = KIT.game
WIN_SEED = 88
ACTIONS_TEXT = (
    "move b16 f1,move b3 f2,move t2 f1,move t3 f3,move t4 f4,move b1 t6,move t4 t6,"
    "move t5 t6,move t5 f3,move b6 f3,move b10 t3,move t1 t3,move t1 f1,move b15 f1,"
    "move t1 f1,move b14 f1,move t1 f3,move t6 f3,move t6 f3,move t6 f3,move t6 f3,"
    "move t6 t3,move t4 t3,move t4 t1 2,move t4 f4,move t1 f4,move t1 f4,move t1 f4,"
    "move t6 f4,move b12 f4,move t6 f3,move b9 f3,move t5 f3,move t2 t4,move t2 f4,"
    "move t3 f4,move b5 f4,move b4 t1,move t2 t1,move t2 f2,move t4 f2,move b7 f2,"
    "move t6 f2,move b8 f2,move t3 t1,move t3 f4,move t3 f3,move t1 t4 3,move t1 f3,"
    "move t5 t1,move t5 f1,move b11 f1,move b2 f1,move t4 f1,move t4 f1,move t4 f1,"
    "move t3 t4,move t3 t6,move t3 f1,move t3 f4,move t1 f4,move t3 f2,move t6 f2,"
    "move t6 f2,move t2 f2,move b13 f2,move t5 f2,move t4 f2"
)
WIN_ACTIONS = ACTIONS_TEXT.split(",")


def arranged(fixed: dict[int, str]) -> list[str]:
    """The pack with the given cards at the given places (0 = first card of bed 1; 36 =
    first bouquet card), the rest in pack order."""
    rest = [c for c in GAME.spec.pack() if c not in fixed.values()]
    return [fixed[i] if i in fixed else rest.pop(0) for i in range(52)]


# Bed 1 ends with the ace of spades, bed 2 with 9H 8C, bed 3 with the 10 of diamonds;
# the bouquet begins 2S and ends with the ace of hearts.
DECK = arranged({5: "AS", 10: "9H", 11: "8C", 17: "10D", 36: "2S", 51: "AH"})


def test_aces_go_up_from_bed_or_bouquet_and_build_in_suit() -> None:
    state = GAME.new(1, 0, deck=DECK)
    assert len(KIT.pile(state, "t1")) == 6 and KIT.pile(state, "b16") == ("AH",)
    state = KIT.play(state, ["move t1 f1", "move b1 f1", "move b16 f2"])
    assert KIT.pile(state, "f1") == ("AS", "2S") and KIT.pile(state, "f2") == ("AH",)


def test_refusals_leave_the_state_alone() -> None:
    state = GAME.new(1, 0, deck=DECK)
    before = GAME.dump(state)
    with pytest.raises(IllegalAction, match="starts with a"):
        GAME.apply(state, 0, "move b1 f1")
    with pytest.raises(IllegalAction, match="one lower"):
        GAME.apply(state, 0, "move t3 t2")
    with pytest.raises(IllegalAction, match="Nothing may be laid"):
        GAME.apply(state, 0, "move t3 b1")
    assert GAME.dump(state) == before


def test_a_sequence_moves_whole_and_an_empty_bed_takes_anything() -> None:
    state = GAME.new(1, 0, deck=DECK)
    assert "move t2 t3 2" in GAME.legal_actions(state, 0)
    state = GAME.apply(state, 0, "move t2 t3 2")
    assert KIT.pile(state, "t3")[-3:] == ("10D", "9H", "8C")
    spec = GAME.spec
    emptied = state.layout.put({spec.index["t4"]: ()}, {})
    assert "move b5 t4" in spec.moves(emptied, Ctx(0))  # any bouquet card
    assert "move t3 t4 3" in spec.moves(emptied, Ctx(0))  # or a sequence of the garden


def test_deal_played_to_the_win() -> None:
    state = KIT.play(GAME.new(1, WIN_SEED), WIN_ACTIONS)
    assert state.end == "won"
    assert GAME.outcome(state).winners == (0,)
