"""Little Lots (Cheney p. 49): pairs off the tops, the two-card privilege, a won game."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.errors import IllegalAction
from bot.games.patience.engine import Ctx, lay
from tests.games.patience.helpers import Kit, actions

KIT = Kit("little-lots")
GAME: Any = KIT.game
SPEC = GAME.spec
CTX = Ctx(0, GAME.options({}))


WIN = actions(
    "remove t1 t3,remove t1 t8,remove t1 t7,remove t1 t8,remove t2 t3,remove t2 t8,"
    "remove t5 t7,remove t4 t5,remove t2 t4,remove t4 t7,remove t3 t4,remove t2 t3,"
    "remove t5 t8,remove t6 t7,remove t5 t6,turn t6"
)


FRONT = ["7S", "8S", "9S", "10S", "7H", "8H", "9H", "10H", "JD"]


def test_two_matching_tops_are_taken_off_and_the_next_cards_turned() -> None:
    state = GAME.new(1, 2, deck=KIT.stacked(FRONT))
    assert KIT.pile(state, "t1")[-1] == "7S"
    assert state.layout.down[SPEC.index["t1"]] == 3
    assert "remove t1 t2" in GAME.legal_actions(state, 0)
    state = GAME.apply(state, 0, "remove t1 t2")
    assert KIT.pile(state, "x") == ("7S", "7H")
    assert KIT.pile(state, "t1") == ("10S", "9S", "8S")
    assert state.layout.down[SPEC.index["t1"]] == 2  # the 8 is turned up


def test_unmatched_tops_are_refused() -> None:
    state = GAME.new(1, 2, deck=KIT.stacked(FRONT))
    with pytest.raises(IllegalAction, match="do not match"):
        GAME.apply(state, 0, "remove t1 t3")
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "remove t1 t1")
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "move t1 t2")
    assert KIT.pile(state, "x") == ()


def test_a_two_card_lot_may_be_turned_up_once() -> None:
    layout = lay(SPEC.empty(), SPEC, {"t3": ["9H", "9S"], "t4": ["8H", "7C"]}, down=1)
    assert {"turn t3", "turn t4"} <= set(SPEC.moves(layout, CTX))
    matched = SPEC.apply(layout, "turn t3", CTX)
    assert matched.piles[SPEC.index["t3"]] == ()
    assert matched.piles[SPEC.index["x"]] == ("9H", "9S")
    assert "turn t4" not in SPEC.moves(matched, CTX)
    with pytest.raises(IllegalAction, match="used your privilege"):
        SPEC.apply(matched, "turn t4", CTX)
    missed = SPEC.apply(layout, "turn t4", CTX)
    assert missed.piles[SPEC.index["t4"]] == ("8H", "7C")
    assert missed.down[SPEC.index["t4"]] == 0
    assert missed.used == (1,)


def test_a_known_deal_is_won() -> None:
    state = GAME.new(1, 4)
    for action in WIN:
        state = GAME.apply(state, 0, action)
    assert state.end == "won"
    assert GAME.outcome(state).winners == (0,)
