"""John Smith's state and the flow of a deal (rules.md), for `game.py`.

Here are the state, dealing (the Tilters four-handed deal, reused from
Tilters' `flow.py`), the trick winner with Sally's exception, the call, playing a card, and
scoring a deal category by category (John Smith, tricks, Faces by addition, graces) with
the game won in that order. The follow rules live in bot/games/tricks/rules.py (the
Yankee values in bot/games/yankee/tricks.py). Nothing here checks whether an
action is allowed: the game object does that first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.games.cards import is_face, rank_of
from bot.games.rng import shuffled
from bot.games.state import evolver, put
from bot.games.tricks.rules import (
    deal_hands,
    elder_of,
    next_dealer,
    play_order,
    played_from,
    quick_next_players,
    team_of,
    turn_up,
)
from bot.games.tricks.state import TrickState
from bot.games.yankee.tilters.flow import PACK, deal_shape, sort_hand
from bot.games.yankee.tricks import FACES, yankee_legal, yankee_winner

SEATS = 4
JOHN = "0F"
SALLY = "1F"
JOHN_POINTS = 5
TRICKS_NEEDED = 7
"""A side with this many tricks scores TRICKS_POINTS, and one more for each trick above."""
TRICKS_POINTS = 5
GRACES = ("0L", "0E", "0S", "0H")
CATEGORIES = ("John Smith", "tricks", "faces", "graces")
"""The scoring order of §3: a side reaching the target in an earlier category wins."""


@dataclass(frozen=True, slots=True)
class JohnSmithState(TrickState[str]):
    """A game of John Smith: the table's constants, the deal in play, and the scores."""

    target: int
    faces_bonus: int
    called: bool
    """The current trick was led with the call: the holder of John must play him."""
    john_side: int
    """The side dealt John Smith this deal (hidden until the deal is scored)."""
    sally_side: int
    """The side that played Sally to John's trick and won him; -1 if they did not meet."""
    last_called: bool
    last_deal: tuple[tuple[int, ...], ...]
    """Per side, the last scored deal's points in each of CATEGORIES (as earned)."""
    last_john: str
    """How John's points went last deal: 'saved' or 'won' ('' before the first)."""
    decided: str
    """The category in which the game was won; '' while it goes on."""


evolve = evolver(JohnSmithState)
"""The one way to copy a state with changes, by keyword (bot/games/state.py)."""


def john_winner(trick: Sequence[str], trump: str) -> int:
    """The index of the card winning the trick: Sally when John is in it too, else
    the highest trump, else the highest Face, else the highest card of the suit led."""
    if JOHN in trick and SALLY in trick:
        return list(trick).index(SALLY)
    return yankee_winner(trick, trump)


def holder(hands: Sequence[Sequence[str]], card: str) -> int:
    """The seat holding the card; -1 if it has been played."""
    return next((s for s, hand in enumerate(hands) if card in hand), -1)


def may_call(st: JohnSmithState, seat: int) -> bool:
    """Whether the seat may call for John: it leads, holds Sally, and John is in
    another seat's hand (which every seat can tell from the cards played)."""
    if not st.players or st.trick or st.players[0] != seat:
        return False
    return SALLY in st.hands[seat] and holder(st.hands, JOHN) not in (-1, seat)


def playable_cards(
    hand: Sequence[str], trick: Sequence[str], trump: str, called: bool
) -> tuple[str, ...]:
    """The cards of the hand that may be played to the trick: John alone when he was
    called and the hand holds him, else the cards the follow rules allow."""
    if called and JOHN in hand:
        return (JOHN,)
    return yankee_legal(hand, trick, trump)


def playable(st: JohnSmithState, seat: int) -> tuple[str, ...]:
    """The cards the seat may play now."""
    return playable_cards(st.hands[seat], st.trick, st.trump, st.called)


def open_deal(st: JohnSmithState, deck: Sequence[str], dealer: int) -> JohnSmithState:
    """The state with a fresh deal from `deck` (top card first) by `dealer`."""
    each, extras = deal_shape(SEATS, False, dealer)
    hands, undealt = deal_hands(deck, SEATS, dealer, each, extras)
    assert not undealt, undealt
    turned = turn_up(hands[dealer], FACES)
    return JohnSmithState(
        seed=st.seed,
        target=st.target,
        faces_bonus=st.faces_bonus,
        deal=st.deal + 1,
        dealer=dealer,
        trump=turned[-1][-1],
        turned=turned,
        hands=tuple(sort_hand(h) for h in hands),
        players=play_order(elder_of(dealer, SEATS), range(SEATS), SEATS),
        trick=(),
        called=False,
        won=((), ()),
        tricks=(0, 0),
        john_side=team_of(holder(hands, JOHN), SEATS),
        sally_side=-1,
        scores=st.scores,
        last=st.last,
        last_owners=st.last_owners,
        last_winner=st.last_winner,
        last_called=st.last_called,
        last_deal=st.last_deal,
        last_john=st.last_john,
        decided=st.decided,
        winners=st.winners,
    )


