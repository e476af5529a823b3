"""What the list pictures share (the leaderboard, the `/stats` record, a tournament's
standings): their width and margin, the title band, striped rows, rank discs with medals
for the first three, column headings, the closing "and N more" line, and the colours and
dash that figures use.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from render import _theme as theme
from render._text import RGB, draw_fitted, font

WIDTH = 760
MARGIN = 20
TITLE_H = 84
"""The height of a title band that holds a subtitle."""
HEAD_H = 36
MEDALS: dict[int, RGB] = {1: (232, 184, 40), 2: (196, 200, 208), 3: (200, 128, 64)}
LOSS: RGB = (255, 140, 130)
"""Chips or points lost."""
DASH = "\u2013"
"""An en dash: what a figure that does not apply shows."""

Column = tuple[str, int]
"""A column's heading and the x its edge sits at."""


def blank(height: int, width: int = WIDTH) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A fresh picture of this size (the shared width unless told) in the room's colour."""
    canvas = Image.new("RGB", (width, height), theme.ROOM)
    return canvas, ImageDraw.Draw(canvas)


def title_band(draw: ImageDraw.ImageDraw, title: str, subtitle: str, width: int = WIDTH) -> None:
    """The band across the top: the title large, the subtitle muted beneath it."""
    draw.rectangle((0, 0, width, TITLE_H - 1), fill=theme.BAND)
    room = width - 2 * MARGIN
    draw_fitted(draw, (MARGIN, 14), title, font(30), theme.TEXT, room)
    draw_fitted(draw, (MARGIN, 54), subtitle, font(18, bold=False), theme.MUTED, room)


def stripe(
    draw: ImageDraw.ImageDraw,
    y: int,
    height: int,
    shaded: bool,
    outline: RGB | None = None,
    width: int = WIDTH,
) -> None:
    """A row's panel, alternate rows shaded, outlined when it is the one to see."""
    box = (MARGIN, y + 2, width - MARGIN, y + height - 2)
    draw.rectangle(box, fill=theme.PANEL if shaded else theme.BAND)
    if outline is not None:
        draw.rectangle(box, outline=outline, width=3)


def rank_disc(draw: ImageDraw.ImageDraw, centre: tuple[int, int], rank: int) -> None:
    """The rank at centre, in a gold, silver or bronze disc for the first three."""
    cx, cy = centre
    medal = MEDALS.get(rank)
    if medal:
        draw.ellipse(
            (cx - 17, cy - 17, cx + 17, cy + 17), fill=medal, outline=theme.DARK_TEXT, width=2
        )
    colour = theme.DARK_TEXT if medal else theme.MUTED
    draw_fitted(draw, centre, str(rank), font(18 if rank < 1000 else 14), colour, 60, "mm")


def headings(
    draw: ImageDraw.ImageDraw, y: int, lefts: Sequence[Column], columns: Sequence[Column]
) -> None:
    """Column headings: each of `lefts` (a label and its left x), then each number
    column's label over its right edge."""
    face = font(16)
    cy = y + HEAD_H // 2
    for label, left in lefts:
        draw_fitted(draw, (left, cy), label, face, theme.MUTED, 200, "lm")
    for label, right in columns:
        draw_fitted(draw, (right, cy), label, face, theme.MUTED, 100, "rm")


def more_line(draw: ImageDraw.ImageDraw, cy: int, text: str, width: int = WIDTH) -> None:
    """The closing line that says how many rows were left out, centred at height cy."""
    face = font(18, bold=False)
    draw_fitted(draw, (width // 2, cy), text, face, theme.MUTED, width - 2 * MARGIN, "mm")
