"""Black Joke's state and the flow of a deal (rules.md), for `game.py`.

Kept apart from the game object so each file stays readable: here are the state (its JSON
form is in `store.py`), how a deal is seated, who buys next (the order round, then extra rounds that
go on while somebody buys), what a buy or a pass does, and the settlement. Everything is
a pure function from a state to a new one; nothing here checks whether an action is
allowed (the game object does that first).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from bot.games.cards import yankee_pack
from bot.games.chips import Transfer, apply_transfers, pay_debts
from bot.games.rng import shuffled
from bot.games.stakes import coverers, next_dealer, next_seat
from bot.games.state import evolver, put

ORDER, EXTRA, OVER = "order", "extra", "over"


@dataclass(frozen=True, slots=True)
class LastDeal:
    """A settled deal, kept so views can show it: every hand turned up and what it paid."""

    deal: int
    banker: int
    hands: tuple[tuple[str, ...], ...]
    rates: tuple[int, ...]
    owed: tuple[int, ...]
    paid: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class BlackJokeState:
    """A game of Black Joke: the table's constants, the current deal, and the last one."""

    seats: int
    seed: int
    no_zeros: bool
    max_rate: int
    deals: int
    """The deals the game lasts: rounds x seats."""
    basis: tuple[int, ...]
    """Each seat's starting stack plus its top-ups less its cash-outs (for the outcome)."""
    stacks: tuple[int, ...]
    started: int
    """Deals started; the current (or, when over, the final) deal has index started - 1."""
    banker: int
    phase: str
    turn: int
    """The seat to act; -1 when the game is over."""
    deck: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    rates: tuple[int, ...]
    """Each punter's rate this deal; 0 for a seat that has not ordered."""
    done: tuple[bool, ...]
    """Seats not to be asked: the bank, the broke, those who passed the order round (for the
    whole deal), and those who passed the current extra round (until the next one)."""
    bought: bool
    """Whether somebody bought in the current extra round (so there is another)."""
    last: LastDeal | None
    moved: tuple[Transfer, ...]
    """The transfers caused by the action that made this state."""


evolve = evolver(BlackJokeState)
"""The one way to copy a state with changes, by keyword (bot/games/state.py)."""


_PACKS = {False: yankee_pack(), True: yankee_pack(without_ranks=(0,))}


def pack(no_zeros: bool) -> tuple[str, ...]:
    """The cards of a deal: the Yankee Notion 50, or 45 without the zeros."""
    return _PACKS[no_zeros]


def face_total(hand: tuple[str, ...]) -> int:
    """The sum of the Faces' numbers in a hand (0F adds nothing, a black joke is 0)."""
    return sum(int(card[0]) for card in hand if card[1] == "F")


def seating(last: LastDeal | None, stacks: tuple[int, ...]) -> tuple[int, tuple[bool, ...], int]:
    """The deal after `last` seated from the stacks: its banker, who sits out, who acts
    first."""
    # The bank passes left, to the first seat after the last banker with chips (seat 0
    # first): a broke seat is passed over, and the seat that stood in for it does not bank
    # again at once. The deal still counts towards the game's length.
    prior = last.banker if last is not None else len(stacks) - 1
    banker = next_dealer(prior, stacks)
    done = tuple(s == banker or c == 0 for s, c in enumerate(stacks))
    turn = next_seat(banker, [not d for d in done])
    return banker, done, turn


def seat_deal(st: BlackJokeState) -> BlackJokeState:
    """The current deal seated afresh from the stacks (after a stack changed before it)."""
    banker, done, turn = seating(st.last, st.stacks)
    return evolve(st, banker=banker, done=done, phase=ORDER, turn=turn)


def first_deal(
    seats: int,
    seed: int,
    no_zeros: bool,
    limits: tuple[int, int],
    stacks: tuple[int, ...],
    deck: tuple[str, ...],
) -> BlackJokeState:
    """A new game's first deal, dealt from `deck`; `limits` are (max_rate, deals)."""
    blank = BlackJokeState(
        seats=seats,
        seed=seed,
        no_zeros=no_zeros,
        max_rate=limits[0],
        deals=limits[1],
        basis=stacks,
        stacks=stacks,
        started=0,
        banker=0,
        phase=OVER,
        turn=-1,
        deck=deck,
        hands=((),) * seats,
        rates=(0,) * seats,
        done=(True,) * seats,
        bought=False,
        last=None,
        moved=(),
    )
    return open_deal(blank, 0, stacks, None, (), deck)


def open_deal(
    st: BlackJokeState,
    index: int,
    stacks: tuple[int, ...],
    last: LastDeal | None,
    moved: tuple[Transfer, ...],
    deck: tuple[str, ...] | None = None,
) -> BlackJokeState:
    """Deal number `index` (from 0) dealt and seated, or the game over if it cannot be."""
    if index >= st.deals or coverers(stacks, 1) < 2:  # fewer than two seats have chips
        return evolve(st, stacks=stacks, last=last, moved=moved, phase=OVER, turn=-1)
    cards = deck if deck is not None else shuffled(_PACKS[st.no_zeros], st.seed, index)
    banker, done, turn = seating(last, stacks)
    return evolve(
        st,
        stacks=stacks,
        started=index + 1,
        banker=banker,
        phase=ORDER,
        turn=turn,
        deck=cards,
        hands=((),) * st.seats,
        rates=(0,) * st.seats,
        done=done,
        bought=False,
        last=last,
        moved=moved,
    )


def _after(seat: int, banker: int, n: int) -> Iterator[int]:
    """The seats after `seat`, clockwise, up to the bank (a round ends at the bank)."""
    seat = (seat + 1) % n
    while seat != banker:
        yield seat
        seat = (seat + 1) % n


