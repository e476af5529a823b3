"""Quinto's game at 250, the rubber of three and its bonuses (RULES.md §13)."""

from __future__ import annotations

from bot.games.french.quinto.match import final_totals, game_winner, rubber_winner


def test_game_goes_to_the_side_past_250_at_hand_end() -> None:
    """Exactly 250 is not past it; the higher total wins when both pass; equal plays on."""
    assert game_winner((250, 100)) is None
    assert game_winner((255, 100)) == 0
    assert game_winner((260, 280)) == 1
    assert game_winner((260, 260)) is None


def test_rubber_is_best_of_three() -> None:
    """Two games win the rubber."""
    assert rubber_winner((1, 1)) is None
    assert rubber_winner((0, 2)) == 1


def test_rubber_bonus_and_the_lone_dealers_opponents_25() -> None:
    """The winner adds 100; against a lone dealer (side 0) the partnership adds 25."""
    assert final_totals((300, 200), 0, None) == (400, 200)
    assert final_totals((300, 200), 0, 0) == (400, 225)
