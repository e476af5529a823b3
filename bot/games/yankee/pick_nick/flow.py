"""Pick-Nick's state and the flow of a deal (rules.md-§1.3), for
bot/games/yankee/pick_nick/game.py.

Here are the state and its JSON form, the deal and the turn-up, the dealer taking
turned-up Faces, the two bidding rounds, the throw-in, going alone, playing a card and
scoring a deal by §4.2's table. The pack, the filly and the trump order of §4.2 are in
`cards.py` beside this module (on the family's trick rules in `bot/games/yankee/tricks.py`).
`legal` lists a seat's actions; the transitions assume the game object checked the
action against it first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.games.cards import is_face, suit_of
from bot.games.rng import shuffled
from bot.games.state import Dumped, JsonDict, dump_frozen, evolver, load_frozen, put
from bot.games.tricks.rules import (
    deal_hands,
    elder_of,
    next_dealer,
    partner_of,
    play_order,
    team_of,
    turn_up,
)
from bot.games.yankee.pick_nick.cards import PACK, PIP_SUITS, follow_cards, sort_hand, winner_index
from bot.games.yankee.tricks import FACES

SEATS = 4
HAND = 5

# Phases of a deal (the game is over when `winners` is not empty).
FACES_PHASE = "faces"
"""The dealer may take turned-up Faces, each for a card of his hand."""
ROUND_ONE = "order"
ROUND_TWO = "name"
DISCARD = "discard"
"""The dealer, having taken the proposed card, discards one."""
PLAY = "play"

# §4.2's scoring table: (fewest declarer tricks, name, declarers score?, partnership, alone).
TABLE = (
    (5, "a march", True, 2, 4),
    (3, "made", True, 1, 1),
    (2, "picked", False, 3, 5),
    (1, "nicked", False, 4, 6),
    (0, "pick-nicked", False, 5, 7),
)


@dataclass(frozen=True, slots=True)
class PickNickState:
    """A game of Pick-Nick: the table's constants, the deal in play, and the scores."""

    seed: int
    target: int
    soft: bool
    """§4.2's softening: each defender award one point less."""
    deal: int
    """Deals started; the current deal's shuffle is number deal - 1."""
    dealer: int
    phase: str
    turn: int
    """Who acts next outside the play of the cards."""
    hands: tuple[tuple[str, ...], ...]
    stock: tuple[str, ...]
    """The undealt cards lying face down (the proposed card joins them when turned down)."""
    turned: tuple[str, ...]
    """Every card turned face up this deal, in order; the last is the proposed card."""
    table: tuple[str, ...]
    """The turned-up cards still lying face up on the pack."""
    discards: tuple[str, ...]
    """The dealer's discards, face down (only the dealer knows them)."""
    calls: tuple[str, ...]
    """Per seat, what it said this round: '', 'pass', 'order', 'assist', 'name L' ..."""
    maker: int
    """The seat that fixed trump; -1 before."""
    alone: bool
    trump: str
    players: tuple[int, ...]
    """The seats in the current trick, in play order (the leader first)."""
    trick: tuple[str, ...]
    played: tuple[str, ...]
    """The cards of this deal's finished tricks."""
    tricks: tuple[int, ...]
    """Per side, tricks won this deal."""
    scores: tuple[int, ...]
    last: tuple[str, ...]
    """The last completed trick (possibly of the previous deal), its owners and winner."""
    last_owners: tuple[int, ...]
    last_winner: int
    result: str
    """The last finished deal in words (a throw-in, or who scored what)."""
    winners: tuple[int, ...]
    """The winning side; the game is over when this is not empty."""


evolve = evolver(PickNickState)
"""The one way to copy a state with changes, by keyword (bot/games/state.py)."""


def proposal(st: PickNickState) -> str:
    """The proposed card: the pip card on top of the turned-up cards."""
    return st.turned[-1]


def out_seat(st: PickNickState) -> int:
    """The partner sitting out a lone hand; -1 when all four play."""
    if not st.alone:
        return -1
    partner = partner_of(st.maker, SEATS)
    assert partner is not None
    return partner


def active(st: PickNickState) -> tuple[int, ...]:
    """The seats playing this deal's tricks."""
    return tuple(s for s in range(SEATS) if s != out_seat(st))