def _asked(
    seat: int, stacks: tuple[int, ...], rates: tuple[int, ...], done: tuple[bool, ...]
) -> bool:
    """Whether a punter is asked in an extra round: he ordered, has not passed this round,
    and can pay for another card at his rate."""
    return 0 < rates[seat] <= stacks[seat] and not done[seat]


def next_turn(
    st: BlackJokeState,
    stacks: tuple[int, ...],
    rates: tuple[int, ...],
    done: tuple[bool, ...],
    bought: bool,
) -> tuple[str, int, tuple[bool, ...], bool]:
    """Who buys after st.turn: the phase, the seat (-1 when buying is over), and the round's
    passes and purchases so far. Extra rounds go on while somebody bought in the last one,
    and each asks again every punter who ordered (rules.md)."""
    n, banker = st.seats, st.banker
    if st.phase == ORDER:
        for seat in _after(st.turn, banker, n):
            if not done[seat]:
                return ORDER, seat, done, False
        bought = any(rates)  # whoever ordered bought in the order round
    else:
        for seat in _after(st.turn, banker, n):
            if _asked(seat, stacks, rates, done):
                return EXTRA, seat, done, bought
    if not bought:
        return EXTRA, -1, done, False
    # A new extra round: those who passed the last one are asked again.
    done = tuple(d and not rates[s] for s, d in enumerate(done))
    for seat in _after(banker, banker, n):
        if _asked(seat, stacks, rates, done):
            return EXTRA, seat, done, False
    return EXTRA, -1, done, False


def pass_turn(st: BlackJokeState, seat: int) -> BlackJokeState:
    """The awaited punter passes: in the order round he sits the deal out; in an extra
    round he waits for the next one, if there is one."""
    done = put(st.done, seat, True)
    return _advance(st, (st.stacks, st.deck, st.hands, st.rates), done, st.bought, ())


def buy(st: BlackJokeState, seat: int, count: int, rate: int) -> BlackJokeState:
    """The awaited punter pays count x rate to the bank and takes count cards off the top."""
    cost, banker = count * rate, st.banker
    stacks = list(st.stacks)
    stacks[seat] -= cost
    stacks[banker] += cost
    hands = list(st.hands)
    hands[seat] += st.deck[:count]
    rates = put(st.rates, seat, rate)
    wager = (Transfer(seat, banker, cost, "wager"),)
    deck = st.deck[count:]
    return _advance(st, (tuple(stacks), deck, tuple(hands), rates), st.done, True, wager)


Table = tuple[tuple[int, ...], tuple[str, ...], tuple[tuple[str, ...], ...], tuple[int, ...]]
"""The stacks, the deck, the hands and the rates after an action."""


def _advance(
    st: BlackJokeState,
    table: Table,
    done: tuple[bool, ...],
    bought: bool,
    moved: tuple[Transfer, ...],
) -> BlackJokeState:
    """The state after a buy or a pass: the next buyer's turn, or the deal settled."""
    stacks, deck, hands, rates = table
    phase, turn = EXTRA, -1
    if deck:  # an empty deck ends the buying at once
        phase, turn, done, bought = next_turn(st, stacks, rates, done, bought)
    if turn < 0:
        return _settle(st, stacks, deck, hands, rates, done, moved)
    return evolve(
        st,
        stacks=stacks,
        phase=phase,
        turn=turn,
        deck=deck,
        hands=hands,
        rates=rates,
        done=done,
        bought=bought,
        moved=moved,
    )


def _settle(
    st: BlackJokeState,
    stacks: tuple[int, ...],
    deck: tuple[str, ...],
    hands: tuple[tuple[str, ...], ...],
    rates: tuple[int, ...],
    done: tuple[bool, ...],
    moved: tuple[Transfer, ...],
) -> BlackJokeState:
    """Turn up every hand, pay face x rate out of the bank (the chip policy if short), deal the
    next."""
    n, banker = st.seats, st.banker
    owed = tuple(rate * face_total(hand) for rate, hand in zip(rates, hands, strict=True))
    payouts = pay_debts(banker, dict(enumerate(owed)), stacks[banker], n, "payout")
    stacks, _ = apply_transfers(stacks, 0, payouts)
    paid = [0] * n
    for t in payouts:
        paid[t.dst] = t.amount
    last = LastDeal(st.started, banker, hands, rates, owed, tuple(paid))
    moved += payouts
    if st.started < st.deals and coverers(stacks, 1) >= 2:
        return open_deal(st, st.started, stacks, last, moved)
    # The game is over: the final deal's cards stay where they lie (all of them now seen).
    return evolve(
        st,
        stacks=stacks,
        deck=deck,
        hands=hands,
        rates=rates,
        done=done,
        last=last,
        moved=moved,
        phase=OVER,
        turn=-1,
    )


def status(seat: int, banker: int, stack: int, rate: int, done: bool) -> str:
    """A seat's part in the deal: bank, out (no chips), passed (sat the deal out), done
    (passed this extra round, or cannot pay for another card) or buying."""
    if seat == banker:
        return "bank"
    if rate:
        return "done" if done or stack < rate else "buying"
    if not done:
        return "buying"
    return "passed" if stack else "out"


def is_fresh(st: BlackJokeState) -> bool:
    """Whether nobody has acted yet in the current deal (or the game is over)."""
    if st.phase == OVER:
        return True
    if any(st.rates):
        return False
    banker, stacks = st.banker, st.stacks
    return all(d == (s == banker or stacks[s] == 0) for s, d in enumerate(st.done))
