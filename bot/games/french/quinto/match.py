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


def rubber_winner(games: tuple[int, ...], needed: int = GAMES_TO_WIN) -> int | None:
    """The side (or, at three, the player) that has won `needed` games (two of the rubber),
    or None while it goes on."""
    for side, won in enumerate(games):
        if won >= needed:
            return side
    return None


def leader_past(totals: tuple[int, ...], target: int = GAME_TARGET) -> int | None:
    """game_winner for any number of sides (the three-player game scores each player):
    the one side with the highest total when that total is past the target, else None."""
    best = max(totals)
    if best <= target or totals.count(best) > 1:
        return None
    return totals.index(best)


def final_totals(points: tuple[int, int], winner: int, lone_side: int | None) -> tuple[int, int]:
    """The rubber's totals: the winner's 100 bonus, 25 to the side against a lone dealer."""
    totals = list(points)
    totals[winner] += RUBBER_BONUS
    if lone_side is not None:
        totals[1 - lone_side] += LONE_HAND_BONUS
    return totals[0], totals[1]
