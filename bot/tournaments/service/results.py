"""How a tournament table ended, read off its game: each seat's place and game points.

- A finished game: its winners take 1st; the other seats follow by their score (the
  chips won or lost at a chip table, Quien Sabe's soft score, a game's points), in the
  direction the game counts — when the winners hold the lowest score, lower is better.
- A game stopped before its end (a moderator, or everyone left): those who left share
  the last place, the others share 1st, and their game points are the chips won or lost
  so far (0 in a points game).
- A player who withdrew (`left`: they left the table or the tournament before the table
  ended; the AI played their seat on) ranks below every seat that did not, whatever the
  cards said; withdrawn players are ordered among themselves as the game ended.
- A player who never came (`forfeits`: no move of their own at the table) takes the last
  place whatever the cards said, below everyone else.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games import ChipGame, Game, Outcome
from bot.tournaments.service.models import SeatResult


def result_of(
    game: Game[object],
    state: object,
    left: Sequence[bool],
    forfeits: Sequence[int],
    stack: int,
) -> SeatResult:
    """The result of a table: its game and last state, which seats withdrew before the
    end, which forfeited, and the equal stack a chip table began from."""
    outcome = game.outcome(state) if state is not None else None
    if outcome is not None:
        points = list(_game_points(outcome))
        keys = _finished_keys(outcome, points)
    else:
        points = list(_so_far(game, state, stack, len(left)))
        keys = [0.0 for _ in left]  # stopped: those still there share first
    # the seats that stayed, then those who withdrew, then the forfeits sharing the last
    # place: a leaver's chips, won before they left or by the AI after, never rank them
    tiers = [
        (2, 0.0) if i in forfeits else (1 if gone else 0, keys[i]) for i, gone in enumerate(left)
    ]
    return SeatResult(places=ranking(tiers), points=tuple(points), forfeits=tuple(forfeits))


def ranking(keys: Sequence[tuple[float, float]]) -> tuple[int, ...]:
    """Competition places from sort keys (pairs, compared in order), lower first: equal
    keys share a place, and the next place skips as many as shared (1, 1, 3)."""
    return tuple(1 + sum(other < key for other in keys) for key in keys)


def _game_points(outcome: Outcome) -> tuple[int, ...]:
    """What the game counted per seat: a soft score when it keeps one, else its points."""
    return outcome.scores or outcome.points


def _finished_keys(outcome: Outcome, points: Sequence[int]) -> list[float]:
    """Sort keys for a finished game: winners first, then by score in the game's sense."""
    winners = set(outcome.winners)
    others = [p for i, p in enumerate(points) if i not in winners]
    won = [p for i, p in enumerate(points) if i in winners]
    lower_wins = bool(won and others) and max(won) < min(others)
    keys: list[float] = []
    for i, p in enumerate(points):
        if i in winners:
            keys.append(float("-inf"))
        else:
            keys.append(p if lower_wins else -p)
    return keys


def _so_far(game: Game[object], state: object, stack: int, seats: int) -> tuple[int, ...]:
    """Chips won or lost so far at a chip table (0 each elsewhere, or before a deal)."""
    if state is None or not isinstance(game, ChipGame):
        return (0,) * seats
    return tuple(s - stack for s in game.stacks(state))
