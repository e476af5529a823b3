"""Reversible Sequences (bot/games/patience/games/reversible_sequences.py): four lapping
rows of thirteen, marriages up or down in suit, spaces from the waste, and a stacked deal
played to the win."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.errors import IllegalAction
from tests.games.patience.helpers import Kit, levels

KIT = Kit("reversible-sequences")
GAME: Any = KIT.game
SPEC: Any = KIT.spec
stacked, play, play_home, top = KIT.stacked, KIT.play, KIT.play_home, KIT.top


def grid(rows: list[list[str]], after: tuple[str, ...] = ()) -> list[str]:
    """A deck whose four rows (top row first) are these, then the pack: these cards first,
    the rest in pack order."""
    return stacked([*(c for row in rows for c in row), *after])


FILLER = ["9S", "9H", "9D", "9C", "8S", "8H", "8D", "8C", "7S", "7H", "7D"]
ROWS = [
    ["AH", *FILLER, "6S"],
    ["KH", *FILLER, "6C"],
    ["AS", "3S", "3H", "3D", "3C", "4S", "4H", "4D", "4C", "5S", "5H", "5D", "5C"],
    ["KS", "5H", "6H", "7C", "6D", "10S", "10H", "10D", "10C", "JS", "JH", "JD", "JC"],
]


def test_the_lowest_cards_go_home_and_marry_in_suit() -> None:
    state = GAME.new(1, 0, deck=grid(ROWS))
    assert [top(state, f"t{k}") for k in range(1, 14)] == ROWS[3]
    state = play(state, ["move t1 f1", "move t2 t3"])
    assert top(state, "f1") == "KS" and top(state, "t3") == "5H" and top(state, "t2") == "3S"


def test_refusals_leave_the_state_alone() -> None:
    state = play(GAME.new(1, 0, deck=grid(ROWS, ("4H",))), ["deal"])
    before = GAME.dump(state)
    with pytest.raises(IllegalAction, match="in suit"):
        GAME.apply(state, 0, "move t4 t5")  # 7C on 6D
    with pytest.raises(IllegalAction, match="only to a family or an empty column"):
        GAME.apply(state, 0, "move w t2")  # the waste does not marry
    assert GAME.dump(state) == before
    relaxed = GAME.new(1, 0, {"reversible_waste_marries": True}, deck=grid(ROWS, ("4H",)))
    relaxed = play(relaxed, ["deal", "move w t2"])
    assert top(relaxed, "t2") == "4H"


def test_an_emptied_column_is_filled_only_from_the_waste() -> None:
    state = GAME.new(1, 0, deck=grid(ROWS))
    state = play(state, ["move t1 f1", "move t1 f5", "move t1 f2", "move t1 f6"])
    assert not state.layout.piles[SPEC.index["t1"]]
    with pytest.raises(IllegalAction, match="filled only from the waste"):
        GAME.apply(state, 0, "move t13 t1")
    state = play(state, ["deal", "move w t1"])
    assert top(state, "t1") == state.deck[52]


def test_a_stacked_deal_is_won() -> None:
    order = levels()
    deck = order[39:52] + order[26:39] + order[13:26] + order[:13] + order[52:]
    state, made = play_home(GAME.new(1, 0, deck=deck))
    assert state.end == "won"
    assert GAME.outcome(state).winners == (0,)
    assert made.count("deal") == 52 and len(made) == 52 + 104
