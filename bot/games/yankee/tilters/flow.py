"""Tilters' state and the flow of a deal (rules.md), for `game.py`.

Here are the state, the deal table by player count, dealing and fixing
trump, playing a card, and scoring a deal by §2.2 (tricks over the book first, then the
tilters capped at target - 1). The trick rules themselves live in bot/games/tricks/rules.py
(the Yankee values in bot/games/yankee/tricks.py). Nothing here checks whether an action
is allowed: the game object does that first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.games.cards import YANKEE_SUITS, is_face, suit_of, yankee_pack
from bot.games.rng import shuffled
from bot.games.state import evolver, put
from bot.games.tricks.rules import (
    deal_hands,
    elder_of,
    next_dealer,
    odd_cards,
    play_order,
    played_from,
    quick_next_players,
    sides,
    team_of,
    turn_up,
)
from bot.games.tricks.state import TrickState
from bot.games.yankee.tricks import FACES, yankee_strength, yankee_winner

PACK = yankee_pack()
BOOK = {2: 6, 3: 4, 4: 6}
"""Tricks a side needs before its tricks score (rules.md)."""
TARGET = {2: 10, 3: 15, 4: 20}
HOUSE_FREE_FACES = 5
"""Under the house rule tilters score like tricks: Faces captured less five."""


@dataclass(frozen=True, slots=True)
class TiltersState(TrickState[str]):
    """A game of Tilters: the table's constants, the deal in play, and the scores."""

    seats: int
    target: int
    book: int
    extra_cards: bool
    """Three players dealt S2's way: two odd cards to elder and dealer, a final trick."""
    house: bool
    """The house rule of §2.3: tilters score Faces captured less five."""
    undealt: tuple[str, ...]
    last_deal: tuple[tuple[int, int, int], ...]
    """Per side, the last scored deal's (tricks, faces captured, points scored)."""


evolve = evolver(TiltersState)
"""The one way to copy a state with changes, by keyword (bot/games/state.py)."""


def deal_shape(seats: int, extra_cards: bool, dealer: int) -> tuple[int, tuple[int, ...]]:
    """Cards dealt to each seat in rounds, and the seats given one odd card after them."""
    if seats == 4:
        return 12, odd_cards(seats, dealer)
    if seats == 3 and extra_cards:
        return 13, odd_cards(seats, dealer)
    return 13, ()


_HAND_ORDER = {c: (YANKEE_SUITS.index(suit_of(c)), -yankee_strength(c)) for c in PACK}
"""Each card's display sort key, looked up by sort_hand."""


def sort_hand(hand: Sequence[str]) -> tuple[str, ...]:
    """A hand in display order: by suit (Faces first), strongest first within a suit."""
    return tuple(sorted(hand, key=_HAND_ORDER.__getitem__))


def open_deal(st: TiltersState, deck: Sequence[str], dealer: int) -> TiltersState:
    """The state with a fresh deal from `deck` (top card first) by `dealer`."""
    each, extras = deal_shape(st.seats, st.extra_cards, dealer)
    hands, undealt = deal_hands(deck, st.seats, dealer, each, extras)
    turned = turn_up(hands[dealer], FACES)
    n = sides(st.seats)
    return TiltersState(
        seats=st.seats,
        seed=st.seed,
        target=st.target,
        book=st.book,
        extra_cards=st.extra_cards,
        house=st.house,
        deal=st.deal + 1,
        dealer=dealer,
        trump=suit_of(turned[-1]),
        turned=turned,
        hands=tuple(sort_hand(h) for h in hands),
        undealt=undealt,
        players=play_order(elder_of(dealer, st.seats), range(st.seats), st.seats),
        trick=(),
        won=((),) * n,
        tricks=(0,) * n,
        scores=st.scores,
        last=st.last,
        last_owners=st.last_owners,
        last_winner=st.last_winner,
        last_deal=st.last_deal,
        winners=st.winners,
    )


def first_state(
    seats: int, seed: int, rules: tuple[int, int, bool, bool], deck: Sequence[str] | None
) -> TiltersState:
    """A new game, seat 0 dealing; `rules` are (target, book, extra_cards, house)."""
    target, book, extra_cards, house = rules
    blank = TiltersState(
        seats=seats,
        seed=seed,
        target=target,
        book=book,
        extra_cards=extra_cards,
        house=house,
        deal=0,
        dealer=0,
        trump="",
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
        last_deal=(),
        winners=(),
    )
    return open_deal(blank, deck if deck is not None else shuffled(PACK, seed, 0), 0)


def to_play(st: TiltersState) -> int:
    """The seat whose card the trick waits for; -1 when the game is over."""
    return st.players[len(st.trick)] if st.players else -1


def play(st: TiltersState, seat: int, card: str) -> TiltersState:
    """The state after the seat plays the card (already checked legal)."""
    hands, turned = played_from(st.hands, st.turned, seat, card)
    trick = (*st.trick, card)
    players = st.players
    if len(trick) < len(players):
        return evolve(st, turned=turned, hands=hands, trick=trick)
    winner = players[yankee_winner(trick, st.trump)]
    side = team_of(winner, st.seats)
    st = evolve(
        st,
        turned=turned,
        hands=hands,
        players=quick_next_players(hands, winner, st.dealer),
        trick=(),
        won=put(st.won, side, (*st.won[side], *trick)),
        tricks=put(st.tricks, side, st.tricks[side] + 1),
        last=trick,
        last_owners=players,
        last_winner=winner,
    )
    return st if st.players else end_deal(st)


def tilter_points(faces: int, house: bool) -> int:
    """Points for Faces captured: one each, or under the house rule those past five."""
    return max(0, faces - HOUSE_FREE_FACES) if house else faces


def score_deal(
    scores: Sequence[int], tricks: Sequence[int], faces: Sequence[int], rules: tuple[int, int, bool]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The scores after a deal and the winning sides (rules.md); `rules` are (book,
    target, house). Tricks over the book count first; tilters never lift a side to the
    target. Of the sides at the target, the highest total wins; a tie plays another deal."""
    book, target, house = rules
    after = []
    for score, won, captured in zip(scores, tricks, faces, strict=True):
        total = score + max(0, won - book)
        if total < target:
            total = min(total + tilter_points(captured, house), target - 1)
        after.append(total)
    reached = [side for side, total in enumerate(after) if total >= target]
    best = max((after[s] for s in reached), default=0)
    top = tuple(s for s in reached if after[s] == best)
    return tuple(after), top if len(top) == 1 else ()


def end_deal(st: TiltersState) -> TiltersState:
    """Score the finished deal; then the game is over, or the next dealer deals."""
    faces = tuple(sum(1 for c in pile if is_face(c)) for pile in st.won)
    scores, winners = score_deal(st.scores, st.tricks, faces, (st.book, st.target, st.house))
    gained = tuple(a - b for a, b in zip(scores, st.scores, strict=True))
    last_deal = tuple(zip(st.tricks, faces, gained, strict=True))
    st = evolve(st, scores=scores, last_deal=last_deal, winners=winners)
    if winners:
        return st
    deck = shuffled(PACK, st.seed, st.deal)
    return open_deal(st, deck, next_dealer(st.dealer, st.seats))
