"""Louise's Game (bot/games/patience/games/louises_game.py): the two rows placed as they
come, building only once they are complete, the laid-out option, and a stacked deal
played to the win."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.errors import IllegalAction
from bot.games.patience.engine import RANK_TEXT, rank
from bot.games.patience.game import pile_top
from tests.games.patience.helpers import Kit

KIT = Kit("louises-game")
GAME: Any = KIT.game
UPPER = [RANK_TEXT[k] + "S" for k in range(1, 9)]
LOWER = ["2H", "4H", "6H", "8H", "10H", "QH", "AH", "3H"]


def rows_actions() -> list[str]:
    """Deal the sixteen row cards into their places (the deck begins UPPER + LOWER)."""
    return [a for k in range(1, 9) for a in ("deal", f"move w i{k}")] + [
        a for k in range(1, 9) for a in ("deal", f"move w f{k}")
    ]


def test_row_cards_are_placed_as_they_come() -> None:
    state = GAME.new(1, 0, deck=KIT.stacked(["3D", "6D"]))
    state = KIT.play(state, ["deal", "move w i3", "deal", "move w f3"])
    assert pile_top(state.layout, GAME.spec, "i3") == "3D"
    assert pile_top(state.layout, GAME.spec, "f3") == "6D"


def test_wrong_place_is_refused_and_state_kept() -> None:
    state = KIT.play(GAME.new(1, 0, deck=KIT.stacked(["3D", "6D"])), ["deal"])
    before = GAME.dump(state)
    with pytest.raises(IllegalAction, match="takes a 4"):
        GAME.apply(state, 0, "move w i4")
    with pytest.raises(IllegalAction, match="starts with"):
        GAME.apply(state, 0, "move w f4")
    assert GAME.dump(state) == before


def test_families_wait_for_both_rows() -> None:
    state = GAME.new(1, 0, deck=KIT.stacked(["2D", "3D", "2C", "3C"]))
    state = KIT.play(state, ["deal", "move w f1", "deal"])
    with pytest.raises(IllegalAction, match="both rows are complete"):
        GAME.apply(state, 0, "move w f1")
    state = GAME.new(1, 0, deck=KIT.stacked([*UPPER, *LOWER, "3C", "KC"]))
    state = KIT.play(state, [*rows_actions(), "deal", "move w f1"])
    assert pile_top(state.layout, GAME.spec, "f1") == "3C"
    state = KIT.play(state, ["deal"])  # column 8 climbs by 8: 3 and 8 make a jack, not a king
    with pytest.raises(IllegalAction, match="takes a knave"):
        GAME.apply(state, 0, "move w f8")


def test_laid_out_option_takes_the_rows_first() -> None:
    state = GAME.new(1, 0, {"louise_rows": "laid-out"}, deck=KIT.stacked([*UPPER, *LOWER]))
    assert [pile_top(state.layout, GAME.spec, f"i{k}") for k in range(1, 9)] == UPPER
    assert [pile_top(state.layout, GAME.spec, f"f{k}") for k in range(1, 9)] == LOWER


def test_stacked_deal_played_to_the_win() -> None:
    rest = list(GAME.spec.pack())
    for card in UPPER + LOWER:
        rest.remove(card)
    tops = [rank(c) for c in LOWER]
    order, actions = [], rows_actions()
    for _ in range(11):
        for k in range(8):
            tops[k] = (tops[k] + k) % 13 + 1
            card = next(c for c in rest if rank(c) == tops[k])
            rest.remove(card)
            order.append(card)
            actions += ["deal", f"move w f{k + 1}"]
    state = KIT.play(GAME.new(1, 0, deck=UPPER + LOWER + order), actions)
    assert state.end == "won"
    assert GAME.outcome(state).winners == (0,)
