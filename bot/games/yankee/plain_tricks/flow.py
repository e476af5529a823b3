"""Plain Tricks' state and the flow of a deal (rules.md), for `game.py`.

The state, the deal by player count, playing a card, and scoring a deal (a point a
trick). No trumps, and the Faces are a plain fifth suit, so the trick rules are the
generic ones of bot/games/tricks/rules.py with no trump and no second trump. Nothing
here checks whether an action is allowed: the game object does that first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.games.cards import YANKEE_SUITS, suit_of, yankee_pack
from bot.games.rng import shuffled
from bot.games.state import evolver, put
from bot.games.tricks.rules import (
    deal_hands,
    elder_of,
    legal_cards,
    next_dealer,
    play_order,
    quick_next_players,
    sides,
    team_of,
    trick_winner,
)
from bot.games.tricks.state import TrickState
from bot.games.yankee.tricks import yankee_strength

PACK = yankee_pack()
EACH = {3: 16, 4: 12}
"""Cards dealt to each seat by player count; the two left over stay out unseen."""


@dataclass(frozen=True, slots=True)
class PlainState(TrickState[None]):
    """A game of Plain Tricks: the table's size, how many deals it lasts, the deal in play."""

    seats: int
    deals: int
    """Deals the game lasts: every seat deals once a round."""
    undealt: tuple[str, ...]


evolve = evolver(PlainState)
"""The one way to copy a state with changes, by keyword (bot/games/state.py)."""

_HAND_ORDER = {c: (YANKEE_SUITS.index(suit_of(c)), -yankee_strength(c)) for c in PACK}


def sort_hand(hand: Sequence[str]) -> tuple[str, ...]:
    """A hand in display order: by suit, strongest first within a suit."""
    return tuple(sorted(hand, key=_HAND_ORDER.__getitem__))


def legal(hand: Sequence[str], trick: Sequence[str]) -> tuple[str, ...]:
    """The cards the hand may play: the suit led if it holds one, else any."""
    return legal_cards(hand, trick, None)


def winner_of(trick: Sequence[str]) -> int:
    """The index of the highest card of the suit led."""
    return trick_winner(trick, None, None, yankee_strength)


def open_deal(st: PlainState, deck: Sequence[str], dealer: int) -> PlainState:
    """The state with a fresh deal from `deck` (top card first) by `dealer`."""
    hands, undealt = deal_hands(deck, st.seats, dealer, EACH[st.seats])
    return evolve(
        st,
        deal=st.deal + 1,
        dealer=dealer,
        hands=tuple(sort_hand(h) for h in hands),
        undealt=undealt,
        players=play_order(elder_of(dealer, st.seats), range(st.seats), st.seats),
        trick=(),
        won=((),) * sides(st.seats),
        tricks=(0,) * sides(st.seats),
    )


def first_state(seats: int, seed: int, rounds: int, deck: Sequence[str] | None) -> PlainState:
    """A new game of `rounds` rounds, seat 0 dealing first."""
    blank = PlainState(
        seats=seats,
        seed=seed,
        deals=rounds * seats,
        deal=0,
        dealer=0,
        trump=None,
        turned=(),
        hands=(),
        undealt=(),
        players=(),
        trick=(),
        won=(),
        tricks=(),
        scores=(0,) * sides(seats),
        last=(),
        last_owners=(),
        last_winner=-1,
        winners=(),
    )
    return open_deal(blank, deck if deck is not None else shuffled(PACK, seed, 0), 0)


def to_play(st: PlainState) -> int:
    """The seat whose card the trick waits for; -1 when the game is over."""
    return st.players[len(st.trick)] if st.players else -1


def play(st: PlainState, seat: int, card: str) -> PlainState:
    """The state after the seat plays the card (already checked legal)."""
    hand = st.hands[seat]
    hands = put(st.hands, seat, tuple(c for c in hand if c != card))
    trick = (*st.trick, card)
    if len(trick) < len(st.players):
        return evolve(st, hands=hands, trick=trick)
    winner = st.players[winner_of(trick)]
    side = team_of(winner, st.seats)
    st = evolve(
        st,
        hands=hands,
        players=quick_next_players(hands, winner, st.dealer),
        trick=(),
        won=put(st.won, side, (*st.won[side], *trick)),
        tricks=put(st.tricks, side, st.tricks[side] + 1),
        scores=put(st.scores, side, st.scores[side] + 1),
        last=trick,
        last_owners=st.players,
        last_winner=winner,
    )
    return st if st.players else end_deal(st)


def end_deal(st: PlainState) -> PlainState:
    """After the last deal the highest score wins (every side tied at the top wins);
    otherwise the next dealer deals."""
    if st.deal >= st.deals:
        best = max(st.scores)
        return evolve(st, winners=tuple(s for s, p in enumerate(st.scores) if p == best))
    deck = shuffled(PACK, st.seed, st.deal)
    return open_deal(st, deck, next_dealer(st.dealer, st.seats))
