"""The Stops family's view: the keys a Stops table shows beyond the common `View`, typed.

`view.facts` fills it for a seat (or anyone), `view.ai_facts` fills the lean part the AI
decides from. The AI reads these facts and the page of the game the view names (its rules,
which every player knows: the rank order, the cards that always stop), never testing which
game it is. The staking seat's `staking` keeps the common `View`'s type and the shape the Discord
front end reads: total, cards, double, quick.
"""

from __future__ import annotations

from typing import TypedDict

from bot.games.base import View


class BoardPlace(TypedDict):
    """One board place as the table shows it: its card and chips, and how many of those
    were carried over from earlier deals."""

    card: str
    chips: int
    carried: int


class StopsSeat(TypedDict):
    """One seat as everyone sees it: its stack, and whether it is dealt in."""

    stack: int
    in_deal: bool


class StopsView(View, total=False):
    """A Stops table as one seat (or anyone) sees it; every key optional, as in `View`."""

    stake: int
    run: list[list[int | str]]
    """The run of the deal as [seat, card] pairs."""
    stopped: str | None
    hand_sizes: list[int]
    played: list[list[str]]
    widow: str
    seats: list[StopsSeat]
    board: list[BoardPlace]
    leads: list[str]
    """The cards the seat may lead, on its turn to lead."""
    spare: int
    """How many cards the spare (dead) hand holds."""
