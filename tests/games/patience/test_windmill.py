"""The Windmill (Cheney p. 40): the centre, the kings' places, the sails, a won game."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.errors import IllegalAction
from bot.games.patience.engine import Ctx, lay
from tests.games.patience.helpers import Kit, actions

KIT = Kit("windmill")
GAME: Any = KIT.game
SPEC = GAME.spec
CTX = Ctx(0, GAME.options({}))
CLIMB = ["AS", "2H", "3D", "4C", "5S", "6H", "7D", "8C", "9S", "10H", "JD", "QC", "KS"]


WIN = actions(
    "move r5 f1,move r7 c,deal,move w r5,deal,move w r7,deal,deal,move w c,deal,deal,"
    "deal,deal,deal,deal,move w c,move r4 c,move r1 c,move r2 c,move r5 c,move r6 c,"
    "move r3 c,move w r1,move w c,move w r2,move w r3,move w r4,move w r5,deal,move w r6,"
    "deal,move w c,deal,deal,deal,deal,deal,deal,deal,move w f1,move r5 f1,move w r5,"
    "deal,move w c,move r4 c,move r3 c,move r1 c,move w c,move w r1,move w r3,move w c,"
    "move w r4,deal,deal,deal,deal,deal,move w f2,move w f2,deal,move w c,move r5 c,"
    "move r1 c,move r3 c,move w r1,move w r3,move w r5,deal,move w c,deal,deal,deal,deal,"
    "deal,deal,deal,deal,move w f3,move r3 f3,move w r3,deal,deal,deal,deal,move w f1,"
    "deal,deal,deal,deal,deal,deal,deal,deal,move w f1,move r2 f1,move w f1,move w f1,"
    "move w r2,deal,deal,deal,deal,deal,deal,deal,move w f1,move r1 f1,move w r1,deal,"
    "deal,deal,move w f1,move r7 f1,move r3 f1,move w r3,move w r7,deal,deal,deal,"
    "move w f4,move r1 f4,move w r1,deal,deal,move w c,move w c,deal,deal,deal,deal,"
    "move w f2,move r2 f2,move w r2,move w f2,deal,deal,deal,deal,deal,deal,deal,deal,"
    "move w f2,move r7 f2,move r2 f2,move w r2,move w r7,deal,deal,deal,deal,deal,"
    "move w f3,deal,move w f4,deal,deal,move w c,move r2 c,move r1 c,move w r1,move w r2,"
    "deal,move w f2,move r3 f2,move w r3,move w c,move r5 c,move w r5,deal,deal,deal,"
    "move w c,move r5 c,move w r5,deal,deal,move w f2,move r8 f2,move r4 f2,move w r4,"
    "move w r8,move w c,move r2 c,move r3 c,move w c,move r1 c,move r7 c,move r4 c,"
    "move r6 c,move w f3,move w r1,move w f4,move w f3,move w f3,move w r2,move w r3,"
    "move w r4,move w f3,move r1 f3,move w f4,move w r1,move w f3,move r5 f3,move r4 f3,"
    "move w r4,move w c,move w r5,move w f4,move r1 f4,move r4 f4,move r5 f4,move r8 f4,"
    "move w c,move w r1,move w f4,move w f3,move r3 f3,move w r3,move w c,move r1 c,"
    "move w f4,deal,move w f4,deal,move w c,move r3 c,deal,move w r1,deal,move w r3,deal,"
    "move w r4,deal,move w r5,deal,move w c,move r4 c,move r2 c,move r5 c,move r1 c,"
    "move r3 c"
)


def test_a_sail_card_goes_on_the_centre_regardless_of_suit() -> None:
    state = GAME.new(1, 4, deck=KIT.stacked(["AS", "2H", "5D", "KC"]))
    assert KIT.pile(state, "c") == ("AS",)
    assert KIT.pile(state, "r1") == ("2H",)
    assert "move r1 c" in GAME.legal_actions(state, 0)
    state = GAME.apply(state, 0, "move r1 c")
    assert KIT.pile(state, "c") == ("AS", "2H")


def test_a_wrong_card_and_a_sail_to_sail_move_are_refused() -> None:
    state = GAME.new(1, 4, deck=KIT.stacked(["AS", "2H", "5D", "KC"]))
    with pytest.raises(IllegalAction, match="one higher"):
        GAME.apply(state, 0, "move r2 c")
    with pytest.raises(IllegalAction, match="king"):
        GAME.apply(state, 0, "move r2 f1")
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "move r2 r1")
    assert KIT.pile(state, "r2") == ("5D",)


def test_a_king_opens_a_place_and_the_sails_refill_from_the_waste() -> None:
    state = GAME.new(1, 4, deck=KIT.stacked(["AS", "2H", "5D", "KC", *CLIMB[5:10], "QD"]))
    state = GAME.apply(state, 0, "move r3 f1")
    assert KIT.pile(state, "f1") == ("KC",)
    state = GAME.apply(state, 0, "deal")
    assert KIT.pile(state, "w") == ("QD",)
    assert {"move w f1", "move w r3"} <= set(GAME.legal_actions(state, 0))
    state = GAME.apply(state, 0, "move w r3")
    assert KIT.pile(state, "r3") == ("QD",)


def test_the_centre_climbs_again_after_the_king_to_52_cards() -> None:
    layout = lay(SPEC.empty(), SPEC, {"c": CLIMB, "w": ["AD"]})
    assert "move w c" in SPEC.moves(layout, CTX)
    full = lay(SPEC.empty(), SPEC, {"c": CLIMB * 4, "w": ["AD"]})
    with pytest.raises(IllegalAction, match="complete"):
        SPEC.apply(full, "move w c", CTX)


def test_a_known_deal_is_won() -> None:
    state = GAME.new(1, 33)
    for action in WIN:
        state = GAME.apply(state, 0, action)
    assert state.end == "won"
    assert GAME.outcome(state).winners == (0,)
