"""Jockey Club's state and the flow of a deal (rules.md's tie-break, the chip policy), for
bot/games/yankee/jockey_club/game.py.

Here are the state and its JSON form, how a deal is seated, dealt, redealt and ended, and
the offer scale; the auction for the turn-up (who acts next, what an offer or a pass does)
and the showdown are in `auction.py` beside this module. Everything is a pure function
from a state to a new one; nothing here checks whether an action is allowed (the game
object does that first).

Offers live on one scale, worst to best for the pot: `console c` is -c and `bid b` is b,
so "console 3" < "console 0" < "bid 1" and a better offer is simply a larger number.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypedDict

from bot.games.cards import yankee_pack
from bot.games.chips import Transfer
from bot.games.rng import shuffled
from bot.games.stakes import (
    ante_in,
    at_table,
    close_pot,
    coverers,
    covers,
    next_dealer,
    next_seat,
    players_from,
)
from bot.games.state import evolver

DEAL, AUCTION, OVER = "deal", "auction", "over"
NO_HOLDER = -1

_PACKS = {
    False: yankee_pack(without_ranks=(0,)),
    True: yankee_pack(without_ranks=(0, 5)),
}


def pack(no_fives: bool) -> tuple[str, ...]:
    """The cards of a deal: the pack without its zeros (45), and without its 5s too (40)."""
    return _PACKS[no_fives]


@dataclass(frozen=True, slots=True)
class LastDeal:
    """A settled deal, kept so views can show it: every hand shown and what the pot paid."""

    deal: int
    dealer: int
    elder: int
    hands: tuple[tuple[str, ...], ...]
    turnup: str
    buried: tuple[str, ...]
    taker: int
    """The seat that took the turn-up; -1 when nobody offered and it was buried."""
    price: int
    """The taker's offer on the scale (console c = -c, bid b = b)."""
    claimants: tuple[int, ...]
    winner: int
    """The seat that took the pot; -1 when nobody claimed and the pot carried over."""
    won: int
    carried: int
    """What the pot held after the showdown (carried to the next deal)."""


@dataclass(frozen=True, slots=True)
class JockeyClubState:
    """A game of Jockey Club: the table's constants, the current deal, and the last one."""

    seats: int
    seed: int
    ante: int
    no_fives: bool
    dealer_may_console: bool
    deals: int
    """The deals the game lasts: rounds x seats."""
    basis: tuple[int, ...]
    """Each seat's starting stack plus its top-ups less its cash-outs (for the outcome)."""
    stacks: tuple[int, ...]
    pot: int
    started: int
    """Deals started; the current (or, when over, the final) deal is number `started`."""
    shuffles: int
    """Shuffles made: a deal dealt again after a stack change gets a fresh shuffle."""
    dealer: int
    elder: int
    phase: str
    turn: int
    """The seat to act; -1 when the game is over."""
    dealt: tuple[bool, ...]
    """The seats dealt into this deal (those that could cover the ante)."""
    anted: bool
    """Whether this deal's antes have moved (they move with the dealer's deal)."""
    deck: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    turnup: str
    buried: tuple[str, ...]
    """Turned-up 5s (and, at the end of a deal nobody offered in, the unsold turn-up)."""
    offer: int
    holder: int
    consoled: tuple[bool, ...]
    passed: tuple[bool, ...]
    last: LastDeal | None
    moved: tuple[Transfer, ...]
    """The transfers caused by the action that made this state."""
    departed: tuple[bool, ...] = ()
    """Seats that left the table for good (empty while nobody has): dealt no more, and
    given no share of chips left on the table."""


evolve = evolver(JockeyClubState)
"""The state with some fields changed: dataclasses.replace, made cheap for the hot path."""

_RANKS = {card: int(card[0]) for card in _PACKS[False]}


def total(hand: Sequence[str]) -> int:
    """The sum of a hand's ranks."""
    return sum(map(_RANKS.__getitem__, hand))


