"""The grace for a person's optional actions: while a person's seat may act out of turn
(`Game.optional_actions`), the AI's next move at the table waits until that person has
taken one, declined them (`TableService.decline_optional`), or the grace
(`ServiceSettings.optional_grace_s`) has passed; `TableService.tick` then lets the AI go
on. Only the AI waits: a person's own move is never held, and may close another's offer
as it would at a real table.

A seat's window opens when the AI first finds its offer (after the change that made it)
and opens afresh, with a whole grace, when the offer changes; it closes when the offer is
gone. Windows live in memory only: after a restart each opens again with a whole grace
(or none, if the grace is 0), so a table never waits on something it has forgotten.
"""

from __future__ import annotations

import math

from bot.tables.models import Table, Window


def refresh(table: Table, now: float, grace_s: float | None) -> None:
    """Bring the table's windows up to date with the optional actions its persons'
    seats have now (an AI seat's never hold the AI). A grace of None waits until the
    person answers."""
    game, state = table.game, table.state
    for index, seat in enumerate(table.seats):
        offer = () if seat.is_ai else tuple(game.optional_actions(state, index))
        window = table.windows.get(index)
        if not offer:
            table.windows.pop(index, None)
        elif window is None or window.offer != offer:
            until = math.inf if grace_s is None else now + grace_s
            table.windows[index] = Window(offer, until)


def holds(table: Table, now: float, grace_s: float | None) -> bool:
    """Whether the AI must wait at the table now: some person's optional actions are
    open, not declined, and within their grace. Called under the table's lock."""
    if not table.game.info.out_of_turn or table.state is None:
        return False
    refresh(table, now, grace_s)
    return any(not w.settled and now < w.until for w in table.windows.values())


def decline(table: Table, index: int, now: float, grace_s: float | None) -> None:
    """Record that the seat passes on the optional actions open to it now: the AI waits
    no more for them (an offer that changes opens a window anew)."""
    refresh(table, now, grace_s)
    window = table.windows.get(index)
    if window is not None:
        window.settled = True


def settled(table: Table, index: int) -> bool:
    """Whether the AI waits no more on the seat's open optional actions (declined, or
    the grace has passed)."""
    window = table.windows.get(index)
    return window is not None and window.settled


def lapse(table: Table, now: float) -> bool:
    """Settle the table's windows whose grace has passed; whether there were any (then
    the AI may go on)."""
    lapsed = [w for w in table.windows.values() if not w.settled and w.until <= now]
    for window in lapsed:
        window.settled = True
    return bool(lapsed)


def grace_deadline(table: Table) -> float | None:
    """When the table's earliest grace ends (None if it waits on nobody, or only until
    a person answers)."""
    ends = [w.until for w in table.windows.values() if not w.settled and w.until < math.inf]
    return min(ends, default=None)
