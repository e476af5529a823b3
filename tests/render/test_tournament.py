"""The tournament standings picture: a golden of final standings, a line per player up to
the cap and a count of the rest, players who are out dimmed, losses in red, the prize
column only when someone won one, and the winner outlined only when the standings are
final."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

import render._board
import render._text
import render.tournament
from render import StandingLine, StandingsSheet, render_standings
from render._board import DASH, HEAD_H, LOSS, MARGIN, TITLE_H
from render._theme import ACTIVE, GOLD_TEXT
from render.tournament import OUT, OUT_COLOUR, ROW_H, UNIT_W, WIDTH, WIDTHS
from tests.render._golden import assert_matches_golden
from tests.render._scenes import NAMES

Drawn = list[tuple[str, Any]]


def line(place: int, name: str, mp: int, **changes: Any) -> StandingLine:
    """A player's line with plain figures unless told otherwise."""
    fields: dict[str, Any] = {
        "buchholz": 10,
        "game_points": 20,
        "games": 3,
        "byes": 0,
        "dropped": False,
        "prize": 0,
    }
    return StandingLine(place, name, mp, **(fields | changes))


FINAL = (
    line(1, NAMES[0], 9, buchholz=14, game_points=120, prize=600),
    line(2, NAMES[1], 6, buchholz=15, game_points=40, prize=360),
    line(2, NAMES[2] + " 山田", 6, buchholz=15, game_points=40, games=2, byes=1, prize=240),
    line(4, NAMES[3], 3, buchholz=12, game_points=-35),
    line(5, NAMES[4], 3, buchholz=9, game_points=-80, dropped=True),
    line(6, NAMES[5], 0, buchholz=11, game_points=-85, games=2, dropped=True),
)


def sheet(lines: tuple[StandingLine, ...] = FINAL, **changes: Any) -> StandingsSheet:
    """The Spring Cup's standings with these lines."""
    fields: dict[str, Any] = {"title": "Spring Cup · Tilters", "subtitle": "After round 3 of 5"}
    return StandingsSheet(lines=lines, **(fields | changes))


def decoded(data: bytes) -> Image.Image:
    """The PNG, checked opaque."""
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and image.mode == "RGB"
    return image


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Drawn:
    """Every text the picture draws with its colour, in order (they are still drawn)."""
    seen: Drawn = []
    real = render._text.draw_fitted

    def spy(draw: Any, xy: Any, text: str, face: Any, fill: Any, *args: Any) -> float:
        seen.append((text, fill))
        return float(real(draw, xy, text, face, fill, *args))

    for module in (render.tournament, render._board):
        monkeypatch.setattr(module, "draw_fitted", spy)
    return seen


def texts(seen: Drawn) -> list[str]:
    """The texts alone."""
    return [text for text, _ in seen]


def test_final_standings_golden() -> None:
    picture = render_standings(sheet(subtitle="Final standings", unit="chips", final=True))
    assert picture.filename == "standings.png" and picture.width == WIDTH
    assert_matches_golden(picture.data, "standings")


def test_every_figure_is_drawn_under_its_heading(drawn: Drawn) -> None:
    render_standings(sheet(unit="chips"))
    words = texts(drawn)
    assert words[:2] == ["Spring Cup · Tilters", "After round 3 of 5"]
    heads = ["#", "Player", "MP", "Buchholz", "Chips", "Games", "Prize"]
    assert words[2:9] == heads
    # a line: place, its figures, then the name; shared places repeat
    assert words[9:16] == ["1", "9", "14", "+120", "3", "600", "Alice"]
    assert words[16:18] == ["2", "6"] and words[23:25] == ["2", "6"]
    assert "2 + 1 bye" in words and "Zoë Ångström 山田" in words  # cleaned as it is drawn


def test_points_columns_are_headed_by_the_unit_and_prizes_only_when_won(drawn: Drawn) -> None:
    unpaid = tuple(line(i, f"P{i}", 9 - i) for i in range(1, 4))
    render_standings(sheet(unpaid))
    words = texts(drawn)
    assert words[2:8] == ["#", "Player", "MP", "Buchholz", "Points", "Games"]
    assert "Prize" not in words and DASH not in words
    assert words[8:14] == ["1", "8", "10", "20", "3", "P1"]  # points are not signed


