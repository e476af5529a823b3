"""A tournament's standings as a picture: the title and where the tournament stands, then
one line per player with their place, name, match points, Buchholz, game points, games
(and byes) and, when any line has one, the prize they won.

The caller fills a `StandingsSheet` with names and numbers, best first, so this module
knows nothing of tournaments beyond them. Players who left or forfeited are dimmed and
marked "(out)"; on the final standings the winner's line is outlined. Past the sheet's
cap a last line says how many more players there are, so the picture stays a size
Discord shows whole.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from render import _theme as theme
from render._board import (
    DASH,
    HEAD_H,
    LOSS,
    MARGIN,
    TITLE_H,
    Column,
    blank,
    headings,
    more_line,
    rank_disc,
    stripe,
    title_band,
)
from render._picture import Picture, encode
from render._text import RGB, draw_fitted, font, text_width

WIDTH = 900
ROW_H = 40
RANK_X, NAME_X = MARGIN + 36, MARGIN + 72
OUT = "(out)"
OUT_COLOUR = theme.BADGES["out"]
"""Players out of the tournament are drawn in the grey of an "out" badge."""
WIDTHS = {"MP": 60, "Buchholz": 104, "Games": 124, "Prize": 100}
UNIT_W = 104
"""How wide each number column is; the game points column is headed by the unit."""


@dataclass(frozen=True, slots=True)
class StandingLine:
    """One player's line: their place (shared places repeat: 1, 1, 3), display name and
    figures; `dropped` for a player who left or forfeited; `prize` in chips, shown when
    above 0."""

    place: int
    name: str
    match_points: int
    buchholz: int
    game_points: int
    """May be negative: chips lost at chip tables."""
    games: int
    byes: int
    dropped: bool
    prize: int = 0


@dataclass(frozen=True, slots=True)
class StandingsSheet:
    """What a standings picture shows: a title ("Spring Cup · Tilters"), a subtitle
    ("Swiss · after round 3 of 5"), the lines best first, what game points are ("points"
    or "chips"), at most `cap` lines, and whether these are the final standings."""

    title: str
    subtitle: str
    lines: tuple[StandingLine, ...]
    unit: str = "points"
    cap: int = 50
    final: bool = False

    def __post_init__(self) -> None:
        assert self.cap >= 1, "a standings picture shows at least one line"


def render_standings(sheet: StandingsSheet) -> Picture:
    """The standings as a picture: the title band, the headings, a line per player up to
    the cap, and a count of the rest."""
    shown = sheet.lines[: sheet.cap]
    more = len(sheet.lines) - len(shown)
    top = TITLE_H + MARGIN // 2
    rows = max(1, len(shown)) + (1 if more else 0)
    canvas, draw = blank(top + HEAD_H + ROW_H * rows + MARGIN, WIDTH)
    title_band(draw, sheet.title, sheet.subtitle, WIDTH)
    columns = _columns(sheet)
    headings(draw, top, [("#", RANK_X - 6), ("Player", NAME_X)], columns)
    y = top + HEAD_H
    if not shown:
        more_line(draw, y + ROW_H // 2, "No one has joined yet.", WIDTH)
    for i, line in enumerate(shown):
        _line(draw, y + i * ROW_H, line, sheet, columns, i % 2 == 1)
    if more:
        more_line(draw, y + len(shown) * ROW_H + ROW_H // 2, f"… and {more:,} more", WIDTH)
    return encode(canvas, "standings")


def _columns(sheet: StandingsSheet) -> list[Column]:
    """The number columns' headings and right edges, laid from the right margin leftwards;
    the prize column only when someone won one."""
    labels = ["MP", "Buchholz", sheet.unit.capitalize(), "Games"]
    if any(line.prize > 0 for line in sheet.lines):
        labels.append("Prize")
    right = WIDTH - MARGIN - 12
    out: list[Column] = []
    for label in reversed(labels):
        out.append((label, right))
        right -= WIDTHS.get(label, UNIT_W)
    return out[::-1]


def _line(
    draw: ImageDraw.ImageDraw,
    y: int,
    line: StandingLine,
    sheet: StandingsSheet,
    columns: Sequence[Column],
    shaded: bool,
) -> None:
    """One player's line: place, name (and "(out)"), then the figures under their heads."""
    winner = sheet.final and line.place == 1
    stripe(draw, y, ROW_H, shaded, theme.ACTIVE if winner else None, WIDTH)
    cy = y + ROW_H // 2
    rank_disc(draw, (RANK_X, cy), line.place)
    for (label, right), (text, colour) in zip(columns, _cells(line, sheet), strict=False):
        room = WIDTHS.get(label, UNIT_W) - 8
        face = font(19, bold=label == "MP")
        shade = OUT_COLOUR if line.dropped else colour
        draw_fitted(draw, (right, cy), text, face, shade, room, "rm")
    first_left = columns[0][1] - WIDTHS.get(columns[0][0], UNIT_W)
    _name(draw, cy, line, winner, first_left - NAME_X - 12)


def _name(draw: ImageDraw.ImageDraw, cy: int, line: StandingLine, winner: bool, room: int) -> None:
    """The player's name cut to the room, gold for the winner, dimmed with "(out)" after
    it for a player who is out."""
    face = font(19)
    if not line.dropped:
        colour = theme.GOLD_TEXT if winner else theme.TEXT
        draw_fitted(draw, (NAME_X, cy), line.name, face, colour, room, "lm")
        return
    small = font(17, bold=False)
    out_w = text_width(OUT, small) + 8
    name_w = draw_fitted(draw, (NAME_X, cy), line.name, face, OUT_COLOUR, room - out_w, "lm")
    gap = 8 if name_w else 0
    draw_fitted(draw, (NAME_X + name_w + gap, cy), OUT, small, OUT_COLOUR, out_w, "lm")


def _cells(line: StandingLine, sheet: StandingsSheet) -> list[tuple[str, RGB]]:
    """The line's figures in words with their colours, in column order; the prize cell is
    dropped by the caller's columns when no one won one."""
    if line.game_points < 0:
        points = (f"{line.game_points:,}", LOSS)
    elif line.game_points > 0 and sheet.unit == "chips":
        points = (f"+{line.game_points:,}", theme.GOLD_TEXT)
    else:
        points = (f"{line.game_points:,}", theme.TEXT)
    games = f"{line.games:,}"
    if line.byes:
        games += f" + {line.byes} bye" + ("" if line.byes == 1 else "s")
    prize = (f"{line.prize:,}", theme.GOLD_TEXT) if line.prize > 0 else (DASH, theme.MUTED)
    return [
        (f"{line.match_points:,}", theme.TEXT),
        (f"{line.buchholz:,}", theme.MUTED),
        points,
        (games, theme.TEXT),
        prize,
    ]
