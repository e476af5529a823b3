"""The state of a Stops game and the flow of its deals, for every game of the family.

RULES.md §10-§12 and the chip policy (§18). Here are the state, the draw for the first
dealer, how a deal is seated (a seat that cannot cover its stake sits it out), shuffled
and dealt, re-seated around a changed stack, and how the game ends with the chips still
on the board settled. What a spread, the widow, a bid and a lead do lives in `play.py`.
Everything is a pure function from a state to a new one; nothing here checks whether an
action is allowed (the game object does that first).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.games.cards import french_pack
from bot.games.chips import POT, Transfer, apply_transfers, net_transfers, split_evenly
from bot.games.rng import deal_seed, shuffled
from bot.games.stakes import at_table, dump_table, load_table, next_seat, players_from
from bot.games.state import evolver
from bot.games.stops.page import StopsRules
from bot.games.stops.rules import deal_all, dealer_times, first_jack_dealer

DEAL, STAKE, WIDOW, AUCTION, PLAY, OVER = "deal", "stake", "widow", "auction", "play", "over"
DRAW = -1
"""The shuffle index of the draw for the first dealer (deals are 0, 1, ...)."""


@dataclass(frozen=True, slots=True)
class Settled:
    """How the last deal ended, kept so the views can tell its story."""

    deal: int
    out: int
    """The seat that went out."""
    left: tuple[int, ...]
    """Per seat, the cards it still held."""
    paid: tuple[int, ...]
    """Per seat, the chips it paid the seat that went out (per card, at table stakes)."""
    pool: int
    """The pool the first out took."""
    carried: int
    """Board chips nobody swept, staying for the next deal."""
    run: tuple[str, ...] = ()
    """The deal's last run, ended by the card with which its player went out."""
    run_by: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class StopsState:
    """A Stops game: the table's constants, the chips, the board and the current deal."""

    seats: int
    seed: int
    stake: int
    """Chips a player spreads over the board (SPREAD, ANTE) or lays on each card (FIXED)."""
    kitty: int
    """Chips each player puts in the pool every deal (won by the first out)."""
    lot: bool
    """Board chips left when the game ends go by lot (else shared evenly)."""
    history: bool
    """Played cards stay face up in front of their players (else only the sequence)."""
    widow: bool
    after_deal: bool
    """The stakes are spread after each player has seen his hand."""
    deals: int
    draw: tuple[str, ...]
    """The cards of the draw for the first dealer, dealt face up from seat 0."""
    basis: tuple[int, ...]
    stacks: tuple[int, ...]
    board: tuple[int, ...]
    carried: tuple[int, ...]
    """The board as this deal found it (what an unwound deal leaves on it)."""
    pool: int
    start: tuple[int, ...]
    """Each seat's stack as this deal found it (what an unwound deal gives back)."""
    dealt: int
    dealer: int
    prior: int
    """The dealer of the deal before this one, from whose left the deal passed (before the
    first deal, the seat on the first dealer's right)."""
    players: tuple[int, ...]
    """The seats dealt in, from elder; the dealer last."""
    phase: str
    turn: int
    asked: int
    """STAKE and AUCTION: the index in players of the seat to act."""
    order: tuple[str, ...]
    """This deal's cards in the order they are dealt."""
    deck: tuple[str, ...]
    """Cards not dealt yet (while the stakes come first)."""
    hands: tuple[tuple[str, ...], ...]
    spare: tuple[str, ...]
    played: tuple[tuple[str, ...], ...]
    run: tuple[str, ...]
    run_by: tuple[int, ...]
    stopped: str
    """The card that made the last stop, '' before the first."""
    bid: int
    bidder: int
    swapped: str
    """The widow: '' untouched, 'dealer' exchanged by the dealer, 'bought' by the bidder."""
    last: Settled | None
    moved: tuple[Transfer, ...]
    departed: tuple[bool, ...] = ()


evolve = evolver(StopsState)
"""The state with some fields changed, by keyword."""


def pack_of(rules: StopsRules) -> tuple[str, ...]:
    """The game's pack: the 52 French cards less the stripped ones."""
    return french_pack(without=rules.without)


def dues(rules: StopsRules, st: StopsState, seat: int, dealer: int) -> int:
    """The chips a seat must put in to be dealt in: its stake (on every place where the
    page fixes it; the dealer's multiplied where the page says so) and its pool chips."""
    places = 1 if rules.dressing.at_will else len(rules.places)
    return st.stake * places * dealer_times(rules, seat, dealer) + st.kitty


