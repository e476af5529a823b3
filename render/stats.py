"""A member's record for `/stats` as a picture: their name, four tiles (played and won,
best win, longest streak, favourite game), then one row per game with tables played and
won, the win rate and, at chip games, chips won and lost.

The cog fills a `StatsSheet` with plain words and numbers (game titles, not keys), so this
module knows nothing of records or the registry. Past `MAX_ROWS` games, a last line says
how many more there are: the picture stays a size Discord shows whole.
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
    WIDTH,
    blank,
    headings,
    more_line,
    stripe,
    title_band,
)
from render._picture import Picture, encode
from render._text import draw_fitted, font

TILE_H, ROW_H = 104, 40
MAX_ROWS = 20
COLUMNS = (("Played", 345), ("Won", 420), ("Win %", 500), ("Chips won", 620), ("Chips lost", 730))
"""Each number column's heading and the x its right edge sits at."""


@dataclass(frozen=True, slots=True)
class StatsRow:
    """One game's line: its title, tables played and won, chips won and lost (None when
    the game is not played for chips)."""

    title: str
    played: int
    won: int
    chips_won: int | None = None
    chips_lost: int | None = None


@dataclass(frozen=True, slots=True)
class StatsSheet:
    """What a record picture shows, in words and numbers."""

    name: str
    subtitle: str
    rows: tuple[StatsRow, ...]
    best_win: str
    """The best single win in words ("+180 chips", "42 points"), or empty for none."""
    best_at: str
    """The title of the game the best win was at, or empty."""
    streak: int
    favourite: str
    """The favourite game's title, or empty for none."""


def render_stats(sheet: StatsSheet) -> Picture:
    """The record as a picture: heading, four tiles, and a row per game."""
    shown = sheet.rows[:MAX_ROWS]
    more = len(sheet.rows) - len(shown)
    top = TITLE_H + TILE_H + MARGIN
    height = top + HEAD_H + ROW_H * (len(shown) + (1 if more else 0)) + MARGIN
    canvas, draw = blank(height)
    title_band(draw, sheet.name, sheet.subtitle)
    _tiles(draw, TITLE_H + MARGIN // 2, sheet)
    headings(draw, top, [("Game", MARGIN + 12)], COLUMNS)
    for i, row in enumerate(shown):
        _row(draw, top + HEAD_H + i * ROW_H, row, i % 2 == 1)
    if more:
        y = top + HEAD_H + len(shown) * ROW_H + ROW_H // 2
        more_line(draw, y, f"and {more} more {'game' if more == 1 else 'games'}")
    return encode(canvas, "stats")


def _tiles(draw: ImageDraw.ImageDraw, y: int, sheet: StatsSheet) -> None:
    """The four headline figures side by side, each a label over its value."""
    played = sum(r.played for r in sheet.rows)
    won = sum(r.won for r in sheet.rows)
    streak = f"{sheet.streak:,} win" + ("" if sheet.streak == 1 else "s")
    tiles = [
        ("Tables", f"{won:,} won", f"of {played:,} played"),
        ("Best win", sheet.best_win or DASH, sheet.best_at and f"at {sheet.best_at}"),
        ("Longest streak", streak, "in a row" if sheet.streak else ""),
        ("Favourite", sheet.favourite or DASH, ""),
    ]
    gap = 10
    width = (WIDTH - 2 * MARGIN - gap * (len(tiles) - 1)) // len(tiles)
    small = font(15, bold=False)
    for i, (label, value, note) in enumerate(tiles):
        x = MARGIN + i * (width + gap)
        draw.rectangle((x, y, x + width, y + TILE_H - 10), fill=theme.PANEL)
        draw.rectangle((x, y, x + width, y + 3), fill=theme.ACTIVE)
        cx = x + width // 2
        draw_fitted(draw, (cx, y + 24), label, small, theme.MUTED, width - 12, "mm")
        draw_fitted(draw, (cx, y + 52), value, font(20), theme.GOLD_TEXT, width - 12, "mm")
        if note:
            draw_fitted(draw, (cx, y + 78), note, small, theme.TEXT, width - 12, "mm")


def _row(draw: ImageDraw.ImageDraw, y: int, row: StatsRow, shaded: bool) -> None:
    """One game's row: its title, then its numbers under their headings."""
    stripe(draw, y, ROW_H, shaded)
    cy = y + ROW_H // 2
    first_right = COLUMNS[0][1]
    draw_fitted(draw, (MARGIN + 12, cy), row.title, font(19), theme.TEXT, first_right - 90, "lm")
    for (_, right), (text, colour) in zip(COLUMNS, _cells(row), strict=True):
        draw_fitted(draw, (right, cy), text, font(19, bold=False), colour, 96, "rm")


def _cells(row: StatsRow) -> Sequence[tuple[str, tuple[int, int, int]]]:
    """A row's numbers in words with their colours; a dash where chips do not apply."""
    rate = f"{row.won / row.played:.0%}" if row.played else DASH
    cells = [(f"{row.played:,}", theme.TEXT), (f"{row.won:,}", theme.TEXT), (rate, theme.MUTED)]
    if row.chips_won is None or row.chips_lost is None:
        return [*cells, (DASH, theme.MUTED), (DASH, theme.MUTED)]
    won = (f"+{row.chips_won:,}" if row.chips_won else "0", theme.GOLD_TEXT)
    lost = (f"-{row.chips_lost:,}" if row.chips_lost else "0", LOSS)
    return [*cells, won, lost]
