"""Table-stakes plumbing shared by the chip games (docs/chip-policy.md): the Yankee chip
games (Black Joke, Bunkum, Jockey Club, Quien Sabe) and the Stops family.

Here are the starting stacks and their refusals, a stack's top-up or cash-out between
deals, the result of a game from the stacks against what each seat brought, the antes and
their refunds, the seating of a deal (who can cover the ante, who deals, who is elder),
a pot left at the end shared out from elder, and the JSON form of a state whose last
action moved chips. The arithmetic of paying debts lives in `bot/games/chips.py`; each game keeps
its own rules of play and its own sentences for them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Protocol, TypeVar

from bot.games.base import ChipGame, Outcome, View
from bot.games.cards import Pack, stacked_deck
from bot.games.chips import POT, Transfer, apply_transfers, net_transfers, split_evenly
from bot.games.errors import IllegalAction
from bot.games.options import OptionValue
from bot.games.rng import shuffled
from bot.games.state import Dumped, Json, JsonDict, dump_frozen, load_frozen

DEFAULT_STACK = 100
"""The chips each seat brings when the table gives no stacks."""

Stacks = tuple[int, ...]


class ChipView(View, total=False):
    """The facts every Yankee chip game's view shows besides its own (each game's facts
    type extends this one beside its view code): the deal, and once over, the seeds of
    every deal and the stacks the game ended with."""

    deal: int
    deals: int
    ante: int
    antes_in: bool
    pot: int
    elder: int
    deal_seeds: list[str]
    final_stacks: list[int]


class StakesState(Protocol):
    """What the shared plumbing reads of a chip game's state (a frozen dataclass)."""

    @property
    def seats(self) -> int:
        """How many seats the table has."""
        ...

    @property
    def turn(self) -> int:
        """The seat to act, or -1."""
        ...

    @property
    def stacks(self) -> Stacks:
        """Each seat's chips."""
        ...

    @property
    def basis(self) -> Stacks:
        """Each seat's chips counted as brought (for the result)."""
        ...

    @property
    def moved(self) -> tuple[Transfer, ...]:
        """The transfers of the last action."""
        ...


class DepartingState(StakesState, Protocol):
    """A chip game's state that keeps track of seats that left the table for good (games
    whose chips can outlive a deal, such as a pool carried over)."""

    @property
    def departed(self) -> tuple[bool, ...]:
        """Per seat, whether it has left the table for good."""
        ...


T = TypeVar("T", bound=StakesState)
D = TypeVar("D", bound=DepartingState)
L = TypeVar("L")


def chips(n: int) -> str:
    """'1 chip', '3 chips'."""
    return f"{n} chip" if n == 1 else f"{n} chips"


def check_seat(seat: object, seats: int) -> None:
    """Refuse a seat number the table does not have."""
    if not isinstance(seat, int) or not 0 <= seat < seats:
        raise IllegalAction(f"There is no seat {seat} at this table.")


def check_stacks(seats: int, stacks: Sequence[int] | None) -> Stacks:
    """The seats' starting stacks (DEFAULT_STACK each by default), refusing anything but
    chips."""
    if stacks is None:
        return (DEFAULT_STACK,) * seats
    given = tuple(stacks)
    if len(given) != seats:
        raise IllegalAction(f"Give one stack per seat: {seats} seats need {seats} stacks.")
    if any(isinstance(c, bool) or not isinstance(c, int) or c < 0 for c in given):
        raise IllegalAction("A stack is a whole number of chips, 0 or more.")
    return given


class StakesGame(ChipGame[T]):
    """A chip game at table stakes in which one seat acts at a time (`state.turn`, -1 once
    the game is over), with the parts every such game does alike."""

    def opening(
        self, seats: int, options: Mapping[str, object] | None, stacks: Sequence[int] | None
    ) -> tuple[dict[str, OptionValue], Stacks]:
        """A new game's checked seat count, options and starting stacks, in that order."""
        self.check_seats(seats)
        return self.options(options), check_stacks(seats, stacks)

    def awaiting(self, state: T) -> frozenset[int]:
        """The one seat to act; empty when the game is over."""
        return frozenset() if state.turn < 0 else frozenset((state.turn,))

    def stacks(self, state: T) -> Stacks:
        """The chips in front of each seat."""
        return state.stacks

    def last_transfers(self, state: T) -> tuple[Transfer, ...]:
        """The transfers caused by the action (or stack change) that made this state."""
        return state.moved