def first_state(
    rules: StopsRules,
    seats: int,
    seed: int,
    opts: Mapping[str, Any],
    stacks: tuple[int, ...],
    deck: tuple[str, ...] | None,
) -> StopsState:
    """A new game: the draw for the first dealer, then the first deal (from `deck` if
    stacked)."""
    drawn = shuffled(pack_of(rules), seed, DRAW)
    jack = next(i for i, c in enumerate(drawn) if c.startswith("J"))
    draw = drawn[: jack + 1]
    zero = (0,) * len(rules.boodle)
    before = (first_jack_dealer(draw, seats) - 1) % seats
    blank = StopsState(
        seats=seats,
        seed=seed,
        stake=int(opts.get("stake", rules.dressing.stake)),
        kitty=int(opts.get("kitty", rules.dressing.pool)),
        lot=bool(opts.get("lot", False)),
        history=bool(opts.get("history", not rules.turn_down)),
        widow=bool(opts.get("widow", rules.widow)),
        after_deal=bool(opts.get("after_deal", False)),
        deals=int(opts["rounds"]) * seats,
        draw=draw,
        basis=stacks,
        stacks=stacks,
        board=zero,
        carried=zero,
        pool=0,
        start=stacks,
        dealt=0,
        dealer=before,
        prior=before,
        **_no_deal(seats),
    )
    return open_deal(rules, blank, None, (), deck)


def _no_deal(seats: int) -> dict[str, Any]:
    """The fields of a state between deals, before the first one is seated."""
    return {
        "players": (),
        "phase": OVER,
        "turn": -1,
        "asked": 0,
        "order": (),
        "deck": (),
        "hands": ((),) * seats,
        "spare": (),
        "played": ((),) * seats,
        "run": (),
        "run_by": (),
        "stopped": "",
        "bid": 0,
        "bidder": -1,
        "swapped": "",
        "last": None,
        "moved": (),
    }


def seating(rules: StopsRules, st: StopsState, prior: int) -> tuple[int, tuple[int, ...]]:
    """Who deals the deal after the one `prior` dealt, and who is dealt in: the deal passes
    left to the first seat after `prior` that is at the table and covers the dealer's
    stake, and every seat at the table that covers its stake is dealt in. (-1, ()) if
    fewer than two can play."""
    here = at_table(st.seats, st.departed)
    can = [here[s] and st.stacks[s] >= dues(rules, st, s, s) for s in range(st.seats)]
    dealer = next_seat(prior, can)
    if dealer < 0:
        return -1, ()
    ok = [here[s] and st.stacks[s] >= dues(rules, st, s, dealer) for s in range(st.seats)]
    players = players_from(dealer, ok)
    return (dealer, players) if len(players) >= 2 else (-1, ())


def open_deal(
    rules: StopsRules,
    after: StopsState,
    last: Settled | None,
    moved: tuple[Transfer, ...],
    deck: tuple[str, ...] | None = None,
) -> StopsState:
    """The next deal seated (its dealer the first seat after `after`'s dealer that can
    deal) and shuffled, or the game over when it has lasted its deals or fewer than two
    seats can play."""
    prior = after.dealer
    dealer, players = (-1, ()) if after.dealt >= after.deals else seating(rules, after, prior)
    if dealer < 0:
        return finish(rules, evolve(after, last=last), moved)
    cards = deck if deck is not None else shuffled(pack_of(rules), after.seed, after.dealt)
    st = evolve(
        after,
        dealt=after.dealt + 1,
        dealer=dealer,
        prior=prior,
        players=players,
        carried=after.board,
        start=after.stacks,
        order=cards,
        last=last,
        moved=moved,
    )
    return begin(rules, st)


def begin(rules: StopsRules, st: StopsState) -> StopsState:
    """The seated deal begun from its cards, none of them dealt yet: the stakes spread
    before the deal, or (stakes fixed by the page, or spread after the deal) the dealer's deal
    awaited. Until then nobody has seen a card of the deal or moved a chip for it."""
    blank = evolve(
        st,
        hands=((),) * st.seats,
        spare=(),
        deck=st.order,
        played=((),) * st.seats,
        run=(),
        run_by=(),
        stopped="",
        bid=0,
        bidder=-1,
        swapped="",
        asked=0,
    )
    if not rules.dressing.at_will or st.after_deal:
        return evolve(blank, phase=DEAL, turn=st.dealer)
    return evolve(blank, phase=STAKE, turn=st.players[0])


