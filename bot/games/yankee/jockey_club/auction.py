"""Jockey Club's auction for the turn-up and its showdown (rules.md, the chip policy), for
bot/games/yankee/jockey_club/game.py: on `flow.py`'s state.

The antes went in with the dealer's deal; each seat in turn makes a better offer (a bid
or a console, on `flow.py`'s one scale) or passes; when the auction ends the holder takes
the turn-up, and the showdown pays the pot by rules.md's tie-break. Pure functions from a
state to a new one; the game object checks each action first.
"""

from __future__ import annotations

from bot.games.chips import POT, Transfer, apply_transfers
from bot.games.stakes import coverers, next_seat
from bot.games.state import put
from bot.games.yankee.fifteens import tie_break
from bot.games.yankee.jockey_club.flow import (
    NO_HOLDER,
    JockeyClubState,
    LastDeal,
    claims,
    evolve,
    finish,
    open_deal,
)


def make_offer(st: JockeyClubState, seat: int, value: int) -> JockeyClubState:
    """The awaited seat makes an offer (already checked to be better and allowed)."""
    consoled = put(st.consoled, seat, True) if value <= 0 else st.consoled
    return _advance(st, st.stacks, st.pot, (), value, seat, consoled, st.passed)


def pass_turn(st: JockeyClubState, seat: int) -> JockeyClubState:
    """The awaited seat passes: out of this auction."""
    passed = put(st.passed, seat, True)
    return _advance(st, st.stacks, st.pot, (), st.offer, st.holder, st.consoled, passed)


def _advance(
    st: JockeyClubState,
    stacks: tuple[int, ...],
    pot: int,
    moved: tuple[Transfer, ...],
    offer: int,
    holder: int,
    consoled: tuple[bool, ...],
    passed: tuple[bool, ...],
) -> JockeyClubState:
    """After an offer or a pass: the next active seat's turn, or the auction over."""
    # The next seat still in the auction, passing over the holder of the standing offer.
    turn = next_seat(st.turn, st.dealt, passed)
    if turn == holder >= 0:
        turn = next_seat(holder, st.dealt, passed)
        turn = -1 if turn == holder else turn
    if turn < 0:
        return _showdown(st, stacks, pot, moved, offer, holder)
    return evolve(
        st, stacks=stacks, pot=pot, turn=turn, anted=True, offer=offer, holder=holder,
        consoled=consoled, passed=passed, moved=moved,
    )  # fmt: skip


def _showdown(
    st: JockeyClubState,
    stacks: tuple[int, ...],
    pot: int,
    moved: tuple[Transfer, ...],
    offer: int,
    holder: int,
) -> JockeyClubState:
    """The holder takes the turn-up at his price (or it is buried); all hands are shown,
    the pot goes to the claimant (tie-break among several) or carries over; next deal."""
    hands, buried = st.hands, st.buried
    price: tuple[Transfer, ...] = ()
    if holder == NO_HOLDER:
        buried += (st.turnup,)
    else:
        hands = put(hands, holder, hands[holder] + (st.turnup,))
        if offer > 0:
            price = (Transfer(holder, POT, offer, "bid"),)
        elif offer < 0:
            price = (Transfer(POT, holder, -offer, "console"),)
    stacks, pot = apply_transfers(stacks, pot, price)
    claimants = tuple(s for s in range(st.seats) if st.dealt[s] and claims(hands[s]))
    winner = -1
    if claimants:
        # §6.2 with equal totals: the most cards wins, then the earliest from elder hand.
        counts = {s: len(hands[s]) for s in claimants}
        winner = tie_break(dict.fromkeys(claimants, 0), counts, st.elder, st.seats)
    payout = (Transfer(POT, winner, pot, "payout"),) if winner >= 0 and pot > 0 else ()
    won = pot if winner >= 0 else 0
    stacks, pot = apply_transfers(stacks, pot, payout)
    last = LastDeal(
        st.started, st.dealer, st.elder, hands, st.turnup, buried, holder, offer,
        claimants, winner, won, pot,
    )  # fmt: skip
    moved += price + payout
    if st.started < st.deals and coverers(stacks, st.ante) >= 2:
        return open_deal(st, stacks, pot, last, moved)
    # The game is over: the final deal's cards stay where they lie (all of them now shown).
    done = evolve(
        st, stacks=stacks, pot=pot, hands=hands, buried=buried, turnup="", last=last,
        moved=moved, anted=True, offer=offer, holder=holder,
    )  # fmt: skip
    return finish(done)
