"""Fifteens and the low-total tie-break (the games' rules.md), for Bunkum and Jockey Club.

Discarding fifteens: a hand's cards are counted at their rank (0-9, suits do not matter)
and the bot lays aside disjoint batches that each sum to exactly 15, chosen to leave the
lowest remaining total; among choices leaving the same total it keeps the most cards
(the tie-break rewards cards kept). Zeros never join a batch. As every batch removes 15,
that is: the most batches, then the fewest cards laid aside.

The search is exact: a branch-and-bound over the 124 possible batches (the ways to make
15 from values 1-9, at most five of a value as in the pack), memoised per multiset.
Measured: about 20 microseconds for an 8-card hand and 50 for a 15-card hand, cold; a
cache look-up warm. A hand may hold at most five cards of a value (the pack's limit).

The tie-break (§6.2, shared with Jockey Club): lowest total; then the most cards
remaining; then the seat earliest in rotation from elder hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence

FIFTEEN = 15
Batch = tuple[int, ...]
"""A batch as card values, highest first."""
_Best = tuple[int, int, tuple[Batch, ...]]
"""(batches, cards laid aside, the batches) for a multiset."""

# A multiset of values 1-9 is packed into one int, 4 bits a value (a pack holds at most 5
# of a value); the guard bit of each field makes "does this batch fit" one subtraction.
_BITS = 4
_GUARD = sum(8 << (_BITS * i) for i in range(9))


def _code(counts: Sequence[int]) -> int:
    """Nine counts (of values 1-9) packed into one int."""
    return sum(c << (_BITS * i) for i, c in enumerate(counts))


def _partitions(target: int, top: int) -> Iterator[Batch]:
    """Every multiset of values 1..top summing to target, highest first."""
    if target == 0:
        yield ()
        return
    for v in range(min(top, target), 0, -1):
        for rest in _partitions(target - v, v):
            yield (v, *rest)


def _batch_table() -> tuple[tuple[int, int, Batch], ...]:
    """Every possible batch as (cards, packed counts, values), fewest cards first."""
    table = []
    for batch in _partitions(FIFTEEN, 9):
        counts = [0] * 9
        for v in batch:
            counts[v - 1] += 1
        if max(counts) <= 5:
            table.append((len(batch), _code(counts), batch))
    return tuple(sorted(table))


def _mask(code: int) -> int:
    """The set of values present in a packed multiset, one bit a value."""
    return sum(1 << i for i in range(9) if (code >> (_BITS * i)) & 15)


def _byte_tables() -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each byte of a packed multiset (two values) and each byte's content: the total
    of its cards and the set of its values, so _best reads both in five look-ups."""
    tables = []
    for k in range(5):
        rows = []
        for b in range(256):
            part = b << (8 * k)
            total = sum((i + 1) * ((part >> (_BITS * i)) & 15) for i in range(9))
            rows.append((total, _mask(part)))
        tables.append(tuple(rows))
    return tuple(tables)


_BYTES = _byte_tables()


_BATCHES = _batch_table()
_BY_MASK = tuple(tuple(b for b in _BATCHES if _mask(b[1]) & ~mask == 0) for mask in range(1 << 9))
"""For each set of values present, the batches made of those values only."""
_HEADED_BY = tuple(tuple(b[1] for b in _BATCHES if b[2][0] == top) for top in range(10))
"""For each value, the batches it heads (their highest card), packed."""


_UNIT = (0, *(1 << (_BITS * i) for i in range(9)))
"""The packed multiset of one card of each value 0-9 (a zero adds nothing)."""
_CACHE: dict[int, _Best] = {}
"""Solved multisets (a cache, emptied when it grows past _CACHE_SIZE)."""
_CACHE_SIZE = 1 << 17
_NONE: _Best = (0, 0, ())


def _best(code: int) -> _Best:
    """The best batches of a packed multiset: most batches, then fewest cards laid aside."""
    found = _CACHE.get(code)
    if found is None:
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.clear()
        found = _CACHE[code] = _search(code)
    return found


def _search(code: int) -> _Best:
    """A depth-first search over batches in table order (so each set of batches is met
    once), pruned by what the cards left could still add: at most their sum // 15
    batches, each of at least as many cards as the batch being tried. The number of
    batches is found first (by _most, which stops at its bound), so the search only
    looks for the fewest cards among ways of making that many."""
    total = mask = 0
    for k, table in enumerate(_BYTES):
        part_total, part_mask = table[(code >> (8 * k)) & 255]
        total += part_total
        mask |= part_mask
    most = _most(code) if total >= FIFTEEN else 0
    if not most:
        return _NONE
    best: _Best = (most, 1 << 10, ())  # a bar any way of making `most` batches clears
    guard = _GUARD
    fits = [b for b in _BY_MASK[mask] if ((code | guard) - b[1]) & guard == guard]

    def search(start: int, code: int, left: int, chosen: tuple[Batch, ...], used: int) -> None:
        nonlocal best
        done = len(chosen)
        if (done, -used) > (best[0], -best[1]):
            best = (done, used, chosen)
        room = done + left // FIFTEEN
        for j in range(start, len(fits)):
            cards, packed, values = fits[j]
            if room < best[0] or (room == best[0] and used + cards * (room - done) >= best[1]):
                return
            if ((code | guard) - packed) & guard == guard:
                search(j, code - packed, left - FIFTEEN, (*chosen, values), used + cards)

    search(0, code, total, (), 0)
    return best


