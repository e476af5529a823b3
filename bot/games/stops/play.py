"""What each action of a Stops deal does: a spread of the stake, the dealer's widow, a bid
for it, and a lead with the run of cards that follows it to its stop.

RULES.md §10-§12. The cards that follow a lead are forced (the holder of the next card
must play it), so a lead plays the whole run for their holders: each card matching a
boodle sweeps its chips, the run ends at a stop (or when its player goes out), and the
player who played last (in Michigan, the first player from him with another suit) leads
next. The first player out ends the deal: he is paid per card left (at table stakes, the
chip policy's proportional rule) or takes the pool, and chips left on the board carry over.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.cards import suit_of
from bot.games.chips import POT, Transfer, apply_transfers, pay_debts
from bot.games.stops.flow import (
    AUCTION,
    PLAY,
    STAKE,
    Settled,
    StopsState,
    after_stakes,
    deal_cards,
    evolve,
    open_deal,
)
from bot.games.stops.page import StopsRules
from bot.games.stops.rules import (
    dealer_times,
    holder_of,
    legal_leads,
    out_payments,
    stake,
    successor,
    sweep,
    swept,
)


def deal(rules: StopsRules, st: StopsState) -> StopsState:
    """The dealer's deal: fixed stakes are laid before a card is dealt (Michigan's ante),
    then every card is dealt, and the widow, the first lead or (stakes spread after the
    deal) elder's spread is awaited."""
    if not rules.dressing.at_will:
        return after_stakes(rules, lay_fixed(rules, st))
    return evolve(deal_cards(rules, st), phase=STAKE, turn=st.players[0], moved=())


def lay_fixed(rules: StopsRules, st: StopsState) -> StopsState:
    """The fixed stakes of the deal laid (Michigan: 2 chips a card from the dealer, 1 from
    every other player, and the kitty), its transfers the state's moved."""
    moved: list[Transfer] = []
    board, pool = st.board, st.pool
    each = (st.stake,) * len(board)
    for s in st.players:
        times = dealer_times(rules, s, st.dealer)
        board = stake(board, each, times)
        moved.append(Transfer(s, POT, sum(each) * times, "stake"))
        if st.kitty:
            moved.append(Transfer(s, POT, st.kitty, "ante"))
            pool += st.kitty
    stacks, _ = apply_transfers(st.stacks, sum(st.board) + st.pool, moved)
    return evolve(st, stacks=stacks, board=board, pool=pool, moved=tuple(moved))


def spread(rules: StopsRules, st: StopsState, seat: int, amounts: Sequence[int]) -> StopsState:
    """The seat's stake spread over the board cards (doubled for the dealer where the
    page says so) and its pool chip put in; then the next seat, or the cards."""
    times = dealer_times(rules, seat, st.dealer)
    board = stake(st.board, amounts, times)
    moved = [Transfer(seat, POT, times * sum(amounts), "stake")]
    if st.kitty:
        moved.append(Transfer(seat, POT, st.kitty, "ante"))
    stacks, _ = apply_transfers(st.stacks, sum(st.board) + st.pool, moved)
    asked = st.asked + 1
    st = evolve(
        st, stacks=stacks, board=board, pool=st.pool + st.kitty, moved=tuple(moved),
        asked=asked, turn=st.players[asked] if asked < len(st.players) else st.turn,
    )  # fmt: skip
    return st if asked < len(st.players) else after_stakes(rules, st)


def exchange(rules: StopsRules, st: StopsState) -> StopsState:
    """The dealer takes the spare hand unseen; his own becomes the dead hand."""
    hands = _with_hand(st.hands, st.dealer, st.spare)
    return evolve(
        st, hands=hands, spare=st.hands[st.dealer], swapped="dealer", moved=(), phase=PLAY,
        turn=st.players[0],
    )  # fmt: skip


def keep(rules: StopsRules, st: StopsState) -> StopsState:
    """The dealer keeps his hand and offers the spare one to the others, from his left."""
    return evolve(st, moved=(), phase=AUCTION, asked=0, turn=st.players[0])


def bid(rules: StopsRules, st: StopsState, seat: int, amount: int) -> StopsState:
    """A bid for the widow, higher than any before; then the next bidder or the sale."""
    return _next_bidder(rules, st, amount, seat)


def pass_bid(rules: StopsRules, st: StopsState) -> StopsState:
    """No bid from this seat; then the next bidder or the sale."""
    return _next_bidder(rules, st, st.bid, st.bidder)


def _next_bidder(rules: StopsRules, st: StopsState, top: int, bidder: int) -> StopsState:
    """The next seat of the one round of bids (the highest bid so far `top`, by
    `bidder`), or the widow sold to the highest bidder (who pays the dealer and swaps
    hands unseen), and elder's lead."""
    asked = st.asked + 1
    if asked < len(st.players) - 1:  # the dealer, last of the players, does not bid
        return evolve(st, asked=asked, turn=st.players[asked], bid=top, bidder=bidder, moved=())
    st = evolve(st, asked=asked, phase=PLAY, turn=st.players[0], bid=top, bidder=bidder, moved=())
    if st.bidder < 0:
        return st
    paid = (Transfer(st.bidder, st.dealer, st.bid, "widow"),)
    stacks, _ = apply_transfers(st.stacks, 0, paid)
    hands = _with_hand(st.hands, st.bidder, st.spare)
    return evolve(
        st, stacks=stacks, hands=hands, spare=st.hands[st.bidder], swapped="bought", moved=paid
    )