def claims(hand: Sequence[str]) -> bool:
    """Whether a hand claims the pot: its total is exactly 5 times its number of cards."""
    return bool(hand) and total(hand) == 5 * len(hand)


def offer_text(value: int) -> str:
    """An offer on the scale as the action that makes it: 'bid 3', 'console 2'."""
    return f"bid {value}" if value > 0 else f"console {-value}"


def offer_pot(st: JockeyClubState) -> int:
    """The pot as offers see it: with this deal's antes even before they move."""
    return st.pot if st.anted else st.pot + st.ante * sum(st.dealt)


def bid_stack(st: JockeyClubState, seat: int) -> int:
    """What a seat can bid: its stack once its ante for this deal is paid."""
    stack = st.stacks[seat]
    return stack if st.anted or not st.dealt[seat] else stack - st.ante


def seating(prior: int, stacks: tuple[int, ...], ante: int) -> tuple[int, tuple[bool, ...]]:
    """The deal after the one `prior` dealt, seated: its dealer and who is dealt in. The
    deal passes left to the first seat after `prior` that can cover the ante. Assumes at
    least two seats can cover the ante."""
    dealt = covers(stacks, ante)
    return next_dealer(prior, dealt), dealt


def prior_dealer(seats: int, last: LastDeal | None) -> int:
    """Who dealt the deal before the next one: the last deal's dealer, or before the first
    deal the last seat (so seat 0 deals first)."""
    return last.dealer if last is not None else seats - 1


def deal(
    cards: Sequence[str], dealer: int, dealt: tuple[bool, ...]
) -> tuple[tuple[tuple[str, ...], ...], str, tuple[str, ...], tuple[str, ...]]:
    """n + 1 cards to each seat dealt in, one at a time from elder, then the turn-up (a
    turned-up 5 is buried and the next card turned): hands, turn-up, buried, stock."""
    n = len(dealt)
    order = players_from(dealer, dealt)
    hands: list[list[str]] = [[] for _ in range(n)]
    count = len(order) + 1
    for i in range(count * len(order)):
        hands[order[i % len(order)]].append(cards[i])
    at = count * len(order)
    buried = []
    while cards[at][0] == "5":
        buried.append(cards[at])
        at += 1
    return tuple(tuple(h) for h in hands), cards[at], tuple(buried), tuple(cards[at + 1 :])


def first_deal(
    setup: tuple[int, int, int, bool, bool, int],
    stacks: tuple[int, ...],
    cards: tuple[str, ...],
) -> JockeyClubState:
    """A new game, dealt from `cards`; setup is (seats, seed, ante, no_fives,
    dealer_may_console, deals)."""
    seats, seed, ante, no_fives, may_console, deals = setup
    blank = JockeyClubState(
        seats=seats,
        seed=seed,
        ante=ante,
        no_fives=no_fives,
        dealer_may_console=may_console,
        deals=deals,
        basis=stacks,
        stacks=stacks,
        pot=0,
        started=0,
        shuffles=0,
        dealer=0,
        elder=1 % seats,
        phase=OVER,
        turn=-1,
        dealt=(False,) * seats,
        anted=False,
        deck=cards,
        hands=((),) * seats,
        turnup="",
        buried=(),
        offer=0,
        holder=NO_HOLDER,
        consoled=(False,) * seats,
        passed=(False,) * seats,
        last=None,
        moved=(),
    )
    return open_deal(blank, stacks, 0, None, (), cards)


