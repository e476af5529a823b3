"""The patience hunter, taught "Can I still win?": a Hypothesis state machine over a
patience table at the service (Fours, whose deals the solver decides fast): moves, undo,
redo, hints, auto, asks of "Can I still win?" (fresh and stale), answers typed by the
player (each must be refused and change nothing), and restarts. After every step: the
state counts one assist per answer recorded, a known winning line still wins from the
layout, the hint is its next move, and a restart rebuilds the same state from the log.

The solver runs in-process here under a small budget (`InProcess`), so that an example
stays quick; tests/tables/test_still.py asks it of the worker pool."""

from __future__ import annotations

import time
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test

from bot.games.patience.assist import WON, Told, is_assist, written
from bot.games.patience.search import Budget, replays
from bot.games.patience.search.standing import Still, still_winnable
from bot.ledger import Ledger
from bot.storage import Database, open_database
from bot.storage import table_rows as rows
from bot.tables import ServiceSettings, Status, TableError, TableService
from bot.tables.solving import SolverPool
from tests.backends import BACKENDS, MachinePlace, machine_settings

GUILD, CHANNEL, ALICE = 7, 1, 101
small = st.integers(min_value=0, max_value=63)


class InProcess(SolverPool):
    """The solver pool answering in this process under a small budget."""

    async def still(self, game: Any, state: Any, budget: Budget | None = None) -> Still:
        return still_winnable(game, state, Budget(positions=3000), time.perf_counter)


class StillMachine(RuleBasedStateMachine):
    """Play, undo, ask and forge at one patience table, checked after every step."""

    def __init__(self, backend: str) -> None:
        super().__init__()
        self.place = MachinePlace(backend, "still.db")
        self.db: Database = self.place.run(open_database(self.place.where))
        self.service = self._service()
        self.answers = 0
        self.seed = 0
        self._deal()

    def _service(self) -> TableService:
        service = TableService(
            self.db, Ledger(self.db), ServiceSettings(turn_timeout_s=None, optional_grace_s=None)
        )
        service.solver = InProcess()
        return service

    def _deal(self) -> None:
        table = self.place.run(
            self.service.create(
                guild_id=GUILD,
                channel_id=CHANNEL,
                host_id=ALICE,
                host_name="alice",
                game_key="fours",
                seed=self.seed,
            )
        )
        self.place.run(self.service.start(table.id, ALICE))
        self.table_id, self.answers = table.id, 0
        self.seed += 1

    def teardown(self) -> None:
        try:
            self.place.run(self.db.close())
        finally:
            self.place.close()

    @property
    def table(self) -> Any:
        """The open table (a new deal once the last one ended)."""
        found = self.service.in_channel(CHANNEL)
        if found is None or found.status is not Status.PLAYING:
            self._deal()
            found = self.service.table(self.table_id)
        return found

    @rule(pick=small)
    def play(self, pick: int) -> None:
        """A legal action (a move, undo, redo, hint or auto), the `pick`-th listed."""
        table = self.table
        legal = table.game.legal_actions(table.state, 0)
        moves = [a for a in legal if a != "resign"] or legal
        self.place.run(self.service.act(table.id, ALICE, table.version, moves[pick % len(moves)]))

    @rule()
    def follow_the_line(self) -> None:
        """The known winning line's next move, when there is one: the rest stays known."""
        table = self.table
        line = table.state.line
        if line:
            self.place.run(self.service.act(table.id, ALICE, table.version, line[0]))
            assert table.status is Status.CLOSED or table.state.line == line[1:]

    @rule(stale=st.booleans())
    def ask(self, stale: bool) -> None:
        """Can I still win?, as of the current version or a stale one."""
        table = self.table
        version = table.version - 1 if stale else table.version
        try:
            _, still = self.place.run(self.service.ask_still(table.id, ALICE, version))
        except TableError:
            assert stale, "a fresh ask was refused"
            return
        assert not stale, "a stale ask was answered"
        self.answers += 1
        if still.told.result == WON:
            assert table.state.line == still.told.line

    @rule(pick=small)
    def forge(self, pick: int) -> None:
        """An answer typed by the player: refused, and nothing changes."""
        table = self.table
        forged = [
            written(Told(WON, tuple(table.game.legal_actions(table.state, 0)[:1]))),
            "solved lost deal",
            " Solved unknown ",
            "solved lost 3",
        ][pick % 4]
        before = (table.version, table.state)
        with pytest.raises(TableError, match="written by the table"):
            self.place.run(self.service.act(table.id, ALICE, table.version, forged))
        assert (table.version, table.state) == before

    @rule()
    def restart(self) -> None:
        """A restart: the state rebuilt from the log is the same."""
        state = self.table.state
        self.service = self._service()
        report = self.place.run(self.service.recover())
        assert report.abandoned == []
        assert self.service.table(self.table_id).state == state

    @invariant()
    def answers_are_counted_and_lines_still_win(self) -> None:
        """One assist per answer; a known line wins; the log holds every answer."""
        table = self.table
        state = table.state
        assert state.assists == self.answers
        if state.line:
            assert replays(table.game, state, state.line)
        log = self.place.run(rows.actions_of(self.db, [table.id]))[table.id]
        assert sum(is_assist(e.action) for e in log) == self.answers


SETTINGS = settings(
    max_examples=8,
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


@pytest.mark.parametrize("backend", BACKENDS)
def test_still_is_recorded_replayed_and_never_forged(backend: str) -> None:
    run_state_machine_as_test(
        lambda: StillMachine(backend),
        settings=machine_settings(SETTINGS, backend, steps_on_postgres=30),
    )
