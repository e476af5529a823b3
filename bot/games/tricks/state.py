"""The part of the state every trick game shares: a frozen dataclass its state builds on.

A trick game's state class derives from `TrickState`, naming the type of its trump
(`TrickState[str]`, or `TrickState[None]` for a game without one), and declares only its
own fields: its options, and what its deal adds (a stock, a call, the last deal's score).
The fields here keep their names in every game's dump, so a state stored before this part
existed loads as it was saved. The part holds no defaults: every game sets each field. It
is a `state_part` (bot/games/state.py): only a game's state class, frozen itself, is made.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from bot.games.state import state_part

Trump = TypeVar("Trump", bound=str | None, covariant=True)
"""A game's trump: a suit (str), or None in a game that has no trump. Covariant, as a
state is read-only: any trick state is a `TrickState[str | None]`, which shared code takes."""


@state_part
@dataclass(frozen=True, slots=True)
class TrickState(Generic[Trump]):
    """The seed, the deal, trump, the hands, the trick in play, what each side has won,
    the scores, the last trick and the winners, as every trick game keeps them."""

    seed: int
    deal: int
    """Deals started; the current deal's shuffle is number deal - 1."""
    dealer: int
    trump: Trump
    turned: tuple[str, ...]
    """The dealer's face-up cards that fixed trump (every seat has seen them)."""
    hands: tuple[tuple[str, ...], ...]
    players: tuple[int, ...]
    """The seats in the current trick, in play order (the leader first); () when over."""
    trick: tuple[str, ...]
    won: tuple[tuple[str, ...], ...]
    """Per side, the cards of the tricks it has won this deal."""
    tricks: tuple[int, ...]
    """Per side, tricks won this deal."""
    scores: tuple[int, ...]
    """Per side, the game score."""
    last: tuple[str, ...]
    """The last completed trick (possibly of the previous deal), its owners and winner
    (-1 before any)."""
    last_owners: tuple[int, ...]
    last_winner: int
    winners: tuple[int, ...]
    """The winning sides; the game is over when this is not empty."""
