"""Musical (bot/games/patience/games/musical.py): the rows, the stepped families, the
waste turned twice, and a stacked deal played to the win."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.errors import IllegalAction
from bot.games.patience.engine import rank
from bot.games.patience.game import pile_top
from tests.games.patience.helpers import Kit

KIT = Kit("musical")
GAME: Any = KIT.game
ROWS = ["AS", "2S", "3S", "4S", "2H", "4H", "6H", "8H"]


def winning_deal() -> tuple[list[str], list[str]]:
    """The rows, then each family's cards in turn: a deal that is won card by card."""
    rest = [c for c in GAME.spec.pack() if c not in ROWS]
    tops, order, actions = [2, 4, 6, 8], [], []
    for _ in range(11):
        for k in range(4):
            tops[k] = (tops[k] + k) % 13 + 1
            card = next(c for c in rest if rank(c) == tops[k])
            rest.remove(card)
            order.append(card)
            actions += ["deal", f"move w f{k + 1}"]
    return ROWS + order, actions


def test_rows_laid_and_a_card_goes_up() -> None:
    state = GAME.new(1, 0, deck=KIT.stacked([*ROWS, "3C"]))
    layout = state.layout
    assert [pile_top(layout, GAME.spec, f"i{k}") for k in range(1, 5)] == ROWS[:4]
    assert [pile_top(layout, GAME.spec, f"f{k}") for k in range(1, 5)] == ROWS[4:]
    state = KIT.play(state, ["deal", "move w f1"])
    assert pile_top(state.layout, GAME.spec, "f1") == "3C"


def test_a_card_that_is_not_the_sum_is_refused() -> None:
    state = KIT.play(GAME.new(1, 0, deck=KIT.stacked([*ROWS, "3C"])), ["deal"])
    before = GAME.dump(state)
    with pytest.raises(IllegalAction, match="climbs by 2"):
        GAME.apply(state, 0, "move w f2")
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "move i1 f1")
    assert GAME.dump(state) == before


def test_third_family_climbs_by_three_round_the_corner() -> None:
    state = GAME.new(1, 0, deck=KIT.stacked([*ROWS, "9C", "QC", "2C", "3C"]))
    state = KIT.play(state, ["deal", "move w f3", "deal", "move w f3", "deal", "move w f3"])
    assert GAME.spec.wanted(state.layout, GAME.spec.index["f3"]) == 5
    state = KIT.play(state, ["deal"])
    with pytest.raises(IllegalAction, match="takes a 5"):
        GAME.apply(state, 0, "move w f3")


def test_waste_turned_twice_only() -> None:
    state = KIT.play(GAME.new(1, 0, deck=KIT.stacked(ROWS)), ["deal"] * 44)
    assert "redeal" in GAME.legal_actions(state, 0)
    state = KIT.play(state, ["redeal", *["deal"] * 44, "redeal", *["deal"] * 44])
    assert "redeal" not in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="all 2 redeals"):
        GAME.apply(state, 0, "redeal")


def test_stacked_deal_played_to_the_win() -> None:
    deck, actions = winning_deal()
    state = KIT.play(GAME.new(1, 0, deck=deck), actions)
    assert state.end == "won"
    assert GAME.outcome(state).winners == (0,)
