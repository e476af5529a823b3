"""A Stops game's page: the data a game of the family is made of, and the family's only
public way to declare one.

RULES.md §10-§12. A page says which cards are stripped and which always stop, the rank
order, the board's places (`Place`: what each is and which card wins it), who dresses
the board each deal and how (`Dressing`), where the spare hand is dealt, how a deal is
settled and what happens after a stop. Each game's folder holds its own page; the family
code reads these fields and never asks which game it is. A fourth game (Pope Joan,
Boodle, Saratoga) is another page: tests/games/stops/fourth/ is one, made of data alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.games.cards import FRENCH_RANKS

LOW: tuple[str, ...] = FRENCH_RANKS
"""Aces low: A 2 ... 10 J Q K."""
HIGH: tuple[str, ...] = (*FRENCH_RANKS[1:], "A")
"""Aces high: 2 ... 10 J Q K A."""

FIRST, BEFORE_DEALER, LAST = "first", "before dealer", "last"
"""Where the spare hand gets its card in each round of the deal: before elder's, just
before the dealer's own, or after the dealer's."""


@dataclass(frozen=True, slots=True)
class Place:
    """One place on the board: a card from a second pack, face up all game long, that
    chips are laid on; playing the card that wins it sweeps them."""

    card: str
    """The card that marks the place (and, unless `won_by` says otherwise, wins it)."""
    name: str = ""
    """What the place is called where the picture names it ('Pope', 'Matrimony'); empty
    where the card alone says what it is (Newmarket's and Michigan's boodles)."""
    won_by: str = ""
    """The card of the pack whose play sweeps the place; the one matching `card` if empty."""

    @property
    def taker(self) -> str:
        """The card whose play sweeps this place."""
        return self.won_by or self.card


@dataclass(frozen=True, slots=True)
class Dressing:
    """Who dresses the board each deal, and how: every player dealt in, the dealer's
    share multiplied; chips spread over the places at will, or a fixed number on each."""

    at_will: bool = True
    """Each player spreads his stake over the places as he likes (before the deal, or
    after it by option); else `stake` chips go on every place, laid by the dealer's deal."""
    stake: int = 4
    """Chips a player spreads (at will) or lays on each place (fixed), unless an option
    sets them."""
    dealer_times: int = 1
    """The dealer's stake is this many times the others' (2 in 1885 and Michigan)."""
    pool: int = 0
    """Chips each player also puts in the pool every deal, won by the first out."""

    def __post_init__(self) -> None:
        # The front ends' staking controls know one multiple: the dealer's double.
        assert self.dealer_times in (1, 2), self.dealer_times


@dataclass(frozen=True, slots=True)
class StopsRules:
    """One Stops game's page (RULES.md §10-§12)."""

    places: tuple[Place, ...]
    """The board's places, in the order the board shows them."""
    dressing: Dressing
    without: tuple[str, ...] = ()
    """Cards stripped from the 52-card pack."""
    fixed_stops: tuple[str, ...] = ()
    """Cards that are always stops (their successor is stripped)."""
    aces_high: bool = False
    spare_at: str = BEFORE_DEALER
    per_card: bool = True
    """The first out is paid one chip for each card left in every other hand."""
    turn_down: bool = False
    """Played cards are turned face down at each stop (only the sequence shows)."""
    switch_suit: bool = False
    """After a stop the next lead must be of another suit, the turn passing left if the
    stopper has none (Michigan)."""
    widow: bool = False
    """The dealer may exchange his hand for the spare one, or auction it (Michigan)."""
    boodle: tuple[str, ...] = field(init=False, compare=False, repr=False)
    """The places' cards, in the board's order (worked out once)."""
    takers: dict[str, int] = field(init=False, compare=False, repr=False)
    """Each card whose play sweeps a place, with the place's index (worked out once)."""

    def __post_init__(self) -> None:
        assert self.places, "a Stops page needs a board"
        assert self.spare_at in (FIRST, BEFORE_DEALER, LAST), self.spare_at
        takers = {p.taker: i for i, p in enumerate(self.places)}
        assert len(takers) == len(self.places), "two places are won by the same card"
        # The page is frozen; the derived tables are set once here, as the constructor would.
        object.__setattr__(self, "boodle", tuple(p.card for p in self.places))
        object.__setattr__(self, "takers", takers)

    @property
    def order(self) -> tuple[str, ...]:
        """The ranks from lowest to highest."""
        return HIGH if self.aces_high else LOW
