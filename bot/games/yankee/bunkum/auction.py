"""Bunkum's auction of the reserve cards and its showdown (rules.md), for
bot/games/yankee/bunkum/game.py: on `flow.py`'s state.

The dealer's deal puts the antes in and deals; each reserve card is sold to the best bid (or
passed by all); when the reserve is sold or passed the hands are shown and each loser pays
the differences of fifteens, and the next deal is dealt (or the game ends). Pure functions
from a state to a new one; the game object checks each action first.
"""

from __future__ import annotations

from bot.games.chips import POT, Transfer, apply_transfers, pay_debts, split_evenly
from bot.games.stakes import ante_in, coverers, next_seat
from bot.games.state import put
from bot.games.yankee.bunkum.flow import BunkumState, LastDeal, deal_cards, evolve, open_deal
from bot.games.yankee.fifteens import discard_fifteens, rotation, tie_break, tied_lowest


def deal_out(st: BunkumState) -> BunkumState:
    """The dealer's deal: the antes into the pot, then the cards dealt; elder opens the
    auction of the first reserve card."""
    payers = (s for s, p in enumerate(st.playing) if p)
    stacks, pot, antes = ante_in(st.stacks, st.pot, st.ante, payers)
    put_in = tuple(st.ante if p else 0 for p in st.playing)
    anted = evolve(st, stacks=stacks, pot=pot, anted=True, put_in=put_in, moved=antes)
    return deal_cards(anted)


def next_bidder(st: BunkumState, seat: int, passed: tuple[bool, ...]) -> int:
    """The next seat after `seat`, clockwise, still in the current card's auction."""
    return next_seat(seat, st.playing, passed)


def bid(st: BunkumState, seat: int, amount: int, moved: tuple[Transfer, ...]) -> BunkumState:
    """The awaited seat's bid stands and the next seat still in is asked; when everyone
    else has already passed (the last to speak opening the bidding), the card is his."""
    turn = next_bidder(st, seat, st.passed)
    if turn == seat:
        return _sell(evolve(st, bid=amount, bidder=seat, moved=moved))
    return evolve(st, bid=amount, bidder=seat, turn=turn, moved=moved)


def pass_card(st: BunkumState, seat: int, moved: tuple[Transfer, ...]) -> BunkumState:
    """The awaited seat passes: out of this card's auction, which may end with it."""
    passed = put(st.passed, seat, True)
    left = [s for s in range(st.seats) if st.playing[s] and not passed[s]]
    if st.bidder < 0 and not left:
        return _showdown(evolve(st, passed=passed, moved=moved), abandoned=True)
    if left == [st.bidder]:
        return _sell(evolve(st, passed=passed, moved=moved))
    return evolve(st, passed=passed, turn=next_bidder(st, seat, passed), moved=moved)


def _sell(st: BunkumState) -> BunkumState:
    """The last bidder pays his bid into the pot and takes the top reserve card blind."""
    buyer, price = st.bidder, st.bid
    pay = Transfer(buyer, POT, price, "bid")
    stacks, pot = apply_transfers(st.stacks, st.pot, (pay,))
    hands = put(st.hands, buyer, (*st.hands[buyer], st.reserve[0]))
    put_in = put(st.put_in, buyer, st.put_in[buyer] + price)
    moved = (*st.moved, pay)
    reserve = st.reserve[1:]
    if not reserve:
        sold = evolve(
            st, stacks=stacks, pot=pot, hands=hands, put_in=put_in, reserve=reserve, moved=moved
        )
        return _showdown(sold, abandoned=False)
    # Our choice: elder opens the auction of every reserve card.
    return evolve(
        st,
        stacks=stacks,
        pot=pot,
        hands=hands,
        put_in=put_in,
        reserve=reserve,
        moved=moved,
        bid=0,
        bidder=-1,
        passed=(False,) * st.seats,
        turn=st.elder,
    )


def _differences(
    payer: int, owed: int, winners: list[int], stack: int, seats: int
) -> tuple[Transfer, ...]:
    """What a loser pays the winners for the difference of their totals: the debt shared
    among tied winners, odd chips in rotation from elder, at table stakes."""
    if not owed:
        return ()
    debts = dict(zip(winners, split_evenly(owed, len(winners)), strict=True))
    return pay_debts(payer, debts, stack, seats, "difference")


def _showdown(st: BunkumState, abandoned: bool) -> BunkumState:
    """Fifteens laid aside, the pot and the differences paid, and the next deal dealt."""
    n, players = st.seats, [s for s in rotation(st.elder, st.seats) if st.playing[s]]
    split = [discard_fifteens(st.hands[s]) if st.playing[s] else ((), ()) for s in range(n)]
    totals = {s: sum(int(c[0]) for c in split[s][1]) for s in players}
    counts = {s: len(split[s][1]) for s in players}
    if st.split_ties:
        winners = tied_lowest(totals, st.elder, n)
    else:
        winners = [tie_break(totals, counts, st.elder, n)]
    pot_shares = split_evenly(st.pot, len(winners))
    moved = [Transfer(POT, w, a, "payout") for w, a in zip(winners, pot_shares, strict=True) if a]
    stacks, pot = apply_transfers(st.stacks, st.pot, moved)
    owed, paid, received = [0] * n, [0] * n, [0] * n
    for s in players:
        if s not in winners:
            owed[s] = (totals[s] - totals[winners[0]]) * st.rate
            payments = _differences(s, owed[s], winners, stacks[s], n)
            stacks, pot = apply_transfers(stacks, pot, payments)
            moved += payments
            for t in payments:
                paid[s] += t.amount
                received[t.dst] += t.amount
    won = [0] * n
    for w, a in zip(winners, pot_shares, strict=True):
        won[w] = a
    last = LastDeal(
        deal=st.started,
        dealer=st.dealer,
        elder=st.elder,
        hands=st.hands,
        batches=tuple(b for b, _ in split),
        kept=tuple(k for _, k in split),
        totals=tuple(totals.get(s, -1) for s in range(n)),
        winners=tuple(winners),
        pot=st.pot,
        won=tuple(won),
        owed=tuple(owed),
        paid=tuple(paid),
        received=tuple(received),
        discarded=len(st.reserve) if abandoned else 0,
    )
    return _next_deal(st, stacks, pot, last, (*st.moved, *moved))


def _next_deal(
    st: BunkumState, stacks: tuple[int, ...], pot: int, last: LastDeal, moved: tuple[Transfer, ...]
) -> BunkumState:
    """After a showdown: the next deal, or the game over if the deals are played or fewer
    than two seats can cover the ante (the final deal's cards stay where they lie)."""
    if st.started < st.deals and coverers(stacks, st.ante) >= 2:
        return open_deal(st, st.started, stacks, last, moved)
    return evolve(
        st,
        stacks=stacks,
        pot=pot,
        dead=(*st.dead, *st.reserve),
        reserve=(),
        bid=0,
        bidder=-1,
        turn=-1,
        last=last,
        moved=moved,
    )
