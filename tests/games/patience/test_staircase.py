"""Staircase (bot/games/patience/games/staircase.py): the mirrored staircase of ten piles,
sequences moving in alternate colours, the buried waste, a stacked deal, a won deal, and
the quick move finder agreeing with the engine's."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games.errors import IllegalAction
from bot.games.patience.engine import Ctx, Spec
from tests.games.patience.helpers import Kit

KIT = Kit("staircase")
GAME: Any = KIT.game
SPEC: Any = GAME.spec
TOPS = {10: "8S", 9: "7H", 8: "6C", 7: "9H", 6: "KC", 5: "QC", 4: "JC", 3: "10C", 2: "4D", 1: "3D"}
"""The face-up card of each pile (t1 holds ten cards, t10 one)."""
LAST = ["AH", "AD"]
"""The pack's last two cards: the AD is turned last."""
WIN_SEED = 66
WIN = (
    (
        "move t6 t10, deal, deal, move h t8, deal, deal, deal, move h t10, move t5 t10, move t5 "
        "f1, move t4 f1, move t2 t5, move t3 t2, move t4 t2, move t6 t4, move t6 t10, move t6 f1, "
        "move t7 f1, move t6 t8, move t1 t6, deal, move h t5, move t3 t5, move t3 f2, move t7 f2, "
        "deal, move h f3, deal, move h t1, deal, deal, move h f1, deal, move h t2, move t10 t2 5, "
        "move t1 t10 2, move t1 f4, move t9 f4, move t1 t10, move t1 t8, move t8 t10 4, deal, "
        "move h t7, deal, move h f1, move t7 f1, deal, deal, move h f5, deal, move h t4, move t8 "
        "t4, deal, deal, deal, move h t4, deal, move h t1, deal, move h t2, deal, deal, move h "
        "t3, deal, deal, deal, move h f1, deal, deal, deal, deal, move h t10, move t1 t10 2, move "
        "t1 f2, move t5 t1 4, move t3 t5 2, move t3 t2, move t3 t4, deal, move h f2, deal, move h "
        "t9, deal, deal, deal, move h t3, move t9 t3 2, move t1 t9 5, move t7 t1, move t7 t4, "
        "move t1 t7 2, move t3 t1 4, move t3 f6, move t9 f6, move t9 f4, move t2 t3 11, move t9 "
        "t4 3, move t2 t9, move t2 t9, deal, deal, move h f4, deal, move h t5, move t7 t5 2, move "
        "t2 t7, move t2 f5, move t2 t5, move t2 f7, move t6 f7, move t3 f7, move t10 f7, move t10 "
        "f2, move t8 f2, move t4 t6 10, move t4 t8, move t4 f1, move t4 t2, move t4 f6, move t5 "
        "t4 7, move t3 t8, move t3 f7, move t6 t10 2, move t6 f7, move t4 f7, move t6 f2, move t4 "
        "f2, move t9 f2, move t10 t6 4, move t10 f7, move t4 f7, move t4 f2, move t9 f7, move t5 "
        "t9, move t8 t3 2, move t1 t8 2, move t1 f2, move t9 f2, move t10 t9, move t10 f1, move "
        "t4 f1, move t1 f1, move t10 t1 2, move t10 f2, move t4 t10, move t4 f1, move t6 t4, move "
        "t6 f4, move t10 t5, move t3 t10 2, move t3 f4, move t8 t1 2, deal, move h f3, deal, move "
        "h t8, deal, move h t10, deal, deal, deal, move h f3, deal, move h f8, move t7 f8, move "
        "t10 f8, move t4 f8, move t8 f8, deal, move h t4, deal, move h t7, move t4 t7, deal, move "
        "h t4, deal, move w t8, move w t4, move w f8, move t7 f8, move w f4, move t3 t7, move t3 "
        "f4, move t1 f4, move t8 f4, move t1 t8, move t1 f4, move t5 f4, move t7 t3 2, move t1 "
        "t7, move t1 f4, move t9 t8, move w t1, move w f3, move w f7, move t7 f7, move t5 f7, "
        "move w t5, move t4 t5 2, move w t2, move t8 t2 2, move w t4, move w t5, move w f3, move "
        "w t6, move w f8, move t5 t7, move t5 f8, move t2 t8, move t2 f8, move t5 t9, move t5 f8, "
        "move t6 t5 7, move t6 f8, move t3 t1 6, move t3 f8, move w t1, move w f5, move t10 f5, "
        "move t5 f5, move t1 f5, move t4 f5, move t7 f5, move w f6, move t10 f6, move t5 f6, move "
        "t1 f6, move w f3, move t5 f3, move t1 f3, move t5 f6, move t1 f6, move t5 f5, move t1 "
        "f5, move t2 f5, move t5 f6, move t1 f6, move t2 f6, move t8 f3, move t9 f3, move t5 f3, "
        "move t1 f3, move t1 f6, move t2 f3, move w f5, move t6 f5 "
    )
    .strip()
    .split(", ")
)


