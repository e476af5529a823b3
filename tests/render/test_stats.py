"""The /stats picture: an opaque PNG of a fixed width, growing a row per game up to its
limit, with every figure of the sheet drawn on it."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

import render._board
import render._text
import render.stats
from render import StatsRow, StatsSheet, render_stats
from render._board import DASH, WIDTH
from render.stats import MAX_ROWS, ROW_H

ROWS = (StatsRow("Black Joke", 5, 2, 340, 120), StatsRow("The Clock", 12, 7), StatsRow("T", 3, 0))


def sheet(rows: tuple[StatsRow, ...] = ROWS, **changes: Any) -> StatsSheet:
    """A sheet of Alice's with the given rows."""
    fields: dict[str, Any] = {
        "name": "Alice",
        "subtitle": "Parlour Test · every game",
        "rows": rows,
        "best_win": "+180 chips",
        "best_at": "Black Joke",
        "streak": 4,
        "favourite": "The Clock",
    }
    return StatsSheet(**(fields | changes))


def decoded(data: bytes) -> Image.Image:
    """The PNG, checked opaque."""
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and image.mode == "RGB"
    assert "transparency" not in image.info
    return image


@pytest.fixture
def texts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the picture draws, in order (they are still drawn)."""
    seen: list[str] = []
    real = render._text.draw_fitted

    def spy(draw: Any, xy: Any, text: str, *args: Any) -> float:
        seen.append(text)
        return real(draw, xy, text, *args)

    for module in (render.stats, render._board):  # the title and count lines are shared
        monkeypatch.setattr(module, "draw_fitted", spy)
    return seen


def test_the_record_is_an_opaque_png_of_the_stated_size(texts: list[str]) -> None:
    picture = render_stats(sheet())
    image = decoded(picture.data)
    assert picture.filename == "stats.png" and picture.content_type == "image/png"
    assert image.size == (picture.width, picture.height) and picture.width == WIDTH
    # The name, each tile, the headings and each row's figures are drawn.
    for text in ["Alice", "Parlour Test · every game", "9 won", "of 20 played"]:
        assert text in texts
    for text in ["+180 chips", "at Black Joke", "4 wins", "in a row", "The Clock"]:
        assert text in texts
    assert texts[texts.index("Black Joke") :][:6] == ["Black Joke", "5", "2", "40%", "+340", "-120"]
    clock = texts.index("The Clock", texts.index("Chips lost"))
    assert texts[clock : clock + 6] == ["The Clock", "12", "7", "58%", DASH, DASH]
    assert texts[-6:] == ["T", "3", "0", "0%", DASH, DASH]


def test_each_game_adds_a_row_and_many_games_end_in_a_count(texts: list[str]) -> None:
    one = render_stats(sheet(ROWS[:1]))
    three = render_stats(sheet())
    assert three.height - one.height == 2 * ROW_H
    many = tuple(StatsRow(f"Game {i}", 1, 0) for i in range(MAX_ROWS + 3))
    full = render_stats(sheet(many))
    assert full.height == one.height + MAX_ROWS * ROW_H  # MAX_ROWS rows and the count line
    assert texts[-1] == "and 3 more games" and "Game 20" not in texts
    decoded(full.data)


def test_long_words_and_an_empty_record_still_draw(texts: list[str]) -> None:
    long = sheet(
        (StatsRow("W" * 80, 10**6, 10**6, 10**9, 10**9),), name="Z" * 90, favourite="F" * 60
    )
    decoded(render_stats(long).data)
    blank = sheet((), best_win="", best_at="", streak=0, favourite="")
    texts.clear()
    empty = render_stats(blank)
    assert texts[2:7] == ["Tables", "0 won", "of 0 played", "Best win", DASH]  # a dash: none
    assert decoded(empty.data).height < render_stats(sheet(ROWS[:1])).height
