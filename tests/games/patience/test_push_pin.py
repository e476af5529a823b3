"""Push Pin (games/push_pin.py): pushing single cards and same-suit runs out of the line,
the shift once the pack is laid, and a stacked deal won with two cards left."""

from __future__ import annotations

import pytest

from bot.games.errors import IllegalAction
from bot.games.patience.game import PatienceState
from tests.games.patience.helpers import patience, stacked_sorted

KEY = "push-pin"
GAME = patience(KEY)
SPEC = GAME.spec
WIN = (
    "push 2, deal, push 2, deal, push 2, deal, push 2, deal, push 2, deal, push 2, deal, "
    "push 2, deal, push 2, deal, push 2, deal, push 2, deal, push 2, deal, push 2, deal, "
    "push 2, deal, push 2, deal, push 2, deal, push 2, deal, push 2, deal, push 2, deal, "
    "push 2, deal, push 2, deal, push 2, deal, push 2, deal, push 2, deal, push 2, deal, "
    "push 2, deal, deal, push 3, deal, push 3, deal, push 3, deal, push 3, deal, push 3, "
    "deal, push 3, deal, push 3, deal, push 3, deal, push 3, deal, push 3, deal, push 3, "
    "deal, push 3, deal, push 3, deal, push 3, deal, push 3, deal, push 3, deal, push 3, "
    "deal, push 3, deal, push 3, deal, push 3, deal, push 3, deal, push 3, deal, push 3, "
    "deal, push 2-3, deal, push 2, deal, deal, push 3, deal, push 3, deal, push 3, deal, "
    "push 3, deal, push 3, deal, push 3, deal, push 3, deal, push 3, deal, push 3, deal, "
    "push 3, deal, push 3, deal, push 3, deal, push 3, deal, push 3, deal, push 3, deal, "
    "push 3, deal, push 3, deal, push 3, deal, push 3, deal, push 3, deal, push 3, deal, "
    "push 3, deal, push 3, deal, push 2-3, deal, push 2, deal, deal, push 3, deal, push 3, "
    "deal, push 3, deal, push 3, deal, push 3, deal, push 3, deal, push 3, deal, push 3, "
    "deal, push 3, deal, push 3, deal, push 3, deal, push 3, deal, push 3, deal, push 3, "
    "deal, push 3, deal, push 3, deal, push 3, deal, push 3, deal, push 3, deal, push 3, "
    "deal, push 3, deal, push 3, deal, push 3, deal, push 2-3"
)
RANKS = ["A", "2", "3", "4", "6", "7", "8", "9", "10", "J", "Q", "K"]
BRIDGED = [c for s in "SHDC" for c in ["5" + s, *[r + s for r in RANKS] * 2, "5" + s]]
"""Each suit run between its two fives: the fives carry the line from suit to suit."""


def line(state: PatienceState) -> tuple[str, ...]:
    """The line, left to right."""
    return state.layout.piles[SPEC.index["l"]]


def test_a_card_between_two_of_a_suit_is_pushed_out() -> None:
    state = GAME.new(1, 0, deck=stacked_sorted(["3S", "9H", "KS"], KEY))
    assert GAME.legal_actions(state, 0)[:1] == ["deal"]
    assert "push 2" in GAME.legal_actions(state, 0)
    after = GAME.apply(state, 0, "push 2")
    assert line(after) == ("3S", "KS")
    assert after.layout.piles[SPEC.index["x"]] == ("9H",)


def test_a_card_between_unlike_cards_is_refused() -> None:
    state = GAME.new(1, 0, deck=stacked_sorted(["3S", "9H", "KD"], KEY))
    before = GAME.dump(state)
    with pytest.raises(IllegalAction, match="not of one suit or one rank"):
        GAME.apply(state, 0, "push 2")
    with pytest.raises(IllegalAction, match="numbered 1 to 3"):
        GAME.apply(state, 0, "push 7")
    with pytest.raises(IllegalAction, match="only when every card is laid"):
        GAME.apply(state, 0, "shift")
    assert GAME.dump(state) == before


def test_a_suit_run_between_two_of_a_rank_goes_out_together() -> None:
    state = GAME.new(1, 0, deck=stacked_sorted(["7S", "2H", "KD", "9H", "7C"], KEY))
    state = GAME.apply(GAME.apply(state, 0, "deal"), 0, "deal")
    assert "push 2-4" not in GAME.legal_actions(state, 0)  # the run is not one suit
    state = GAME.new(1, 0, deck=stacked_sorted(["7S", "2H", "KH", "9H", "7C"], KEY))
    state = GAME.apply(GAME.apply(state, 0, "deal"), 0, "deal")
    after = GAME.apply(state, 0, "push 2-4")
    assert line(after) == ("7S", "7C")


def test_the_first_card_goes_to_the_end_once_the_pack_is_laid() -> None:
    state = GAME.new(1, 0, deck=BRIDGED)
    for action in WIN.split(", ")[:-1]:
        state = GAME.apply(state, 0, action)
    assert "shift" in GAME.legal_actions(state, 0)
    shifted = GAME.apply(state, 0, "shift")
    assert line(shifted) == line(state)[1:] + line(state)[:1]
    assert "shift" not in GAME.legal_actions(shifted, 0)


def test_a_stacked_deal_is_won_with_two_cards_left() -> None:
    state = GAME.new(1, 0, deck=BRIDGED)
    for action in WIN.split(", "):
        state = GAME.apply(state, 0, action)
    assert state.end == "won"
    assert line(state) == ("5S", "5C")
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == (0,)
