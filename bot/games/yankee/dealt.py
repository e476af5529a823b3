"""The game object that Bunkum, Jockey Club and Quien Sabe share: a chip game at table
stakes whose every deal begins with its dealer's action 'deal' (docs/chip-policy.md).

Until that action nobody has seen a card of the deal and no chip has moved, so a stack may
change or a seat leave at once, and the waiting deal is seated again around it; after it,
such changes wait for the deal's end. Here are the parts of such a game object that do not
depend on its rules: the 'deal' action itself, the result, the JSON form, the stack changes,
the seats at the table and the refunds of a deal cut short. Each game names its own hooks
(when the deal is awaited, what the deal does, how the deal is seated again, what each seat
has put in) and keeps its own actions and sentences. `closing_facts`, `whole_number` and
`rounds_option` also serve Black Joke, a chip game without a dealer's deal.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from bot.games.base import Outcome
from bot.games.chips import Transfer
from bot.games.errors import IllegalAction
from bot.games.options import Option
from bot.games.rng import deal_seed
from bot.games.stakes import (
    DEAL_USAGE,
    ChipView,
    DepartingState,
    StakesGame,
    at_table,
    check_seat,
    chip_outcome,
    depart,
    dump_table,
    load_table,
    refunds,
    restack,
)


class DealtState(DepartingState, Protocol):
    """What the shared game object reads of a dealt chip game's state, besides the stakes."""

    @property
    def last(self) -> object:
        """The last deal as kept for the views (a frozen dataclass), or None."""
        ...


S = TypeVar("S", bound=DealtState)


class DealtGame(StakesGame[S]):
    """A chip game whose deals begin with the dealer's 'deal'; the game over once
    `state.turn` is -1. A subclass sets `state_type`, `last_type` and `wait`, and gives
    the hooks from `to_deal` down."""

    state_type: type[S]
    """The game's state class (for `load`)."""
    last_type: type[Any]
    """The class of the state's `last` deal (for `load`)."""
    wait: str
    """Until when a stack change waits once a deal has begun, as a player is told."""

    # The hooks below that are plain functions of the state are attributes, so that a game
    # names its flow's own functions (as staticmethods) without a method around each.
    to_deal: Callable[[S], bool]
    """Whether the dealer's deal is awaited (the game not over)."""
    deal_out: Callable[[S], S]
    """The dealer's deal: the antes in, then the cards dealt."""
    reseat: Callable[[S], S]
    """The waiting deal, not dealt yet, seated again around changed stacks."""

    @abstractmethod
    def put_in(self, state: S) -> Sequence[int]:
        """What each seat has put in the pot during the current deal (its refunds)."""

    @abstractmethod
    def check_turn(self, state: S, seat: int, action: object) -> None:
        """Refuse a seat that may not act now, saying why."""

    @abstractmethod
    def offers(self, state: S, seat: int) -> list[str]:
        """The awaited seat's actions once the cards are dealt, sorted."""

    @abstractmethod
    def act(self, state: S, seat: int, action: str) -> S:
        """The state after the awaited seat's action once the cards are dealt (checked by
        `check_turn`; the rest of the checks are the game's)."""

    def legal_actions(self, state: S, seat: int) -> list[str]:
        """'deal' for the dealer while the deal is awaited, else the game's own actions."""
        if state.turn < 0 or seat != state.turn:
            return []
        if self.to_deal(state):
            return ["deal"]
        return self.offers(state, seat)

    def apply(self, state: S, seat: int, action: str) -> S:
        """The state after the dealer deals, or after the awaited seat's own action."""
        self.check_turn(state, seat, action)
        if self.to_deal(state):
            if action != "deal":
                raise IllegalAction(DEAL_USAGE)
            return self.deal_out(state)
        return self.act(state, seat, action)

    def outcome(self, state: S) -> Outcome | None:
        """Once over: each seat's chips won or lost, the biggest winners, the net transfers."""
        if state.turn >= 0:
            return None
        return chip_outcome(state.stacks, state.basis)

    def dump(self, state: S) -> dict[str, Any]:
        """The state as JSON-safe data."""
        return dump_table(state, state.last)

    def load(self, data: Mapping[str, Any]) -> S:
        """The state dumped by dump."""
        return load_table(self.state_type, self.last_type, data)

    def between_hands(self, state: S) -> bool:
        """Whether the current deal has not begun (its dealer has not dealt: no card seen,
        no chip moved), or the game is over."""
        return state.turn < 0 or self.to_deal(state)

    def adjust_stack(self, state: S, seat: int, delta: int) -> S:
        """A top-up or cash-out between deals; the waiting deal is seated again around it."""
        st = restack(state, seat, delta, self.between_hands(state), self.wait)
        return st if st.turn < 0 else self.reseat(st)

    def leave(self, state: S, seat: int) -> S:
        """The seat leaves for good between deals: its stack goes home, it is dealt no
        more and takes no share of chips left on the table (docs/chip-policy.md)."""
        st = depart(state, seat, self.between_hands(state), self.wait)
        return st if st.turn < 0 else self.reseat(st)

    def present(self, state: S) -> tuple[bool, ...]:
        """Per seat, whether it is still at the table."""
        return at_table(state.seats, state.departed)

    def hand_refunds(self, state: S) -> tuple[Transfer, ...]:
        """The pot gives back what each seat put in during the current deal (a pot carried
        from earlier deals stays)."""
        if self.between_hands(state):
            return ()
        return refunds(self.put_in(state))


def awaited(state: DealtState, seat: int, over: str) -> bool:
    """Whether `seat` is the one awaited; refused with `over` once the game is over, and
    for a seat the table does not have."""
    if state.turn < 0:
        raise IllegalAction(over)
    check_seat(seat, state.seats)
    return seat == state.turn


def closing_facts(out: ChipView, seed: int, shuffles: int, stacks: tuple[int, ...]) -> None:
    """Add to a finished game's view what anyone may check it by: the seed of each of its
    `shuffles` shuffles, and the final stacks."""
    out["deal_seeds"] = [deal_seed(seed, d) for d in range(shuffles)]
    out["final_stacks"] = list(stacks)


def whole_number(text: str, what: str, zero: str = "") -> int:
    """A number of chips or cards typed in an action: plain digits; refused, naming `what`,
    otherwise or with leading zeros, and with the sentence `zero` (if given) for 0."""
    if not (text.isascii() and text.isdigit()):
        raise IllegalAction(f"Write the {what} as a whole number, like 3: '{text}' is not one.")
    value = int(text)
    if zero and value == 0:
        raise IllegalAction(zero)
    if text != str(value):
        raise IllegalAction(f"Write the {what} without leading zeros, like {value}.")
    return value


def rounds_option(deals: str = "deals") -> Option:
    """The option every chip game of the family has for its length: rounds of deals, in
    each of which every seat `deals` (or banks) once."""
    return Option(
        "rounds",
        1,
        f"Rounds of deals; in each round every seat {deals} once.",
        minimum=1,
        maximum=20,
    )
