"""Bridal Wreath (bot/games/patience/games/bridal_wreath.py): the wreath's end card, the
bridesmaids refilled from the waste, the choice of base, and a deal played to the win."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.errors import IllegalAction
from tests.games.patience.helpers import Kit

KIT = Kit("bridal-wreath")
GAME: Any = KIT.game
WIN_SEED = 7
ACTIONS_TEXT = (
    "take next card,move b1 f1,deal,move w b1,deal,deal,deal,deal,move w f1,move b2 f1,"
    "move b3 f1,move w b2,move w b3,deal,move w f1,move b8 f1,move b10 f1,move w b10,"
    "deal,move w b8,deal,deal,deal,deal,deal,deal,move w f2,move b5 f2,move w b5,"
    "move w f2,move b10 f2,move b8 f2,move w b10,move w b8,deal,deal,deal,move w f2,"
    "move b8 f2,move b10 f2,move w b10,move w b8,deal,deal,move w f3,deal,deal,deal,deal,"
    "deal,move w f4,deal,deal,deal,deal,deal,deal,deal,deal,move w f1,move b4 f1,"
    "move r f1,move r f5,move b1 f1,move r f1,move w b1,move w b4,deal,move w f3,deal,"
    "deal,move w f6,deal,move w f2,move r f2,move b2 f2,move b7 f2,move b9 f2,move w b2,"
    "move w b7,move w b9,deal,deal,move w f3,move b5 f3,move b1 f3,move b2 f3,move r f3,"
    "move r f7,move r f4,move b4 f3,move w f3,move b6 f3,move b3 f3,move r f3,move w b1,"
    "move w f4,move w b2,move w f4,move b10 f4,move r f4,move r f4,move r f4,move w f3,"
    "move w b10,move w b3,move w b4,move w b5,deal,move w b6,deal,deal,move w f5,deal,"
    "move w f4,move b2 f4,move b4 f4,move b5 f4,move b3 f4,move w b2,deal,move w b3,deal,"
    "move w b4,deal,move w b5,deal,deal,deal,deal,deal,deal,move w f5,move r f5,"
    "move r f8,move b8 f5,move b1 f5,move b10 f5,move r f5,move b3 f5,move w f5,"
    "move b9 f5,move w b1,move w b10,move w b3,move w b8,deal,move w b9,deal,move w f6,"
    "deal,deal,move w f6,move b5 f6,move r f6,move b3 f6,move b7 f6,move b4 f6,"
    "move b8 f6,move w b3,deal,move w b4,deal,move w b5,deal,move w f6,move b10 f6,deal,"
    "move w f7,move r f7,move b6 f7,deal,move w b10,deal,move w b6,deal,move w b7,deal,"
    "move w f7,move b5 f7,move b4 f7,move b9 f7,move b10 f7,move r f7,move r f5,"
    "move b1 f5,move b3 f7,deal,move w b1,deal,move w b10,deal,move w f6,move b2 f6,deal,"
    "move w b2,deal,move w b3,deal,move w f8,move b7 f8,deal,move w f8,move b3 f8,"
    "move b10 f8,move b1 f8,deal,move w b1,deal,move w f8,move r f8,move b2 f8,"
    "move b6 f8,deal,move w f7,move r f7,move r f8,move b1 f8"
)
WIN_ACTIONS = ACTIONS_TEXT.split(",")


# The wreath: twenty cards, then the 6 of clubs at its end; ten bridesmaids with the 7 of
# hearts first; the pack begins with the 5 of spades, then the 8 of diamonds.
WREATH = ["2S"] * 2 + ["3S"] * 2 + ["4S"] * 2 + ["2H"] * 2 + ["3H"] * 2 + ["4H"] * 2
WREATH += ["2D"] * 2 + ["3D"] * 2 + ["4D"] * 2 + ["2C", "3C", "6C"]
MAIDS = ["7H", "9S", "9S", "9H", "9H", "9D", "9D", "9C", "9C", "10S"]
DECK = KIT.stacked([*WREATH, *MAIDS, "5S", "8D"])


def test_next_card_starts_the_families_and_the_end_card_follows() -> None:
    state = GAME.new(1, 0, deck=DECK)
    assert GAME.legal_actions(state, 0) == ["hint", "resign", "take next card", "wait for aces"]
    state = GAME.apply(state, 0, "take next card")
    assert KIT.pile(state, "f1") == ("5S",) and state.layout.marks == (5,)
    state = KIT.play(state, ["move r f1", "move b1 f1", "deal", "move w f1"])
    assert KIT.pile(state, "f1") == ("5S", "6C", "7H", "8D")
    assert KIT.pile(state, "r")[-1] == "3C"


def test_refusals_before_and_after_the_choice() -> None:
    state = GAME.new(1, 0, deck=DECK)
    before = GAME.dump(state)
    with pytest.raises(IllegalAction, match="take next card"):
        GAME.apply(state, 0, "deal")
    assert GAME.dump(state) == before
    state = GAME.apply(state, 0, "wait for aces")
    with pytest.raises(IllegalAction, match="family starts with"):
        GAME.apply(state, 0, "move r f1")
    with pytest.raises(IllegalAction, match="already chosen"):
        GAME.apply(state, 0, "take next card")


def test_bridesmaid_places_filled_only_from_the_waste() -> None:
    state = KIT.play(GAME.new(1, 0, deck=DECK), ["take next card", "move r f1", "move b1 f1"])
    assert KIT.pile(state, "b1") == ()
    with pytest.raises(IllegalAction, match="only from the waste"):
        GAME.apply(state, 0, "move r b1")
    state = KIT.play(state, ["deal", "move w b1"])
    assert KIT.pile(state, "b1") == ("8D",)


def test_deal_played_to_the_win() -> None:
    state = KIT.play(GAME.new(1, WIN_SEED), WIN_ACTIONS)
    assert state.end == "won"
    assert GAME.outcome(state).winners == (0,)
