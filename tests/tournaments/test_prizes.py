"""Prize structures, odd chips, shared places and short fields."""

from __future__ import annotations

import pytest

from bot.tournaments import DEFAULT_SHARES, PrizeStructure, pay, place_prizes


def test_the_default_is_fifty_thirty_twenty() -> None:
    assert DEFAULT_SHARES == (50, 30, 20)
    assert pay(1_000, PrizeStructure(), [1, 2, 3, 4, 5]) == (500, 300, 200, 0, 0)


def test_odd_chips_go_to_the_higher_places() -> None:
    # 50/30/20 of 101: 50.5, 30.3, 20.2 -> 50, 30, 20 and one odd chip, to 1st.
    assert place_prizes(101, PrizeStructure(), 3) == (51, 30, 20)
    # 3 x 33% of 100 leaves one chip -> 1st.
    assert place_prizes(100, PrizeStructure((34, 33, 33)), 3) == (34, 33, 33)
    assert place_prizes(7, PrizeStructure((40, 30, 30)), 3) == (3, 2, 2)


def test_a_tie_shares_the_places_it_spans() -> None:
    # Two tied 2nd share 2nd and 3rd (30 + 20 of 101 = 50): 25 each.
    assert pay(101, PrizeStructure(), [1, 2, 2, 4]) == (51, 25, 25, 0)
    # Three tied 1st share everything; the odd chip goes to the first listed.
    assert pay(100, PrizeStructure(), [1, 1, 1]) == (34, 33, 33)
    # Two tied 3rd share only 3rd's 20 (the 4th place is unpaid).
    assert pay(99, PrizeStructure(), [1, 2, 3, 3]) == (50, 30, 10, 9)


def test_fewer_finishers_spread_the_unpaid_shares_in_proportion() -> None:
    assert place_prizes(80, PrizeStructure(), 2) == (50, 30)
    assert pay(100, PrizeStructure(), [1, 2]) == (63, 37)
    assert pay(100, PrizeStructure(), [1]) == (100,)


def test_a_points_tournament_pays_nothing() -> None:
    assert pay(0, PrizeStructure(), [1, 2, 3]) == (0, 0, 0)


@pytest.mark.parametrize(
    ("shares", "complaint"),
    [
        ((50, 30), "add up to 100"),
        ((), "add up to 100"),
        ((30, 70), "cannot be paid more"),
        ((100, 0), "above 0%"),
    ],
)
def test_a_bad_structure_is_refused(shares: tuple[int, ...], complaint: str) -> None:
    with pytest.raises(ValueError, match=complaint):
        PrizeStructure(shares)


def test_a_negative_pot_is_refused() -> None:
    with pytest.raises(ValueError, match="negative"):
        place_prizes(-1, PrizeStructure(), 3)