def first_state(
    seed: int, target: int, faces_bonus: int, deck: Sequence[str] | None
) -> JohnSmithState:
    """A new game, seat 0 dealing the first hand."""
    blank = JohnSmithState(
        seed=seed,
        target=target,
        faces_bonus=faces_bonus,
        deal=0,
        dealer=0,
        trump="",
        turned=(),
        hands=(),
        players=(),
        trick=(),
        called=False,
        won=(),
        tricks=(),
        john_side=-1,
        sally_side=-1,
        scores=(0, 0),
        last=(),
        last_owners=(),
        last_winner=-1,
        last_called=False,
        last_deal=(),
        last_john="",
        decided="",
        winners=(),
    )
    return open_deal(blank, deck if deck is not None else shuffled(PACK, seed, 0), 0)


def to_play(st: JohnSmithState) -> int:
    """The seat whose card the trick waits for; -1 when the game is over."""
    return st.players[len(st.trick)] if st.players else -1


def play(st: JohnSmithState, seat: int, card: str, call: bool = False) -> JohnSmithState:
    """The state after the seat plays the card (already checked legal), with the call."""
    hands, turned = played_from(st.hands, st.turned, seat, card)
    trick = (*st.trick, card)
    called = st.called or call
    if len(trick) < len(st.players):
        return evolve(st, turned=turned, hands=hands, trick=trick, called=called)
    return _close_trick(st, turned, hands, trick, called)


def _close_trick(
    st: JohnSmithState,
    turned: tuple[str, ...],
    hands: tuple[tuple[str, ...], ...],
    trick: tuple[str, ...],
    called: bool,
) -> JohnSmithState:
    """The state once the last card of a trick is down: the trick to its winner's side,
    Sally's side noted when John and Sally met, and the deal ended when hands run out."""
    players = st.players
    winner = players[john_winner(trick, st.trump)]
    side = team_of(winner, SEATS)
    met = JOHN in trick and SALLY in trick
    st = evolve(
        st,
        turned=turned,
        hands=hands,
        players=quick_next_players(hands, winner, st.dealer),
        trick=(),
        called=False,
        won=put(st.won, side, (*st.won[side], *trick)),
        tricks=put(st.tricks, side, st.tricks[side] + 1),
        sally_side=side if met else st.sally_side,
        last=trick,
        last_owners=players,
        last_winner=winner,
        last_called=called,
    )
    return st if st.players else end_deal(st)


def face_sum(pile: Sequence[str]) -> int:
    """The Faces of a pile by addition: the sum of their numbers (John counts 0)."""
    return sum(rank_of(c) for c in pile if is_face(c))


def deal_points(st: JohnSmithState) -> tuple[tuple[int, ...], ...]:
    """Per category of CATEGORIES, the points each side earned in the finished deal."""
    john_side = st.sally_side if st.sally_side >= 0 else st.john_side
    john = tuple(JOHN_POINTS if s == john_side else 0 for s in (0, 1))
    tricks = tuple(
        TRICKS_POINTS + t - TRICKS_NEEDED if t >= TRICKS_NEEDED else 0 for t in st.tricks
    )
    sums = [face_sum(pile) for pile in st.won]
    faces = tuple(st.faces_bonus if sums[s] > sums[1 - s] else 0 for s in (0, 1))
    graces = tuple(sum(1 for c in pile if c in GRACES) for pile in st.won)
    return john, tricks, faces, graces


def score_deal(
    scores: Sequence[int], points: Sequence[Sequence[int]], target: int
) -> tuple[tuple[int, ...], tuple[int, ...], str]:
    """The scores after a deal, the winning side and the deciding category.

    Categories are added in order and counting stops once a side reaches the target. If
    both reach it in one category (only the graces can split), the side with more points
    in it this deal wins, and on equal points the side that scored for tricks."""
    total = list(scores)
    tricks_side = 0 if points[1][0] > 0 else 1
    for name, earned in zip(CATEGORIES, points, strict=True):
        total = [t + e for t, e in zip(total, earned, strict=True)]
        reached = [s for s in (0, 1) if total[s] >= target]
        if len(reached) == 2:
            if earned[0] == earned[1]:
                reached = [tricks_side]
            else:
                reached = [0 if earned[0] > earned[1] else 1]
        if reached:
            return tuple(total), tuple(reached), name
    return tuple(total), (), ""


def end_deal(st: JohnSmithState) -> JohnSmithState:
    """Score the finished deal; then the game is over, or the next dealer deals."""
    points = deal_points(st)
    scores, winners, decided = score_deal(st.scores, points, st.target)
    st = evolve(
        st,
        scores=scores,
        last_deal=tuple(zip(*points, strict=True)),
        last_john="won" if st.sally_side >= 0 else "saved",
        decided=decided,
        winners=winners,
    )
    if winners:
        return st
    return open_deal(st, shuffled(PACK, st.seed, st.deal), next_dealer(st.dealer, SEATS))
