"""The ledger against a tiny in-memory model, driven by a Hypothesis state machine.

The model is a dict of balances plus the set of accounts that exist, the tables whose
escrow is closed, the tournaments whose entry escrow is closed, and the postings made
so far. Every rule predicts, from the model
alone, which error the ledger must raise (or none); after every step the ledger's
balances must equal the model's and `Ledger.check()` must find nothing wrong.
It runs on each backend, each example on a new database: on PostgreSQL a schema of its
own, as the ledger's triggers refuse to delete its rows (tests/backends.py).
"""

from __future__ import annotations

from collections.abc import Coroutine, Sequence
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from bot.ledger import (
    MAX_AMOUNT,
    Account,
    AccountKind,
    KeyConflict,
    Ledger,
    LedgerError,
    Posting,
    PostResult,
    Reason,
)
from bot.storage import Tx, open_database
from tests.backends import BACKENDS, MachinePlace, machine_settings
from tests.ledger.ledger_model import (
    ACCOUNTS,
    GAME,
    SEATS,
    START,
    TABLES,
    TOURNAMENTS,
    USERS,
    Model,
    amounts,
    same_server_pairs,
)

T = TypeVar("T")


class LedgerMachine(RuleBasedStateMachine):
    """Random postings, replays, conflicts, buy-ins, cash-outs and closes, checked each step."""

    def __init__(self, backend: str) -> None:
        super().__init__()
        self.place = MachinePlace(backend, "machine.db")
        self.db = self.run(open_database(self.place.where))
        self.ledger = Ledger(self.db, starting_chips=START)
        self.model = Model()
        self.made: list[Posting] = []
        self.keys = 0

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        """Run one coroutine on the machine's own event loop."""
        return self.place.run(coro)

    def teardown(self) -> None:
        """Close the database, then its place."""
        try:
            self.run(self.db.close())
        finally:
            self.place.close()

    def new_key(self) -> str:
        """A key no posting has used."""
        self.keys += 1
        return f"k:{self.keys}"

    def expect(self, postings: Sequence[Posting], *, via_transfer: bool) -> None:
        """Post, and compare the ledger's answer with the model's."""
        error, after = self.model.outcome(postings)
        event(f"{len(postings)} posting(s): {error.__name__ if error else 'posted'}")
        refused: LedgerError | None = None
        try:
            results = self.run(self.submit(postings, via_transfer=via_transfer))
        except LedgerError as exc:
            refused = exc
        if refused is not None:
            assert type(refused) is error, f"expected {error}, got {refused!r}"
            return
        assert error is None, f"expected {error}, but the ledger posted"
        assert not any(r.replayed for r in results)
        self.model.balances = after
        self.made.extend(postings)

    async def submit(self, postings: Sequence[Posting], *, via_transfer: bool) -> list[PostResult]:
        """Post with Ledger.transfer (one posting) or Ledger.post in a work of its own."""
        if via_transfer:
            p = postings[0]
            return [
                await self.ledger.transfer(
                    p.src, p.dst, p.amount, p.reason, p.key, game=p.game, table_id=p.table_id
                )
            ]
        return await self.post(postings)

    async def post(self, postings: Sequence[Posting]) -> list[PostResult]:
        """Post in a unit of work of its own."""

        async def work(tx: Tx) -> list[PostResult]:
            return await self.ledger.post(tx, postings)

        return await self.db.write(work)

    @rule(pair=same_server_pairs, amount=amounts, reason=st.sampled_from(Reason))
    def transfer(self, pair: tuple[Account, Account], amount: int, reason: Reason) -> None:
        """Any transfer within a server, including overdrafts and refusals."""
        src, dst = pair
        self.expect([Posting(src, dst, amount, reason, self.new_key())], via_transfer=True)

    @rule(src=st.sampled_from(ACCOUNTS), dst=st.sampled_from(ACCOUNTS))
    def stray(self, src: Account, dst: Account) -> None:
        """A transfer between any two accounts: often across servers, sometimes to itself."""
        self.expect([Posting(src, dst, 1, Reason.GIFT, self.new_key())], via_transfer=True)

    @rule(
        legs=st.lists(
            st.tuples(same_server_pairs, amounts).map(lambda leg: (*leg[0], leg[1])),
            min_size=1,
            max_size=3,
        )
    )
    def post_several(self, legs: list[tuple[Account, Account, int]]) -> None:
        """Several postings in one call: all of them or none."""
        postings = [Posting(s, d, a, Reason.SETTLE, self.new_key()) for s, d, a in legs]
        self.expect(postings, via_transfer=False)

    @rule(
        table=st.sampled_from(sorted(TABLES)),
        seat=st.sampled_from(SEATS),
        user=st.sampled_from(USERS),
        amount=st.integers(1, 150),
    )
    def buy_in(self, table: int, seat: int, user: int, amount: int) -> None:
        """A player brings chips from their purse to a seat."""
        guild = TABLES[table]
        posting = Posting(
            Account.purse(guild, user),
            Account.stake(guild, table, seat),
            amount,
            Reason.BUYIN,
            self.new_key(),
            GAME,
        )
        self.expect([posting], via_transfer=False)

    @rule(
        table=st.sampled_from(sorted(TABLES)),
        seat=st.sampled_from(SEATS),
        to_pot=st.booleans(),
        amount=st.integers(1, 80),
    )
    def settle(self, table: int, seat: int, to_pot: bool, amount: int) -> None:
        """Chips move between a seat's stake and the pot."""
        guild = TABLES[table]
        stake, pot = Account.stake(guild, table, seat), Account.pot(guild, table)
        src, dst = (stake, pot) if to_pot else (pot, stake)
        self.expect(
            [Posting(src, dst, amount, Reason.SETTLE, self.new_key(), GAME)], via_transfer=False
        )

    @rule(
        table=st.sampled_from(sorted(TABLES)),
        seat=st.sampled_from(SEATS),
        user=st.sampled_from(USERS),
    )
    def cash_out(self, table: int, seat: int, user: int) -> None:
        """A seat's whole stake goes back to a purse."""
        guild = TABLES[table]
        stake = Account.stake(guild, table, seat)
        amount = max(self.model.balances.get(stake, 0), 1)
        posting = Posting(
            stake, Account.purse(guild, user), amount, Reason.CASHOUT, self.new_key(), GAME
        )
        self.expect([posting], via_transfer=True)

    @rule(table=st.sampled_from(sorted(TABLES)))
    def close(self, table: int) -> None:
        """Close a table's escrow: refused while it holds chips."""
        guild = TABLES[table]
        escrow = [a for a in self.model.balances if a.table_id == table]
        held = sum(self.model.balances[a] for a in escrow)

        async def work(tx: Tx) -> None:
            await self.ledger.close_escrow(tx, guild, table)

        refused = False
        try:
            self.run(self.db.write(work))
        except LedgerError:
            refused = True
        assert refused == (held > 0)
        if escrow and not refused:  # with no escrow account, there is nothing to close
            event(f"table closed (with {len(escrow)} escrow accounts)")
            self.model.closed.add(table)

    @rule(table=st.sampled_from(sorted(TABLES)), user=st.sampled_from(USERS))
    def end_table(self, table: int, user: int) -> None:
        """Pay out everything a table holds to one purse, then close it."""
        guild = TABLES[table]
        purse = Account.purse(guild, user)
        held = [(a, b) for a, b in self.model.balances.items() if a.table_id == table and b > 0]
        payouts = [Posting(a, purse, b, Reason.CASHOUT, self.new_key(), GAME) for a, b in held]
        if payouts:
            self.expect(payouts, via_transfer=False)
        self.close(table)

    @rule(
        tournament=st.sampled_from(sorted(TOURNAMENTS)),
        user=st.sampled_from(USERS),
        amount=st.integers(1, 150),
    )
    def enter(self, tournament: int, user: int, amount: int) -> None:
        """A player pays a tournament's buy-in into its entry escrow."""
        guild = TOURNAMENTS[tournament]
        purse, entry = Account.purse(guild, user), Account.entry(guild, tournament)
        posting = Posting(purse, entry, amount, Reason.ENTRY, self.new_key())
        self.expect([posting], via_transfer=True)

    @rule(
        tournament=st.sampled_from(sorted(TOURNAMENTS)),
        users=st.lists(st.sampled_from(USERS), min_size=1, max_size=3),
        refund=st.booleans(),
    )
    def pay_out(self, tournament: int, users: list[int], refund: bool) -> None:
        """The entry escrow is paid out to purses (prizes, or refunds of a cancelled
        tournament) in one work: the first purse takes whatever the split leaves."""
        guild = TOURNAMENTS[tournament]
        entry = Account.entry(guild, tournament)
        held = max(self.model.balances.get(entry, 0), len(users))
        shares = [held // len(users)] * len(users)
        shares[0] += held - sum(shares)
        reason = Reason.REFUND if refund else Reason.PRIZE
        postings = [
            Posting(entry, Account.purse(guild, u), share, reason, self.new_key())
            for u, share in zip(users, shares, strict=True)
        ]
        self.expect(postings, via_transfer=False)

    @rule(tournament=st.sampled_from(sorted(TOURNAMENTS)))
    def close_entry(self, tournament: int) -> None:
        """Close a tournament's entry escrow: refused by the database while it holds chips,
        nothing at all if it was never opened."""
        guild = TOURNAMENTS[tournament]
        entry = Account.entry(guild, tournament)
        held = self.model.balances.get(entry, 0)

        async def work(tx: Tx) -> None:
            await self.ledger.close_entry(tx, guild, tournament)

        refused = ""
        try:
            self.run(self.db.write(work))
        except LedgerError as exc:
            refused = exc.reason
        assert bool(refused) == (held > 0)
        assert not refused or f"holds {held} chips" in refused
        if entry in self.model.balances and not refused:
            event("entry escrow closed")
            self.model.closed_tournaments.add(tournament)

    @precondition(lambda self: bool(self.made))
    @rule(data=st.data())
    def replay(self, data: st.DataObject) -> None:
        """Posting a made posting again pays nothing."""
        posting = data.draw(st.sampled_from(self.made))
        [result] = self.run(self.post([posting]))
        assert result.replayed

    @precondition(lambda self: bool(self.made))
    @rule(data=st.data())
    def conflict(self, data: st.DataObject) -> None:
        """Reusing a made posting's key for other chips is refused."""
        p = data.draw(st.sampled_from(self.made))
        other = p.amount + 1 if p.amount < MAX_AMOUNT else p.amount - 1
        try:
            self.run(self.ledger.transfer(p.src, p.dst, other, p.reason, p.key, game=p.game))
        except KeyConflict:
            return
        raise AssertionError("a conflicting key was accepted")

    @rule(guild=st.sampled_from([1, 2]), user=st.sampled_from(USERS))
    def purse(self, guild: int, user: int) -> None:
        """Asking for a purse creates it with starting chips, once."""
        account = Account.purse(guild, user)
        _, after = self.model.outcome([])
        if account not in after:
            bank = Account.issuance(guild)
            after[bank] = after.get(bank, 0) - START
            after[account] = START
        assert self.run(self.ledger.purse(guild, user)) == after[account]
        self.model.balances = after

    @invariant()
    def ledger_matches_model(self) -> None:
        """Balances equal the model's, and every ledger invariant holds."""
        rows = self.run(
            self.db.fetchall(
                "SELECT guild_id, kind, user_id, table_id, seat, tournament_id, balance"
                " FROM accounts"
            )
        )
        held = {Account(r[0], AccountKind(r[1]), r[2], r[3], r[4], r[5]): r[6] for r in rows}
        assert held == self.model.balances
        assert self.run(self.ledger.check()) == []


SETTINGS = settings(
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_ledger_matches_its_model(backend: str) -> None:
    run_state_machine_as_test(
        lambda: LedgerMachine(backend),
        settings=machine_settings(SETTINGS, backend, steps_on_postgres=90),
    )
