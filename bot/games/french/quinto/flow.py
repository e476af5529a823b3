"""Quinto's state and the flow of a hand (rules.md; RULES.md §13), for `game.py`.

A hand: the deal of 12 to each of four hands and the five-card cachette (rules.py), the
round of doubling (doubling.py), twelve tricks scored one by one as they are taken, the
cachette to the winner of the last trick as a thirteenth, then the hand's points to the
score; a game goes to 250 and the match is a rubber of three games, or one game
(match.py). Nothing here checks whether an action is allowed: the game object does that.

Four hands always play. At four seats each seat holds one, partners opposite (seats 0
and 2 against 1 and 3). At three the dealer holds his own and the dummy opposite him,
hand `DUMMY`; the other two are partners. Hands are named by a hand id: the seat, or
`DUMMY`. Around the table the hands go dealer, elder, (the dummy at three,) the rest.
Scores are kept per side at four and per player at three (the side changes each hand).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.games.cards import french_pack
from bot.games.french.quinto.doubling import multiplier, next_turn
from bot.games.french.quinto.match import LONE_HAND_BONUS, leader_past, rubber_winner
from bot.games.french.quinto.rules import deal as deal_cards
from bot.games.french.quinto.rules import packet_score, trick_winner
from bot.games.rng import shuffled
from bot.games.state import evolver
from bot.games.tricks.state import TrickState

DUMMY = 3
"""The hand id of the dummy at a three-player table."""
PACK = french_pack(joker=True)
"""The 52 cards and the joker (the Quint Royal)."""
HANDS = 4


@dataclass(frozen=True, slots=True)
class QuintoState(TrickState[None]):
    """A rubber (or game) of Quinto: the table, the hand in play and the scores.

    Of the shared trick fields: `hands` holds each seat's own hand; `players` and
    `last_owners` hold hand ids; `won` is per side of this hand (0: seats 0 & 2, or the
    dealer at three); `scores` is per side (at three, per player), the points of the game
    in play; `winners` the side(s) (at three, the player) that won the match."""

    target: int
    games_needed: int
    """Games that win the match: 2 for a rubber (best of three), 1 for a single game."""
    dummy: tuple[str, ...]
    """The dealer's dummy at three seats (empty at four)."""
    cachette: tuple[str, ...]
    calls: tuple[tuple[int, str], ...]
    """The round of doubling so far: (seat, call)."""
    bidding: bool
    """The round of doubling goes on (no card may be played yet)."""
    points: tuple[int, ...]
    """Per side of this hand, the points of its tricks so far."""
    games: tuple[int, ...]
    """Per side (at three, per player), the games won."""
    totals: tuple[int, ...]
    """Per side (at three, per player), the points of the finished games."""
    last_deal: tuple[int, ...]
    """Per side (at three, per player), what the last hand scored."""
    last_cachette: tuple[int, ...]
    """(seat, points) of the last cachette taken; () before any."""


evolve = evolver(QuintoState)
"""The one way to copy a state with changes, by keyword (bot/games/state.py)."""


def seat_of(st: QuintoState, hid: int) -> int:
    """The seat that plays a hand: the dealer plays the dummy."""
    return st.dealer if hid == DUMMY and len(st.hands) == 3 else hid


def side_of(st: QuintoState, hid: int) -> int:
    """A hand's side this hand: the seat's parity at four; at three 0 for the dealer and
    his dummy, 1 for the partnership against him."""
    if len(st.hands) == 4:
        return hid % 2
    return 0 if hid in (st.dealer, DUMMY) else 1


def hand_of(st: QuintoState, hid: int) -> tuple[str, ...]:
    """The cards of a hand."""
    return st.dummy if hid == DUMMY and len(st.hands) == 3 else st.hands[hid]


def ring(seats: int, dealer: int) -> tuple[int, ...]:
    """The hand ids round the table from the dealer (the dummy opposite him at three)."""
    if seats == 4:
        return tuple((dealer + i) % 4 for i in range(4))
    return dealer, (dealer + 1) % 3, DUMMY, (dealer + 2) % 3


def order_from(seats: int, dealer: int, first: int) -> tuple[int, ...]:
    """The hand ids in play order from `first`."""
    around = ring(seats, dealer)
    at = around.index(first)
    return around[at:] + around[:at]


def to_play(st: QuintoState) -> int:
    """The seat to act next (a call or a card), -1 when the match is over."""
    if st.winners:
        return -1
    seats = len(st.hands)
    if st.bidding:
        turn = next_turn((st.dealer + 1) % seats, st.calls, seats)
        return -1 if turn is None else turn
    return seat_of(st, st.players[len(st.trick)])


def playing_hand(st: QuintoState) -> int:
    """The hand id to play the next card (the dummy or the seat)."""
    return st.players[len(st.trick)]


def dummy_to_play(st: QuintoState) -> bool:
    """Whether the dummy (at three) is to play the next card."""
    return not st.bidding and not st.winners and len(st.hands) == 3 and playing_hand(st) == DUMMY