def open_deal(st: PickNickState, deck: Sequence[str], dealer: int) -> PickNickState:
    """The state with a fresh deal from `deck` (top card first) by `dealer`; if only Faces
    are left to turn up, the same dealer deals again from the next shuffle."""
    st = evolve(st, deal=st.deal + 1, dealer=dealer)
    hands, rest = deal_hands(deck, SEATS, dealer, HAND)
    if all(is_face(c) for c in rest):
        return open_deal(st, shuffled(PACK, st.seed, st.deal), dealer)
    turned = turn_up(rest, FACES)
    faces = len(turned) > 1
    return evolve(
        st,
        phase=FACES_PHASE if faces else ROUND_ONE,
        turn=dealer if faces else elder_of(dealer, SEATS),
        hands=tuple(sort_hand(h) for h in hands),
        stock=rest[len(turned) :],
        turned=turned,
        table=turned,
        discards=(),
        calls=("",) * SEATS,
        maker=-1,
        alone=False,
        trump="",
        players=(),
        trick=(),
        played=(),
        tricks=(0, 0),
    )


def first_state(seed: int, target: int, soft: bool, deck: Sequence[str] | None) -> PickNickState:
    """A new game, seat 0 dealing."""
    blank = PickNickState(
        seed=seed,
        target=target,
        soft=soft,
        deal=0,
        dealer=0,
        phase="",
        turn=-1,
        hands=(),
        stock=(),
        turned=(),
        table=(),
        discards=(),
        calls=(),
        maker=-1,
        alone=False,
        trump="",
        players=(),
        trick=(),
        played=(),
        tricks=(),
        scores=(0, 0),
        last=(),
        last_owners=(),
        last_winner=-1,
        result="",
        winners=(),
    )
    return open_deal(blank, deck if deck is not None else shuffled(PACK, seed, 0), 0)


def to_play(st: PickNickState) -> int:
    """The seat the table waits for; -1 when the game is over."""
    if st.winners:
        return -1
    return st.players[len(st.trick)] if st.phase == PLAY else st.turn


def legal(st: PickNickState, seat: int) -> list[str]:
    """The seat's legal actions, sorted; empty if the table does not wait for it."""
    if seat != to_play(st):
        return []
    hand = st.hands[seat]
    if st.phase == FACES_PHASE:
        faces = [c for c in st.table if is_face(c)]
        return sorted(["keep", *(f"take {f} {c}" for f in faces for c in hand)])
    if st.phase == ROUND_ONE:
        verb = "assist" if seat == partner_of(st.dealer, SEATS) else "order"
        return sorted([verb, f"{verb} alone", "pass"])
    if st.phase == ROUND_TWO:
        down = suit_of(proposal(st))
        names = [f"name {s}{a}" for s in PIP_SUITS if s != down for a in ("", " alone")]
        return sorted(["pass", *names])
    if st.phase == DISCARD:
        return sorted(f"discard {c}" for c in hand)
    assert st.phase == PLAY, st.phase
    cards = follow_cards(hand, st.trick, st.trump)
    return sorted(f"play {c}" for c in cards)


def take_face(st: PickNickState, face: str, discard: str) -> PickNickState:
    """The dealer takes a turned-up Face into hand and discards a card face down."""
    hand = (*(c for c in st.hands[st.dealer] if c != discard), face)
    table = tuple(c for c in st.table if c != face)
    st = evolve(
        st,
        hands=put(st.hands, st.dealer, sort_hand(hand)),
        table=table,
        discards=(*st.discards, discard),
    )
    return st if any(is_face(c) for c in table) else start_bidding(st)


def start_bidding(st: PickNickState) -> PickNickState:
    """Round one begins with elder (after the dealer has taken the Faces he wants)."""
    return evolve(st, phase=ROUND_ONE, turn=elder_of(st.dealer, SEATS))


def call(st: PickNickState, seat: int, words: str) -> PickNickState:
    """A bid of either round: 'pass', 'order', 'assist', 'name L', each maybe '... alone'."""
    parts = words.split(" ")
    st = evolve(st, calls=put(st.calls, seat, words))
    if parts[0] == "pass":
        if seat != st.dealer:
            return evolve(st, turn=(seat + 1) % SEATS)
        if st.phase == ROUND_ONE:
            # the proposed card is turned down and joins the face-down stock
            top = proposal(st)
            table = tuple(c for c in st.table if c != top)
            elder = elder_of(st.dealer, SEATS)
            calls = ("",) * SEATS
            stock = (*st.stock, top)
            return evolve(st, phase=ROUND_TWO, turn=elder, table=table, stock=stock, calls=calls)
        return throw_in(st)
    alone = parts[-1] == "alone"
    trump = parts[1] if parts[0] == "name" else suit_of(proposal(st))
    st = evolve(st, maker=seat, alone=alone, trump=trump)
    if st.phase == ROUND_ONE and out_seat(st) != st.dealer:
        hand = sort_hand((*st.hands[st.dealer], proposal(st)))
        table = tuple(c for c in st.table if c != proposal(st))
        hands = put(st.hands, st.dealer, hand)
        return evolve(st, phase=DISCARD, turn=st.dealer, hands=hands, table=table)
    return start_play(st)