def open_deal(
    st: JockeyClubState,
    stacks: tuple[int, ...],
    pot: int,
    last: LastDeal | None,
    moved: tuple[Transfer, ...],
    cards: Sequence[str] | None = None,
) -> JockeyClubState:
    """The next deal shuffled (or stacked with `cards`) and seated, its dealer's deal
    awaited (no card dealt, no chip moved), or the game over."""
    if st.started >= st.deals or coverers(stacks, st.ante) < 2:
        over = evolve(st, stacks=stacks, pot=pot, last=last, moved=moved)
        return finish(over)
    if cards is None:
        cards = shuffled(_PACKS[st.no_fives], st.seed, st.shuffles)
    dealer, dealt = seating(prior_dealer(st.seats, last), stacks, st.ante)
    unset = (False,) * st.seats
    return evolve(
        st, stacks=stacks, pot=pot, started=st.started + 1, shuffles=st.shuffles + 1,
        dealer=dealer, elder=next_seat(dealer, dealt), phase=DEAL, turn=dealer, dealt=dealt,
        anted=False, deck=tuple(cards), hands=((),) * st.seats, turnup="", buried=(), offer=0,
        holder=NO_HOLDER, consoled=unset, passed=unset, last=last, moved=moved,
    )  # fmt: skip


def deal_out(st: JockeyClubState) -> JockeyClubState:
    """The dealer's deal: the antes go in, then n + 1 cards to each player and the
    turn-up; elder's offer is awaited."""
    stacks, pot, antes = ante_in(
        st.stacks, st.pot, st.ante, (s for s, d in enumerate(st.dealt) if d)
    )
    hands, turnup, buried, deck = deal(st.deck, st.dealer, st.dealt)
    return evolve(
        st, stacks=stacks, pot=pot, phase=AUCTION, turn=st.elder, anted=True, deck=deck,
        hands=hands, turnup=turnup, buried=buried, moved=antes,
    )  # fmt: skip


def redeal(st: JockeyClubState) -> JockeyClubState:
    """The waiting deal, not dealt yet, seated again after a stack changed (its cards
    unseen, so the same shuffle serves); over if too few can cover the ante."""
    if coverers(st.stacks, st.ante) < 2:
        return finish(st)
    dealer, dealt = seating(prior_dealer(st.seats, st.last), st.stacks, st.ante)
    return evolve(st, dealer=dealer, elder=next_seat(dealer, dealt), turn=dealer, dealt=dealt)


def finish(st: JockeyClubState) -> JockeyClubState:
    """The game over: any pot left is split evenly among the seats still at the table, the
    odd chips one at a time from the last deal's elder (reason 'close')."""
    present = at_table(st.seats, st.departed)
    stacks, pot, close = close_pot(st.stacks, st.pot, st.elder, present)
    return evolve(st, stacks=stacks, pot=pot, moved=st.moved + close, phase=OVER, turn=-1)


def to_deal(st: JockeyClubState) -> bool:
    """Whether the dealer's deal is awaited: the deal has not begun."""
    return st.phase == DEAL


class JockeyClubDeal(TypedDict):
    """The last deal's showdown as the views show it, every hand face up."""

    deal: int
    dealer: int
    elder: int
    hands: list[list[str]]
    totals: list[int]
    targets: list[int]
    turnup: str
    buried: list[str]
    taker: int | None
    price: str | None
    claimants: list[int]
    winner: int | None
    won: int
    carried: int


def reveal(last: LastDeal | None) -> JockeyClubDeal | None:
    """The last deal's showdown as JSON-safe data (for views): every hand, its total and
    target, who claimed, who won and what the pot paid."""
    if last is None:
        return None
    told: JockeyClubDeal = {
        "deal": last.deal,
        "dealer": last.dealer,
        "elder": last.elder,
        "hands": [list(h) for h in last.hands],
        "totals": [total(h) for h in last.hands],
        "targets": [5 * len(h) for h in last.hands],
        "turnup": last.turnup,
        "buried": list(last.buried),
        "taker": None if last.taker < 0 else last.taker,
        "price": None if last.taker < 0 else offer_text(last.price),
        "claimants": list(last.claimants),
        "winner": None if last.winner < 0 else last.winner,
        "won": last.won,
        "carried": last.carried,
    }
    return told
