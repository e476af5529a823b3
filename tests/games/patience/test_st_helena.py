"""Patience at St. Helena (bot/games/patience/games/st_helena.py): each side feeds its own
row in the first distribution, marriages regardless of suit, shuffled relays, and a stacked
deal played to the win."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.errors import IllegalAction
from bot.games.patience.engine import RANK_TEXT, Ctx
from tests.games.patience.helpers import Kit

KIT = Kit("st-helena")
GAME: Any = KIT.game
SPEC: Any = KIT.spec
stacked, play, play_home, top = KIT.stacked, KIT.play, KIT.play_home, KIT.top


BASES = ["KS", "KH", "KD", "KC", "AS", "AH", "AD", "AC"]
# One round, in the laying order b1..b4, t1..t4, e3, e4, e1, e2.
ROUND = ["2S", "5C", "6S", "9D", "QS", "2H", "8C", "7C", "QH", "JD", "2D", "3S"]


def test_a_round_is_laid_in_the_book_order_and_cards_go_home() -> None:
    state = GAME.new(1, 0, deck=stacked(BASES + ROUND))
    assert [top(state, f"f{k}") for k in range(1, 9)] == BASES
    assert [top(state, p) for p in ("b1", "t1", "e3", "e4", "e1", "e2")] == [
        "2S", "QS", "QH", "JD", "2D", "3S"
    ]  # fmt: skip
    state = play(state, ["move b1 f5", "move t1 f1", "move e2 f5", "move b2 b3"])
    assert top(state, "f5") == "3S"
    assert top(state, "b3") == "5C"  # a marriage regardless of suit


def test_the_first_distribution_keeps_each_side_to_its_row() -> None:
    state = GAME.new(1, 0, deck=stacked(BASES + ROUND))
    before = GAME.dump(state)
    with pytest.raises(IllegalAction, match="above feed only the kings"):
        GAME.apply(state, 0, "move t2 f6")  # 2H above the kings
    with pytest.raises(IllegalAction, match="one higher or one lower"):
        GAME.apply(state, 0, "move b1 b4")  # 2S on 9D
    assert GAME.dump(state) == before
    state = play(state, ["move e3 f2", "move e1 f7"])  # side piles feed either row
    assert (top(state, "f2"), top(state, "f7")) == ("QH", "2D")


def test_after_a_relay_every_pile_feeds_both_rows() -> None:
    state = GAME.new(1, 0, deck=stacked(BASES + ROUND))
    while "deal" in GAME.legal_actions(state, 0):
        state = play(state, ["deal"])
    state = play(state, ["redeal"])
    assert state.layout.passes == 1
    ctx = Ctx(state.seed, dict(state.options))
    reasons = [
        SPEC.accepts(state.layout, SPEC.index[side], (top(state, side),), SPEC.index[f], ctx)
        for side in ("t1", "t2", "b1", "b2")
        for f in ("f1", "f5")
    ]
    assert not [r for r in reasons if r and "feed only" in r]
    first = GAME.new(1, 0, deck=stacked(BASES + ROUND))
    assert "feed only" in str(
        SPEC.accepts(first.layout, SPEC.index["t1"], ("QS",), SPEC.index["f5"], ctx)
    )


def test_undo_and_redo_are_exact_across_the_reshuffle() -> None:
    state = GAME.new(1, 7)
    while "deal" in GAME.legal_actions(state, 0):
        state = play(state, ["deal"])
    relaid = play(state, ["redeal"])
    assert relaid.layout.shuffles == 1
    undone = play(relaid, ["undo"])
    assert undone.layout == state.layout
    assert play(undone, ["redo"]).layout == relaid.layout


def test_a_stacked_deal_is_won_in_the_first_distribution() -> None:
    up = [RANK_TEXT[r] + s for r in range(2, 14) for s in "SHDC"]
    down = [RANK_TEXT[r] + s for r in range(12, 0, -1) for s in "SHDC"]
    deck = list(BASES)
    for j in range(8):
        deck += up[6 * j : 6 * j + 4] + down[6 * j : 6 * j + 4]
        deck += up[6 * j + 4 : 6 * j + 6] + down[6 * j + 4 : 6 * j + 6]
    state, made = play_home(GAME.new(1, 0, deck=deck))
    assert state.end == "won"
    assert GAME.outcome(state).winners == (0,)
    assert made.count("deal") == 7 and len(made) == 7 + 96
