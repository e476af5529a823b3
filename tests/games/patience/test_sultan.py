"""The Sultan (Cheney p. 23): the square, the Divan, the twelve-card ace family, a won game."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.errors import IllegalAction
from bot.games.patience.engine import Ctx, lay
from tests.games.patience.helpers import Kit, actions, refused

KIT = Kit("sultan")
GAME: Any = KIT.game
SPEC = GAME.spec
CTX = Ctx(0, GAME.options({}))
HEARTS = ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH"]


WIN = actions(
    "move r5 f4,deal,move w r5,deal,deal,deal,move w f4,deal,deal,deal,move w f4,deal,"
    "deal,deal,deal,deal,deal,deal,deal,deal,deal,move w f2,deal,move w f1,deal,deal,"
    "deal,deal,deal,move w f4,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,"
    "move w f3,deal,deal,deal,deal,deal,deal,move w f6,move w f6,move r7 f6,move w r7,"
    "deal,deal,deal,deal,move w f2,deal,deal,move w f8,deal,deal,deal,deal,move w f5,"
    "deal,deal,deal,deal,move w f7,deal,deal,move w f2,deal,deal,deal,deal,move w f6,"
    "deal,deal,move w f2,deal,deal,deal,move w f1,move r7 f1,move w r7,deal,deal,deal,"
    "deal,deal,deal,move w f3,deal,deal,move w f2,deal,deal,deal,deal,deal,move w f1,"
    "deal,deal,move w f1,move r2 f1,move r3 f1,move w r2,move w r3,deal,deal,move w f2,"
    "deal,deal,deal,move w f4,deal,move w f7,deal,redeal,deal,deal,deal,deal,move w f7,"
    "deal,deal,deal,deal,deal,deal,deal,deal,deal,deal,move w f2,deal,deal,deal,deal,"
    "move w f6,deal,move w f6,move r2 f6,move w r2,deal,deal,move w f6,deal,deal,"
    "move w f2,move r3 f2,move w r3,deal,move w f8,deal,deal,move w f2,deal,move w f7,"
    "deal,deal,deal,move w f2,deal,deal,deal,move w f4,deal,deal,move w f8,deal,"
    "move w f5,deal,deal,deal,move w f3,deal,move w f6,move r2 f6,move r8 f6,move w r2,"
    "move w r8,move w f3,deal,deal,move w f1,move r1 f1,move w r1,deal,deal,deal,deal,"
    "deal,deal,deal,move w f1,move r4 f1,move w r4,deal,deal,deal,deal,move w f5,"
    "move r8 f5,move w r8,deal,move w f1,deal,deal,move w f6,deal,deal,move w f4,"
    "move r3 f4,move r5 f4,move w r3,move w r5,deal,move w f5,redeal,deal,deal,move w f8,"
    "move r2 f8,move r1 f8,move w r1,deal,move w f7,deal,move w r2,deal,deal,deal,"
    "move w f4,deal,deal,move w f4,deal,deal,deal,deal,move w f7,deal,move w f3,deal,"
    "deal,deal,move w f4,deal,deal,deal,deal,move w f8,move r8 f8,move r2 f8,move w r2,"
    "move w r8,deal,deal,deal,deal,move w f5,deal,move w f7,move r5 f7,move r3 f7,"
    "move r6 f7,move w r3,move w r5,move w r6,move w f5,move r7 f5,move r1 f5,move r6 f5,"
    "move w f5,move r8 f5,move w r1,move w r6,move w f8,move r2 f8,move r1 f8,move w r1,"
    "move w f7,move r6 f7,move w r2,move w r6,deal,move w f3,move r3 f3,move r5 f3,"
    "move r4 f3,move r2 f3,move r1 f3,move r6 f3"
)


def test_the_square_is_laid_and_the_divan_plays_up() -> None:
    state = GAME.new(1, 5, deck=KIT.stacked(["2H", "AC", "9S"]))
    assert KIT.pile(state, "k") == ("KH",)
    assert [KIT.pile(state, f"f{k}")[0] for k in range(1, 9)] == [
        "KC",
        "AH",
        "KC",
        "KD",
        "KD",
        "KS",
        "KH",
        "KS",
    ]
    assert KIT.pile(state, "r1") == ("2H",)
    legal = GAME.legal_actions(state, 0)
    assert {"move r1 f2", "move r2 f1", "move r2 f3"} <= set(legal)
    state = GAME.apply(state, 0, "move r1 f2")
    assert KIT.pile(state, "f2") == ("AH", "2H")


def test_a_card_of_the_wrong_suit_and_the_sultan_are_refused() -> None:
    state = GAME.new(1, 5, deck=KIT.stacked(["2H", "AC", "9S"]))
    with pytest.raises(IllegalAction, match="in suit"):
        GAME.apply(state, 0, "move r1 f1")
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "move r1 k")
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "move r1 r2")
    assert KIT.pile(state, "r1") == ("2H",)


def test_a_divan_gap_is_filled_from_the_waste_or_the_pack() -> None:
    state = GAME.new(1, 5, deck=KIT.stacked(["2H", "AC", "9S", "5C", "6C", "7C", "8C", "9C", "3H"]))
    state = GAME.apply(state, 0, "move r1 f2")
    assert "move r3 r1" not in GAME.legal_actions(state, 0)
    state = GAME.apply(state, 0, "deal")
    assert KIT.pile(state, "w") == ("3H",)
    assert "move w r1" in GAME.legal_actions(state, 0)
    state = GAME.apply(state, 0, "move w r1")
    assert KIT.pile(state, "r1") == ("3H",)


def test_the_divan_is_kept_full_before_dealing_on() -> None:
    state = GAME.new(1, 5, deck=KIT.stacked(["2H", "AC", "9S", "5C", "6C", "7C", "8C", "9C", "4D"]))
    state = GAME.apply(state, 0, "move r1 f2")
    state = GAME.apply(state, 0, "deal")
    assert KIT.pile(state, "w") == ("4D",)
    assert "deal" not in GAME.legal_actions(state, 0)
    refused(GAME, state, "deal", "Fill the empty place in the Divan")
    state = GAME.apply(state, 0, "move w r1")
    assert "deal" in GAME.legal_actions(state, 0)


def test_a_card_played_home_from_the_waste_lets_the_deal_go_on() -> None:
    state = GAME.new(1, 5, deck=KIT.stacked(["2H", "AC", "9S", "5C", "6C", "7C", "8C", "9C", "3H"]))
    state = GAME.apply(state, 0, "move r1 f2")
    state = GAME.apply(state, 0, "deal")
    state = GAME.apply(state, 0, "move w f2")
    assert not KIT.pile(state, "r1")
    assert "deal" in GAME.legal_actions(state, 0)


def test_no_redeal_while_a_divan_place_waits() -> None:
    layout = SPEC.deal(tuple(KIT.stacked([])), CTX)
    layout = lay(layout, SPEC, {"s": [], "r3": [], "w": ["9D", "4C"]})
    assert "redeal" not in SPEC.moves(layout, CTX)
    with pytest.raises(IllegalAction, match="Fill the empty place in the Divan"):
        SPEC.apply(layout, "redeal", CTX)
    filled = SPEC.apply(layout, "move w r3", CTX)
    assert "redeal" in SPEC.moves(filled, CTX)


def test_the_lenient_reading_lets_a_place_wait() -> None:
    deck = KIT.stacked(["2H", "AC", "9S", "5C", "6C", "7C", "8C", "9C", "4D"])
    state = GAME.new(1, 5, options={"sultan_divan_full": False}, deck=deck)
    state = GAME.apply(state, 0, "move r1 f2")
    state = GAME.apply(state, 0, "deal")
    state = GAME.apply(state, 0, "deal")
    assert not KIT.pile(state, "r1")
    lenient = Ctx(0, GAME.options({"sultan_divan_full": False}))
    layout = lay(SPEC.deal(tuple(KIT.stacked([])), lenient), SPEC, {"s": [], "r3": [], "w": ["9D"]})
    assert "redeal" in SPEC.moves(layout, lenient)


def test_the_ace_of_hearts_ends_at_the_queen_and_the_sultan_stays_alone() -> None:
    layout = SPEC.deal(tuple(KIT.stacked([])), CTX)
    layout = lay(layout, SPEC, {"f2": HEARTS, "w": ["KH"]})
    with pytest.raises(IllegalAction, match="complete at the queen"):
        SPEC.apply(layout, "move w f2", CTX)
    assert "move w f2" not in SPEC.moves(layout, CTX)


def test_two_redeals_and_no_more() -> None:
    state = GAME.new(1, 5)
    for passes in range(3):
        while "deal" in GAME.legal_actions(state, 0):
            state = GAME.apply(state, 0, "deal")
        if passes < 2:
            state = GAME.apply(state, 0, "redeal")
    assert state.layout.passes == 2
    with pytest.raises(IllegalAction, match="all 2 redeals"):
        GAME.apply(state, 0, "redeal")


def test_a_known_deal_is_won() -> None:
    state = GAME.new(1, 1)
    for action in WIN:
        state = GAME.apply(state, 0, action)
    assert state.end == "won"
    assert GAME.outcome(state).winners == (0,)
