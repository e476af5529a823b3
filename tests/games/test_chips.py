"""Chip arithmetic (docs/chip-policy.md): paying debts at table stakes, net transfers, applying
them."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.games.chips import POT, Transfer, apply_transfers, net_transfers, pay_debts


def paid(transfers: Iterable[Transfer]) -> dict[int, int]:
    """Payee -> amount received, checking every transfer is a separate positive payment."""
    out: dict[int, int] = {}
    for t in transfers:
        assert t.amount > 0
        assert t.dst not in out, "one transfer per payee"
        out[t.dst] = t.amount
    return out


def net(transfers: Iterable[Transfer]) -> dict[int, int]:
    """Each party's net gain from the transfers (parties that end even are left out)."""
    out: defaultdict[int, int] = defaultdict(int)
    for t in transfers:
        out[t.src] -= t.amount
        out[t.dst] += t.amount
    return {p: d for p, d in out.items() if d}


def from_left(payer: int, seats: int) -> list[int]:
    """The seats in order from the payer's left, the payer last."""
    return [(payer + i) % seats for i in range(1, seats + 1)]


# -- pay_debts: worked examples ---------------------------------------------------------


def test_a_debt_the_stake_covers_is_paid_in_full() -> None:
    assert pay_debts(0, {2: 3, 1: 5}, 10, 3, "settle") == (
        Transfer(0, 1, 5, "settle"),
        Transfer(0, 2, 3, "settle"),
    )


def test_a_debt_exactly_equal_to_the_stake_is_paid_in_full() -> None:
    assert paid(pay_debts(1, {0: 4, 2: 6}, 10, 3, "x")) == {0: 4, 2: 6}


def test_a_short_stake_is_shared_in_proportion() -> None:
    # Owed 6 and 3 out of 6 available: exactly two thirds each, 4 and 2.
    assert pay_debts(0, {1: 6, 2: 3}, 6, 3, "bank") == (
        Transfer(0, 1, 4, "bank"),
        Transfer(0, 2, 2, "bank"),
    )


def test_the_remainder_goes_one_chip_at_a_time_from_the_payer_s_left() -> None:
    # 2 chips for three debts of 1: floors are 0, so seats 1 and 2 (the payer's left) get one.
    assert paid(pay_debts(0, {1: 1, 2: 1, 3: 1}, 2, 4, "r")) == {1: 1, 2: 1}
    # 7 for three debts of 10: floors 2, 2, 2 and the one chip left goes to seat 1.
    assert paid(pay_debts(0, {1: 10, 2: 10, 3: 10}, 7, 4, "r")) == {1: 3, 2: 2, 3: 2}


def test_the_remainder_follows_seat_order_not_the_largest_fraction() -> None:
    # Payer 1 owes 5, 3, 2 to seats 0, 2, 3 with 7 chips: exact shares 3.5, 2.1, 1.4.
    # Floors 3, 2, 1 leave one chip, which goes to seat 2, the payer's left, not seat 0.
    assert paid(pay_debts(1, {0: 5, 2: 3, 3: 2}, 7, 4, "r")) == {0: 3, 2: 3, 3: 1}


def test_the_remainder_wraps_round_the_table() -> None:
    # Payer 2 of 4: order from the left is 3, 0, 1.
    assert paid(pay_debts(2, {0: 1, 1: 1, 3: 1}, 2, 4, "r")) == {3: 1, 0: 1}
    assert paid(pay_debts(3, {0: 1, 1: 1, 2: 1}, 1, 4, "r")) == {0: 1}
    assert paid(pay_debts(3, {1: 1, 2: 1}, 1, 4, "r")) == {1: 1}


def test_the_pot_as_payee_shares_in_proportion() -> None:
    assert pay_debts(0, {POT: 4, 1: 4}, 4, 2, "ante") == (
        Transfer(0, 1, 2, "ante"),
        Transfer(0, POT, 2, "ante"),
    )


def test_the_pot_comes_after_the_seats_for_the_remainder() -> None:
    # One chip for two debts of 1: seat 0 (round from payer 1's left) before the pot.
    assert paid(pay_debts(1, {POT: 1, 0: 1}, 1, 3, "r")) == {0: 1}
    assert paid(pay_debts(1, {POT: 3, 0: 1}, 2, 3, "r")) == {POT: 1, 0: 1}


def test_the_pot_can_pay_debts() -> None:
    assert pay_debts(POT, {1: 2, 0: 2}, 3, 3, "win") == (
        Transfer(POT, 0, 2, "win"),
        Transfer(POT, 1, 1, "win"),
    )


def test_nothing_owed_or_nothing_available_pays_nothing() -> None:
    assert pay_debts(0, {}, 10, 3, "r") == ()
    assert pay_debts(0, {1: 0, 2: -4}, 10, 3, "r") == ()
    assert pay_debts(0, {1: 5, 2: 5}, 0, 3, "r") == ()
    assert paid(pay_debts(0, {1: 0, 2: 5}, 10, 3, "r")) == {2: 5}


# -- pay_debts: properties --------------------------------------------------------------


@st.composite
def debts(draw: st.DrawFn) -> tuple[int, dict[int, int], int, int]:
    """A payer, what it owes to other seats and perhaps the pot, its stake, and the seats."""
    seats = draw(st.integers(2, 10))
    payer = draw(st.integers(0, seats - 1))
    payees = [p for p in range(seats) if p != payer] + [POT]
    owed = draw(st.dictionaries(st.sampled_from(payees), st.integers(0, 500), max_size=seats))
    available = draw(st.integers(0, 3000))
    return payer, owed, available, seats


