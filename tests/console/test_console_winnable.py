"""Winnable deals at the terminal: `parlour play GAME --winnable` deals a deal the solver
proves won, says at the start that it was chosen among winnable ones, and tells at the
end how to check it; with a seed, or for a game that is no patience, it is refused
before any table is touched."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bot.cli import main
from bot.console._loop import play_main
from bot.games import registry
from bot.tables.winnable import CHOSEN, SEEDED
from tests.console.test_console import typed


async def test_a_winnable_clock_says_so_and_comes_out(tmp_path: Path) -> None:
    out = io.StringIO()
    game = registry.get("clock")
    code = await play_main(
        game, 1, {}, None, None, tmp_path / "p.db", read_line=typed("auto"), out=out, winnable=True
    )
    text = out.getvalue()
    assert code == 0 and CHOSEN in text
    assert "Game over. Won" in text and "parlour solve clock --seed" in text


@pytest.mark.parametrize(
    ("argv", "refusal"),
    [
        (["play", "clock", "--winnable", "--seed", "4"], SEEDED),
        (["play", "black-joke", "--winnable"], "Winnable deals are for patience games"),
    ],
)
def test_winnable_with_a_seed_or_a_chip_game_is_refused(
    argv: list[str], refusal: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main([*argv, "--db", str(tmp_path / "p.db")])
    assert code != 0 and refusal in capsys.readouterr().err
    assert not (tmp_path / "p.db").exists()
