"""Quinto's game and rubber (RULES.md §13.1, §13.2): a game goes to the first side past 250,
checked at the end of a hand (our choice: the higher total if both pass, another hand if
equal); a rubber is the best of three games with a 100-point bonus; in the three-player
game the dealer's opponents add 25 to their final total.
"""

from __future__ import annotations

GAME_TARGET = 250
RUBBER_BONUS = 100
GAMES_TO_WIN = 2
LONE_HAND_BONUS = 25


def game_winner(totals: tuple[int, int], target: int = GAME_TARGET) -> int | None:
    """The side (0 or 1) that has won the game at a hand's end, or None to play another hand."""
    passed = [side for side in (0, 1) if totals[side] > target]
    if not passed or totals[0] == totals[1]:
        return None
    return 0 if totals[0] > totals[1] else 1


def rubber_winner(games: tuple[int, int]) -> int | None:
    """The side that has won two games of the rubber, or None while it goes on."""
    for side in (0, 1):
        if games[side] >= GAMES_TO_WIN:
            return side
    return None


def final_totals(points: tuple[int, int], winner: int, lone_side: int | None) -> tuple[int, int]:
    """The rubber's totals: the winner's 100 bonus, 25 to the side against a lone dealer."""
    totals = list(points)
    totals[winner] += RUBBER_BONUS
    if lone_side is not None:
        totals[1 - lone_side] += LONE_HAND_BONUS
    return totals[0], totals[1]
