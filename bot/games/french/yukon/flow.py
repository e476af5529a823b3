"""Yukon's state and the flow of a deal (rules.md; RULES.md §14), for `game.py`.

Here are the state, the pack by player count, the Yukons (the Jacks) and the following
rules, the trick winner, dealing five each with the rest as the stock, drawing after each
trick (the winner first), and scoring a hand by card points with the game checked at its
end. Nothing here checks whether an action is allowed: the game object does that first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.games.cards import french_pack
from bot.games.rng import shuffled
from bot.games.state import evolver
from bot.games.tricks.rules import (
    deal_hands,
    elder_of,
    next_dealer,
    play_order,
    quick_next_players,
    sides,
    team_of,
)
from bot.games.tricks.state import TrickState

GRAND = "JS"
"""The Grand Yukon, highest of all."""
YUKONS = frozenset(("JS", "JH", "JD", "JC"))
HAND = 5
REMOVED = {2: (), 3: ("2C",), 4: (), 5: ("2C", "2D")}
"""The 2s taken out so the stock divides evenly (our choice of which: clubs, diamonds)."""
POINTS = {"J": 10, "10": 10, "A": 5, "K": 3, "Q": 2}
_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "Q", "K", "A")
STRENGTH = {rank: i for i, rank in enumerate(_RANKS)}
"""A plain card's rank within its suit (higher wins): A K Q 10 9 ... 2."""


@dataclass(frozen=True, slots=True)
class YukonState(TrickState[None]):
    """A game of Yukon: the table, the hand in play, and the scores (per side)."""

    target: int
    parlett: bool
    """Yukons are a trump suit of their own: a Yukon lead is followed by a Yukon."""
    strict: bool
    """A Yukon may be played only when the hand can't follow suit (or leads)."""
    tie_plays_on: bool
    """Sides level at the top past the target play another hand (else they share it)."""
    stock: tuple[str, ...]
    last_deal: tuple[int, ...]
    """Per side, the card points of the last hand scored."""


evolve = evolver(YukonState)
"""The one way to copy a state with changes, by keyword (bot/games/state.py)."""
add_card = evolver(YukonState, "hands", "trick")
"""The copy for the commonest action, a card played to a trick it does not complete."""


def pack(seats: int) -> tuple[str, ...]:
    """The 52-card pack less the 2s removed for the table size."""
    return french_pack(without=REMOVED[seats])


CARD_POINTS = {card: 15 if card == GRAND else POINTS.get(card[:-1], 0) for card in french_pack()}
"""Each card's points: the Grand Yukon 15, Jacks and tens 10, aces 5, kings 3, queens 2."""


def points(card: str) -> int:
    """A card's points (CARD_POINTS), for readers of one card."""
    return CARD_POINTS[card]


def legal(
    hand: Sequence[str], trick: Sequence[str], parlett: bool, strict: bool
) -> tuple[str, ...]:
    """The cards the hand may play: follow the suit led (a Jack is a Yukon, not of its
    printed suit; a Yukon lead asks for its printed suit, or a Yukon under Parlett's
    rule), else a Yukon, else anything."""
    if not trick:
        return tuple(hand)
    lead = trick[0]
    yukons = tuple(c for c in hand if c in YUKONS)
    if lead in YUKONS and parlett:
        return yukons or tuple(hand)
    led = lead[-1]
    follow = tuple(c for c in hand if c[-1] == led and c not in YUKONS)
    if follow:
        own_jack = "J" + led
        return follow if strict or own_jack not in hand else (*follow, own_jack)
    return yukons or tuple(hand)


def winner(trick: Sequence[str]) -> int:
    """The index of the winning card: the Grand Yukon, else the first Yukon played, else
    the highest card of the suit led."""
    if GRAND in trick:
        return trick.index(GRAND)
    for i, card in enumerate(trick):
        if card in YUKONS:
            return i
    led = trick[0][-1]
    return max(
        (i for i, c in enumerate(trick) if c[-1] == led), key=lambda i: STRENGTH[trick[i][:-1]]
    )


