"""Fours (bot/games/patience/games/fours.py): thirteen piles of four, marriages down in
suit, gathering and laying again in fours, the end when a deal would only repeat itself,
undo and redo across a redeal, and a won deal."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.errors import IllegalAction
from tests.games.patience.helpers import Kit

KIT = Kit("fours")
GAME: Any = KIT.game
SPEC: Any = GAME.spec
STILL = ["KS", "10S", "8S", "6S", "4S", "KH", "JH", "9H", "7H", "5H", "3H", "KD"]
"""Top cards of t1..t12 among which nothing moves."""
WIN_SEED = 14
WIN = (
    (
        "move t1 f1, move t1 f2, move t2 f2, move t11 t13, move t11 t6, move t12 t3, move t5 t12, "
        "move t7 t13, move t7 t3, redeal, move t3 f1, move t4 f3, move t13 t12, move t9 t12, "
        "redeal, move t3 f2, move t6 f4, move t11 t2, move t8 t9, move t5 t8, move t4 t5, redeal, "
        "move t5 f3, move t12 t11, move t1 t8, redeal, move t1 f4, move t3 f1, move t7 f3, move "
        "t7 f3, move t7 f3, move t9 f3, move t9 f3, move t6 f3, move t4 f3, move t5 f3, move t10 "
        "f3, move t5 f1, move t5 f1, move t5 f1, move t6 f2, move t6 f4, move t6 f3, move t4 f3, "
        "move t7 f2, move t3 f2, move t3 f2, move t3 f2, move t1 f2, move t8 f4, move t8 f1, move "
        "t8 f1, move t8 f1, move t10 t1, move t10 f2, move t10 f2, move t4 f2, move t4 f2, "
        "redeal, move t1 f4, move t4 t3, move t2 t3, redeal, move t1 f4, move t2 f1, move t1 f1, "
        "move t1 f1, move t1 f1, move t2 f4, move t3 f4, move t3 f4, move t3 f4, move t3 f4, move "
        "t2 f4, move t2 f4 "
    )
    .strip()
    .split(", ")
)


def in_fours(tops: list[str], under: dict[int, list[str]] | None = None) -> list[str]:
    """A deck whose thirteen piles have these top cards (and these cards under the top of
    some piles, lowest first); every other card in pack order, aces first in no pile's
    top."""
    under = under or {}
    pool = [c for c in SPEC.pack() if c not in tops and all(c not in u for u in under.values())]
    pool.sort(key=lambda c: not c.startswith("A"))  # aces lie deep, never on top
    deck: list[str] = []
    for k, card in enumerate(tops):
        below = under.get(k, [])
        deck += [pool.pop(0) for _ in range(3 - len(below))] + below + [card]
    return deck


def test_aces_go_home_and_cards_marry_down_in_suit() -> None:
    deck = in_fours([*STILL[:11], "2H", "QS"], {12: ["AH"]})
    state = GAME.new(1, 0, deck=deck)
    assert [len(p) for p in state.layout.piles[SPEC.index["t1"] :]] == [4] * 13
    assert KIT.top(state, "t13") == "QS" and KIT.top(state, "t12") == "2H"
    state = KIT.play(state, ["move t13 t1"])
    assert KIT.top(state, "t1") == "QS" and KIT.top(state, "t13") == "AH"
    state = KIT.play(state, ["move t13 f1", "move t12 f1"])
    assert state.layout.piles[SPEC.index["f1"]] == ("AH", "2H")


def test_refusals_leave_the_state_alone() -> None:
    state = GAME.new(1, 0, deck=in_fours([*STILL, "QS"]))
    before = GAME.dump(state)
    with pytest.raises(IllegalAction, match="in suit"):
        GAME.apply(state, 0, "move t12 t1")  # the king of diamonds on the king of spades
    with pytest.raises(IllegalAction, match="no card can move"):
        GAME.apply(state, 0, "redeal")  # the queen of spades can still go on the king
    assert GAME.dump(state) == before


def test_the_piles_are_gathered_in_order_and_laid_in_fours() -> None:
    state = KIT.play(GAME.new(1, 0, deck=in_fours([*STILL, "QS"], {12: ["10D"]})), ["move t13 t1"])
    assert GAME.legal_actions(state, 0) == ["hint", "redeal", "resign", "undo"]
    tableau = state.layout.piles[SPEC.index["t1"] :]
    order = [c for pile in tableau for c in pile]
    assert len(tableau[0]) == 5 and len(tableau[12]) == 3
    after = KIT.play(state, ["redeal"])
    again = after.layout.piles[SPEC.index["t1"] :]
    assert again == tuple(tuple(order[4 * k : 4 * k + 4]) for k in range(13))
    assert after.layout.passes == 1


def test_a_deal_that_gives_no_move_ends_the_game() -> None:
    state = GAME.new(1, 0, deck=in_fours([*STILL, "2C"]))
    assert GAME.legal_actions(state, 0) == ["resign"]
    with pytest.raises(IllegalAction, match="repeat itself"):
        GAME.apply(state, 0, "redeal")


def test_undo_and_redo_across_a_redeal_are_exact() -> None:
    state = KIT.play(GAME.new(1, 0, deck=in_fours([*STILL, "QS"])), ["move t13 t1"])
    after = KIT.play(state, ["redeal"])
    undone = KIT.play(after, ["undo"])
    assert undone.layout == state.layout
    redone = KIT.play(undone, ["redo"])
    assert redone.layout == after.layout


def test_a_deal_is_won() -> None:
    state = KIT.play(GAME.new(1, WIN_SEED), WIN)
    assert state.end == "won"
    assert GAME.outcome(state).winners == (0,)
