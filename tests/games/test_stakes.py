"""The table-stakes plumbing the chip games share (bot/games/stakes.py)."""

from __future__ import annotations

import pytest

from bot.games.chips import POT, Transfer
from bot.games.errors import IllegalAction
from bot.games.stakes import (
    check_stacks,
    chip_outcome,
    close_pot,
    next_seat,
    players_from,
)


def test_the_outcome_counts_chips_in_words_and_nets_the_transfers() -> None:
    outcome = chip_outcome((101, 99, 100), (100, 100, 100))
    assert outcome.points == (1, -1, 0) and outcome.winners == (0,)
    assert outcome.summary == "Seat 0 finished 1 chip ahead."
    assert outcome.transfers == (Transfer(1, 0, 1, "result"),)
    even = chip_outcome((100, 100), (100, 100))
    assert even.winners == () and "Nobody finished ahead" in even.summary


def test_starting_stacks_are_checked() -> None:
    assert check_stacks(3, None) == (100, 100, 100)
    with pytest.raises(IllegalAction, match="one stack per seat"):
        check_stacks(3, [5, 5])
    with pytest.raises(IllegalAction, match="whole number of chips"):
        check_stacks(2, [5, -1])


def test_a_leftover_pot_is_shared_from_the_elder() -> None:
    stacks, pot, moved = close_pot((10, 10, 10), 5, elder=1)
    assert pot == 0 and sum(stacks) == 35
    assert stacks == (11, 12, 12)  # 1 each, the odd two to seats 1 and 2
    assert all(t.src == POT and t.reason == "close" for t in moved)


def test_seating_goes_round_from_the_dealer_s_left() -> None:
    assert players_from(0, (True, True, False, True)) == (1, 3, 0)
    assert next_seat(3, (True, False, True, True)) == 0
