"""Quien Sabe's play within a deal (rules.md §5), for `game.py`: on `flow.py`'s state.

The dealer's deal (the antes, then the cards), a card played face up or face down, the void of
round one within 10 of the QSN, a pass to the next chooser, six rounds without a call,
and a call turned up and paid for by §5.2 (in chips, or on paper in soft score). Pure
functions from a state to a new one; the game object checks each action first.
"""

from __future__ import annotations

from bot.games.chips import POT, Transfer, apply_transfers, pay_debts
from bot.games.stakes import ante_in
from bot.games.yankee.quien_sabe.flow import (
    DECIDE,
    MAX_REDEALS,
    PLAY,
    ROUNDS,
    VALUE,
    QuienSabeState,
    Settled,
    deal_cards,
    evolve,
    open_deal,
    qsn,
    redeal,
)


def deal_out(st: QuienSabeState) -> QuienSabeState:
    """The dealer's deal: every player puts the ante in the pool (on paper in soft score),
    then the cards are dealt and elder plays first."""
    ante, players = st.ante, st.players
    if st.soft:
        scores = tuple(p - ante if s in players else p for s, p in enumerate(st.scores))
        return deal_cards(evolve(st, scores=scores, pool=st.pool + ante * len(players), moved=()))
    stacks, pool, antes = ante_in(st.stacks, st.pool, ante, sorted(players))
    anted = tuple(ante if s in players else 0 for s in range(st.seats))
    return deal_cards(evolve(st, stacks=stacks, pool=pool, anted=anted, moved=antes))


def play_card(st: QuienSabeState, seat: int, card: str) -> QuienSabeState:
    """The player to act plays a card: face up in round one, else face down, then choices."""
    moved: tuple[Transfer, ...] = ()
    hands = list(st.hands)
    hands[seat] = tuple(c for c in hands[seat] if c != card)
    if st.round > 1:
        down = list(st.down)
        down[seat] += (card,)
        return evolve(
            st, hands=tuple(hands), down=tuple(down), phase=DECIDE, turn=seat, asked=0, moved=moved
        )
    up = list(st.up)
    up[seat] += (card,)
    total = st.total_up + VALUE[card]
    lead, rnd, count = st.lead + 1, 1, len(st.players)
    if lead < count:
        if qsn(st) - total <= 10 and st.redeals < MAX_REDEALS:
            return _void(evolve(st, hands=tuple(hands), up=tuple(up), total_up=total, moved=moved))
    else:
        lead, rnd = 0, 2
    return evolve(
        st,
        hands=tuple(hands),
        up=tuple(up),
        total_up=total,
        lead=lead,
        round=rnd,
        turn=st.players[lead],
        moved=moved,
    )


def _void(st: QuienSabeState) -> QuienSabeState:
    """Round one came within 10 of the QSN: the deal is void and redealt."""
    zero = (0,) * st.seats
    last = Settled(st.shuffles, "void", -1, st.up, ((),) * st.seats, zero, st.total_up, qsn(st),
                   zero, 0)  # fmt: skip
    return redeal(st, last, st.moved)


def pass_choice(st: QuienSabeState) -> QuienSabeState:
    """The chooser passes: the next player chooses, or when all have passed, the next card."""
    count, asked = len(st.players), st.asked + 1
    if asked < count:
        return evolve(st, asked=asked, turn=st.players[(st.lead + asked) % count], moved=())
    lead, rnd = st.lead + 1, st.round
    if lead == count:
        lead, rnd = 0, rnd + 1
    if rnd > ROUNDS:
        return _no_call(st)
    return evolve(st, lead=lead, round=rnd, phase=PLAY, turn=st.players[lead], asked=0, moved=())


def _no_call(st: QuienSabeState) -> QuienSabeState:
    """Six rounds and nobody called: the deal is void and the pool carries over."""
    zero = (0,) * st.seats
    hidden = tuple(len(d) for d in st.down)
    empty = ((),) * st.seats
    last = Settled(st.shuffles, "nocall", -1, st.up, empty, hidden, st.total_up, qsn(st), zero, 0)
    return open_deal(st, last, ())


def total(st: QuienSabeState) -> int:
    """The total of every card played this deal, face up and face down."""
    return st.total_up + sum(VALUE[c] for d in st.down for c in d)


def call(st: QuienSabeState, caller: int) -> QuienSabeState:
    """Quien sabe: every card turned up and totalled, and paid for by §5.2."""
    t, q = total(st), qsn(st)
    others = [s for s in st.players if s != caller]
    good = t >= q
    pool = st.pool if good else 0
    # A good call: each other player owes the caller; a bad one: the caller owes each.
    diff = (t - q) * st.rate + (st.bonus if t == q else 0) if good else (q - t) * st.rate
    pays: tuple[Transfer, ...] = ()
    if st.soft:
        scores = list(st.scores)
        sign = 1 if good else -1
        for s in others:
            scores[s] -= sign * diff
            scores[caller] += sign * diff
        scores[caller] += pool
        net = tuple(a - b for a, b in zip(scores, st.scores, strict=True))
        after = evolve(st, scores=tuple(scores), pool=st.pool - pool)
    else:
        if good:
            pays = (Transfer(POT, caller, pool, "payout"),) if pool else ()
            for s in others:
                pays += pay_debts(s, {caller: diff}, st.stacks[s], st.seats, "difference")
        else:
            debts = dict.fromkeys(others, diff)
            pays = pay_debts(caller, debts, st.stacks[caller], st.seats, "difference")
        stacks, left = apply_transfers(st.stacks, st.pool, pays)
        net = tuple(a - b for a, b in zip(stacks, st.stacks, strict=True))
        after = evolve(st, stacks=stacks, pool=left)
    # The reveal recorded, then the next deal dealt (or the game ended).
    hidden = (0,) * st.seats
    last = Settled(st.shuffles, "call", caller, st.up, st.down, hidden, t, q, net, pool)
    return open_deal(after, last, pays)
