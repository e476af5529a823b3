"""Chip arithmetic shared by every chip game: paying debts at table stakes (docs/chip-policy.md)
and turning net results into transfers.

A debt larger than the payer's stake is paid with the whole stake; the payees share it in
proportion to what each was owed, rounded down, and the chips left by rounding go one at
a time to the payees in seat order from the payer's left.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

POT = -1
"""The pot, as the source or destination of a chip transfer (seats are 0, 1, ...)."""


@dataclass(frozen=True, slots=True)
class Transfer:
    """Chips moving inside a table: from a seat or the pot to a seat or the pot."""

    src: int
    dst: int
    amount: int
    reason: str

    def __post_init__(self) -> None:
        assert self.amount > 0 and self.src != self.dst, self


def pay_debts(
    payer: int, owed: Mapping[int, int], available: int, seats: int, reason: str
) -> tuple[Transfer, ...]:
    """The transfers by which `payer` pays `owed` (payee -> amount) out of `available`."""
    debts = {p: a for p, a in owed.items() if a > 0}
    total = sum(debts.values())
    if total <= available:
        paid = debts
    else:
        paid = {p: a * available // total for p, a in debts.items()}
        left = available - sum(paid.values())
        order = [(payer + i) % seats for i in range(1, seats + 1)]
        order = [p for p in order if p in debts] + ([POT] if POT in debts else [])
        while left > 0:
            for p in order:
                if left == 0:
                    break
                if paid[p] < debts[p]:
                    paid[p] += 1
                    left -= 1
    return tuple(
        Transfer(payer, p, a, reason) for p, a in sorted(paid.items(), key=_seat_key) if a > 0
    )


def _seat_key(item: tuple[int, int]) -> int:
    return item[0] if item[0] != POT else 1 << 30


def apply_transfers(
    stacks: tuple[int, ...], pot: int, transfers: Sequence[Transfer]
) -> tuple[tuple[int, ...], int]:
    """The stacks and pot after the transfers; asserts nobody goes below zero."""
    chips = list(stacks)
    for t in transfers:
        if t.src == POT:
            pot -= t.amount
        else:
            chips[t.src] -= t.amount
        if t.dst == POT:
            pot += t.amount
        else:
            chips[t.dst] += t.amount
    assert pot >= 0 and min(chips, default=0) >= 0, (chips, pot, transfers)
    return tuple(chips), pot


def net_transfers(deltas: Mapping[int, int], reason: str) -> tuple[Transfer, ...]:
    """Transfers that realise net chip changes (which sum to zero): losers pay winners,
    matched in seat order (the pot, if present, after the seats)."""
    assert sum(deltas.values()) == 0, deltas
    losers = [[p, -d] for p, d in sorted(deltas.items(), key=_seat_key) if d < 0]
    winners = [[p, d] for p, d in sorted(deltas.items(), key=_seat_key) if d > 0]
    out: list[Transfer] = []
    i = j = 0
    while i < len(losers) and j < len(winners):
        amount = min(losers[i][1], winners[j][1])
        out.append(Transfer(losers[i][0], winners[j][0], amount, reason))
        losers[i][1] -= amount
        winners[j][1] -= amount
        if losers[i][1] == 0:
            i += 1
        if winners[j][1] == 0:
            j += 1
    return tuple(out)


def split_evenly(amount: int, seats: int) -> list[int]:
    """`amount` shared among `seats`, the odd chips one at a time from seat 0."""
    share, odd = divmod(amount, seats)
    return [share + (1 if s < odd else 0) for s in range(seats)]
