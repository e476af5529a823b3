"""Can I still win? at the terminal: 'still' is listed in the help of a patience, its
answer is printed with how it was reached, and the game played out is an assisted one;
a chip game's help does not offer it."""

from __future__ import annotations

from pathlib import Path

from tests.console.test_console import play


async def test_still_is_in_the_help_and_a_whole_assisted_game_follows(tmp_path: Path) -> None:
    text = await play("clock", tmp_path, "help", "still", "auto", seed=3)
    assert "'still' asks 'Can I still win?'" in text
    assert "Yes: this game can still be won" in text and "knowing every card" in text
    assert 'Assisted: "Can I still win?" was asked once.' in text
    assert "Game over. Won" in text and "A perfect game" not in text
    assert 'You: Asked "Can I still win?"' in text and "next;next" not in text


async def test_a_lost_deal_is_told_so_at_the_terminal(tmp_path: Path) -> None:
    text = await play("clock", tmp_path, "next", "still", "resign", seed=0)
    assert "No: this game can no longer be won" in text
    assert "Not even the deal could be won" in text and "Resigned" in text


async def test_a_chip_game_does_not_offer_it(tmp_path: Path) -> None:
    text = await play("black-joke", tmp_path, "help", "quit", seats=2, seed=5)
    assert "Type an action from the list" in text and "still" not in text