def staircase(tops: dict[int, str], last: list[str]) -> list[str]:
    """A full deck (two packs) whose staircase has these face-up cards and whose pack ends
    with `last`; every other card in pack order. Row r (from 0) is laid from pile 10 - r
    leftwards, its first card face up."""
    pool = list(SPEC.pack())
    for card in [*tops.values(), *last]:
        pool.remove(card)
    columns: dict[int, list[str]] = {}
    for k in range(1, 11):
        hidden = [pool.pop(0) for _ in range(10 - k)]
        columns[k] = [*hidden, tops[k]]
    order = [columns[col][row] for row in range(10) for col in range(10 - row, 0, -1)]
    return [*order, *pool, *last]


def test_the_staircase_and_a_sequence_moving_whole() -> None:
    state = GAME.new(1, 0, deck=staircase(TOPS, LAST))
    piles = state.layout.piles
    assert [len(piles[SPEC.index[f"t{k}"]]) for k in range(1, 11)] == list(range(10, 0, -1))
    assert [KIT.top(state, f"t{k}") for k in range(1, 11)] == [TOPS[k] for k in range(1, 11)]
    assert all(state.layout.down[SPEC.index[f"t{k}"]] == 10 - k for k in range(1, 11))
    state = KIT.play(state, ["move t9 t10", "move t8 t10", "move t10 t7 3"])
    assert state.layout.piles[SPEC.index["t7"]][-4:] == ("9H", "8S", "7H", "6C")
    assert not state.layout.piles[SPEC.index["t10"]]
    assert (
        KIT.top(state, "t9") is not None and state.layout.down[SPEC.index["t9"]] == 0
    )  # turned up
    state = KIT.play(state, ["move t3 t10"])  # a space takes any card
    assert KIT.top(state, "t10") == "10C"


def test_refusals_leave_the_state_alone() -> None:
    state = KIT.play(GAME.new(1, 0, deck=staircase(TOPS, LAST)), ["deal", "deal"])
    before = GAME.dump(state)
    with pytest.raises(IllegalAction, match="buried"):
        GAME.apply(state, 0, "move w t1")
    with pytest.raises(IllegalAction, match="other colour"):
        GAME.apply(state, 0, "move t2 t10")  # the 4 of diamonds on the 8 of spades
    with pytest.raises(IllegalAction, match="2 cards"):
        GAME.apply(state, 0, "move t9 t10 2")  # only one card of t9 is face up
    assert GAME.dump(state) == before


def test_the_waste_is_buried_until_the_pack_is_out() -> None:
    state = KIT.play(GAME.new(1, 0, deck=staircase(TOPS, LAST)), ["deal"])
    assert KIT.top(state, "h") is not None and not state.layout.piles[SPEC.index["w"]]
    first = KIT.top(state, "h")
    state = KIT.play(state, ["deal"])
    assert KIT.top(state, "w") == first  # buried when the next card is turned
    assert not any(a.startswith("move w ") for a in GAME.legal_actions(state, 0))
    state = KIT.play(state, ["deal"] * 47)
    assert not state.layout.piles[SPEC.index["s"]] and not state.layout.piles[SPEC.index["h"]]
    assert KIT.top(state, "w") == "AD"  # the last card turned went onto the waste by itself
    state = KIT.play(state, ["move w f1", "move w f2"])
    assert KIT.top(state, "f1") == "AD" and KIT.top(state, "f2") == "AH"


def test_the_quick_move_finder_agrees_with_the_engine() -> None:
    rng = random.Random(5)
    for seed in range(4):
        ctx = Ctx(seed)
        layout = GAME.new(1, seed).layout
        for _ in range(150):
            quick = sorted(SPEC.card_moves(layout, ctx))
            assert quick == sorted(Spec.card_moves(SPEC, layout, ctx))
            moves = SPEC.moves(layout, ctx)
            if not moves:
                break
            layout = SPEC.apply(layout, rng.choice(moves), ctx)


def test_a_deal_is_won() -> None:
    state = KIT.play(GAME.new(1, WIN_SEED), WIN)
    assert state.end == "won"
    assert GAME.outcome(state).winners == (0,)
