"""A Stops game in the terminal: each deal's end ("AI 2 is out! 9 chips paid for cards
left...") is told once, between the deals, and a stop once, in the lead's own words."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path

import pytest

from bot.console import play_main
from bot.games import registry

_LEGAL = re.compile(r"Legal: (.*)")
_OUT = re.compile(r"^(You are|AI \d is) out!")


def first_listed(out: io.StringIO) -> Callable[[], str]:
    """A reader that types the first move of the latest prompt ('pass' before a bid, the
    lowest of a range), or ends the input when there is no prompt."""

    def read() -> str:
        found = _LEGAL.findall(out.getvalue())
        if not found:
            return ""
        moves = found[-1].split(" ... ")[0].split(", ")
        move = "pass" if "pass" in moves else moves[0]
        return re.sub(r"(\d+)\.\.\d+", r"\1", move) + "\n"

    return read


@pytest.mark.parametrize("key", ["newmarket-1885", "newmarket", "michigan"])
async def test_each_deal_end_is_told_once(tmp_path: Path, key: str) -> None:
    out = io.StringIO()
    game = registry.get(key)
    code = await play_main(
        game, 3, {}, 11, None, tmp_path / "p.db", read_line=first_listed(out), out=out
    )
    assert code == 0
    lines = out.getvalue().splitlines()
    assert any(line.startswith("Game over.") for line in lines)
    ends = [line for line in lines if _OUT.match(line)]
    assert len(ends) == 3  # three deals at three seats: two told between, one in the result
    # the board's chips were settled at the close: the last line says who took them
    assert "stay on the board" not in ends[-1]
    assert re.search(r"The \d+ chips left on the board are (shared|drawn by lot): ", ends[-1])
    assert all(a != b for a, b in pairwise(lines) if _OUT.match(a))
    told = [line for line in lines if not line.startswith(("  ", "> ", "Your move"))]
    stops = [line for line in told if line.startswith("Stop: ")]
    assert not stops  # a stop is told in the lead's words: 'AI 1: Lead 5♦ ... Stop: ...'
    assert any(". Stop: the " in line for line in told)
