"""Bunkum's state and the flow of a deal (rules.md), for bot/games/yankee/bunkum/game.py.

Here are the state and its JSON form and how a deal is dealt and seated; the antes, what
a bid or a pass does to the auction of a reserve card, and the showdown are in
`auction.py` beside this module. Everything is a pure function from a state to a new one;
nothing here checks whether an action is allowed (the game object does that first).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.cards import yankee_pack
from bot.games.chips import Transfer
from bot.games.rng import shuffled
from bot.games.stakes import (
    covers,
    next_dealer,
    next_seat,
    players_from,
)
from bot.games.state import JsonDict, dump_frozen, evolver

PACK = yankee_pack()
RESERVE = 5
HAND_SIZE = {2: 10, 3: 9, 4: 8}
"""Cards each by the number of players in the deal; the reserve is always 5."""


@dataclass(frozen=True, slots=True)
class LastDeal:
    """A settled deal, kept so views can show it: every hand, its fifteens, the payments."""

    deal: int
    dealer: int
    elder: int
    hands: tuple[tuple[str, ...], ...]
    """Each seat's whole hand at the showdown (empty for a seat that sat out)."""
    batches: tuple[tuple[tuple[str, ...], ...], ...]
    kept: tuple[tuple[str, ...], ...]
    totals: tuple[int, ...]
    """Each player's total after the fifteens; -1 for a seat that sat out."""
    winners: tuple[int, ...]
    pot: int
    won: tuple[int, ...]
    """Each seat's share of the pot."""
    owed: tuple[int, ...]
    """What each loser owed in differences (difference x rate)."""
    paid: tuple[int, ...]
    """What each loser actually paid (less when his stack could not cover it)."""
    received: tuple[int, ...]
    """What each winner received in differences."""
    discarded: int
    """Reserve cards left unsold and discarded."""


@dataclass(frozen=True, slots=True)
class BunkumState:
    """A game of Bunkum: the table's constants, the current deal, and the last one."""

    seats: int
    seed: int
    ante: int
    rate: int
    split_ties: bool
    deals: int
    basis: tuple[int, ...]
    """Each seat's starting stack plus its top-ups less its cash-outs (for the outcome)."""
    stacks: tuple[int, ...]
    pot: int
    started: int
    """Deals started; the current (or, when over, the final) deal has index started - 1."""
    dealer: int
    elder: int
    playing: tuple[bool, ...]
    """The seats dealt in (those that could cover the ante)."""
    anted: bool
    """Whether the antes of this deal have moved (with the dealer's deal)."""
    put_in: tuple[int, ...]
    """What each seat has put in the pot this deal (antes and bids): the hand's refunds."""
    deck: tuple[str, ...]
    """The deal's shuffle, top card first (kept to deal again if the seating changes)."""
    dealt: int
    """Cards each player was dealt (0 while the dealer's deal is awaited); later cards in a
    hand were bought blind."""
    hands: tuple[tuple[str, ...], ...]
    reserve: tuple[str, ...]
    """The reserve cards still for sale, top (the next sold) first."""
    dead: tuple[str, ...]
    """The stock below the reserve and any reserve cards discarded unsold."""
    bid: int
    bidder: int
    """The standing bid on the current reserve card and its bidder (-1: no bid yet)."""
    passed: tuple[bool, ...]
    """Seats out of the current card's auction."""
    turn: int
    """The seat to act; -1 when the game is over."""
    last: LastDeal | None
    moved: tuple[Transfer, ...]
    """The transfers caused by the action that made this state."""
    departed: tuple[bool, ...] = ()
    """Seats that left the table for good (empty while nobody has): dealt no more, and
    given no share of chips left on the table."""


evolve = evolver(BunkumState)
"""The state with some fields changed: dataclasses.replace, made cheap for the hot path."""


