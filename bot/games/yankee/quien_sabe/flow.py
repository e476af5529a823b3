"""Quien Sabe's state and the flow of a deal (rules.md), for `game.py`.

Here are the state, how a deal is seated and dealt, redealt and ended, and the end of
the game; what the antes, a card played, a pass and a call do (with the void-and-redeal
of round one and the settlement of a call) is in `play.py` beside this module. Everything
is a pure function from a state to a new one; nothing here checks whether an action is
allowed (the game object does that first).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bot.games.cards import yankee_pack
from bot.games.chips import Transfer
from bot.games.options import OptionValue
from bot.games.rng import shuffled
from bot.games.stakes import (
    at_table,
    close_pot,
    coverers,
    covers,
    next_dealer,
    players_from,
)
from bot.games.state import evolver

DEAL, PLAY, DECIDE, OVER = "deal", "play", "decide", "over"
PACK = yankee_pack()
ROUNDS = 6
"""Cards each player is dealt, so rounds of play a deal lasts."""
BATCH = 3
MAX_REDEALS = 5
"""Round-one voids in a row after which the same dealer's next deal is played out whatever
its face-up total (our choice: without it a player holding a zero in a two-handed game
could void every deal for ever, the abuse S0 warns of)."""
SOFT_DEALS = 200
"""In soft score, the deals after which the game stops and the leader wins (our choice)."""
VALUE = {c: int(c[0]) or 10 for c in PACK}
"""What each card counts (rules.md): its number, a zero 10."""


@dataclass(frozen=True, slots=True)
class Settled:
    """How the last deal (or voided deal) ended, kept so views can tell the story."""

    deal: int
    kind: str
    """'call' (cards turned up and paid), 'void' (round one came within 10: redealt) or
    'nocall' (six rounds and nobody called: the pool carries over)."""
    caller: int
    """The seat that called, -1 if none."""
    up: tuple[tuple[str, ...], ...]
    down: tuple[tuple[str, ...], ...]
    """Each seat's face-down cards, turned up by the call (empty otherwise)."""
    hidden: tuple[int, ...]
    """Face-down cards left unseen (a deal nobody called), per seat."""
    total: int
    qsn: int
    net: tuple[int, ...]
    """Each seat's gain (negative: loss) in chips, or points in soft score, by the call."""
    pool: int
    """The pool the caller took (0 after a bad call or no call)."""


@dataclass(frozen=True, slots=True)
class QuienSabeState:
    """A game of Quien Sabe: the table's constants, the chips or points, the current deal."""

    seats: int
    seed: int
    ante: int
    rate: int
    bonus: int
    soft: bool
    target: int
    deals: int
    """Deals the game lasts (rounds x seats; in soft score the cap SOFT_DEALS)."""
    basis: tuple[int, ...]
    stacks: tuple[int, ...]
    pool: int
    """The chips in the pool or, in soft score, the points in the paper pool."""
    scores: tuple[int, ...]
    """Soft score: each seat's points on paper (all 0 when playing for chips)."""
    dealt: int
    """Deals started (a voided deal redealt counts once)."""
    shuffles: int
    """Shuffles made, voided deals included: the current deal's shuffle index is shuffles - 1."""
    redeals: int
    """Round-one voids in a row of the current deal."""
    dealer: int
    prior: int
    """The dealer of the deal before this one, from whose left the deal passed (before
    the first deal, the last seat)."""
    players: tuple[int, ...]
    """The seats dealt in, in playing order from elder hand."""
    anted: tuple[int, ...]
    """What each seat has put in the pool this hand (the antes move with the dealer's
    deal)."""
    phase: str
    turn: int
    """The seat to play or to choose; -1 when the game is over."""
    lead: int
    """Index in players of the one to play, or (when choosing) of the one who just played."""
    asked: int
    """While choosing: how many players have passed since the last face-down card."""
    round: int
    deck: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    up: tuple[tuple[str, ...], ...]
    down: tuple[tuple[str, ...], ...]
    total_up: int
    last: Settled | None
    moved: tuple[Transfer, ...]
    """The transfers caused by the action that made this state."""
    departed: tuple[bool, ...] = ()
    """Seats that left the table for good (empty while nobody has): dealt no more, and
    given no share of chips left on the table."""


evolve = evolver(QuienSabeState)
"""The state with some fields changed: dataclasses.replace, made cheap for the hot path."""


def qsn(st: QuienSabeState) -> int:
    """The Quien Sabe number of the current deal: 10 x the players dealt in."""
    return 10 * len(st.players)


def seat_players(dealer: int, stacks: tuple[int, ...], ante: int, soft: bool) -> tuple[int, ...]:
    """Who is dealt in, from the dealer's left: everyone in soft score, else each seat that
    can cover the ante (the chip policy)."""
    return players_from(dealer, can_play(stacks, ante, soft))


def can_play(stacks: tuple[int, ...], ante: int, soft: bool) -> tuple[bool, ...]:
    """Per seat, whether it is dealt in: every seat in soft score, else those that can
    cover the ante."""
    return (True,) * len(stacks) if soft else covers(stacks, ante)


