"""Quinto's round of doubling before play (RULES.md §13.1; the procedure is our choice, §13.2).

One pass around from eldest, each seat passing or doubling. Once someone doubles, the
turn goes on round the table back to the doubler, so each seat after him speaks once
more: an opponent may redouble, his partner may not. A redouble ends the round.
A call is `pass`, `double` or `redouble`; the calls so far are (seat, call) pairs.

With three players (`seats=3`) the same round goes among the three seats (the dummy does
not speak); the two seats other than the dealer are partners, the dealer has none.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.errors import IllegalAction

SEATS = 4


def _doubler(calls: Sequence[tuple[int, str]]) -> tuple[int, int] | None:
    """The seat that doubled and the index of its call, if anyone has."""
    for index, (seat, call) in enumerate(calls):
        if call == "double":
            return seat, index
    return None


def next_turn(eldest: int, calls: Sequence[tuple[int, str]], seats: int = SEATS) -> int | None:
    """The seat to speak next, or None when the round of doubling is over."""
    if any(call == "redouble" for _, call in calls):
        return None
    doubled = _doubler(calls)
    if doubled is None:
        return None if len(calls) >= seats else (eldest + len(calls)) % seats
    seat, index = doubled
    after = len(calls) - index - 1
    return None if after >= seats - 1 else (seat + after + 1) % seats


def multiplier(calls: Sequence[tuple[int, str]]) -> int:
    """What the round makes each trick worth: 1, 2 doubled or 4 redoubled."""
    said = {call for _, call in calls}
    return 4 if "redouble" in said else 2 if "double" in said else 1


def partners(a: int, b: int, seats: int = SEATS, dealer: int = 0) -> bool:
    """Whether two seats play on one side: opposite seats at four; at three, the two
    seats other than the dealer (who plays alone with the dummy)."""
    if seats == 3:
        return dealer not in (a, b)
    return (a - b) % 2 == 0


def doubled_by(calls: Sequence[tuple[int, str]]) -> int | None:
    """The seat that doubled, if any."""
    doubled = _doubler(calls)
    return None if doubled is None else doubled[0]


def legal_calls(
    eldest: int, calls: Sequence[tuple[int, str]], seat: int, seats: int = SEATS, dealer: int = 0
) -> tuple[str, ...]:
    """The calls the seat may make now, sorted; () when it is not its turn."""
    if next_turn(eldest, calls, seats) != seat:
        return ()
    doubler = doubled_by(calls)
    if doubler is None:
        return ("double", "pass")
    if partners(doubler, seat, seats, dealer):
        return ("pass",)
    return ("pass", "redouble")


def check_call(
    eldest: int,
    calls: Sequence[tuple[int, str]],
    seat: int,
    call: str,
    seats: int = SEATS,
    dealer: int = 0,
) -> None:
    """Refuse a call out of turn, a double after a double, or a redouble of one's partner."""
    if next_turn(eldest, calls, seats) != seat:
        raise IllegalAction("It is not your turn to double; wait for your turn.")
    doubled = _doubler(calls)
    if call == "double" and doubled is not None:
        raise IllegalAction("The hand is already doubled; pass or, as an opponent, redouble.")
    if call == "redouble":
        if doubled is None:
            raise IllegalAction("Nobody has doubled yet; pass or double.")
        if partners(seat, doubled[0], seats, dealer):
            raise IllegalAction("You may not redouble your partner's double; pass instead.")
    if call not in ("pass", "double", "redouble"):
        raise IllegalAction("Say pass, double or redouble.")