def _with_hand(
    hands: tuple[tuple[str, ...], ...], seat: int, hand: tuple[str, ...]
) -> tuple[tuple[str, ...], ...]:
    """The hands with one seat's replaced."""
    return (*hands[:seat], hand, *hands[seat + 1 :])


def chain(rules: StopsRules, st: StopsState, seat: int, card: str) -> list[tuple[int, str]]:
    """The run a lead starts: (seat, card) from the lead to the stop, or to the card with
    which its player goes out."""
    return _run(rules, [list(h) for h in st.hands], seat, card)


def _run(rules: StopsRules, hands: list[list[str]], seat: int, card: str) -> list[tuple[int, str]]:
    """`chain` on hands as lists, which it plays the run out of."""
    order = rules.order
    run: list[tuple[int, str]] = []
    who, now = seat, card
    while True:
        hands[who].remove(now)
        run.append((who, now))
        if not hands[who]:
            return run
        after = successor(now, order)
        holder = None if after is None else holder_of(hands, after)
        if after is None or holder is None:
            return run
        who, now = holder, after


def lead(rules: StopsRules, st: StopsState, seat: int, card: str) -> StopsState:
    """The lead and its run played out: boodles swept, then the deal settled if its last
    player went out, else the next leader awaited."""
    hands = [list(h) for h in st.hands]
    run = _run(rules, hands, seat, card)
    played = list(st.played)
    board = st.board
    stacks = list(st.stacks)
    sweeps: list[Transfer] = []
    takers = rules.takers
    for who, now in run:
        played[who] += (now,)
        chips = swept(rules, now, board) if now in takers else 0
        if chips:
            sweeps.append(Transfer(POT, who, chips, "boodle"))
            stacks[who] += chips
            board = sweep(rules, now, board)
    last_seat, last_card = run[-1]
    after = tuple(tuple(h) for h in hands)
    done = not after[last_seat]
    st = evolve(
        st,
        stacks=tuple(stacks),
        board=board,
        hands=after,
        played=tuple(played),
        run=tuple([c for _, c in run]),
        run_by=tuple([s for s, _ in run]),
        stopped=last_card,
        moved=tuple(sweeps),
        turn=st.turn if done else next_leader(rules, after, last_seat, last_card),
    )
    return settle(rules, st, last_seat) if done else st


def next_leader(
    rules: StopsRules, hands: tuple[tuple[str, ...], ...], stopper: int, card: str
) -> int:
    """Who leads after a stop: the stopper; in Michigan the first player from him, going
    left, who holds a suit other than the stopped one, else the first after him who
    holds any card (§12.3)."""
    if not rules.switch_suit:
        return stopper
    suit = suit_of(card)
    seats = len(hands)
    ring = [(stopper + i) % seats for i in range(seats)]
    for s in ring:
        if any(suit_of(c) != suit for c in hands[s]):
            return s
    return next(s for s in (*ring[1:], stopper) if hands[s])


def leads(rules: StopsRules, st: StopsState, seat: int) -> list[str]:
    """The cards the seat may lead: the lowest of each suit it holds (in Michigan, after a
    stop, of a suit other than the stopped one when it holds one)."""
    every = legal_leads(st.hands[seat], rules.order)
    if rules.switch_suit and st.stopped:
        banned = st.stopped[-1]
        return [c for c in every if c[-1] != banned] or every
    return every


def settle(rules: StopsRules, st: StopsState, out: int) -> StopsState:
    """The deal won by the seat that went out: each other player pays it a chip per card
    he still holds (the whole stake if it is less), it takes the pool, the board's other
    chips carry over, and the next deal is opened."""
    moved = list(st.moved)
    left = tuple(len(h) for h in st.hands)
    owed = out_payments(st.hands, out)
    paid = [0] * st.seats
    stacks, pot = st.stacks, sum(st.board) + st.pool
    if rules.per_card:
        for p in st.players:
            if owed[p] and stacks[p]:
                debt = pay_debts(p, {out: owed[p]}, stacks[p], st.seats, "out")
                stacks, pot = apply_transfers(stacks, pot, debt)
                paid[p] = sum(t.amount for t in debt)
                moved += debt
    pool = st.pool
    if pool:
        win = (Transfer(POT, out, pool, "pool"),)
        stacks, pot = apply_transfers(stacks, pot, win)
        moved += win
    story = Settled(st.dealt, out, left, tuple(paid), pool, sum(st.board), st.run, st.run_by)
    return open_deal(rules, evolve(st, stacks=stacks, pool=0), story, tuple(moved))