def deal_cards(rules: StopsRules, st: StopsState) -> StopsState:
    """Every card dealt one at a time, the spare hand where the game deals it."""
    hands, spare = deal_all(st.order, st.players, st.seats, rules.spare_at)
    return evolve(st, hands=hands, spare=spare, deck=())


def after_stakes(rules: StopsRules, st: StopsState) -> StopsState:
    """Once the stakes are laid: the cards dealt if they are not yet, then the dealer's
    widow or elder's first lead."""
    if st.deck:
        st = deal_cards(rules, st)
    if st.widow:
        return evolve(st, phase=WIDOW, turn=st.dealer)
    return evolve(st, phase=PLAY, turn=st.players[0])


def reseat(rules: StopsRules, st: StopsState) -> StopsState:
    """The waiting deal seated again around changed stacks or a seat gone, from the same
    order of cards (or the game over if too few can play)."""
    if st.phase == OVER:
        return st
    back = evolve(st, dealt=st.dealt - 1, dealer=st.prior)
    return open_deal(rules, back, st.last, (), st.order)


def finish(rules: StopsRules, st: StopsState, moved: tuple[Transfer, ...]) -> StopsState:
    """The game over: chips left on the board and in the pool settled (by lot or evenly,
    among the seats still at the table)."""
    close = board_close(st, st.board, st.pool, st.dealer)
    stacks, _ = apply_transfers(st.stacks, st.pool + sum(st.board), close)
    zero = (0,) * len(st.board)
    return evolve(
        st, stacks=stacks, board=zero, carried=zero, pool=0, moved=moved + close, phase=OVER,
        turn=-1, hands=((),) * st.seats, spare=(), deck=(), run=(), run_by=(),
    )  # fmt: skip


def board_close(
    st: StopsState, board: tuple[int, ...], pool: int, dealer: int
) -> tuple[Transfer, ...]:
    """How chips left on the table are settled: each board card's chips to a seat drawn
    by lot from the table's seeded generator (1885), or everything shared evenly, the odd
    chips one at a time from the seat on the dealer's left; only seats still at the table
    take a share (chip policy)."""
    present = at_table(st.seats, st.departed)
    order = [(dealer + i) % st.seats for i in range(1, st.seats + 1)]
    takers = [s for s in order if present[s]] or order
    if st.lot:
        rng = random.Random(deal_seed(st.seed, DRAW - 1 - st.dealt))
        owed: dict[int, int] = {}
        for chips in board:
            if chips:
                who = rng.choice(takers)
                owed[who] = owed.get(who, 0) + chips
        for s, share in zip(takers, split_evenly(pool, len(takers)), strict=True):
            owed[s] = owed.get(s, 0) + share
    else:
        shares = split_evenly(sum(board) + pool, len(takers))
        owed = dict(zip(takers, shares, strict=True))
    return tuple(Transfer(POT, s, a, "close") for s, a in sorted(owed.items()) if a)


def unwind(st: StopsState) -> tuple[Transfer, ...]:
    """The transfers that put every stack back as the deal found it (stakes, sweeps, a
    widow's price), leaving the board as it was carried over."""
    if st.phase == OVER:
        return ()
    deltas = {s: a - b for s, (a, b) in enumerate(zip(st.start, st.stacks, strict=True)) if a != b}
    back = sum(st.board) + st.pool - sum(st.carried)
    if back:
        deltas[POT] = -back
    return net_transfers(deltas, "refund") if deltas else ()


def is_fresh(st: StopsState) -> bool:
    """Whether the current deal has not begun: no card of it dealt (so none seen) and no
    chip of it moved. Stacks may change and seats leave only then."""
    return st.phase == OVER or (st.stacks == st.start and not any(st.hands))


def dump_state(st: StopsState) -> dict[str, Any]:
    """The state as JSON-safe data."""
    return dump_table(st, st.last)


def load_state(data: Mapping[str, Any]) -> StopsState:
    """The state from dump_state's data."""
    return load_table(StopsState, Settled, data)