def _solve(values: Iterable[int]) -> tuple[tuple[int, ...], _Best]:
    """The values (as a tuple) and their best batches."""
    values = tuple(values)
    unit = _UNIT
    return values, _best(sum([unit[v] for v in values]))


_MOST: dict[int, int] = {}
"""The most batches of solved multisets (a cache, emptied past _CACHE_SIZE)."""


def _most(code: int, floor: int = 0) -> int:
    """The most batches a packed multiset makes (the card count aside): its highest card
    either heads a batch (each batch it can head is tried on what is left) or is in none
    (drop it), memoised, stopping as soon as the bound sum // 15 is reached. `floor` is
    a number of batches known to be reachable (a sub-multiset's). Cheap enough for an
    AI's every question, where the many hands asked about share their sub-multisets."""
    found = _MOST.get(code)
    if found is not None:
        return found
    if len(_MOST) >= _CACHE_SIZE:
        _MOST.clear()
    total = mask = 0
    for k, table in enumerate(_BYTES):
        part_total, part_mask = table[(code >> (8 * k)) & 255]
        total += part_total
        mask |= part_mask
    bound, guard, best = total // FIFTEEN, _GUARD, floor
    top = mask.bit_length()  # the highest value present
    if best < bound:
        for packed in _HEADED_BY[top]:
            if ((code | guard) - packed) & guard == guard:
                best = max(best, 1 + _most(code - packed))
                if best == bound:
                    break
        else:
            best = max(best, _most(code - _UNIT[top]))
    _MOST[code] = best
    return best


def totals_plus(values: Sequence[int]) -> list[int]:
    """For each value 0-9: the total a hand of these values keeps after its fifteens with
    one more card of that value (what a blind card could make of it)."""
    unit = _UNIT
    code, total = sum([unit[v] for v in values]), sum(values)
    # A card more makes at most one batch more, and only if the bound rises.
    most = _most(code)
    out = []
    for v in range(10):
        plus = most if (total + v) // FIFTEEN == most else _most(code + unit[v], most)
        out.append(total + v - FIFTEEN * plus)
    return out


def best_batches(values: Iterable[int]) -> tuple[Batch, ...]:
    """The batches (as values) that leave the lowest total, keeping the most cards."""
    return _solve(values)[1][2]


def remaining_total(values: Iterable[int]) -> int:
    """The total a hand of these values keeps after its best fifteens are laid aside."""
    values, best = _solve(values)
    return sum(values) - FIFTEEN * best[0]


def remaining(values: Iterable[int]) -> tuple[int, int]:
    """(total kept, cards kept) after the best fifteens of a hand of these values."""
    values, (batches, used, _) = _solve(values)
    return sum(values) - FIFTEEN * batches, len(values) - used


def discard_fifteens(hand: Sequence[str]) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """A hand of card codes (rank digit first) split into its best fifteens and the cards
    kept. Which card of a value goes into a batch follows the hand's order."""
    batches = best_batches([int(c[0]) for c in hand])
    if not batches:
        return (), tuple(hand)
    by_value: list[list[str]] = [[] for _ in range(10)]
    for card in reversed(hand):
        by_value[int(card[0])].append(card)
    out = tuple(tuple(by_value[v].pop() for v in batch) for batch in batches)
    laid = {c for batch in out for c in batch}
    return out, tuple(c for c in hand if c not in laid)


def rotation(elder: int, seats: int) -> list[int]:
    """The seats in rotation from elder hand: elder, then on to the left."""
    return [(elder + i) % seats for i in range(seats)]


def tied_lowest(totals: Mapping[int, int], elder: int, seats: int) -> list[int]:
    """The seats sharing the lowest total, in rotation from elder."""
    low = min(totals.values())
    return [s for s in rotation(elder, seats) if totals.get(s) == low]


def tie_break(totals: Mapping[int, int], counts: Mapping[int, int], elder: int, seats: int) -> int:
    """The winning seat: the lowest total; among equal totals the most cards
    remaining; then the seat earliest in rotation from `elder`. `totals` and `counts`
    map each seat in contention to its total and its cards remaining; seats not in the
    mappings take no part. A pure function (Jockey Club passes equal totals for its
    claimants, so only the card count and the rotation decide)."""
    place = {s: i for i, s in enumerate(rotation(elder, seats))}
    return min(totals, key=lambda s: (totals[s], -counts[s], place[s]))
