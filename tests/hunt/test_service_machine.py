"""The table service's hunter: a Hypothesis state machine that makes any sequence of the
requests in `tests/hunt/driver.py` — with every chip game, leaves with 0 chips and with a
pool on the table, junk and stale moves, top-ups, stops, two stops at once, a stop or a
leave racing a move, clocks running out, restarts, and replays of tables open and closed
(`tests/hunt/replays.py`: each verifies and leaks nothing) — and after every step checks the
ledger, that each table's escrow equals its game's
stacks, and that every table is open and recoverable or closed with its escrow empty. At
the end a moderator stops every table left, and each must close.

The Hypothesis profile sets how many sequences are tried (tests/conftest.py: a modest
number in the suite, many more with `PARLOUR_HYPOTHESIS=long`, as
`bench/bench_long_tests.py` runs it; `bench/bench_hunt.py` makes a million requests).
It runs on each backend (tests/backends.py), each example on a fresh database: a new
SQLite file, or a new PostgreSQL schema."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test

from tests.backends import BACKENDS, MachinePlace, machine_settings
from tests.hunt.driver import RACES, REQUESTS, WEIGHTS, Hunt, last_move_race
from tests.hunt.replays import check_a_replay

NAMES = sorted(REQUESTS)
small = st.integers(min_value=0, max_value=63)
chips = st.one_of(st.integers(min_value=1, max_value=40), st.sampled_from([0, -5, 10**7]))


class ServiceMachine(RuleBasedStateMachine):
    """Requests against one table service, checked after every step."""

    def __init__(self, backend: str) -> None:
        super().__init__()
        self.place = MachinePlace(backend, "hunt.db")
        self.hunt = Hunt(self.place.where)
        self.place.run(self.hunt.open())

    def teardown(self) -> None:
        """Stop every table (each must close with its escrow empty), then close it all."""
        try:
            self.place.run(self.hunt.close_all())
        finally:
            try:
                self.place.run(self.hunt.close())
            finally:
                self.place.close()

    def _make(self, data: st.DataObject, name: str) -> None:
        args = [data.draw(small) for _ in range(REQUESTS[name])]
        if name in ("create", "top_up"):
            args[-1] = data.draw(chips)
        self.place.run(self.hunt.request(name, *args))

    @rule(data=st.data())
    def useful(self, data: st.DataObject) -> None:
        """A request that can do something now, weighted as at a real table (mostly
        play), so that games get under way and end."""
        names = [n for n in NAMES if self.hunt.applicable(n)] or ["create"]
        weighted = [n for n in names for _ in range(WEIGHTS[n])]
        self._make(data, data.draw(st.sampled_from(weighted)))

    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        """Play is most of what happens at a table: a second way to it doubles its odds."""
        if self.hunt.applicable("act"):
            self._make(data, "act")

    @rule(data=st.data(), name=st.sampled_from(NAMES))
    def anything(self, data: st.DataObject, name: str) -> None:
        """Any request at all, whether or not it can do anything now."""
        self._make(data, name)

    @rule(data=st.data(), how=st.integers(min_value=0, max_value=len(RACES)))
    def race_the_end(self, data: st.DataObject, how: int) -> None:
        """At a game's last move (where a leave that stopped the table met a move that
        ended the game): two stops at once, or two of a stop, the player's leave and that
        move, at once. Elsewhere a play, as `play` makes it."""
        channel = self.hunt.at_last_move()
        if channel is None:
            self.play(data)
            return
        name, args = last_move_race(channel, data.draw(small), how)
        self.place.run(self.hunt.request(name, *args))

    @rule(pick=small)
    def replay(self, pick: int) -> None:
        """The replay of a table, open or closed: it verifies and leaks nothing."""
        self.place.run(check_a_replay(self.hunt, pick))

    @invariant()
    def whole(self) -> None:
        """The ledger, every escrow and every table's fate."""
        self.place.run(self.hunt.check())


SETTINGS = settings(
    stateful_step_count=80,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_service_keeps_every_chip_whatever_is_asked(backend: str) -> None:
    run_state_machine_as_test(
        lambda: ServiceMachine(backend),
        settings=machine_settings(SETTINGS, backend, steps_on_postgres=100),
    )
