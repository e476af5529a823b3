"""Honors (Cheney p. 83): the named families, round the corner, late refills, a won game."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.errors import IllegalAction
from bot.games.patience.engine import Ctx, lay
from tests.games.patience.helpers import Kit, actions

KIT = Kit("honors")
GAME: Any = KIT.game
SPEC = GAME.spec
CTX = Ctx(0, GAME.options({}))


WIN = actions(
    "move t1 f6,move t19 f4,move t6 f3,move t8 f8,deal,move w t1,deal,move w t19,deal,"
    "move w t6,deal,move w t8,deal,move w f8,deal,move w t18,deal,move w f5,move t14 f5,"
    "move t13 f5,move t19 f5,deal,move w t13,deal,move w t14,deal,move w t19,deal,"
    "move w t11,deal,move w t7,deal,move w f3,deal,move w t1,deal,move w t17,deal,"
    "move w t20,deal,move w f6,move t10 f6,move t8 f6,deal,move w t10,deal,move w t8,"
    "deal,move w f3,deal,move w t10,deal,move w t8,deal,move w t13,deal,move w t5,deal,"
    "move w t19,deal,move w t3,deal,move w t4,deal,move w f4,deal,move w f2,move t11 f2,"
    "move t19 f2,deal,move w t11,deal,move w t19,deal,move w t6,deal,move w f6,"
    "move t14 f6,move t9 f6,deal,move w f5,move t12 f5,deal,move w t12,deal,move w t14,"
    "deal,move w f5,move t13 f5,move t18 f5,deal,move w t9,deal,move w t14,deal,"
    "move w t12,deal,move w t9,deal,move w t13,deal,move w t18,deal,draw t5 2 f2,"
    "move w t5,deal,move w f3,move t1 f3,deal,move w f2,deal,move w f7,move t16 f7,"
    "move t11 f7,deal,move w t16,deal,move w f3,deal,move w t11,deal,move w t1,deal,"
    "move w f1,move t6 f1,move t16 f1,move t1 f1,move t6 f7,move t15 f7,move t7 f1,deal,"
    "move w f3,move t4 f3,deal,move w f4,move t9 f4,deal,move w f8,move t2 f8,deal,"
    "move w f3,move t1 f3,move t20 f3,move t12 f3,deal,move w f6,move t4 f6,deal,"
    "move w t1,deal,move w t15,deal,move w t16,deal,move w t2,deal,move w f2,move t1 f2,"
    "deal,move w t1,deal,move w t4,deal,move w t6,deal,move w t7,deal,move w f4,deal,"
    "move w t20,deal,move w f4,move t15 f4,move t20 f4,move t12 f4,deal,move w t12,deal,"
    "move w f6,move t18 f6,move t16 f6,deal,move w f5,move t4 f5,move t17 f5,deal,"
    "move w t15,deal,move w f1,move t13 f1,move t17 f1,move t19 f1,move t12 f1,"
    "move t11 f1,move t18 f1,move t19 f8,move t13 f8,deal,move w t12,deal,move w f7,"
    "move t9 f7,move t1 f7,move t6 f7,move t10 t1,move t10 f7,move t15 f7,move t11 f7,"
    "move t3 t4,move t3 f8,move t12 f8,move t2 f8,move t20 f8,move t7 f8,move t4 f8,"
    "move t5 t2,move t5 f4,move t7 f4,move t8 f4,move t8 f2,move t2 f2,move t1 f2,"
    "move t14 f2,move t14 f2"
)


def test_the_named_cards_are_laid_first_and_built_on() -> None:
    state = GAME.new(1, 3, deck=KIT.stacked(["3S", "5D"]))
    assert [KIT.pile(state, f"f{k}") for k in range(1, 9)] == [
        ("2S",),
        ("KH",),
        ("AD",),
        ("QC",),
        ("KS",),
        ("QH",),
        ("JD",),
        ("10C",),
    ]
    assert KIT.pile(state, "t1") == ("3S",)
    assert "move t1 f1" in GAME.legal_actions(state, 0)
    state = GAME.apply(state, 0, "move t1 f1")
    assert KIT.pile(state, "f1") == ("2S", "3S")


def test_a_down_family_refuses_a_card_going_up() -> None:
    state = GAME.new(1, 3, deck=KIT.stacked(["3S", "5D"]))
    with pytest.raises(IllegalAction, match="one lower, in suit"):
        GAME.apply(state, 0, "move t1 f5")
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "move t2 t1")
    assert KIT.pile(state, "t1") == ("3S",)


def test_the_families_go_round_the_corner() -> None:
    state = GAME.new(1, 3, deck=KIT.stacked(["AH", "KH", "JC"]))
    assert "move t1 f2" in GAME.legal_actions(state, 0)  # ace on the king of hearts
    assert "move t2 f6" not in GAME.legal_actions(state, 0)  # the queen of hearts goes down
    assert "move t3 f4" not in GAME.legal_actions(state, 0)  # the clubs end at the knave
    state = GAME.apply(state, 0, "move t1 f2")
    assert KIT.pile(state, "f2") == ("KH", "AH")


def test_after_the_pack_an_empty_place_takes_the_top_of_a_double_pile() -> None:
    layout = lay(SPEC.empty(), SPEC, {"t1": ["5D", "9C"], "t2": ["4S"], "t4": ["7H", "8H"]})
    assert "move t1 t3" in SPEC.moves(layout, CTX)
    after = SPEC.apply(layout, "move t1 t3", CTX)
    assert after.piles[SPEC.index["t3"]] == ("9C",)
    with pytest.raises(IllegalAction, match="double pile"):
        SPEC.apply(layout, "move t2 t3", CTX)
    with pytest.raises(IllegalAction, match="in order"):
        SPEC.apply(layout, "move t1 t5", CTX)
    waiting = SPEC.with_stock(layout, ["2H"])
    with pytest.raises(IllegalAction):
        SPEC.apply(waiting, "move t1 t3", CTX)


def test_a_known_deal_is_won() -> None:
    state = GAME.new(1, 1)
    for action in WIN:
        state = GAME.apply(state, 0, action)
    assert state.end == "won"
    assert GAME.outcome(state).winners == (0,)