def first_deal(
    seats: int,
    seed: int,
    settings: tuple[int, int, bool, int],
    stacks: tuple[int, ...],
    deck: tuple[str, ...] | None,
) -> BunkumState:
    """A new game's first deal; `settings` are (ante, rate, split_ties, deals)."""
    ante, rate, split_ties, deals = settings
    blank = BunkumState(
        seats=seats,
        seed=seed,
        ante=ante,
        rate=rate,
        split_ties=split_ties,
        deals=deals,
        basis=stacks,
        stacks=stacks,
        pot=0,
        started=0,
        dealer=0,
        elder=1 % seats,
        playing=(False,) * seats,
        anted=False,
        put_in=(0,) * seats,
        deck=(),
        dealt=0,
        hands=((),) * seats,
        reserve=(),
        dead=PACK,
        bid=0,
        bidder=-1,
        passed=(False,) * seats,
        turn=-1,
        last=None,
        moved=(),
    )
    return open_deal(blank, 0, stacks, None, (), deck)


def open_deal(
    st: BunkumState,
    index: int,
    stacks: tuple[int, ...],
    last: LastDeal | None,
    moved: tuple[Transfer, ...],
    deck: tuple[str, ...] | None = None,
) -> BunkumState:
    """Deal number `index` (from 0) shuffled and seated, its dealer's deal awaited (no card
    dealt, no chip moved), or the game over if it cannot be played."""
    playing = covers(stacks, st.ante)
    if index >= st.deals or sum(playing) < 2:
        return evolve(st, stacks=stacks, last=last, moved=moved, turn=-1)
    cards = deck if deck is not None else shuffled(PACK, st.seed, index)
    return seated(st, index + 1, stacks, playing, cards, last, moved)


def to_deal(st: BunkumState) -> bool:
    """Whether the dealer's deal is awaited: the deal has not begun."""
    return st.turn >= 0 and st.dealt == 0


def seated(
    st: BunkumState,
    started: int,
    stacks: tuple[int, ...],
    playing: tuple[bool, ...],
    cards: tuple[str, ...],
    last: LastDeal | None,
    moved: tuple[Transfer, ...],
) -> BunkumState:
    """The deal seated and its dealer's deal awaited: the dealer is the first seat after
    the last deal's dealer (seat 0 first) that is dealt in."""
    n = st.seats
    dealer = next_dealer(last.dealer if last is not None else n - 1, playing)
    return BunkumState(
        seats=n,
        seed=st.seed,
        ante=st.ante,
        rate=st.rate,
        split_ties=st.split_ties,
        deals=st.deals,
        basis=st.basis,
        stacks=stacks,
        pot=0,
        started=started,
        dealer=dealer,
        elder=next_seat(dealer, playing),
        playing=playing,
        anted=False,
        put_in=(0,) * n,
        deck=cards,
        dealt=0,
        hands=((),) * n,
        reserve=(),
        dead=(),
        bid=0,
        bidder=-1,
        passed=(False,) * n,
        turn=dealer,
        last=last,
        moved=moved,
        departed=st.departed,
    )


def deal_cards(st: BunkumState) -> BunkumState:
    """The dealer's cards dealt one at a time from elder to the players, then the reserve
    set out (the antes went in first: `auction.deal_out`)."""
    order = players_from(st.dealer, st.playing)
    size = HAND_SIZE[len(order)]
    hands: list[tuple[str, ...]] = [()] * st.seats
    for i, s in enumerate(order):
        hands[s] = st.deck[i : size * len(order) : len(order)]
    top = size * len(order)
    return evolve(
        st, dealt=size, hands=tuple(hands), reserve=st.deck[top : top + RESERVE],
        dead=st.deck[top + RESERVE :], turn=st.elder,
    )  # fmt: skip


def reseat(st: BunkumState) -> BunkumState:
    """The waiting deal, not dealt yet, seated again around the seats' new stacks (its
    shuffle unseen, so the same one serves)."""
    playing = covers(st.stacks, st.ante)
    if sum(playing) < 2:
        return evolve(st, turn=-1, moved=())
    return seated(st, st.started, st.stacks, playing, st.deck, st.last, ())


def reveal(last: LastDeal | None) -> JsonDict | None:
    """The last deal as JSON-safe data: every hand, its fifteens batch by batch, the cards
    and total kept, the winners, the pot shares and the differences owed and paid."""
    return None if last is None else dump_frozen(last)
