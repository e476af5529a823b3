"""Quinto's round of doubling (RULES.md §13.1 and our procedure of §13.2)."""

from __future__ import annotations

import pytest

from bot.games.errors import IllegalAction
from bot.games.french.quinto.doubling import check_call, multiplier, next_turn


def test_four_passes_end_the_round_undoubled() -> None:
    """One pass around from eldest, then play at single value."""
    calls = [(1, "pass"), (2, "pass"), (3, "pass")]
    assert next_turn(1, calls) == 0
    calls.append((0, "pass"))
    assert next_turn(1, calls) is None
    assert multiplier(calls) == 1


def test_a_double_goes_round_back_to_the_doubler() -> None:
    """After seat 2 doubles, seats 3, 0 and 1 each speak once more."""
    calls = [(1, "pass"), (2, "double")]
    assert next_turn(1, calls) == 3
    calls += [(3, "pass"), (0, "pass")]
    assert next_turn(1, calls) == 1
    calls.append((1, "pass"))
    assert next_turn(1, calls) is None
    assert multiplier(calls) == 2


def test_an_opponent_redoubles_and_the_round_ends() -> None:
    """A redouble by an opponent makes tricks worth four times and ends the round."""
    calls = [(1, "double")]
    check_call(1, calls, 2, "redouble")
    calls.append((2, "redouble"))
    assert next_turn(1, calls) is None
    assert multiplier(calls) == 4


def test_partner_may_not_redouble_nor_anyone_double_twice() -> None:
    """Seat 3 may not redouble partner 1's double; seat 2 may not double again."""
    with pytest.raises(IllegalAction, match="partner"):
        check_call(1, [(1, "double"), (2, "pass")], 3, "redouble")
    with pytest.raises(IllegalAction, match="already doubled"):
        check_call(1, [(1, "double")], 2, "double")
    with pytest.raises(IllegalAction, match="not your turn"):
        check_call(1, [], 2, "pass")
