"""The facts every trick game's view shows (TrickGame.trick_facts and trick_ai_view), as a
type extending the game contract's View; each trick game extends it with its own keys
beside its view code, and its AI reads that type."""

from __future__ import annotations

from typing import TypedDict

from bot.games.base import View


class LastTrick(TypedDict):
    """The last trick taken: its cards and the seats that played them, in play order."""

    cards: list[str]
    owners: list[int]


class TrickView(View, total=False):
    """A trick table as one seat (or anyone) sees it."""

    seats: int
    deal: int
    dealer: int
    elder: int
    teams: list[int]
    """Each seat's side."""
    trump: str | None
    """The trump suit; None in a game without one (or before it is fixed)."""
    turned: list[str]
    hand_sizes: list[int]
    trick: list[str]
    trick_owners: list[int]
    players: list[int]
    """The seats in the current trick, in play order."""
    tricks: list[int]
    scores: list[int]
    last_trick: LastTrick
    last_winner: int | None
    over: bool
    winners: list[int]
    played: list[str]
    """The cards gone in tricks this deal."""
    target: int
    deal_seeds: list[str]


def trump_of(view: TrickView) -> str:
    """The trump suit of a game that always has one (the Yankee trick games fix it as they
    deal), for its AI."""
    trump = view["trump"]
    assert trump is not None, "this game's trump is fixed at the deal"
    return trump
