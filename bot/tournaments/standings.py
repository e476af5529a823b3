"""Match points for one table, and the tournament's standings.

Match points for a table (what `/rules tournament` quotes):

- Two seats: a win 3, a draw 1, a loss 0.
- Three or more seats (placement points): a table of N seats pays N-1 for 1st, N-2 for
  2nd, and so on down to 0 for last; of four seats, 1st 3, 2nd 2, 3rd 1, 4th 0. Players
  tied for a place both take that place's points (two tied 1st of four: 3 each, the next
  is 3rd with 1).
- AI seats take their places (a human behind an AI seat scores as placed), but score
  nothing themselves, never rank and never win a prize.
- A bye scores as a win: 3 at two seats, N-1 at N seats.

Standings rank by match points, then these tie-breaks in order:

1. Buchholz: the sum of the match points of every human opponent met at a table (once
   per meeting; byes and AI seats add nothing).
2. Game points: the sum of the player's own scores in their games (as each game counts).
3. A draw from the tournament's seed.

Players equal on match points, Buchholz and game points share a place (1, 1, 3); the
draw only orders them within it (it decides who takes an odd chip of a shared prize).
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

WIN, DRAW, LOSS = 3, 1, 0


@dataclass(frozen=True, slots=True)
class TableResult:
    """How one table ended: per seat, the player (None for AI), their place (1 is first;
    equal places are a tie) and their game points."""

    seats: tuple[int | None, ...]
    places: tuple[int, ...]
    game_points: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        assert len(self.places) == len(self.seats), "a place for every seat"
        assert not self.game_points or len(self.game_points) == len(self.seats)


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's line in the standings."""

    player: int
    place: int
    match_points: int
    buchholz: int
    game_points: int
    games: int
    byes: int


@dataclass(slots=True)
class _Tally:
    """A player's running totals while the standings are counted."""

    match_points: int = 0
    game_points: int = 0
    games: int = 0
    byes: int = 0
    opponents: list[int] = field(default_factory=list)


def match_points(result: TableResult) -> tuple[int, ...]:
    """Each seat's match points for the table (0 for AI seats), by the scale above."""
    size = len(result.seats)
    scores: tuple[int, ...]
    if size == 2:
        first, second = result.places
        if first == second:
            scores = (DRAW, DRAW)
        else:
            scores = (WIN, LOSS) if first < second else (LOSS, WIN)
    else:
        # The place a player holds is 1 + the number of seats strictly ahead of them.
        scores = tuple(size - 1 - sum(q < p for q in result.places) for p in result.places)
    return tuple(0 if who is None else s for who, s in zip(result.seats, scores, strict=True))


def bye_points(seats: int) -> int:
    """What a bye scores at tables of this size: a win."""
    return WIN if seats == 2 else seats - 1


def standings(
    players: Collection[int],
    results: Sequence[TableResult],
    byes: Sequence[int],
    seats: int,
    seed: int,
) -> tuple[Standing, ...]:
    """The standings of `players` (humans only) after these tables and byes, best first."""
    # Everyone who sat counts towards their opponents' Buchholz, dropped players too.
    tally: dict[int, _Tally] = defaultdict(_Tally, {p: _Tally() for p in players})
    for result in results:
        humans = [p for p in result.seats if p is not None]
        points = match_points(result)
        games = result.game_points or (0,) * len(result.seats)
        for who, mp, gp in zip(result.seats, points, games, strict=True):
            if who is None:
                continue
            line = tally[who]
            line.match_points += mp
            line.game_points += gp
            line.games += 1
            line.opponents.extend(p for p in humans if p != who)
    for who in byes:
        tally[who].match_points += bye_points(seats)
        tally[who].byes += 1
    return _ranked(tally, frozenset(players), seed)


def _ranked(tally: dict[int, _Tally], ranked: frozenset[int], seed: int) -> tuple[Standing, ...]:
    """The tallies of the `ranked` players in order, Buchholz counted, shared places given."""
    drawn = sorted(ranked)
    random.Random(f"standings:{seed}").shuffle(drawn)
    draw = {p: i for i, p in enumerate(drawn)}
    lines = [
        (p, tally[p], sum(tally[o].match_points for o in tally[p].opponents), draw[p])
        for p in drawn
    ]
    lines.sort(key=lambda x: (-x[1].match_points, -x[2], -x[1].game_points, x[3]))
    out: list[Standing] = []
    for i, (p, t, buchholz, _) in enumerate(lines):
        key = (t.match_points, buchholz, t.game_points)
        prev = out[-1] if out else None
        same = prev and (prev.match_points, prev.buchholz, prev.game_points) == key
        place = prev.place if prev and same else i + 1
        out.append(Standing(p, place, t.match_points, buchholz, t.game_points, t.games, t.byes))
    return tuple(out)