def test_negative_game_points_are_drawn_as_losses(drawn: Drawn) -> None:
    render_standings(
        sheet((line(1, "Gains", 3, game_points=5), line(2, "Losses", 0, game_points=-1234)))
    )
    assert ("-1,234", LOSS) in drawn
    assert ("20", LOSS) not in drawn and ("5", LOSS) not in drawn


def test_a_player_who_is_out_is_dimmed_and_marked(drawn: Drawn) -> None:
    render_standings(sheet())
    out = [i for i, (text, _) in enumerate(drawn) if text == OUT]
    assert len(out) == 2  # Charlotte and Eve
    charlotte = drawn[out[0] - 7 : out[0] + 1]
    assert texts(charlotte) == ["5", "3", "9", "-80", "3", DASH, NAMES[4], OUT]
    # past the place, every figure of a line that is out is dimmed, the name and mark too
    for index in out:
        assert all(fill == OUT_COLOUR for _, fill in drawn[index - 6 : index + 1])
    # no one else is
    assert all(fill != OUT_COLOUR for _, fill in drawn[: out[0] - 7])


def test_a_long_name_is_cut_and_still_marked_out(monkeypatch: pytest.MonkeyPatch) -> None:
    placed: list[tuple[str, float, float]] = []  # text, left x, width drawn
    real = render._text.draw_fitted

    def spy(draw: Any, xy: Any, text: str, *args: Any) -> float:
        width = float(real(draw, xy, text, *args))
        placed.append((text, xy[0], width))
        return width

    monkeypatch.setattr(render.tournament, "draw_fitted", spy)
    render_standings(sheet((line(1, "W" * 200, 3, dropped=True),)))
    (_, name_x, name_w), (mark, mark_x, mark_w) = placed[-2:]
    mp_left = WIDTH - MARGIN - 12 - sum(WIDTHS.values()) + WIDTHS["Prize"] - UNIT_W
    assert mark == OUT and mark_w > 0
    assert name_x + name_w < mark_x < mark_x + mark_w < mp_left  # cut, so the mark fits


def test_the_winner_is_outlined_only_in_the_final_standings() -> None:
    y = TITLE_H + MARGIN // 2 + HEAD_H + 3  # just inside the first line's panel
    final = decoded(render_standings(sheet(final=True)).data)
    running = decoded(render_standings(sheet()).data)
    assert final.getpixel((MARGIN + 1, y)) == ACTIVE
    assert running.getpixel((MARGIN + 1, y)) != ACTIVE
    second = y + ROW_H
    assert final.getpixel((MARGIN + 1, second)) != ACTIVE  # only the winner's line


def test_the_winner_s_name_is_gold_in_the_final_standings(drawn: Drawn) -> None:
    render_standings(sheet(final=True))
    assert ("Alice", GOLD_TEXT) in drawn and ("Bob the Bold", GOLD_TEXT) not in drawn


def test_one_line_and_a_capped_field_of_128(drawn: Drawn) -> None:
    one = render_standings(sheet(FINAL[:1]))
    field = tuple(
        line(i, f"Player {i}", 128 - i, game_points=i - 64, byes=i % 2, dropped=i % 7 == 0)
        for i in range(1, 129)
    )
    full = render_standings(sheet(field))
    assert full.height == one.height + 50 * ROW_H  # 49 more lines and the count
    words = texts(drawn)
    assert words[-1] == "… and 78 more"
    assert "Player 50" in words and "Player 51" not in words
    small = render_standings(sheet(field, cap=10))
    assert small.height == one.height + 10 * ROW_H and texts(drawn)[-1] == "… and 118 more"
    for picture in (one, full, small):
        assert decoded(picture.data).size == (WIDTH, picture.height)


def test_an_empty_field_says_so(drawn: Drawn) -> None:
    empty = render_standings(sheet(()))
    assert texts(drawn)[-1] == "No one has joined yet."
    assert empty.height == render_standings(sheet(FINAL[:1])).height


def test_a_cap_below_one_is_a_bug() -> None:
    with pytest.raises(AssertionError):
        sheet(cap=0)
