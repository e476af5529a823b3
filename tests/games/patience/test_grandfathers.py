"""Grandfathers (Cheney p. 20): the deal, the two-deep limit, the privileges, a won game."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.errors import IllegalAction
from bot.games.patience.engine import rank
from tests.games.patience.helpers import Kit, actions

KIT = Kit("grandfathers")
GAME: Any = KIT.game
SPEC = GAME.spec
PLAIN = sorted(c for c in SPEC.pack() if rank(c) not in (1, 13) and c[-1] in "DC")


WIN = actions(
    "move t15 f8,move t4 f8,move t7 f8,move t11 f8,move t5 f8,move t17 f8,move t9 f8,"
    "move t12 f8,move t1 f8,deal,move w t1,deal,move w t1,deal,move w t10,deal,move w f4,"
    "deal,move w t11,deal,move w t11,deal,move w t12,deal,move w f1,move t18 f1,deal,"
    "draw t1 2 f1,move t20 f1,move w t1,deal,move w f2,deal,move w t12,deal,move w t13,deal,"
    "move w f3,deal,move w t14,deal,move w f3,move t16 f3,deal,move w t15,deal,move w t15,"
    "deal,move w f4,deal,move w f3,deal,move w t16,deal,move w t16,deal,move w t17,deal,"
    "move w t17,deal,move w t18,deal,move w f7,move t15 f7,move t10 f7,move t15 f3,deal,"
    "move w t10,deal,move w t15,deal,move w t15,deal,move w t18,deal,move w t19,deal,"
    "move w f6,move t3 f6,move t17 f6,move t11 f6,deal,move w t11,deal,move w t17,deal,"
    "move w t2,deal,move w t20,deal,move w f6,deal,move w f1,deal,move w f5,move t15 f5,deal,"
    "move w t15,deal,move w f5,deal,move w t20,deal,move w t3,deal,move w t3,deal,move w t4,"
    "deal,move w t4,deal,move w t5,deal,move w t5,deal,move w f4,deal,move w f5,move t17 f5,"
    "move t6 f5,deal,move w t17,deal,move w f4,move t1 f4,move t1 f7,move t12 f7,move t14 f4,"
    "move t16 f4,move t17 f4,deal,move w t1,deal,move w t1,deal,move w t12,deal,move w f6,"
    "move t10 f6,move t10 f6,move t5 f6,move t11 f6,deal,move w t10,deal,move w t10,deal,"
    "move w f3,move t14 f3,deal,move w f2,deal,move w f8,deal,move w f1,move t10 f1,"
    "move t10 f8,move t5 f1,deal,move w t10,deal,move w f6,deal,move w f7,deal,move w f5,"
    "move t3 f5,move t8 f5,move t4 f5,move t17 f5,move t2 f5,move t18 f5,deal,move w f1,"
    "move t2 f1,deal,move w t10,deal,move w f1,deal,move w t11,deal,move w t14,deal,"
    "move w t14,deal,move w f7,move t1 f7,move t3 f7,deal,move w t1,deal,move w f2,deal,"
    "move w f1,deal,move w t16,deal,move w f3,move t10 f3,move t19 f3,move t4 f3,move t20 f3,"
    "move t20 f6,move t15 f6,move t15 f7,move t11 f7,move t1 f7,deal,move w f2,move t12 f2,"
    "move t13 f2,move t13 f4,move t14 f4,move t10 f4,move t16 f2,move t16 f4,move t11 f4,"
    "move t18 f2,move t14 f2,move t12 f2,move t19 f2,move t1 f2,deal,move w f8"
)


def test_an_ace_goes_up_as_it_comes_and_a_two_follows() -> None:
    state = GAME.new(1, 7, deck=KIT.stacked(["AS", "2S", *PLAIN[:19]]))
    assert KIT.pile(state, "f1") == ("AS",)
    assert KIT.pile(state, "t1") == ("2S",)
    assert "move t1 f1" in GAME.legal_actions(state, 0)
    state = GAME.apply(state, 0, "move t1 f1")
    assert KIT.pile(state, "f1") == ("AS", "2S")
    assert KIT.pile(state, "t1") == ()


def test_a_card_of_another_suit_is_refused() -> None:
    state = GAME.new(1, 7, deck=KIT.stacked(["AS", "2S", "3H", *PLAIN[:18]]))
    with pytest.raises(IllegalAction, match="in suit"):
        GAME.apply(state, 0, "move t2 f1")
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "move t1 t2")
    assert KIT.pile(state, "f1") == ("AS",)
    assert KIT.pile(state, "t2") == ("3H",)


def play_to_full(deck: list[str]) -> Any:
    state = GAME.new(1, 7, deck=deck)
    for k in range(1, 21):
        state = GAME.apply(state, 0, "deal")
        state = GAME.apply(state, 0, f"move w t{k}")
    return GAME.apply(state, 0, "deal")


def test_three_cards_may_be_laid_past_two_deep_and_no_more() -> None:
    state = play_to_full(KIT.stacked(PLAIN[:44]))
    legal = GAME.legal_actions(state, 0)
    assert "move w t1" not in legal
    with pytest.raises(IllegalAction, match="at most 2"):
        GAME.apply(state, 0, "move w t1")
    for k in (1, 2, 3):
        assert f"lay t{k}" in GAME.legal_actions(state, 0)
        state = GAME.apply(state, 0, f"lay t{k}")
        assert len(KIT.pile(state, f"t{k}")) == 3
        state = GAME.apply(state, 0, "deal")
    assert state.layout.used[0] == 3
    with pytest.raises(IllegalAction, match="three times"):
        GAME.apply(state, 0, "lay t4")


def test_one_draw_brings_a_buried_card_home() -> None:
    state = GAME.new(1, 7, deck=KIT.stacked(["AS", "2S", *PLAIN[:19], "3H"]))
    state = GAME.apply(state, 0, "deal")
    state = GAME.apply(state, 0, "move w t1")
    assert KIT.pile(state, "t1") == ("2S", "3H")
    assert "draw t1 2 f1" in GAME.legal_actions(state, 0)
    state = GAME.apply(state, 0, "draw t1 2 f1")
    assert KIT.pile(state, "f1") == ("AS", "2S")
    assert KIT.pile(state, "t1") == ("3H",)
    assert state.layout.used[1] == 1
    # the second draw waits until the pack is out
    assert not [a for a in GAME.legal_actions(state, 0) if a.startswith("draw")]


def test_a_known_deal_is_won() -> None:
    state = GAME.new(1, 24)
    for action in WIN:
        state = GAME.apply(state, 0, action)
    assert state.end == "won"
    assert GAME.outcome(state).winners == (0,)
