"""Swiss and knockout pairing, scenario by scenario."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.tournaments import (
    Round,
    advance,
    bracket,
    knockout_round,
    meetings,
    repeated_meetings,
    swiss_round,
)
from bot.tournaments._search import _search


def play_swiss(
    players: int, seats: int, rounds: int, seed: int = 1, fill_with_ai: bool = False
) -> list[Round]:
    """Rounds of a Swiss in which a seeded draw picks each table's winner (3 points)."""
    rng = random.Random(seed)
    points: Counter[int] = Counter()
    history: list[Round] = []
    for _ in range(rounds):
        done = swiss_round(range(players), points, history, seats, seed, fill_with_ai)
        for table in done.tables:
            points[rng.choice(table.players)] += 3
        for who in done.byes:
            points[who] += 3
        history.append(done)
    return history


def test_eight_players_meet_nobody_twice_in_five_rounds() -> None:
    for seed in range(10):
        history = play_swiss(8, 2, 5, seed)
        assert max(meetings(history).values()) == 1
        assert all(len(r.tables) == 4 and not r.byes for r in history)


def test_the_leaders_meet_each_other() -> None:
    first = swiss_round(range(8), {}, [], 2, seed=3)
    points = {p: 3 for t in first.tables for p in t.players[:1]}
    second = swiss_round(range(8), points, [first], 2, seed=3)
    top = second.tables[0].players
    assert all(points.get(p) == 3 for p in top)


def test_byes_rotate_among_an_odd_field() -> None:
    history = play_swiss(7, 2, 7)
    takers = [r.byes for r in history]
    assert all(len(b) == 1 for b in takers)
    assert len({b[0] for b in takers}) == 7, "nobody takes a second bye before all had one"


def test_a_bye_goes_to_the_lowest_ranked_without_one() -> None:
    points = {p: 10 - p for p in range(5)}
    first = swiss_round(range(5), points, [], 2, seed=0)
    assert first.byes == (4,)
    second = swiss_round(range(5), points, [first], 2, seed=0)
    assert second.byes == (3,)


def test_odd_counts_and_table_sizes_seat_everyone_once() -> None:
    for players, seats in [(9, 2), (10, 3), (13, 4), (11, 3), (17, 4)]:
        for done in play_swiss(players, seats, 4):
            seated = [p for t in done.tables for p in t.players]
            assert sorted(seated + list(done.byes)) == list(range(players))
            assert len(done.byes) == players % seats
            assert all(len(t.seats) == seats and None not in t.seats for t in done.tables)


def test_three_and_four_seat_tables_avoid_repeats_while_they_can() -> None:
    for seed in range(5):
        assert max(meetings(play_swiss(9, 3, 3, seed)).values()) == 1
        assert max(meetings(play_swiss(16, 4, 3, seed)).values()) == 1
        assert max(meetings(play_swiss(12, 3, 3, seed)).values()) == 1


def test_a_repeat_at_four_seats_comes_only_when_no_seating_avoids_it() -> None:
    # After three rounds of 16 at tables of 4, most histories leave no fourth round free of
    # repeats (a whole resolvable design needs the first three to be just so): then the
    # search has proved it, and the repeats are as few as can be.
    history = play_swiss(16, 4, 3, seed=1)
    fourth = swiss_round(range(16), {}, history, 4, seed=1)
    before = meetings(history)
    repeats = repeated_meetings(fourth, history)
    assert repeats > 0
    for fewer in range(repeats):
        assert _search(tuple(range(16)), [4] * 4, before, fewer) is False


def test_fill_with_ai_spreads_the_empty_seats() -> None:
    done = swiss_round(range(10), {}, [], 4, seed=2, fill_with_ai=True)
    assert [len(t.players) for t in done.tables] == [4, 3, 3]
    assert [t.seats.count(None) for t in done.tables] == [0, 1, 1]
    assert done.byes == ()
    alone = swiss_round(range(3), {}, [], 2, seed=2, fill_with_ai=True)
    assert [t.seats for t in alone.tables][-1][1] is None


def test_the_same_seed_gives_the_same_round_and_another_seed_another() -> None:
    assert play_swiss(12, 2, 3, seed=5) == play_swiss(12, 2, 3, seed=5)
    firsts = {swiss_round(range(12), {}, [], 2, seed=s) for s in range(5)}
    assert len(firsts) > 1


def test_too_few_players_or_seats_are_refused() -> None:
    with pytest.raises(ValueError, match="at least 4 players"):
        swiss_round(range(3), {}, [], 4, seed=0)
    with pytest.raises(ValueError, match="2 to 12 seats"):
        swiss_round(range(30), {}, [], 13, seed=0)


@pytest.mark.parametrize(
    ("players", "seats", "tables", "byes"),
    [
        (5, 2, [(4, 5)], (1, 2, 3)),
        (6, 2, [(4, 5), (3, 6)], (1, 2)),
        (12, 2, [(8, 9), (5, 12), (7, 10), (6, 11)], (1, 4, 2, 3)),
        (6, 4, [(3, 6, None, None), (4, 5, None, None)], (1, 2)),
    ],
)
def test_knockout_byes_go_to_the_top_seeds(
    players: int, seats: int, tables: list[tuple[int | None, ...]], byes: tuple[int, ...]
) -> None:
    slots = bracket(range(1, players + 1), seats)
    first = knockout_round(slots, seats)
    assert [t.seats for t in first.tables] == tables
    assert first.byes == byes


def test_a_knockout_of_twelve_at_four_seats_fills_with_ai_and_has_no_byes() -> None:
    first = knockout_round(bracket(range(1, 13), 4), 4)
    assert first.byes == ()
    assert [t.seats for t in first.tables] == [
        (1, 8, 9, None),
        (2, 7, 10, None),
        (3, 6, 11, None),
        (4, 5, 12, None),
    ]


def test_the_top_two_seeds_meet_only_in_the_final() -> None:
    slots = bracket(range(1, 17), 2)
    while len(slots) > 1:
        done = knockout_round(slots, 2)
        if len(slots) > 2:
            assert all({1, 2} - set(t.players) for t in done.tables)
        slots = advance(slots, 2, {min(t.players) for t in done.tables})
    assert slots == (1,)


def test_table_winners_advance_with_the_byes() -> None:
    slots = bracket(range(1, 7), 2)
    done = knockout_round(slots, 2)
    slots = advance(slots, 2, {6, 5})
    assert slots == (1, 5, 2, 6)
    assert [t.seats for t in knockout_round(slots, 2).tables] == [(1, 5), (2, 6)]
    assert done.byes == (1, 2)