def first_deal(
    seats: int,
    seed: int,
    opts: Mapping[str, OptionValue],
    stacks: tuple[int, ...],
    deck: tuple[str, ...],
) -> QuienSabeState:
    """A new game, its first deal shuffled (`deck`) and seated, the dealer's deal awaited."""
    soft = bool(opts["quien_sabe_soft_score"])
    blank = QuienSabeState(
        seats=seats,
        seed=seed,
        ante=int(opts["ante"]),
        rate=int(opts["rate"]),
        bonus=int(opts["exact_bonus"]),
        soft=soft,
        target=int(opts["soft_target"]),
        deals=SOFT_DEALS if soft else int(opts["rounds"]) * seats,
        basis=stacks,
        stacks=stacks,
        pool=0,
        scores=(0,) * seats,
        dealt=0,
        shuffles=0,
        redeals=0,
        dealer=seats - 1,
        prior=seats - 1,
        players=(),
        anted=(0,) * seats,
        phase=OVER,
        turn=-1,
        lead=0,
        asked=0,
        round=1,
        deck=deck,
        hands=((),) * seats,
        up=((),) * seats,
        down=((),) * seats,
        total_up=0,
        last=None,
        moved=(),
    )
    return open_deal(blank, None, (), deck)


def game_ends(st: QuienSabeState, stacks: tuple[int, ...], scores: tuple[int, ...]) -> bool:
    """Whether no further deal is to be started."""
    if st.dealt >= st.deals:
        return True
    if st.soft:
        return max(scores) >= st.target
    return coverers(stacks, st.ante) < 2


def open_deal(
    after: QuienSabeState,
    last: Settled | None,
    moved: tuple[Transfer, ...],
    deck: tuple[str, ...] | None = None,
) -> QuienSabeState:
    """The next deal shuffled (unless stacked with `deck`) and seated from `after`'s chips
    and points, its dealer's deal awaited (no card dealt, no chip moved), or the game
    over. The deal passes left to the first seat after the last dealer that is dealt in."""
    if game_ends(after, after.stacks, after.scores):
        return finish(after, last, moved)
    cards = deck if deck is not None else shuffled(PACK, after.seed, after.shuffles)
    st = evolve(
        after, dealt=after.dealt + 1, shuffles=after.shuffles + 1, redeals=0, prior=after.dealer,
        anted=(0,) * after.seats, lead=0, asked=0, round=1, deck=cards,
        hands=((),) * after.seats, up=((),) * after.seats, down=((),) * after.seats, total_up=0,
        last=last, moved=moved,
    )  # fmt: skip
    return _seated(st)


def _seated(st: QuienSabeState) -> QuienSabeState:
    """The waiting deal seated from its prior dealer: the dealer, who is dealt in, and the
    dealer's deal awaited."""
    dealer = next_dealer(st.prior, can_play(st.stacks, st.ante, st.soft))
    players = seat_players(dealer, st.stacks, st.ante, st.soft)
    return evolve(st, dealer=dealer, players=players, phase=DEAL, turn=dealer)


def deal_cards(st: QuienSabeState) -> QuienSabeState:
    """The waiting deal's cards dealt (the antes went in first: `play.deal_out`)."""
    return _deal(st, st.anted, st.last, st.moved, st.deck)


def redeal(st: QuienSabeState, last: Settled, moved: tuple[Transfer, ...]) -> QuienSabeState:
    """A void deal: the same dealer deals the same players again, the antes stay in the pool."""
    cards = shuffled(PACK, st.seed, st.shuffles)
    st = evolve(st, redeals=st.redeals + 1, shuffles=st.shuffles + 1)
    return _deal(st, st.anted, last, moved, cards)


def _deal(
    st: QuienSabeState,
    anted: tuple[int, ...],
    last: Settled | None,
    moved: tuple[Transfer, ...],
    cards: tuple[str, ...],
) -> QuienSabeState:
    """Deal `cards` in two batches of three from elder, and await elder."""
    hands, rest = deal_hands(cards, st.players, st.seats)
    return evolve(
        st,
        anted=anted,
        phase=PLAY,
        turn=st.players[0],
        lead=0,
        asked=0,
        round=1,
        deck=rest,
        hands=hands,
        up=((),) * st.seats,
        down=((),) * st.seats,
        total_up=0,
        last=last,
        moved=moved,
    )


def deal_hands(
    cards: tuple[str, ...], players: tuple[int, ...], seats: int
) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """Each seat's six cards, dealt in two batches of three from elder, and the stock left."""
    hands: list[tuple[str, ...]] = [()] * seats
    count = len(players)
    for batch in range(ROUNDS // BATCH):
        for i, s in enumerate(players):
            start = (batch * count + i) * BATCH
            hands[s] += cards[start : start + BATCH]
    return tuple(hands), cards[ROUNDS * count :]


def reseat(st: QuienSabeState) -> QuienSabeState:
    """The waiting deal, not dealt yet, seated again around changed stacks (its shuffle
    unseen, so the same one serves); the game over if fewer than two can pay."""
    if coverers(st.stacks, st.ante) < 2:
        players = seat_players(st.dealer, st.stacks, st.ante, False)
        return finish(evolve(st, players=players), st.last, ())
    return _seated(st)


def finish(st: QuienSabeState, last: Settled | None, moved: tuple[Transfer, ...]) -> QuienSabeState:
    """The game over: a pool left on the table is shared evenly, odd chips from elder."""
    pool, stacks = st.pool, st.stacks
    if pool and not st.soft:
        elder = st.players[0] if st.players else (st.dealer + 1) % st.seats
        stacks, pool, close = close_pot(stacks, pool, elder, at_table(st.seats, st.departed))
        moved += close
    return evolve(st, stacks=stacks, pool=pool, last=last, moved=moved, phase=OVER, turn=-1)


def to_deal(st: QuienSabeState) -> bool:
    """Whether the dealer's deal is awaited: the deal has not begun."""
    return st.phase == DEAL
