"""Quinto's round of doubling before play (RULES.md §13.1; the procedure is our choice, §13.2).

One pass around from eldest, each seat passing or doubling. Once someone doubles, the
turn goes on round the table back to the doubler, so each seat after him speaks once
more: an opponent may redouble, his partner may not. A redouble ends the round.
A call is `pass`, `double` or `redouble`; the calls so far are (seat, call) pairs.
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


def next_turn(eldest: int, calls: Sequence[tuple[int, str]]) -> int | None:
    """The seat to speak next, or None when the round of doubling is over."""
    if any(call == "redouble" for _, call in calls):
        return None
    doubled = _doubler(calls)
    if doubled is None:
        return None if len(calls) >= SEATS else (eldest + len(calls)) % SEATS
    seat, index = doubled
    after = len(calls) - index - 1
    return None if after >= SEATS - 1 else (seat + after + 1) % SEATS


def multiplier(calls: Sequence[tuple[int, str]]) -> int:
    """What the round makes each trick worth: 1, 2 doubled or 4 redoubled."""
    said = {call for _, call in calls}
    return 4 if "redouble" in said else 2 if "double" in said else 1


def check_call(eldest: int, calls: Sequence[tuple[int, str]], seat: int, call: str) -> None:
    """Refuse a call out of turn, a double after a double, or a redouble of one's partner."""
    if next_turn(eldest, calls) != seat:
        raise IllegalAction("It is not your turn to double; wait for your turn.")
    doubled = _doubler(calls)
    if call == "double" and doubled is not None:
        raise IllegalAction("The hand is already doubled; pass or, as an opponent, redouble.")
    if call == "redouble":
        if doubled is None:
            raise IllegalAction("Nobody has doubled yet; pass or double.")
        if (seat - doubled[0]) % 2 == 0:
            raise IllegalAction("You may not redouble your partner's double; pass instead.")
    if call not in ("pass", "double", "redouble"):
        raise IllegalAction("Say pass, double or redouble.")