def open_deal(st: QuintoState, deck: Sequence[str], dealer: int) -> QuintoState:
    """A hand dealt by `dealer`: 12 cards to each hand one at a time from elder (the dummy
    in its place at three), the last five to the cachette; the doubling round opens."""
    seats = len(st.hands)
    dealt, cachette = deal_cards(deck)
    by_hand = dict(zip(order_from(seats, dealer, (dealer + 1) % seats), dealt, strict=True))
    return evolve(
        st,
        deal=st.deal + 1,
        dealer=dealer,
        hands=tuple(by_hand[s] for s in range(seats)),
        dummy=by_hand.get(DUMMY, ()) if seats == 3 else (),
        cachette=cachette,
        calls=(),
        bidding=True,
        players=(),
        trick=(),
        won=((), ()),
        tricks=(0, 0),
        points=(0, 0),
    )


def first_state(
    seats: int, seed: int, target: int, games_needed: int, deck: Sequence[str] | None
) -> QuintoState:
    """The match before any call: seat 0 deals the first hand."""
    zero = (0,) * (2 if seats == 4 else 3)
    empty = QuintoState(
        seed=seed,
        target=target,
        games_needed=games_needed,
        deal=0,
        dealer=0,
        trump=None,
        turned=(),
        hands=((),) * seats,
        dummy=(),
        cachette=(),
        calls=(),
        bidding=False,
        players=(),
        trick=(),
        won=((), ()),
        tricks=(0, 0),
        points=(0, 0),
        scores=zero,
        games=zero,
        totals=zero,
        last=(),
        last_owners=(),
        last_winner=-1,
        last_deal=(),
        last_cachette=(),
        winners=(),
    )
    return open_deal(empty, deck if deck is not None else shuffled(PACK, seed, 0), 0)


def call(st: QuintoState, seat: int, said: str) -> QuintoState:
    """The state after a call; when the round is over, elder leads the first trick."""
    calls = (*st.calls, (seat, said))
    seats = len(st.hands)
    elder = (st.dealer + 1) % seats
    if next_turn(elder, calls, seats) is not None:
        return evolve(st, calls=calls)
    return evolve(st, calls=calls, bidding=False, players=order_from(seats, st.dealer, elder))


def play(st: QuintoState, card: str) -> QuintoState:
    """The state after the hand in turn plays the card: the trick taken and scored when it
    is complete, the hand scored when the cards are out."""
    hid = st.players[len(st.trick)]
    hand = hand_of(st, hid)
    at = hand.index(card)
    rest = hand[:at] + hand[at + 1 :]
    trick = (*st.trick, card)
    if hid == DUMMY and len(st.hands) == 3:
        moved: dict[str, object] = {"dummy": rest}
    else:
        moved = {"hands": (*st.hands[:hid], rest, *st.hands[hid + 1 :])}
    if len(trick) < HANDS:
        return evolve(st, trick=trick, **moved)
    return _take(st, trick, moved)


def _gain(st: QuintoState, side: int, cards: tuple[str, ...]) -> dict[str, object]:
    """The fields that change when a side takes a packet of cards (a trick, the cachette)."""
    score = packet_score(cards, multiplier(st.calls))
    return {
        "won": _put(st.won, side, st.won[side] + cards),
        "tricks": _put(st.tricks, side, st.tricks[side] + 1),
        "points": _put(st.points, side, st.points[side] + score),
    }


def _put(values: tuple[object, ...], index: int, value: object) -> tuple[object, ...]:
    """The pair with one item replaced."""
    return (value, values[1]) if index == 0 else (values[0], value)


def _take(st: QuintoState, trick: tuple[str, ...], moved: dict[str, object]) -> QuintoState:
    """The complete trick (the last card's hand `moved` already) to its winner's side;
    the winner leads the next, or after the last trick his side takes the cachette and
    the hand is scored."""
    taker = st.players[trick_winner(trick)]
    side = side_of(st, taker)
    st = evolve(
        st,
        trick=(),
        last=trick,
        last_owners=st.players,
        last_winner=seat_of(st, taker),
        players=order_from(len(st.hands), st.dealer, taker),
        **moved,
        **_gain(st, side, trick),
    )
    if any(st.hands):
        return st
    before = st.points[side]
    st = evolve(st, cachette=(), players=(), **_gain(st, side, st.cachette))
    return end_hand(evolve(st, last_cachette=(seat_of(st, taker), st.points[side] - before)))


def hand_scores(st: QuintoState) -> tuple[int, ...]:
    """What the hand adds to each side's score (at three, each player's: the dealer his
    side's points, each partner theirs and the lone hand's 25)."""
    if len(st.hands) == 4:
        return st.points
    alone, against = st.points
    return tuple(alone if s == st.dealer else against + LONE_HAND_BONUS for s in range(3))


def end_hand(st: QuintoState) -> QuintoState:
    """Score the hand; a game won at its end counts to the match and the scores start
    again; the match over or not, the next hand is dealt by the next seat."""
    earned = hand_scores(st)
    scores = tuple(a + b for a, b in zip(st.scores, earned, strict=True))
    st = evolve(st, scores=scores, last_deal=earned)
    won = leader_past(scores, st.target)
    if won is not None:
        games = tuple(g + (h == won) for h, g in enumerate(st.games))
        totals = tuple(a + b for a, b in zip(st.totals, scores, strict=True))
        champion = rubber_winner(games, st.games_needed)
        st = evolve(st, games=games, totals=totals, scores=(0,) * len(scores))
        if champion is not None:
            return evolve(st, winners=(champion,))
    seats = len(st.hands)
    deck = shuffled(PACK, st.seed, st.deal)
    return open_deal(st, deck, (st.dealer + 1) % seats)
