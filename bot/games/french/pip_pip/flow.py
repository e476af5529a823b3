"""Pip-Pip!'s state and the flow of a game (rules.md; RULES.md §15), for `game.py`.

Here are the state, the draw for the first dealer (its card's suit the first trump), the
cut that shows the trump of every later deal, the deal of seven each with the rest as the
stock, a Pip-Pip! call (the pair laid face up, 50 points at once, the trump change held
until the next lead), a card played and its player's draw from the stock right after it
(pending calls take effect on the lead), the trick taken and the stock cut-off checked
before each trick, and the hand scored with the game ended after every player has dealt alike.
Nothing here checks whether an action is allowed: the game object does that first.

Two copies of every card exist and a card is its code, so the two copies are
interchangeable: a player holding both plays either with one action. A card a player
holds both laid face up and concealed is played from those laid face up (our choice).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.games.cards import suit_of
from bot.games.french.pip_pip.cards import (
    CALL_POINTS,
    first_dealer,
    pack,
    points,
    session_over,
    stock_serves,
    strength,
    trick_winner,
    trump_after,
)
from bot.games.rng import rng_for, shuffled
from bot.games.state import evolver, put
from bot.games.tricks.rules import deal_hands, elder_of, next_dealer, play_order
from bot.games.tricks.state import TrickState

HAND = 7
Hands = tuple[tuple[str, ...], ...]
Cards = tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PipPipState(TrickState[str]):
    """A game of Pip-Pip!: the table, the hand in play and the running scores (per seat).

    Of the shared trick fields: `turned` is kept empty (Pip-Pip! has no dealer's turn-up)
    and `won` is per seat, the cards it has taken this hand."""

    rotations: int
    """The game ends when every player has dealt this many times."""
    first_call_wins: bool
    """Of several calls before one trick the first sets trump (Hervey); else the last."""
    shown: tuple[tuple[int, str], ...]
    """The cards that fixed this hand's trump, face up: (seat, card) of the draw for the
    first dealer (every round of it), or the one card cut by the dealer's right hand."""
    exposed: Hands
    """Per seat, the cards laid face up in Pip-Pip! calls and still held."""
    stock: tuple[str, ...]
    dead: tuple[str, ...]
    """The stock turned face up once it could not serve every player (out of play)."""
    pending: tuple[str, ...]
    """The suits called since the last lead: the trump change waiting for the next lead."""
    drew: tuple[int, ...]
    """The seats that drew a card in the trick in play (between tricks: in the last one),
    in order: each may call out of turn until the next trick is led."""
    calls: tuple[tuple[int, str], ...]
    """This hand's calls in order: (seat, suit)."""
    last_deal: tuple[int, ...]
    """Per seat, the last hand's score: card points and 50 a call."""


evolve = evolver(PipPipState)
"""The one way to copy a state with changes, by keyword (bot/games/state.py)."""
add_card = evolver(PipPipState, "hands", "trick", "stock", "drew")
"""The copy for the commonest action, a card played to a trick it does not complete (and
its player's draw)."""
take_trick = evolver(
    PipPipState,
    "hands",
    "stock",
    "drew",
    "dead",
    "trick",
    "won",
    "tricks",
    "last",
    "last_owners",
    "last_winner",
    "players",
)
"""The copy for a trick taken (and a stock too short for the next turned face up)."""

PACK = tuple(pack())
ORDERS = {
    seats: tuple(tuple((lead + i) % seats for i in range(seats)) for lead in range(seats))
    for seats in range(3, 13)
}
"""Per table size, per leader, the seats clockwise from the leader."""


def to_play(st: PipPipState) -> int:
    """The seat to act next, -1 when the game is over."""
    return -1 if st.winners else st.players[len(st.trick)]


def draw_for_deal(deck: Sequence[str], seats: int) -> tuple[int, tuple[tuple[int, str], ...]]:
    """The draw for the first dealer from the top of the pack, seat 0 first: the highest
    card deals; players tied at the top draw again, in seat order (if the pack runs out,
    the first of them deals). Returns the dealer and every (seat, card) drawn."""
    drawing = list(range(seats))
    drawn: list[tuple[int, str]] = []
    at = 0
    while True:
        cards = list(deck[at : at + len(drawing)])
        if len(cards) < len(drawing):
            return drawing[0], tuple(drawn)
        at += len(cards)
        drawn += zip(drawing, cards, strict=True)
        top = first_dealer(cards)
        if top is not None:
            return drawing[top], tuple(drawn)
        high = max(map(strength, cards))
        drawing = [s for s, c in zip(drawing, cards, strict=True) if strength(c) == high]


def trump_card(st: PipPipState) -> tuple[int, str]:
    """The card that fixed this hand's trump and who showed it: the dealer's (last) card
    of the draw for the first hand, the card cut on later hands."""
    mine = [pair for pair in st.shown if pair[0] == st.dealer]
    return mine[-1] if st.deal == 1 and mine else st.shown[-1]


def open_deal(
    st: PipPipState, deck: Sequence[str], dealer: int, shown: tuple[tuple[int, str], ...]
) -> PipPipState:
    """A hand dealt by `dealer` from `deck`: seven cards each one at a time from elder,
    the rest the stock; trump is the suit of the card shown for it (trump_card)."""
    seats = len(st.hands)
    hands, stock = deal_hands(deck, seats, dealer, HAND)
    empty = ((),) * seats
    st = evolve(st, deal=st.deal + 1, dealer=dealer, shown=shown)
    return evolve(
        st,
        trump=suit_of(trump_card(st)[1]),
        hands=hands,
        exposed=empty,
        stock=stock,
        dead=(),
        pending=(),
        drew=(),
        calls=(),
        players=play_order(elder_of(dealer, seats), range(seats), seats),
        trick=(),
        won=empty,
        tricks=(0,) * seats,
    )


def first_deal(st: PipPipState, deck: Sequence[str]) -> PipPipState:
    """The first hand: the draw from the top of the pack fixes the dealer and trump; the
    drawn cards go back under the pack, which is dealt as it lies (our choice)."""
    dealer, drawn = draw_for_deal(deck, len(st.hands))
    k = len(drawn)
    return open_deal(st, (*deck[k:], *deck[:k]), dealer, drawn)


def cut_deal(st: PipPipState) -> PipPipState:
    """A later hand: the deal passes left; the pack is shuffled, the player on the new
    dealer's right cuts it and shows the bottom card of the cut (its suit is trump), and
    the cut is completed, so the shown card lies at the bottom of the stock."""
    seats = len(st.hands)
    dealer = next_dealer(st.dealer, seats)
    rng = rng_for(st.seed, st.deal)
    order = list(PACK)
    rng.shuffle(order)
    cut = rng.randrange(1, len(order))
    deck = (*order[cut:], *order[:cut])
    return open_deal(st, deck, dealer, (((dealer - 1) % seats, order[cut - 1]),))


def first_state(
    seats: int, seed: int, rules: tuple[int, bool], deck: Sequence[str] | None
) -> PipPipState:
    """The game before any action: the draw for the first dealer and the first deal.
    `rules` are (rotations, first_call_wins)."""
    rotations, first_call_wins = rules
    empty = ((),) * seats
    st = PipPipState(
        seed=seed,
        rotations=rotations,
        first_call_wins=first_call_wins,
        deal=0,
        dealer=0,
        trump="S",
        turned=(),
        shown=(),
        hands=empty,
        exposed=empty,
        stock=(),
        dead=(),
        pending=(),
        drew=(),
        calls=(),
        players=(),
        trick=(),
        won=empty,
        tricks=(0,) * seats,
        scores=(0,) * seats,
        last=(),
        last_owners=(),
        last_winner=-1,
        last_deal=(),
        winners=(),
    )
    return first_deal(st, deck if deck is not None else shuffled(PACK, seed, 0))


def call(st: PipPipState, seat: int, suit: str) -> PipPipState:
    """The seat calls Pip-Pip! in `suit`: its king and queen laid face up, 50 points at
    once, and the suit waiting to become trump at the next lead."""
    laid = (*st.exposed[seat], "K" + suit, "Q" + suit)
    return evolve(
        st,
        exposed=put(st.exposed, seat, laid),
        scores=put(st.scores, seat, st.scores[seat] + CALL_POINTS),
        pending=(*st.pending, suit),
        calls=(*st.calls, (seat, suit)),
    )


def _without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """The cards less one copy of `card`."""
    at = cards.index(card)
    return cards[:at] + cards[at + 1 :]


def play(st: PipPipState, seat: int, card: str) -> PipPipState:
    """The state after the seat plays the card and draws from the stock (while it serves):
    a lead puts the pending calls in force; a complete trick is taken and, when the cards
    are out, the hand scored."""
    if not st.trick and st.pending:
        trump = trump_after(st.trump, st.pending, st.first_call_wins)
        st = evolve(st, trump=trump, pending=())
    hand = st.hands[seat]
    at = hand.index(card)
    stock, drew = st.stock, st.drew
    if stock:  # the stock served every player when this trick began (_take sees to it)
        hand, stock = (*hand[:at], *hand[at + 1 :], stock[0]), stock[1:]
        drew = (*drew, seat) if st.trick else (seat,)
    else:
        hand, drew = hand[:at] + hand[at + 1 :], ()
    hands = (*st.hands[:seat], hand, *st.hands[seat + 1 :])
    laid = st.exposed[seat]
    if laid and card in laid:
        st = evolve(st, exposed=put(st.exposed, seat, _without(laid, card)))
    trick = (*st.trick, card)
    if len(trick) < len(st.players):
        return add_card(st, hands=hands, trick=trick, stock=stock, drew=drew)
    return _take(st, hands, trick, stock, drew)


def _take(
    st: PipPipState, hands: Hands, trick: Cards, stock: Cards, drew: tuple[int, ...]
) -> PipPipState:
    """The complete trick to its winner; then, before the next trick, a stock (drawn from
    in this trick by the seats `drew`) that cannot serve everyone is turned face up."""
    seats = len(hands)
    taker = st.players[trick_winner(trick, st.trump)]
    dead = st.dead
    if stock and not stock_serves(len(stock), seats):
        stock, dead = (), stock
    st = take_trick(
        st,
        hands=hands,
        stock=stock,
        drew=drew,
        dead=dead,
        trick=(),
        won=put(st.won, taker, st.won[taker] + trick),
        tricks=put(st.tricks, taker, st.tricks[taker] + 1),
        last=trick,
        last_owners=st.players,
        last_winner=taker,
        players=ORDERS[seats][taker] if hands[taker] else (),
    )
    return st if st.players else end_hand(st)


def end_hand(st: PipPipState) -> PipPipState:
    """Score the hand's card points (the calls scored when made); after every player has
    dealt alike the game ends, the highest total winning (ties share); else deal again."""
    seats = len(st.hands)
    taken = [points(pile) for pile in st.won]
    earned = taken[:]
    for seat, _suit in st.calls:
        earned[seat] += CALL_POINTS
    scores = tuple(s + p for s, p in zip(st.scores, taken, strict=True))
    st = evolve(st, scores=scores, last_deal=tuple(earned))
    if session_over(st.deal, seats, st.rotations):
        best = max(scores)
        return evolve(st, winners=tuple(s for s in range(seats) if scores[s] == best))
    return cut_deal(st)
