"""Quien Sabe's state and the flow of a deal (rules.md), for `game.py`.

Here are the state, how a deal is seated and dealt, what a card played, a call and a pass
do, the void-and-redeal of round one, the settlement of a call and the end of the
game. Everything is a pure function from a state to a new one; nothing here checks whether
an action is allowed (the game object does that first).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.games.cards import yankee_pack
from bot.games.chips import POT, Transfer, apply_transfers, pay_debts
from bot.games.rng import shuffled
from bot.games.state import evolver
from bot.games.yankee.stakes import (
    ante_in,
    at_table,
    close_pot,
    coverers,
    covers,
    dump_table,
    load_table,
    players_from,
)

PLAY, DECIDE, OVER = "play", "decide", "over"
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
    players: tuple[int, ...]
    """The seats dealt in, in playing order from elder hand."""
    anted: tuple[int, ...]
    """What each seat has put in the pool this hand (antes move with its first action)."""
    due: bool
    """The antes are still to be paid (by the deal's first action)."""
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
    return players_from(dealer, (True,) * len(stacks) if soft else covers(stacks, ante))


def first_deal(
    seats: int, seed: int, opts: Mapping[str, Any], stacks: tuple[int, ...], deck: tuple[str, ...]
) -> QuienSabeState:
    """A new game, its first deal dealt from `deck` (no chip moves until the first action)."""
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
        dealer=0,
        players=(),
        anted=(0,) * seats,
        due=False,
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
    """The next deal dealt and seated from `after`'s chips and points, or the game over."""
    if game_ends(after, after.stacks, after.scores):
        return finish(after, last, moved)
    dealer = after.dealt % after.seats
    players = seat_players(dealer, after.stacks, after.ante, after.soft)
    return _deal(
        evolve(after, dealt=after.dealt + 1, redeals=0, dealer=dealer, players=players),
        (0,) * after.seats,
        True,
        last,
        moved,
        deck,
    )


def redeal(st: QuienSabeState, last: Settled, moved: tuple[Transfer, ...]) -> QuienSabeState:
    """A void deal: the same dealer deals the same players again, the antes stay in the pool."""
    return _deal(evolve(st, redeals=st.redeals + 1), st.anted, False, last, moved, None)


def _deal(
    st: QuienSabeState,
    anted: tuple[int, ...],
    due: bool,
    last: Settled | None,
    moved: tuple[Transfer, ...],
    deck: tuple[str, ...] | None,
) -> QuienSabeState:
    """Shuffle (unless stacked), deal two batches of three from elder, and await elder."""
    cards = deck if deck is not None else shuffled(PACK, st.seed, st.shuffles)
    hands, rest = deal_hands(cards, st.players, st.seats)
    return evolve(
        st,
        shuffles=st.shuffles + 1,
        anted=anted,
        due=due,
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


def undeal(st: QuienSabeState) -> tuple[str, ...]:
    """The cards of a deal nobody has played from, back in the order they were dealt."""
    count = len(st.players)
    order: list[str] = [""] * (ROUNDS * count)
    for i, s in enumerate(st.players):
        for batch in range(ROUNDS // BATCH):
            start = (batch * count + i) * BATCH
            order[start : start + BATCH] = st.hands[s][batch * BATCH : (batch + 1) * BATCH]
    return (*order, *st.deck)


def reseat(st: QuienSabeState) -> QuienSabeState:
    """The waiting deal dealt again, from the same order of cards, to who can now pay."""
    players = seat_players(st.dealer, st.stacks, st.ante, False)
    if players == st.players:
        return st
    if len(players) < 2:
        return finish(evolve(st, players=players), st.last, ())
    hands, rest = deal_hands(undeal(st), players, st.seats)
    return evolve(st, players=players, turn=players[0], hands=hands, deck=rest)


def finish(st: QuienSabeState, last: Settled | None, moved: tuple[Transfer, ...]) -> QuienSabeState:
    """The game over: a pool left on the table is shared evenly, odd chips from elder."""
    pool, stacks = st.pool, st.stacks
    if pool and not st.soft:
        elder = st.players[0] if st.players else (st.dealer + 1) % st.seats
        stacks, pool, close = close_pot(stacks, pool, elder, at_table(st.seats, st.departed))
        moved += close
    return evolve(
        st, stacks=stacks, pool=pool, last=last, moved=moved, phase=OVER, turn=-1, due=False
    )


def _antes(st: QuienSabeState) -> QuienSabeState:
    """The deal's first action: every player puts the ante in the pool (on paper in soft)."""
    ante, players = st.ante, st.players
    if st.soft:
        scores = tuple(p - ante if s in players else p for s, p in enumerate(st.scores))
        return evolve(st, scores=scores, pool=st.pool + ante * len(players), due=False, moved=())
    stacks, pool, antes = ante_in(st.stacks, st.pool, ante, sorted(players))
    anted = tuple(ante if s in players else 0 for s in range(st.seats))
    return evolve(st, stacks=stacks, pool=pool, anted=anted, due=False, moved=antes)


def play_card(st: QuienSabeState, seat: int, card: str) -> QuienSabeState:
    """The player to act plays a card: face up in round one, else face down, then choices."""
    if st.due:
        st = _antes(st)
        moved = st.moved
    else:
        moved = ()
    hands = list(st.hands)
    hands[seat] = tuple(c for c in hands[seat] if c != card)
    if st.round > 1:
        down = list(st.down)
        down[seat] += (card,)
        return evolve(
            st, hands=tuple(hands), down=tuple(down), phase=DECIDE, turn=seat, asked=0, moved=moved
        )
    up = list(st.up)
    up[seat] += (card,)
    total = st.total_up + VALUE[card]
    lead, rnd, count = st.lead + 1, 1, len(st.players)
    if lead < count:
        if qsn(st) - total <= 10 and st.redeals < MAX_REDEALS:
            return _void(evolve(st, hands=tuple(hands), up=tuple(up), total_up=total, moved=moved))
    else:
        lead, rnd = 0, 2
    return evolve(
        st,
        hands=tuple(hands),
        up=tuple(up),
        total_up=total,
        lead=lead,
        round=rnd,
        turn=st.players[lead],
        moved=moved,
    )


def _void(st: QuienSabeState) -> QuienSabeState:
    """Round one came within 10 of the QSN: the deal is void and redealt."""
    zero = (0,) * st.seats
    last = Settled(st.shuffles, "void", -1, st.up, ((),) * st.seats, zero, st.total_up, qsn(st),
                   zero, 0)  # fmt: skip
    return redeal(st, last, st.moved)


def pass_choice(st: QuienSabeState) -> QuienSabeState:
    """The chooser passes: the next player chooses, or when all have passed, the next card."""
    count, asked = len(st.players), st.asked + 1
    if asked < count:
        return evolve(st, asked=asked, turn=st.players[(st.lead + asked) % count], moved=())
    lead, rnd = st.lead + 1, st.round
    if lead == count:
        lead, rnd = 0, rnd + 1
    if rnd > ROUNDS:
        return _no_call(st)
    return evolve(st, lead=lead, round=rnd, phase=PLAY, turn=st.players[lead], asked=0, moved=())


def _no_call(st: QuienSabeState) -> QuienSabeState:
    """Six rounds and nobody called: the deal is void and the pool carries over."""
    zero = (0,) * st.seats
    hidden = tuple(len(d) for d in st.down)
    empty = ((),) * st.seats
    last = Settled(st.shuffles, "nocall", -1, st.up, empty, hidden, st.total_up, qsn(st), zero, 0)
    return open_deal(st, last, ())


def total(st: QuienSabeState) -> int:
    """The total of every card played this deal, face up and face down."""
    return st.total_up + sum(VALUE[c] for d in st.down for c in d)


def call(st: QuienSabeState, caller: int) -> QuienSabeState:
    """Quien sabe: every card turned up and totalled, and paid for by §5.2."""
    t, q = total(st), qsn(st)
    others = [s for s in st.players if s != caller]
    good = t >= q
    pool = st.pool if good else 0
    # A good call: each other player owes the caller; a bad one: the caller owes each.
    diff = (t - q) * st.rate + (st.bonus if t == q else 0) if good else (q - t) * st.rate
    pays: tuple[Transfer, ...] = ()
    if st.soft:
        scores = list(st.scores)
        sign = 1 if good else -1
        for s in others:
            scores[s] -= sign * diff
            scores[caller] += sign * diff
        scores[caller] += pool
        net = tuple(a - b for a, b in zip(scores, st.scores, strict=True))
        after = evolve(st, scores=tuple(scores), pool=st.pool - pool)
    else:
        if good:
            pays = (Transfer(POT, caller, pool, "payout"),) if pool else ()
            for s in others:
                pays += pay_debts(s, {caller: diff}, st.stacks[s], st.seats, "difference")
        else:
            debts = dict.fromkeys(others, diff)
            pays = pay_debts(caller, debts, st.stacks[caller], st.seats, "difference")
        stacks, left = apply_transfers(st.stacks, st.pool, pays)
        net = tuple(a - b for a, b in zip(stacks, st.stacks, strict=True))
        after = evolve(st, stacks=stacks, pool=left)
    # The reveal recorded, then the next deal dealt (or the game ended).
    hidden = (0,) * st.seats
    last = Settled(st.shuffles, "call", caller, st.up, st.down, hidden, t, q, net, pool)
    return open_deal(after, last, pays)


def is_fresh(st: QuienSabeState) -> bool:
    """Whether no chip of the current hand has moved yet (always, in soft score)."""
    return st.soft or st.phase == OVER or not any(st.anted)


def dump_state(st: QuienSabeState) -> dict[str, Any]:
    """The state as JSON-safe data."""
    return dump_table(st, st.last)


def load_state(data: Mapping[str, Any]) -> QuienSabeState:
    """The state from dump_state's data."""
    return load_table(QuienSabeState, Settled, data)
