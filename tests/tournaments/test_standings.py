"""Match points per table and the standings' tie-break order."""

from __future__ import annotations

from bot.tournaments import TableResult, bye_points, match_points, standings


def test_two_seats_score_win_draw_loss() -> None:
    assert match_points(TableResult((1, 2), (1, 2))) == (3, 0)
    assert match_points(TableResult((1, 2), (2, 1))) == (0, 3)
    assert match_points(TableResult((1, 2), (1, 1))) == (1, 1)


def test_placement_points_at_four_seats_and_ties() -> None:
    assert match_points(TableResult((1, 2, 3, 4), (2, 1, 4, 3))) == (2, 3, 0, 1)
    assert match_points(TableResult((1, 2, 3, 4), (1, 1, 3, 4))) == (3, 3, 1, 0)
    assert match_points(TableResult((1, 2, 3), (3, 2, 1))) == (0, 1, 2)


def test_ai_seats_take_places_but_score_nothing_and_never_rank() -> None:
    result = TableResult((None, 1, 2, None), (1, 2, 3, 4))
    assert match_points(result) == (0, 2, 1, 0)
    table = standings([1, 2], [result], [], 4, seed=0)
    assert [s.player for s in table] == [1, 2]


def test_a_bye_scores_a_win() -> None:
    assert bye_points(2) == 3
    assert bye_points(4) == 3
    assert bye_points(6) == 5
    line = standings([1, 2, 3], [TableResult((1, 2), (1, 2))], [3], 2, seed=0)
    assert {s.player: (s.match_points, s.byes, s.games) for s in line}[3] == (3, 1, 0)


def test_match_points_then_buchholz_then_game_points_then_the_draw() -> None:
    # Round 1: 1 beats 2, 3 beats 4. Round 2: 1 beats 3, 2 beats 4 (2 by more game points).
    results = [
        TableResult((1, 2), (1, 2), (5, 1)),
        TableResult((3, 4), (1, 2), (5, 1)),
        TableResult((1, 3), (1, 2), (5, 4)),
        TableResult((2, 4), (1, 2), (9, 0)),
    ]
    line = standings([1, 2, 3, 4], results, [], 2, seed=0)
    assert [s.player for s in line] == [1, 2, 3, 4]
    assert [s.place for s in line] == [1, 2, 3, 4]
    # 2 and 3 are level on 3 points; 2 met 1 (6) and 4 (0), 3 met 4 (0) and 1 (6): Buchholz
    # 6 each, so game points decide: 2 has 1 + 9 = 10, 3 has 5 + 4 = 9.
    by = {s.player: s for s in line}
    assert (by[2].buchholz, by[3].buchholz) == (6, 6)
    assert (by[2].game_points, by[3].game_points) == (10, 9)


def test_buchholz_comes_before_game_points() -> None:
    results = [
        TableResult((1, 2), (1, 2), (1, 0)),
        TableResult((3, 4), (1, 2), (9, 0)),
        TableResult((2, 5), (1, 2), (1, 0)),
    ]
    line = standings([1, 2, 3, 4, 5], results, [], 2, seed=0)
    by = {s.player: s for s in line}
    # 1 and 3 both won once: 1's opponent (2) has 3, 3's opponent (4) has 0.
    assert by[1].buchholz == 3 and by[3].buchholz == 0
    assert by[1].place < by[3].place


def test_a_full_tie_shares_the_place_and_the_draw_orders_it() -> None:
    results = [TableResult((1, 2), (1, 1)), TableResult((3, 4), (1, 1))]
    orders = set()
    for seed in range(20):
        line = standings([1, 2, 3, 4], results, [], 2, seed)
        assert [s.place for s in line] == [1, 1, 1, 1]
        orders.add(tuple(s.player for s in line))
    assert len(orders) > 1, "the draw depends on the seed"


def test_a_dropped_player_still_counts_for_their_opponents() -> None:
    results = [TableResult((1, 2), (2, 1)), TableResult((1, 3), (1, 2))]
    line = standings([1, 3], results, [], 2, seed=0)
    assert {s.player: s.buchholz for s in line}[1] == 3 + 0
    assert [s.player for s in line] == [1, 3]
