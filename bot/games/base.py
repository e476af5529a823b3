"""The game contract every Parlour game implements (DESIGN.md "The game contract").

A game object is stateless; a state is an immutable value. `apply` returns a new state
or raises IllegalAction and changes nothing. Views are JSON-safe dicts of what one seat
(or, for `None`, anyone) may see. Chip games add stacks, a pot and the transfers each
action caused, which the table service posts to the ledger in the same transaction.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeAlias, TypedDict, TypeVar

from bot.games.chips import POT, Transfer, split_evenly
from bot.games.errors import IllegalAction
from bot.games.info import Family as Family
from bot.games.info import GameInfo as GameInfo
from bot.games.messages import Text
from bot.games.options import OptionValue, resolve
from bot.games.scene import Scene
from bot.games.state import Dumped, JsonDict


class Staking(TypedDict):
    """A stake to spread over the board's cards (a game with the `staking` capability):
    the chips, the cards, whether the dealer doubles it, and the common spreads by name
    (the words of each, and the action it plays)."""

    total: int
    cards: list[str]
    double: bool
    quick: dict[str, str]


class View(TypedDict, total=False):
    """What a game shows one seat (or anyone): the contract the front ends read.

    Every key is optional: a game fills the ones it has. The picture comes from `scene`;
    the Discord and terminal front ends also read `game`, `title`, `turn`, `news`, `hint`,
    `last`, `result`, `commitment`, `seeds`, the seat's `hand` (and Quinto's `dummy`), and
    the patience keys the console shows (`zones`, `score`, `moves`, `stuck` ...). A game's
    own facts are declared by its family beside its view code, in a TypedDict extending
    this one (bot/games/tricks/facts.py, bot/games/stakes.py's ChipView, ...).
    """

    game: str
    title: str
    turn: int | None
    scene: Scene
    news: str | None
    hint: str | None
    result: str
    commitment: str | None
    seed: str
    seeds: list[str]
    hand: list[str]
    dummy: list[str]
    # The patience and Sympathy keys the console reads from a View.
    score: int
    moves: int
    passes: int
    redeals: int
    privileges: dict[str, int]
    stuck: bool
    out: int | None
    # Any: front ends read these without their shape (the console str()s `last`, reads
    # Sympathy's sides from `players`, hands patience `zones` to a printer of plain dicts),
    # while each family gives them a shape of its own, declared in its facts type (a field
    # of type Any may be narrowed in a TypedDict that extends this one).
    last: Any
    players: Any
    zones: list[Any]
    # What most table games show of a deal: its phase, its number and count, the dealer,
    # a pool, and a standing bid.
    phase: str
    deal: int
    deals: int
    dealer: int
    pool: int
    bid: int
    bidder: int | None
    staking: Staking | None
    """A game with the `staking` capability: the stake the seat spreads now."""


S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game came out."""

    points: tuple[int, ...]
    """Per seat: the final score, or for chip games the chips won (negative: lost)."""
    winners: tuple[int, ...]
    summary: Text
    transfers: tuple[Transfer, ...] = field(default=())
    """Chip games: the net chips that changed hands over the game, seat to seat."""
    scores: tuple[int, ...] = field(default=())
    """A chip game kept on paper instead (Quien Sabe's soft score): each seat's score,
    which front ends show as its result in points."""


class Game(ABC, Generic[S]):
    """One game's rules. Stateless: every method takes the state it works on."""

    info: GameInfo

    def options(self, given: Mapping[str, object] | None) -> dict[str, OptionValue]:
        """The full option values for a new game, refusing unknown names and bad values."""
        return resolve(self.info.options, given)

    def check_seats(self, seats: int) -> None:
        """Refuse a seat count this game cannot be played with."""
        low, high = self.info.min_seats, self.info.max_seats
        if not isinstance(seats, int) or not low <= seats <= high:
            raise IllegalAction(f"{self.info.title} is played by {self.info.seat_range()}.")

    @abstractmethod
    def new(
        self,
        seats: int,
        seed: int,
        options: Mapping[str, object] | None = None,
        deck: Sequence[str] | None = None,
        stacks: Sequence[int] | None = None,
    ) -> S:
        """A new game. `deck` stacks the first deal (top card first); `stacks` are the
        chips each seat brings to a chip game (ignored elsewhere)."""

    @abstractmethod
    def awaiting(self, state: S) -> frozenset[int]:
        """The seats whose decision is awaited; empty when the game is over."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[str]:
        """Every legal action of the seat, sorted; empty if it is not awaited."""

    @abstractmethod
    def apply(self, state: S, seat: int, action: str) -> S:
        """The state after the seat's action, or IllegalAction with the reason; it takes
        a seat's optional actions (below) as well as its legal ones."""

    def optional_actions(self, state: S, seat: int) -> list[str]:
        """The actions a seat not awaited may take now if it wishes (Pip-Pip!'s call
        right after drawing), sorted; `apply` takes them from that seat. They never
        include an awaited seat's (its `legal_actions` hold all it may do); taking one
        changes no seat's turn, and each is open a bounded number of times
        (`GameInfo.max_actions` counts them). A game offering any sets
        `GameInfo.out_of_turn`; by default there are none."""
        return []

    def offering(self, state: S, seats: Iterable[int]) -> list[int]:
        """Those of `seats` that have optional actions now, in the order given: what the
        AI and the table ask at every move, so a game offering them may answer faster
        than by asking each seat."""
        if not self.info.out_of_turn:
            return []
        return [s for s in seats if self.optional_actions(state, s)]

    def actions_now(self, state: S, seat: int) -> list[str]:
        """Every action the seat may take now: its legal actions when it is awaited,
        else its optional actions (what front ends offer and the table service takes)."""
        legal = self.legal_actions(state, seat)
        if legal or not self.info.out_of_turn:
            return legal
        return self.optional_actions(state, seat)

    @abstractmethod
    def view(self, state: S, seat: int | None) -> View:
        """What the seat (or, for None, any onlooker) may see, as a JSON-safe dict."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """The result once the game is over, else None."""

    @abstractmethod
    def dump(self, state: S) -> JsonDict:
        """The state as JSON-safe data; load(dump(s)) == s."""

    @abstractmethod
    def load(self, data: Dumped) -> S:
        """The state dumped by dump."""

    @abstractmethod
    def cards(self, state: S) -> list[str]:
        """Every card of the game wherever it lies (conformance checks none appear or vanish)."""

    @abstractmethod
    def private_cards(self, state: S, seat: int) -> frozenset[str]:
        """The cards only this seat may see now (conformance checks no other view shows them)."""

    def ai_view(self, state: S, seat: int) -> View:
        """What an AI seat decides from: its view, less anything only pictures need (games
        whose view carries a costly scene override this to skip building it)."""
        return self.view(state, seat)

    def is_over(self, state: S) -> bool:
        """Whether the game has ended."""
        return not self.awaiting(state)

    def deal_number(self, state: S) -> int:
        """How many deals have been started (the current deal is deal_number - 1)."""
        return 1

    def describe_action(self, action: str) -> Text:
        """An action in words for buttons and logs (by default, the action itself)."""
        return action

    def announce(self, state: S, seat: int, action: str) -> Text:
        """The seat's action, taken in `state`, in words as everyone at the table may hear
        of it: a card played face down or drawn blind is not named. By default the action
        as `describe_action` words it; a game with hidden plays overrides this."""
        return self.describe_action(action)

    def stats(self, state: S) -> dict[str, int] | None:
        """For a finished game whose players keep statistics (patience): its counters,
        `moves`, `undos`, `hints` and `score`; None (the default) for other games."""
        return None


# Any: a game of whatever state type, as the registry and the front ends hold them (the
# state a game takes is the one it made; Python cannot name "some S" otherwise).
AnyGame: TypeAlias = "Game[Any]"
"""A game of any state type."""


class ChipGame(Game[S]):
    """A game played for chips at table stakes (docs/chip-policy.md)."""

    @abstractmethod
    def stacks(self, state: S) -> tuple[int, ...]:
        """The chips in front of each seat."""

    @abstractmethod
    def pot(self, state: S) -> int:
        """The chips in the pot."""

    @abstractmethod
    def last_transfers(self, state: S) -> tuple[Transfer, ...]:
        """The chip transfers caused by the action (or stack change) that made this state."""

    @abstractmethod
    def between_hands(self, state: S) -> bool:
        """Whether the current hand has not begun, so stacks may change and seats leave at
        once: no chip of it has moved and no card of it has been seen (once one has, the
        hand is under way, and a leave or top-up waits for its end). A game whose first
        decision needs a look at the cards begins each hand with the dealer's `deal`."""

    @abstractmethod
    def adjust_stack(self, state: S, seat: int, delta: int) -> S:
        """A top-up (delta > 0) or cash-out (delta < 0) of a seat's stack between hands."""

    @abstractmethod
    def hand_refunds(self, state: S) -> tuple[Transfer, ...]:
        """The transfers that give back what each seat put in during the current hand."""

    def leave(self, state: S, seat: int) -> S:
        """The seat leaves the table for good, between hands: its whole stack is taken out
        (the table service sends it home), it is dealt no more hands, and it takes no share
        of chips left on the table. By default a cash-out of the whole stack; a game whose
        chips can outlive a deal also marks the seat as gone (see `present`)."""
        return self.adjust_stack(state, seat, -self.stacks(state)[seat])

    def present(self, state: S) -> tuple[bool, ...]:
        """Per seat, whether it is still at the table: every seat unless the game keeps
        track of seats that left."""
        return (True,) * len(self.stacks(state))

    def closing_transfers(self, state: S, pot: int) -> tuple[Transfer, ...]:
        """How `pot` chips left on the layout are shared when the table closes (the chip
        policy: by the game's own rule). By default they are split evenly among the
        seats still at the table (all seats if none is), the odd chips one at a time in seat order
        from seat 0; a game with a rule of its own overrides this."""
        present = self.present(state)
        seats = [s for s, here in enumerate(present) if here] or list(range(len(present)))
        amounts = split_evenly(pot, len(seats))
        return tuple(Transfer(POT, s, a, "close") for s, a in zip(seats, amounts, strict=True) if a)
