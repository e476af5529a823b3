"""The in-memory model the ledger's state machine (test_ledger_machine.py) is checked
against: the accounts it draws from, and what a posting must do to their balances."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import strategies as st

from bot.ledger import (
    MAX_AMOUNT,
    Account,
    AccountClosed,
    AccountKind,
    BadAmount,
    LedgerError,
    Overdraft,
    Posting,
)

START = 100
GAME = "tilters"
TABLES = {10: 1, 11: 1, 20: 2}  # table id -> its server
TOURNAMENTS = {30: 1, 40: 2}  # tournament id -> its server
SEATS = (0, 1)
USERS = (1, 2, 3)
PURSES = [Account.purse(g, u) for g in (1, 2) for u in USERS]
ACCOUNTS = (
    [Account.issuance(1), Account.issuance(2)]
    + PURSES
    + [Account.stake(g, t, s) for t, g in TABLES.items() for s in SEATS]
    + [Account.pot(g, t) for t, g in TABLES.items()]
    + [Account.entry(g, t) for t, g in TOURNAMENTS.items()]
)
# Mostly amounts a purse can pay, some it cannot, a few no one may send.
amounts = st.one_of(
    st.integers(1, 60),
    st.integers(1, 60),
    st.integers(-2, 250),
    st.sampled_from([MAX_AMOUNT, MAX_AMOUNT + 1]),
)
same_server_pairs = st.sampled_from([1, 2]).flatmap(
    lambda guild: st.tuples(
        st.sampled_from([a for a in ACCOUNTS if a.guild_id == guild]),
        st.sampled_from([a for a in ACCOUNTS if a.guild_id == guild]),
    )
)


class Model:
    """What the ledger should hold: balances, existing accounts, closed tables and
    tournaments."""

    def __init__(self) -> None:
        self.balances: dict[Account, int] = {}
        self.closed: set[int] = set()
        self.closed_tournaments: set[int] = set()

    def outcome(
        self, postings: Sequence[Posting]
    ) -> tuple[type[Exception] | None, dict[Account, int]]:
        """The error a post of `postings` must raise (None: success) and the balances after."""
        for p in postings:
            error = invalid(p)
            if error is not None:
                return error, self.balances
        after = dict(self.balances)
        for p in postings:
            error = self._apply(after, p)
            if error is not None:
                return error, self.balances
        return None, after

    def _apply(self, after: dict[Account, int], p: Posting) -> type[Exception] | None:
        for account in (p.src, p.dst):
            if account.table_id in self.closed:
                return AccountClosed
            if account.tournament_id in self.closed_tournaments:
                return AccountClosed
            if account not in after:
                after[account] = 0
                if account.kind is AccountKind.PURSE:
                    bank = Account.issuance(account.guild_id)
                    after[bank] = after.get(bank, 0) - START
                    after[account] = START
        if p.src.kind is not AccountKind.ISSUANCE and after[p.src] < p.amount:
            return Overdraft
        after[p.src] -= p.amount
        after[p.dst] += p.amount
        return None


def invalid(p: Posting) -> type[Exception] | None:
    """The error validation alone gives a posting, if any."""
    if type(p.amount) is not int or not 0 < p.amount <= MAX_AMOUNT:
        return BadAmount
    if p.src.guild_id != p.dst.guild_id or p.src == p.dst:
        return LedgerError
    return None