@given(debts())
def test_pay_debts_conserves_and_never_overpays(case: tuple[int, dict[int, int], int, int]) -> None:
    payer, owed, available, seats = case
    transfers = pay_debts(payer, owed, available, seats, "r")
    got = paid(transfers)
    total = sum(owed.values())
    assert sum(got.values()) == min(total, available)
    assert all(t.src == payer and t.reason == "r" for t in transfers)
    assert all(got[p] <= owed[p] for p in got)
    if total <= available:
        assert got == {p: a for p, a in owed.items() if a > 0}
        return
    # Short: each payee gets its share rounded down, or one chip more.
    extra = []
    for p, a in owed.items():
        floor = a * available // total
        assert got.get(p, 0) in (floor, floor + 1)
        if got.get(p, 0) == floor + 1:
            extra.append(p)
    # The extra chips went to the first payees round from the payer's left, the pot last.
    order = [p for p in from_left(payer, seats) if owed.get(p, 0) > 0]
    order += [POT] if owed.get(POT, 0) > 0 else []
    assert sorted(extra, key=order.index) == order[: len(extra)]


@given(debts())
def test_pay_debts_transfers_come_in_seat_order(case: tuple[int, dict[int, int], int, int]) -> None:
    payer, owed, available, seats = case
    payees = [t.dst for t in pay_debts(payer, owed, available, seats, "r")]
    assert payees == sorted(payees, key=lambda p: seats if p == POT else p)


# -- net_transfers ----------------------------------------------------------------------


def test_net_transfers_match_losers_to_winners_in_seat_order() -> None:
    assert net_transfers({0: -5, 1: 3, 2: 2}, "net") == (
        Transfer(0, 1, 3, "net"),
        Transfer(0, 2, 2, "net"),
    )
    assert net_transfers({0: 4, 1: -1, 2: -3, 3: 0}, "net") == (
        Transfer(1, 0, 1, "net"),
        Transfer(2, 0, 3, "net"),
    )
    assert net_transfers({POT: -6, 2: 6}, "win") == (Transfer(POT, 2, 6, "win"),)
    assert net_transfers({0: 0, 1: 0}, "net") == ()
    assert net_transfers({}, "net") == ()


def test_net_transfers_refuse_deltas_that_do_not_sum_to_zero() -> None:
    with pytest.raises(AssertionError):
        net_transfers({0: -5, 1: 4}, "net")


@st.composite
def deltas(draw: st.DrawFn) -> dict[int, int]:
    """Net chip changes over some seats and perhaps the pot, summing to zero."""
    parties = draw(st.lists(st.sampled_from([*range(10), POT]), min_size=1, unique=True))
    values = draw(st.lists(st.integers(-1000, 1000), min_size=len(parties), max_size=len(parties)))
    values[-1] -= sum(values)
    return dict(zip(parties, values, strict=True))


@given(deltas())
def test_net_transfers_realise_the_deltas_exactly(changes: dict[int, int]) -> None:
    transfers = net_transfers(changes, "net")
    assert net(transfers) == {p: d for p, d in changes.items() if d}
    assert all(t.amount > 0 and t.reason == "net" for t in transfers)
    # Chips only move from a loser to a winner, and no more transfers than are needed.
    assert all(changes[t.src] < 0 < changes[t.dst] for t in transfers)
    assert len(transfers) <= max(0, sum(1 for d in changes.values() if d) - 1)


# -- apply_transfers and Transfer ---------------------------------------------------------


def test_apply_transfers_moves_chips_between_seats_and_the_pot() -> None:
    transfers = [
        Transfer(0, POT, 5, "ante"),
        Transfer(1, POT, 5, "ante"),
        Transfer(POT, 1, 10, "win"),
        Transfer(2, 0, 3, "pay"),
    ]
    assert apply_transfers((20, 20, 20), 1, transfers) == ((18, 25, 17), 1)
    assert apply_transfers((7, 0), 4, []) == ((7, 0), 4)
    assert apply_transfers((7, 0), 4, [Transfer(POT, 1, 4, "win")]) == ((7, 4), 0)


def test_apply_transfers_refuses_to_overdraw() -> None:
    with pytest.raises(AssertionError):
        apply_transfers((3, 0), 0, [Transfer(0, 1, 4, "pay")])
    with pytest.raises(AssertionError):
        apply_transfers((3, 0), 2, [Transfer(POT, 1, 3, "win")])


@given(debts())
def test_paying_debts_then_applying_them_conserves_chips(
    case: tuple[int, dict[int, int], int, int],
) -> None:
    payer, owed, available, seats = case
    stacks = tuple(available if s == payer else 10 for s in range(seats))
    after, pot = apply_transfers(stacks, 0, pay_debts(payer, owed, available, seats, "r"))
    assert sum(after) + pot == sum(stacks)
    assert after[payer] == max(0, available - sum(owed.values()))


@pytest.mark.parametrize(
    ("src", "dst", "amount"), [(0, 1, 0), (0, 1, -3), (2, 2, 5), (POT, POT, 1)]
)
def test_a_transfer_moves_a_positive_amount_between_two_parties(
    src: int, dst: int, amount: int
) -> None:
    with pytest.raises(AssertionError):
        Transfer(src, dst, amount, "r")