def first_cards(deck: Sequence[str] | None, pack: tuple[str, ...], seed: int) -> tuple[str, ...]:
    """The first deal's cards: the stacked `deck` checked against the pack, else shuffled."""
    if deck is not None:
        return stacked_deck(deck, pack, Pack.YANKEE)
    return shuffled(pack, seed, 0)


def restack(
    state: T,
    seat: int,
    delta: int,
    fresh: bool,
    wait: str,
) -> T:
    """The state with a seat's stack (and its basis) changed by `delta` between deals, and
    no transfer; refused mid-deal (`wait` says until when), for a seat the table does not
    have, a delta that is not whole chips, or more chips out than the seat has."""
    if not fresh:
        raise IllegalAction(f"Stacks change only between deals: {wait}.")
    check_seat(seat, state.seats)
    if isinstance(delta, bool) or not isinstance(delta, int):
        raise IllegalAction("A stack changes by a whole number of chips.")
    stacks, basis = state.stacks, state.basis
    have = stacks[seat] + delta
    if have < 0:
        raise IllegalAction(f"Seat {seat} has only {chips(stacks[seat])} to take out.")
    stacks = (*stacks[:seat], have, *stacks[seat + 1 :])
    basis = (*basis[:seat], basis[seat] + delta, *basis[seat + 1 :])
    changed: T = replace(state, stacks=stacks, basis=basis, moved=())  # type: ignore[type-var]
    return changed


def depart(state: D, seat: int, fresh: bool, wait: str) -> D:
    """The state with a seat gone for good between deals: its whole stack taken out (the
    table sends it home), and the seat marked so that it is dealt no more and takes no
    share of chips left on the table. Refused as `restack` refuses."""
    check_seat(seat, state.seats)
    st = restack(state, seat, -state.stacks[seat], fresh, wait)
    departed = at_table(state.seats, state.departed)
    gone = tuple(not here or s == seat for s, here in enumerate(departed))
    left: D = replace(st, departed=gone)  # type: ignore[type-var]
    return left


def at_table(seats: int, departed: tuple[bool, ...]) -> tuple[bool, ...]:
    """Per seat, whether it is still at the table, from a state's `departed` flags (an
    empty tuple: nobody has left)."""
    if not departed:
        return (True,) * seats
    return tuple(not gone for gone in departed)


def net_result(stacks: Stacks, basis: Stacks) -> tuple[Stacks, tuple[Transfer, ...]]:
    """Each seat's chips won (negative: lost) against its basis, and the net transfers."""
    points = tuple(s - b for s, b in zip(stacks, basis, strict=True))
    return points, net_transfers({s: p for s, p in enumerate(points) if p}, "result")


def chip_outcome(stacks: Stacks, basis: Stacks) -> Outcome:
    """A finished game for chips: the chips won or lost per seat, the biggest winners (if
    anyone finished ahead) and the net transfers."""
    points, transfers = net_result(stacks, basis)
    best = max(points)
    winners = tuple(s for s, p in enumerate(points) if p == best > 0)
    if winners:
        who = " and ".join(f"seat {s}" for s in winners)
        summary = f"{who.capitalize()} finished {chips(best)} ahead."
    else:
        summary = "Nobody finished ahead: every stack ended where it began."
    return Outcome(points=points, winners=winners, summary=summary, transfers=transfers)


def covers(stacks: Stacks, ante: int) -> tuple[bool, ...]:
    """Per seat, whether its stack covers the ante (a seat that cannot sits the deal out)."""
    return tuple(c >= ante for c in stacks)


def coverers(stacks: Stacks, ante: int) -> int:
    """How many seats can cover the ante."""
    return sum(1 for c in stacks if c >= ante)


def players_from(dealer: int, dealt: Sequence[bool]) -> tuple[int, ...]:
    """The seats dealt in, in rotation from the dealer's left: elder hand first."""
    n = len(dealt)
    return tuple(s for s in ((dealer + i) % n for i in range(1, n + 1)) if dealt[s])