def to_play(st: YukonState) -> int:
    """The seat to play next, -1 when the game is over."""
    return -1 if st.winners else st.players[len(st.trick)]


def open_deal(st: YukonState, deck: Sequence[str], dealer: int) -> YukonState:
    """A hand dealt by `dealer`: five cards each one at a time from elder, the rest stock."""
    seats = len(st.hands)
    hands, stock = deal_hands(deck, seats, dealer, HAND)
    return evolve(
        st,
        deal=st.deal + 1,
        dealer=dealer,
        hands=hands,
        stock=stock,
        players=play_order(elder_of(dealer, seats), range(seats), seats),
        trick=(),
        won=((),) * sides(seats),
        tricks=(0,) * sides(seats),
    )


def first_state(
    seats: int, seed: int, rules: tuple[int, bool, bool, bool], deck: Sequence[str] | None
) -> YukonState:
    """The game before any card is played: seat 0 deals the first hand. `rules` are
    (target, parlett, strict, tie_plays_on)."""
    target, parlett, strict, tie_plays_on = rules
    empty = YukonState(
        seed=seed,
        target=target,
        parlett=parlett,
        strict=strict,
        tie_plays_on=tie_plays_on,
        deal=0,
        dealer=0,
        trump=None,
        turned=(),
        hands=((),) * seats,
        stock=(),
        players=(),
        trick=(),
        won=((),) * sides(seats),
        tricks=(0,) * sides(seats),
        scores=(0,) * sides(seats),
        last=(),
        last_owners=(),
        last_winner=-1,
        last_deal=(),
        winners=(),
    )
    return open_deal(empty, deck if deck is not None else shuffled(pack(seats), seed, 0), 0)


def play(st: YukonState, seat: int, card: str) -> YukonState:
    """The state after the seat plays the card: the trick taken and the stock drawn when
    it is complete, the hand scored when the cards are out."""
    hand = st.hands[seat]
    at = hand.index(card)
    hands = (*st.hands[:seat], hand[:at] + hand[at + 1 :], *st.hands[seat + 1 :])
    trick = (*st.trick, card)
    if len(trick) < len(st.players):
        return add_card(st, hands=hands, trick=trick)
    return _take(st, hands, trick)


def _take(st: YukonState, hands: tuple[tuple[str, ...], ...], trick: tuple[str, ...]) -> YukonState:
    """The complete trick to its winner's side, then the draw: winner first, clockwise."""
    seats = len(hands)
    taker = st.players[winner(trick)]
    side = team_of(taker, seats)
    won = (*st.won[:side], st.won[side] + trick, *st.won[side + 1 :])
    tricks = (*st.tricks[:side], st.tricks[side] + 1, *st.tricks[side + 1 :])
    stock = st.stock
    if stock:
        order = play_order(taker, range(seats), seats)
        drawn = dict(zip(order, stock, strict=False))
        hands = tuple((*h, drawn[s]) for s, h in enumerate(hands))
        stock = stock[seats:]
    st = evolve(
        st,
        hands=hands,
        stock=stock,
        trick=(),
        won=won,
        tricks=tricks,
        last=trick,
        last_owners=st.players,
        last_winner=taker,
        players=quick_next_players(hands, taker, st.dealer) if hands[taker] else (),
    )
    return st if st.players else end_hand(st)


def end_hand(st: YukonState) -> YukonState:
    """Score the hand's card points; the game ends when a side has the target (the higher
    total wins; sides level at the top play on, or share the win), else deal again."""
    earned = tuple(sum(map(CARD_POINTS.__getitem__, pile)) for pile in st.won)
    scores = tuple(s + e for s, e in zip(st.scores, earned, strict=True))
    best = max(scores)
    winners: tuple[int, ...] = ()
    if best >= st.target:
        top = tuple(s for s, total in enumerate(scores) if total == best)
        if len(top) == 1 or not st.tie_plays_on:
            winners = top
    st = evolve(st, scores=scores, last_deal=earned, winners=winners)
    if winners:
        return st
    deck = shuffled(pack(len(st.hands)), st.seed, st.deal)
    return open_deal(st, deck, next_dealer(st.dealer, len(st.hands)))
