"""Properties of pairing and prizes over any field: everyone seated once, the fewest
repeats, prizes that pay the pot exactly."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from itertools import combinations, pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournaments import (
    PrizeStructure,
    Round,
    advance,
    bracket,
    knockout_round,
    meetings,
    pay,
    swiss_round,
)
from bot.tournaments._search import Pair, pair

SLOW = settings(deadline=None)


def history_of(players: int, seats: int, rounds: int, seed: int, fill: bool) -> list[Round]:
    """Swiss rounds with winners drawn from the seed."""
    rng = random.Random(seed)
    points: Counter[int] = Counter()
    history: list[Round] = []
    for _ in range(rounds):
        done = swiss_round(range(players), points, history, seats, seed, fill)
        for table in done.tables:
            points[rng.choice(table.players)] += 3
        history.append(done)
    return history


def repeats(groups: list[tuple[int, ...]], before: dict[Pair, int]) -> int:
    """Earlier meetings repeated by a seating."""
    return sum(before.get(pair(a, b), 0) for g in groups for a, b in combinations(g, 2))


def partitions(people: tuple[int, ...], size: int) -> Iterator[list[tuple[int, ...]]]:
    """Every way to split `people` into tables of `size`."""
    if not people:
        yield []
        return
    first, rest = people[0], people[1:]
    for others in combinations(rest, size - 1):
        left = tuple(p for p in rest if p not in others)
        for tail in partitions(left, size):
            yield [(first, *others), *tail]


@SLOW
@given(st.integers(2, 64), st.integers(2, 6), st.integers(1, 4), st.integers(0, 99), st.booleans())
def test_every_player_is_seated_once_or_has_a_bye(
    players: int, seats: int, rounds: int, seed: int, fill: bool
) -> None:
    fill = fill or players < seats
    for done in history_of(players, seats, rounds, seed, fill):
        seated = [p for t in done.tables for p in t.players]
        assert sorted(seated + list(done.byes)) == list(range(players))
        assert all(len(t.seats) == seats and t.players for t in done.tables)
        if fill:
            assert done.byes == ()
            humans = [len(t.players) for t in done.tables]
            assert max(humans) - min(humans) <= 1
        else:
            assert len(done.byes) == players % seats


@SLOW
@given(st.integers(2, 64), st.integers(2, 6), st.integers(0, 99))
def test_byes_rotate(players: int, seats: int, seed: int) -> None:
    if players < seats:
        players = seats + 1
    history = history_of(players, seats, 3, seed, fill=False)
    given_byes = Counter(p for r in history for p in r.byes)
    counts = [given_byes[p] for p in range(players)]
    assert max(counts) - min(counts) <= 1, "nobody has a second bye while another has none"


@SLOW
@given(st.integers(2, 9), st.integers(2, 4), st.integers(1, 6), st.integers(0, 99))
def test_repeat_meetings_are_the_fewest_possible(
    players: int, seats: int, rounds: int, seed: int
) -> None:
    if players < seats:
        return
    history = history_of(players, seats, rounds, seed, fill=False)
    before = meetings(history[:-1])
    last = history[-1]
    seated = tuple(sorted(p for t in last.tables for p in t.players))
    found = repeats([t.players for t in last.tables], before)
    best = min(repeats(groups, before) for groups in partitions(seated, seats))
    assert found == best


@SLOW
@given(st.integers(2, 64), st.integers(2, 6), st.integers(0, 99))
def test_a_knockout_seats_everyone_and_ends_with_one_winner(
    players: int, seats: int, seed: int
) -> None:
    rng = random.Random(seed)
    slots = bracket(range(players), seats)
    first = knockout_round(slots, seats)
    assert sorted(first.players) == list(range(players))
    left = players
    while len(slots) > 1:
        done = knockout_round(slots, seats)
        slots = advance(slots, seats, {rng.choice(t.players) for t in done.tables})
        assert len([p for p in slots if p is not None]) < left or left == 1
        left = len([p for p in slots if p is not None])
    assert slots[0] in range(players)


@st.composite
def structures(draw: st.DrawFn) -> PrizeStructure:
    """A valid prize structure: positive, non-increasing, summing to 100."""
    cuts = sorted(draw(st.sets(st.integers(1, 99), max_size=6)))
    shares = sorted((b - a for a, b in zip([0, *cuts], [*cuts, 100], strict=True)), reverse=True)
    return PrizeStructure(tuple(shares))


@st.composite
def finishing_places(draw: st.DrawFn) -> list[int]:
    """Places in standings order with ties (1, 2, 2, 4, ...)."""
    ties = draw(st.lists(st.booleans(), min_size=0, max_size=20))
    places = [1]
    for i, tie in enumerate(ties, start=2):
        places.append(places[-1] if tie else i)
    return places


@given(st.integers(0, 10**9), structures(), finishing_places())
def test_prizes_pay_the_pot_exactly_never_negative_and_by_place(
    pot: int, structure: PrizeStructure, places: list[int]
) -> None:
    prizes = pay(pot, structure, places)
    assert len(prizes) == len(places)
    assert sum(prizes) == pot
    assert min(prizes) >= 0
    assert all(a >= b for a, b in pairwise(prizes))
    tied = {p for p in places if places.count(p) > 1}
    for place in tied:
        shared = [x for x, q in zip(prizes, places, strict=True) if q == place]
        assert max(shared) - min(shared) <= 1