def next_seat(start: int, ok: Sequence[bool], out: Sequence[bool] | None = None) -> int:
    """The first seat after `start`, clockwise, for which ok is true (and, given `out`,
    out is false); -1 if none. `start` itself comes last."""
    n = len(ok)
    for i in range(1, n + 1):
        seat = (start + i) % n
        if ok[seat] and (out is None or not out[seat]):
            return seat
    return -1


DEAL = "deal"
"""The dealer's action that begins a deal whose first decision needs a look at the cards
(Bunkum, Jockey Club, Quien Sabe): the antes go in, then the cards are dealt. Until then
nobody has seen a card of the deal, and it has not begun (`ChipGame.between_hands`)."""
DEAL_USAGE = "Write 'deal' to put the antes in and deal the cards."


def next_dealer(prior: int, ok: Sequence[int]) -> int:
    """Who deals the deal after the one `prior` dealt: the first seat on his left that may
    deal (`prior` himself last), so the deal passes one seat a hand and a seat that stood in
    for one that could not does not deal again at once; -1 if none may. A seat may if its
    entry in `ok` is true: a bool, or a stack (a seat with chips). Before the first deal
    `prior` is the last seat, so seat 0 deals first if it may."""
    return next_seat(prior, [bool(x) for x in ok])


def ante_in(
    stacks: Stacks, pot: int, ante: int, payers: Iterable[int]
) -> tuple[Stacks, int, tuple[Transfer, ...]]:
    """Stacks, pot and transfers once each payer (in seat order) has put the ante in."""
    antes = tuple(Transfer(s, POT, ante, "ante") for s in payers)
    stacks, pot = apply_transfers(stacks, pot, antes)
    return stacks, pot, antes


def refunds(put_in: Sequence[int]) -> tuple[Transfer, ...]:
    """The pot giving back what each seat put in during the current deal."""
    return tuple(Transfer(POT, s, a, "refund") for s, a in enumerate(put_in) if a)


def close_pot(
    stacks: Stacks, pot: int, elder: int, present: Sequence[bool] | None = None
) -> tuple[Stacks, int, tuple[Transfer, ...]]:
    """A pot left when the game ends, shared evenly among the seats still at the table
    (`present`; all seats if none is), the odd chips one at a time in rotation from
    `elder` (reason 'close'): the stacks, the pot (0) and the transfers (docs/chip-policy.md)."""
    n = len(stacks)
    here = present if present is not None and any(present) else (True,) * n
    order = [(elder + i) % n for i in range(n) if here[(elder + i) % n]]
    shares = split_evenly(pot, len(order))
    close = tuple(Transfer(POT, s, a, "close") for s, a in zip(order, shares, strict=True) if a)
    stacks, pot = apply_transfers(stacks, pot, close)
    return stacks, pot, close


def dump_moved(moved: Sequence[Transfer]) -> list[Json]:
    """Transfers as JSON-safe data."""
    return [[t.src, t.dst, t.amount, t.reason] for t in moved]


def load_moved(data: Iterable[tuple[int, int, int, str]]) -> tuple[Transfer, ...]:
    """Transfers from dump_moved's data."""
    return tuple(Transfer(*t) for t in data)


def dump_table(st: DepartingState, last: object) -> JsonDict:
    """A frozen state whose fields are tuples, its `last` deal (a frozen dataclass or None)
    and its moved transfers, as JSON-safe data."""
    data = dump_frozen(st)
    data["last"] = None if last is None else dump_frozen(last)
    data["moved"] = dump_moved(st.moved)
    return data


def load_table(cls: type[D], last_cls: type[L], data: Dumped) -> D:
    """The state of class `cls` (with its last deal of class `last_cls`) from dump_table's
    data."""
    blank = {"departed": [], **data, "last": None, "moved": []}
    st = load_frozen(cls, blank)
    last = data["last"]
    loaded: D = replace(  # type: ignore[type-var]
        st,
        last=None if last is None else load_frozen(last_cls, last),
        moved=load_moved(data["moved"]),
    )
    return loaded
