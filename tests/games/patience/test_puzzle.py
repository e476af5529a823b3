"""Puzzle (Cheney p. 86): kings above their piles, aces set aside, relays that stop when
they only repeat, a shuffled relay replayed exactly, a won game."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.errors import IllegalAction
from bot.games.patience.engine import Ctx, lay
from tests.games.patience.helpers import Kit, actions

KIT = Kit("puzzle")
GAME: Any = KIT.game
SPEC = GAME.spec
CTX = Ctx(0, GAME.options({}))
KINGS = ["KS", "KH", "KD", "KC"]
LAST = ["QS", "AH", "JD", "QC"]


WIN = actions(
    "redeal,move t3 f3,redeal,redeal,move t3 f3,redeal,redeal,move t3 f3,redeal,redeal,"
    "redeal,move t3 f3,redeal,move t4 f4,redeal,redeal,redeal,move t2 f2,redeal,redeal,"
    "redeal,move t4 f4,redeal,move t1 f1,redeal,move t3 f3,move t3 f3,redeal,move t1 f1,"
    "redeal,move t4 f4,redeal,redeal,redeal,redeal,move t2 f2,move t2 f2,redeal,redeal,"
    "move t1 f1,move t4 f4,redeal,move t2 f2,move t2 f2,redeal,move t2 f2,move t4 f4,redeal,"
    "move t1 f1,move t4 f4,redeal,move t1 f1,redeal,move t1 f1"
)


def stacked() -> list[str]:
    """Kings first, then 24 cards, then the four that end on top of t1..t4."""
    middle = [c for c in SPEC.pack() if c not in KINGS + LAST]
    return [*KINGS, *middle, *LAST]


def test_the_kings_go_above_and_a_queen_comes_up_from_below() -> None:
    state = GAME.new(1, 8, deck=stacked())
    assert [KIT.pile(state, f"f{k}") for k in range(1, 5)] == [(k,) for k in KINGS]
    assert KIT.pile(state, "t1")[-1] == "QS"
    assert "move t1 f1" in GAME.legal_actions(state, 0)
    state = GAME.apply(state, 0, "move t1 f1")
    assert KIT.pile(state, "f1") == ("KS", "QS")


def test_a_king_takes_cards_only_from_the_pile_beneath() -> None:
    state = GAME.new(1, 8, deck=stacked())
    with pytest.raises(IllegalAction, match="directly beneath"):
        GAME.apply(state, 0, "move t4 f1")
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "move t3 f3")
    assert KIT.pile(state, "t4")[-1] == "QC"


def test_an_ace_on_top_is_set_aside() -> None:
    state = GAME.new(1, 8, deck=stacked())
    assert KIT.pile(state, "x") == ("AH",)
    assert len(KIT.pile(state, "t2")) == 6


def test_relays_stop_when_they_would_only_repeat() -> None:
    kings = {f"f{k + 1}": [c] for k, c in enumerate(KINGS)}
    layout = lay(SPEC.empty(), SPEC, {**kings, "t1": ["7S", "8S", "9S", "10S", "JS"]})
    for _ in range(4):  # five cards come round again after four relays
        assert SPEC.moves(layout, CTX) == ["redeal"]
        layout = SPEC.apply(layout, "redeal", CTX)
    assert SPEC.moves(layout, CTX) == []
    with pytest.raises(IllegalAction, match="repeat"):
        SPEC.apply(layout, "redeal", CTX)


def test_a_shuffled_relay_is_undone_and_redone_exactly() -> None:
    state = GAME.new(1, 3, options={"puzzle_shuffle": True})
    while "redeal" not in GAME.legal_actions(state, 0):
        move = next(a for a in GAME.legal_actions(state, 0) if a.startswith("move"))
        state = GAME.apply(state, 0, move)
    before = state.layout
    state = GAME.apply(state, 0, "redeal")
    after = state.layout
    assert after.shuffles == 1
    state = GAME.apply(state, 0, "undo")
    assert state.layout == before
    state = GAME.apply(state, 0, "redo")
    assert state.layout == after


def test_a_known_deal_is_won() -> None:
    state = GAME.new(1, 131)
    for action in WIN:
        state = GAME.apply(state, 0, action)
    assert state.end == "won"
    assert GAME.outcome(state).winners == (0,)
