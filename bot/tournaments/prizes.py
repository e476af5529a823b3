"""Splitting a pot of chips among the finishers by a prize structure.

The rules (what `/rules tournament` quotes):

- A structure is a list of percentages for 1st, 2nd, ... that sum to 100, each no larger
  than the one before; the default is 50/30/20.
- Prizes are whole chips. Each place gets its percentage of the pot rounded down; the odd
  chips left over go one each to the highest places, 1st first.
- Fewer finishers than paid places: the places nobody reached are dropped and their
  shares spread over the reached places in proportion to their own (two finishers under
  50/30/20 split the pot 50:30, that is 62.5% and 37.5%).
- Players who share a place (equal in the standings past every tie-break but the draw)
  pool the prizes of the places they span and split them evenly; an odd chip goes to the
  better by the draw, as the standings list them.
- The pot is always paid out exactly: the prizes sum to the pot. AI seats never finish.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

DEFAULT_SHARES = (50, 30, 20)


@dataclass(frozen=True, slots=True)
class PrizeStructure:
    """Percentages of the pot for 1st, 2nd, ...: whole numbers, non-increasing, summing
    to 100."""

    shares: tuple[int, ...] = DEFAULT_SHARES

    def __post_init__(self) -> None:
        if not self.shares or sum(self.shares) != 100:
            raise ValueError("The prize percentages must add up to 100, e.g. 50 30 20.")
        if any(s <= 0 for s in self.shares):
            raise ValueError("Every paid place needs a share above 0%; leave the others out.")
        if any(b > a for a, b in pairwise(self.shares)):
            raise ValueError("A lower place cannot be paid more than a higher one.")


def place_prizes(pot: int, structure: PrizeStructure, finishers: int) -> tuple[int, ...]:
    """The prize of each paid place, 1st first, for this many finishers (see above)."""
    if pot < 0:
        raise ValueError("A pot cannot be negative.")
    weights = structure.shares[: max(finishers, 0)]
    if not weights:
        assert pot == 0, "a pot with no finishers cannot be paid"
        return ()
    total = sum(weights)
    prizes = [pot * w // total for w in weights]
    for i in range(pot - sum(prizes)):
        prizes[i] += 1
    return tuple(prizes)


def pay(pot: int, structure: PrizeStructure, places: Sequence[int]) -> tuple[int, ...]:
    """Each finisher's prize: `places` are the finishers' places in standings order (1, 2,
    2, 4, ...; shared places are equal), and the prizes come in the same order."""
    assert all(a <= b for a, b in pairwise(places)), "best first"
    prizes = list(place_prizes(pot, structure, len(places)))
    prizes += [0] * (len(places) - len(prizes))
    out: list[int] = []
    start = 0
    while start < len(places):
        end = start
        while end < len(places) and places[end] == places[start]:
            end += 1
        pooled, size = sum(prizes[start:end]), end - start
        out += [pooled // size + (i < pooled % size) for i in range(size)]
        start = end
    assert sum(out) == pot
    return tuple(out)