def discard(st: PickNickState, card: str) -> PickNickState:
    """The dealer, having taken the proposed card, discards one face down."""
    hand = tuple(c for c in st.hands[st.dealer] if c != card)
    st = evolve(st, hands=put(st.hands, st.dealer, hand), discards=(*st.discards, card))
    return start_play(st)


def start_play(st: PickNickState) -> PickNickState:
    """Elder leads the first trick; if he sits out, the next active seat to his left."""
    elder = elder_of(st.dealer, SEATS)
    leader = elder if elder != out_seat(st) else (elder + 1) % SEATS
    return evolve(st, phase=PLAY, turn=-1, players=play_order(leader, active(st), SEATS))


def throw_in(st: PickNickState) -> PickNickState:
    """All passed twice: the hand is thrown in and the deal passes to the left."""
    st = evolve(st, result=f"Deal {st.deal} was thrown in: nobody made trump.")
    return open_deal(st, shuffled(PACK, st.seed, st.deal), next_dealer(st.dealer, SEATS))


def play(st: PickNickState, seat: int, card: str) -> PickNickState:
    """The state after the seat plays the card (already checked legal)."""
    hands = st.hands
    hand = tuple(c for c in hands[seat] if c != card)
    hands = (*hands[:seat], hand, *hands[seat + 1 :])
    trick = (*st.trick, card)
    players = st.players
    if len(trick) < len(players):
        return evolve(st, hands=hands, trick=trick)
    winner = players[winner_index(trick, st.trump)]
    side = team_of(winner, SEATS)
    tricks = put(st.tricks, side, st.tricks[side] + 1)
    st = evolve(
        st,
        hands=hands,
        tricks=tricks,
        last=trick,
        last_owners=players,
        last_winner=winner,
        trick=(),
        played=(*st.played, *trick),
        players=play_order(winner, players, SEATS),
    )
    return end_deal(st) if sum(tricks) == HAND else st


def deal_points(tricks: int, alone: bool, soft: bool) -> tuple[str, bool, int]:
    """§4.2's table for the declarers' tricks: the outcome's name, whether the declarers
    score (else the defenders do), and the points."""
    for least, name, declarers, partners, lone in TABLE:
        if tricks >= least:
            points = lone if alone else partners
            return name, declarers, points - (1 if soft and not declarers else 0)
    raise AssertionError(f"no row for {tricks} tricks")


def end_deal(st: PickNickState) -> PickNickState:
    """Score the finished deal; then the game is over, or the next dealer deals."""
    declarers = team_of(st.maker, SEATS)
    name, made, points = deal_points(st.tricks[declarers], st.alone, st.soft)
    side = declarers if made else 1 - declarers
    scores = put(st.scores, side, st.scores[side] + points)
    reached = [s for s in (0, 1) if scores[s] >= st.target]
    # Only one side scores a deal, but should both stand at the target the declarers win.
    winners = (declarers,) if declarers in reached else tuple(reached)
    who = "seats 0 and 2" if side == 0 else "seats 1 and 3"
    lone = " alone" if st.alone else ""
    result = (
        f"Seat {st.maker}{lone} took {st.tricks[declarers]} of 5 tricks, {name}: "
        f"{who} score {points}."
    )
    st = evolve(st, scores=scores, winners=winners, result=result)
    if winners:
        return evolve(st, players=())
    return open_deal(st, shuffled(PACK, st.seed, st.deal), next_dealer(st.dealer, SEATS))


def dump_state(st: PickNickState) -> JsonDict:
    """The state as JSON-safe data."""
    return dump_frozen(st)


def load_state(data: Dumped) -> PickNickState:
    """The state from dump_state's data."""
    return load_frozen(PickNickState, data)
