"""Fifteen in a Row (bot/games/patience/games/fifteen_in_a_row.py): fifteen lapping
columns, the opening (kings and aces first, and the lift from the sixth row), marriages in
suit, the street, and a stacked deal played to the win."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.errors import IllegalAction
from tests.games.patience.helpers import Kit, levels

KIT = Kit("fifteen-in-a-row")
GAME: Any = KIT.game
SPEC: Any = KIT.spec
stacked, play, play_home, top = KIT.stacked, KIT.play, KIT.play_home, KIT.top


CELLS = [(r, c) for r in range(7) for c in range(15)][:104]
"""Row and column of each card of the deal, in dealing order."""


def deal_of(cards: dict[tuple[int, int], str]) -> list[str]:
    """A deck putting these cards at these (row, column) places, the rest in pack order."""
    rest = list(SPEC.pack())
    for card in cards.values():
        rest.remove(card)
    return [cards[cell] if cell in cards else rest.pop(0) for cell in CELLS]


PLACES = {
    (6, 0): "KS",
    (6, 1): "QS",
    (5, 2): "AS",
    (6, 2): "9D",
    (6, 3): "8H",
    (6, 4): "9H",
    (6, 5): "8C",
    (5, 14): "KH",
    (4, 14): "AH",
    (3, 14): "QH",
    (2, 14): "2H",
    (1, 14): "JH",
    (0, 14): "3H",
}


def test_the_lowest_cards_are_free_and_marry_in_suit() -> None:
    state = GAME.new(1, 0, deck=deal_of(PLACES))
    assert [len(state.layout.piles[SPEC.index[f"t{k}"]]) for k in (1, 15)] == [7, 6]
    state = play(state, ["move t1 f1", "move t4 t5"])
    assert (top(state, "f1"), top(state, "t5")) == ("KS", "8H")


def test_refusals_leave_the_state_alone() -> None:
    state = play(GAME.new(1, 0, deck=deal_of(PLACES)), ["move t1 f1"])
    before = GAME.dump(state)
    with pytest.raises(IllegalAction, match="only they go there"):
        GAME.apply(state, 0, "move t2 f1")  # no ace is out yet
    with pytest.raises(IllegalAction, match="in suit"):
        GAME.apply(state, 0, "move t6 t5")  # 8C on 9H
    with pytest.raises(IllegalAction, match="cannot move 2 cards"):
        GAME.apply(state, 0, "move t3 f5 2")
    assert GAME.dump(state) == before


def test_the_opening_lift_and_the_street() -> None:
    state = play(GAME.new(1, 0, deck=deal_of(PLACES)), ["move t1 f1"])
    assert "lift t3 f5" in GAME.legal_actions(state, 0)
    state = play(state, ["lift t3 f5"])
    assert top(state, "f5") == "AS" and top(state, "t3") == "9D"
    assert len(state.layout.piles[SPEC.index["t3"]]) == 6
    assert not [a for a in GAME.legal_actions(state, 0) if a.startswith("lift")]
    state = play(state, ["move t2 f1"])  # the opening is over: a queen may go home
    for _ in range(6):
        state = play(state, [min(a for a in GAME.legal_actions(state, 0) if "t15 f" in a)])
    assert not state.layout.piles[SPEC.index["t15"]]
    state = play(state, ["move t6 t15"])  # a street takes any free card
    assert state.layout.piles[SPEC.index["t15"]] == ("8C",)


def test_a_stacked_deal_is_won() -> None:
    # The last row is cleared first, then the sixth, and so on up: each card of the order
    # the families take them lies where it is free by the time it is wanted.
    order = sorted(CELLS, key=lambda rc: (-rc[0], rc[1]))
    state, made = play_home(GAME.new(1, 0, deck=deal_of(dict(zip(order, levels(), strict=True)))))
    assert state.end == "won"
    assert GAME.outcome(state).winners == (0,)
    assert len(made) == 104
