"""The tournament service's hunter: a Hypothesis state machine that makes any sequence of
the requests of `hunting.py` — tournaments of cheap table games made with good and junk
settings, joins and leaves by anyone of any tournament (in signup and while it runs),
starts and cancellations by its host, a moderator or a stranger, play at the tables with
a player who stays away until their clock runs out, the tournaments' clock, and restarts
(with a table's end not yet recorded) — and after every step checks the ledger, every
tournament's escrow, a model of every purse, and that every open tournament table sits in
its tournament's round under way with nobody at two tables. At the end a moderator
cancels every live tournament, and every chip must be home.

The Hypothesis profile sets how many sequences are tried (tests/conftest.py; many more
with `PARLOUR_HYPOTHESIS=long`, as `bench/bench_long_tests.py` runs it). It runs on each
backend (tests/backends.py), each example on a fresh database."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test

from tests.backends import BACKENDS, MachinePlace, machine_settings
from tests.tournaments.service.hunting import USERS, TournamentHunt

small = st.integers(min_value=0, max_value=63)


class TournamentMachine(RuleBasedStateMachine):
    """Requests against one tournament service, checked after every step."""

    def __init__(self, backend: str) -> None:
        super().__init__()
        self.place = MachinePlace(backend, "tournaments.db")
        self.hunt = TournamentHunt(self.place.where)
        self.place.run(self.hunt.open())

    def teardown(self) -> None:
        """Cancel every live tournament (every chip home), check, then close it all."""
        try:
            self.place.run(self.hunt.cancel_all())
            self.place.run(self.hunt.check())
        finally:
            try:
                self.place.run(self.hunt.close())
            finally:
                self.place.close()

    @rule(d=st.lists(small, min_size=10, max_size=10))
    def useful(self, d: list[int]) -> None:
        """A request that moves things on (so that tournaments get played to their end)."""
        self.place.run(self.hunt.useful(d))

    @rule(d=st.lists(small, min_size=10, max_size=10))
    def useful_too(self, d: list[int]) -> None:
        """The same again: moving things on is most of what people do."""
        self.place.run(self.hunt.useful(d))

    @rule(d=st.lists(small, min_size=9, max_size=9))
    def create(self, d: list[int]) -> None:
        """A tournament asked for, its settings good or junk."""
        self.place.run(self.hunt.create(d))

    @rule(n=small, user=small, again=st.booleans())
    def join(self, n: int, user: int, again: bool) -> None:
        """Anyone joins any tournament (twice over, so that fields fill)."""
        self.place.run(self.hunt.join(n, user))
        if again:
            self.place.run(self.hunt.join(n, user + 1))

    @rule(n=small, user=small)
    def leave(self, n: int, user: int) -> None:
        """Anyone leaves any tournament."""
        self.place.run(self.hunt.leave(n, user))

    @rule(n=small, who=small)
    def start(self, n: int, who: int) -> None:
        """Its host, a moderator or a stranger starts a tournament."""
        self.place.run(self.hunt.start(n, who))

    @rule(n=small, who=small)
    def cancel(self, n: int, who: int) -> None:
        """Its host, a moderator or a stranger cancels a tournament (rarely drawn)."""
        if who % 3 == 0:
            self.place.run(self.hunt.cancel(n, who // 3))

    @rule(
        moves=st.integers(min_value=1, max_value=40),
        seed=small,
        absent=st.integers(min_value=0, max_value=3 * len(USERS)),
    )
    def play(self, moves: int, seed: int, absent: int) -> None:
        """People play at the open tables, one of them now and then staying away."""
        self.place.run(self.hunt.play(moves, seed, absent))

    @rule()
    def timeout(self) -> None:
        """The earliest turn clock runs out."""
        self.place.run(self.hunt.timeout())

    @rule(minutes=st.sampled_from([0, 1, 2]))
    def tick(self, minutes: int) -> None:
        """Time passes; the tournaments' clock ticks."""
        self.place.run(self.hunt.tick(minutes))

    @rule(mid_move=st.booleans())
    def restart(self, mid_move: bool) -> None:
        """The process dies and a new one recovers."""
        self.place.run(self.hunt.restart(mid_move))

    @invariant()
    def whole(self) -> None:
        """The ledger, the escrows, the purses and the tables."""
        self.place.run(self.hunt.check())


SETTINGS = settings(
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


@pytest.mark.parametrize("backend", BACKENDS)
def test_tournaments_keep_every_chip_whatever_is_asked(backend: str) -> None:
    run_state_machine_as_test(
        lambda: TournamentMachine(backend),
        settings=machine_settings(SETTINGS, backend, steps_on_postgres=50),
    )
