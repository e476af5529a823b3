"""Duchess of Luynes (bot/games/patience/games/duchess_of_luynes.py): four places and the
stock of fifth and sixth cards, the renewals (the last one without the stock), and a
stacked deal played to the win."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.errors import IllegalAction
from tests.games.patience.helpers import Kit, levels

KIT = Kit("duchess-of-luynes")
GAME: Any = KIT.game
SPEC: Any = KIT.spec
stacked, play, play_home, top = KIT.stacked, KIT.play, KIT.play_home, KIT.top


ROUND = ["KS", "2S", "9C", "QH", "7D", "AH"]  # t1..t4, then two on the stock


def test_places_and_the_stock_top_go_home() -> None:
    state = GAME.new(1, 0, deck=stacked(ROUND))
    assert [top(state, p) for p in ("t1", "t2", "t3", "t4", "r")] == [*ROUND[:4], "AH"]
    state = play(state, ["move t1 f1", "move r f6"])
    assert (top(state, "f1"), top(state, "f6"), top(state, "r")) == ("KS", "AH", "7D")


def test_refusals_leave_the_state_alone() -> None:
    state = GAME.new(1, 0, deck=stacked(ROUND))
    before = GAME.dump(state)
    with pytest.raises(IllegalAction, match="starts with the ace of spades"):
        GAME.apply(state, 0, "move t2 f5")
    with pytest.raises(IllegalAction, match="Nothing may be laid"):
        GAME.apply(state, 0, "move t2 r")
    with pytest.raises(IllegalAction, match="Deal out the pack first"):
        GAME.apply(state, 0, "redeal")
    assert GAME.dump(state) == before


def test_an_emptied_place_waits_for_the_next_round() -> None:
    state = play(GAME.new(1, 0, deck=stacked(ROUND)), ["move t1 f1"])
    with pytest.raises(IllegalAction, match="stays empty"):
        GAME.apply(state, 0, "move r t1")
    state = play(state, ["deal"])
    assert top(state, "t1") == state.deck[6] and len(state.layout.piles[SPEC.index["r"]]) == 4


def test_two_renewals_with_the_stock_then_one_without() -> None:
    state = GAME.new(1, 3)
    for renewal in range(3):
        while "deal" in GAME.legal_actions(state, 0):
            state = play(state, ["deal"])
        state = play(state, ["redeal"])
        assert state.layout.passes == renewal + 1
    stock = len(state.layout.piles[SPEC.index["r"]])
    assert stock == 0
    state = play(state, ["deal"])
    assert not state.layout.piles[SPEC.index["r"]]  # the last laying has no stock
    assert "redeal" not in GAME.legal_actions(state, 0)


def test_undo_and_redo_are_exact_across_a_shuffled_renewal() -> None:
    state = GAME.new(1, 4, {"duchess_shuffle": True})
    while "deal" in GAME.legal_actions(state, 0):
        state = play(state, ["deal"])
    relaid = play(state, ["redeal"])
    assert relaid.layout.shuffles == 1
    undone = play(relaid, ["undo"])
    assert undone.layout == state.layout
    assert play(undone, ["redo"]).layout == relaid.layout


def test_a_stacked_deal_is_won() -> None:
    state, made = play_home(GAME.new(1, 0, deck=levels()))
    assert state.end == "won"
    assert GAME.outcome(state).winners == (0,)
    assert made.count("deal") == 17 and len(made) == 17 + 104
