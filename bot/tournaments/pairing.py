"""Seating a tournament's players at tables, round by round: Swiss and knockout.

Swiss: players are ranked by match points, ties in a seeded order (never dict or set
order), and seated in that order at tables of the game's size, the best-ranked unseated
player with the nearest-ranked companions who have not met them. No two players meet twice
while it can be avoided; when it cannot (small fields, tables of 3+), the repeated meetings
are the fewest possible (each earlier meeting of two players at one table counts one).
When the count does not divide, either the leftover players get a bye (the lowest-ranked
who have had the fewest byes), or, with `fill_with_ai=True`, the bottom tables are short
and their empty seats (None) go to AI seats, the humans spread as evenly as they can be.

Knockout: seeds 1..n are placed in a bracket of the next power of the table size, seed 1
meeting the lowest seed (for tables of N seats, each table takes one seed from each band
of the field, in a snake); the places past n are empty, so the top seeds get the byes.
Each table's winner advances to the table made of its own bracket slice.

Which seat a player takes at a table (who deals first) is left to the table itself.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from bot.tournaments._search import Pair, pair, seat

MIN_SEATS = 2
MAX_SEATS = 12


@dataclass(frozen=True, slots=True)
class Table:
    """One table of a round: a player id per seat, None for an AI seat."""

    seats: tuple[int | None, ...]

    @property
    def players(self) -> tuple[int, ...]:
        """The human players at the table, in seat order."""
        return tuple(p for p in self.seats if p is not None)


@dataclass(frozen=True, slots=True)
class Round:
    """One round: its tables, and the players who sit it out with a bye."""

    tables: tuple[Table, ...]
    byes: tuple[int, ...] = ()

    @property
    def players(self) -> tuple[int, ...]:
        """Everyone in the round, seated or on a bye."""
        return (*(p for t in self.tables for p in t.players), *self.byes)


def _check_seats(seats: int) -> None:
    """Refuse a table size no game has."""
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise ValueError(f"A table has {MIN_SEATS} to {MAX_SEATS} seats, not {seats}.")


def meetings(history: Sequence[Round]) -> dict[Pair, int]:
    """How often each two players have sat at one table (key: `pair(a, b)`)."""
    count: Counter[Pair] = Counter()
    for done in history:
        for table in done.tables:
            people = table.players
            count.update(pair(a, b) for i, a in enumerate(people) for b in people[:i])
    return dict(count)


def repeated_meetings(done: Round, history: Sequence[Round]) -> int:
    """How many earlier meetings a round repeats (two who met twice before count 2)."""
    before = meetings(history)
    return sum(
        before.get(pair(a, b), 0)
        for table in done.tables
        for i, a in enumerate(table.players)
        for b in table.players[:i]
    )


def swiss_order(
    players: Collection[int], points: Mapping[int, int], seed: int, round_no: int = 0
) -> list[int]:
    """Players best first by match points, equal points in an order drawn from the seed
    and the round's number (a new draw each round)."""
    drawn = sorted(players)
    random.Random(f"swiss-order:{seed}:{round_no}").shuffle(drawn)
    draw = {p: i for i, p in enumerate(drawn)}
    return sorted(drawn, key=lambda p: (-points.get(p, 0), draw[p]))


def swiss_round(
    players: Collection[int],
    points: Mapping[int, int],
    history: Sequence[Round],
    seats: int,
    seed: int,
    fill_with_ai: bool = False,
) -> Round:
    """The next Swiss round for `players` (those still in), given their match points and
    the rounds played; the seed and the round's number fix every tie."""
    _check_seats(seats)
    if len(players) < seats and not fill_with_ai:
        raise ValueError(f"A round needs at least {seats} players, or AI seats to fill in.")
    ranked = swiss_order(players, points, seed, len(history))
    byes: list[int] = []
    if fill_with_ai:
        count = -(-len(ranked) // seats)
        sizes = [len(ranked) // count + (i < len(ranked) % count) for i in range(count)]
    else:
        byes = _bye_takers(ranked, history, len(ranked) % seats)
        ranked = [p for p in ranked if p not in byes]
        sizes = [seats] * (len(ranked) // seats)
    groups = seat(tuple(ranked), sizes, meetings(history))
    tables = tuple(Table((*g, *([None] * (seats - len(g))))) for g in groups)
    return Round(tables, tuple(byes))


def _bye_takers(ranked: Sequence[int], history: Sequence[Round], count: int) -> list[int]:
    """The `count` lowest-ranked players among those with the fewest byes so far."""
    had = Counter(p for done in history for p in done.byes)
    rank = {p: i for i, p in enumerate(ranked)}
    takers = sorted(ranked, key=lambda p: (had[p], -rank[p]))[:count]
    return sorted(takers, key=rank.__getitem__)


def bracket(seeded: Sequence[int], seats: int) -> tuple[int | None, ...]:
    """The first round's bracket: players by slot (None where a bye is), `seeded` best
    first; each run of `seats` slots is one table."""
    _check_seats(seats)
    if len(seeded) < 2:
        raise ValueError("A knockout needs at least two players.")
    order = [1]
    while len(order) < len(seeded):
        size = len(order)
        order = [
            band * size + seed if band % 2 == 0 else (band + 1) * size + 1 - seed
            for seed in order
            for band in range(seats)
        ]
    return tuple(seeded[s - 1] if s <= len(seeded) else None for s in order)


def knockout_round(slots: Sequence[int | None], seats: int) -> Round:
    """The round a bracket's slots make: a table per run of `seats` slots with two or more
    players (AI in the empty seats), a bye for a player alone in theirs."""
    tables: list[Table] = []
    byes: list[int] = []
    for start in range(0, len(slots), seats):
        table = Table(tuple(slots[start : start + seats]))
        if len(table.players) > 1:
            tables.append(table)
        else:
            byes.extend(table.players)
    return Round(tuple(tables), tuple(byes))


def advance(
    slots: Sequence[int | None], seats: int, winners: Collection[int]
) -> tuple[int | None, ...]:
    """The next round's bracket: from each table's slots, its winner (or its bye)."""
    nxt: list[int | None] = []
    for start in range(0, len(slots), seats):
        present = [p for p in slots[start : start + seats] if p is not None]
        through = [p for p in present if p in winners or len(present) == 1]
        assert len(through) == 1, f"one winner per table, not {through}"
        nxt.append(through[0])
    return tuple(nxt)
