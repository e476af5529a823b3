"""The Legitimist (Cheney p. 36): families opened in order, round the corner, reshuffled
redeals replayed exactly, a won game."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.errors import IllegalAction
from bot.games.patience.engine import Ctx, lay
from tests.games.patience.helpers import Kit, actions

KIT = Kit("legitimist")
GAME: Any = KIT.game
SPEC = GAME.spec
CTX = Ctx(0, GAME.options({}))


WIN = actions(
    "deal,deal,deal,deal,deal,deal,deal,deal,deal,move w f2,move w f3,move w f2,deal,"
    "deal,deal,move w f4,deal,deal,deal,deal,deal,move w f5,deal,move w f1,deal,deal,"
    "deal,deal,move w f3,deal,move w f4,deal,deal,deal,deal,deal,deal,deal,deal,"
    "move w f3,deal,move w f1,deal,deal,deal,move w f2,deal,move w f6,deal,deal,"
    "move w f7,move w f8,deal,move w f8,deal,deal,move w f8,move w f8,move w f8,deal,"
    "deal,move w f7,deal,move w f7,deal,move w f2,deal,move w f1,deal,deal,deal,"
    "move w f7,deal,deal,move w f1,deal,move w f8,deal,deal,deal,deal,move w f6,deal,"
    "deal,move w f5,deal,move w f5,deal,deal,deal,move w f4,deal,move w f4,deal,deal,"
    "move w f8,deal,deal,deal,move w f3,move w f3,deal,deal,deal,deal,move w f7,deal,"
    "deal,deal,move w f6,deal,move w f6,move w f6,deal,deal,deal,move w f6,deal,"
    "move w f5,deal,move w f4,deal,deal,move w f8,move w f8,move w f8,deal,move w f2,"
    "deal,move w f1,deal,deal,deal,deal,deal,deal,move w f3,deal,move w f8,deal,deal,"
    "deal,deal,move w f5,deal,deal,move w f2,deal,deal,move w f5,deal,deal,move w f5,"
    "deal,move w f8,redeal,deal,move w f7,deal,move w f1,deal,move w f7,deal,move w f6,"
    "deal,deal,deal,deal,deal,deal,deal,move w f4,deal,deal,move w f8,deal,deal,deal,"
    "deal,deal,deal,move w f7,deal,move w f5,deal,move w f3,deal,deal,deal,deal,"
    "move w f6,move w f6,deal,deal,deal,deal,deal,move w f4,deal,deal,deal,move w f4,"
    "deal,move w f5,move w f5,deal,deal,deal,move w f4,deal,move w f2,deal,deal,deal,"
    "deal,move w f4,move w f4,deal,move w f3,deal,deal,deal,move w f1,deal,move w f2,"
    "deal,deal,deal,move w f2,deal,redeal,deal,deal,deal,move w f7,deal,move w f6,deal,"
    "move w f7,deal,move w f1,deal,deal,move w f7,deal,move w f3,deal,move w f3,deal,"
    "move w f6,deal,move w f5,deal,deal,move w f7,deal,move w f5,deal,move w f6,deal,"
    "move w f2,move w f2,move w f7,deal,move w f1,deal,move w f3,move w f3,move w f2,"
    "deal,move w f1,deal,move w f4,deal,deal,move w f3,deal,move w f5,deal,move w f2,"
    "deal,move w f1,move w f1,deal,move w f4,deal,move w f6"
)


def test_a_queen_may_go_on_the_king_or_open_the_queens() -> None:
    state = GAME.new(1, 2, deck=KIT.stacked(["KS", "QH", "JD"]))
    assert KIT.pile(state, "f1") == ("KS",)
    state = GAME.apply(state, 0, "deal")
    legal = GAME.legal_actions(state, 0)
    assert "move w f1" in legal and "move w f2" in legal
    state = GAME.apply(state, 0, "move w f2")
    assert KIT.pile(state, "f2") == ("QH",)


def test_a_family_opens_only_after_the_one_before() -> None:
    state = GAME.new(1, 2, deck=KIT.stacked(["KS", "JD", "QH"]))
    state = GAME.apply(state, 0, "deal")
    with pytest.raises(IllegalAction, match="opens after"):
        GAME.apply(state, 0, "move w f3")
    with pytest.raises(IllegalAction, match="one lower"):
        GAME.apply(state, 0, "move w f1")
    assert KIT.pile(state, "w") == ("JD",)
    assert KIT.pile(state, "f3") == ()


def test_families_go_round_the_corner_to_thirteen_cards() -> None:
    sixes = ["6S", "5S", "4S", "3S", "2S", "AS", "KS", "QS", "JS", "10S", "9S", "8S"]
    layout = lay(SPEC.empty(), SPEC, {"f8": sixes, "w": ["7H", "7D"]})
    assert "move w f8" in SPEC.moves(layout, CTX)
    done = SPEC.apply(layout, "move w f8", CTX)
    assert len(done.piles[SPEC.index["f8"]]) == 13
    with pytest.raises(IllegalAction):
        SPEC.apply(done, "move w f8", CTX)


def test_a_reshuffled_redeal_is_undone_and_redone_exactly() -> None:
    state = GAME.new(1, 9)
    while "deal" in GAME.legal_actions(state, 0):
        state = GAME.apply(state, 0, "deal")
    before = state.layout
    state = GAME.apply(state, 0, "redeal")
    after = state.layout
    assert after.shuffles == 1
    waste_order = before.piles[SPEC.index["w"]][::-1]
    assert after.piles[SPEC.index["s"]] != waste_order  # shuffled, not merely turned
    state = GAME.apply(state, 0, "undo")
    assert state.layout == before
    state = GAME.apply(state, 0, "redo")
    assert state.layout == after


def test_without_reshuffle_the_waste_is_turned_over() -> None:
    state = GAME.new(1, 9, options={"legitimist_reshuffle": False})
    while "deal" in GAME.legal_actions(state, 0):
        state = GAME.apply(state, 0, "deal")
    waste = KIT.pile(state, "w")
    state = GAME.apply(state, 0, "redeal")
    assert KIT.pile(state, "s") == waste[::-1]
    state = GAME.apply(state, 0, "deal")
    assert KIT.pile(state, "w") == waste[:1]  # the bottom card of the waste comes first


def test_a_known_deal_is_won() -> None:
    state = GAME.new(1, 6)
    for action in WIN:
        state = GAME.apply(state, 0, action)
    assert state.end == "won"
    assert GAME.outcome(state).winners == (0,)
