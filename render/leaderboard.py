"""A server leaderboard: the top ten by rank, name and value, and the caller's own row.

The caller's row is outlined in yellow where it appears; if they are not in the top ten,
it follows after a gap. The first three ranks sit in gold, silver and bronze discs.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from render import _theme as theme
from render._board import MARGIN, WIDTH, rank_disc, stripe
from render._picture import Picture, encode
from render._text import draw_fitted, font

TITLE_H, ROW_H, GAP_H, TOP = 64, 46, 30, 10
Row = tuple[int, str, str]


def render_leaderboard(title: str, rows: Sequence[Row], *, you: Row | None = None) -> Picture:
    """Rank, name and value of the top ten rows, plus `you` after a gap if not among them."""
    top = list(rows[:TOP])
    extra = you is not None and you not in top
    height = TITLE_H + ROW_H * max(1, len(top)) + (GAP_H + ROW_H if extra else 0) + MARGIN
    canvas = Image.new("RGB", (WIDTH, height), theme.ROOM)
    draw = ImageDraw.Draw(canvas)
    draw.rectangle((0, 0, WIDTH, TITLE_H - 1), fill=theme.BAND)
    draw_fitted(draw, (MARGIN, TITLE_H // 2), title, font(28), theme.TEXT, WIDTH - 2 * MARGIN, "lm")
    if not top:
        draw.text(
            (WIDTH // 2, TITLE_H + ROW_H // 2),
            "No one is on the board yet.",
            font=font(20, bold=False),
            fill=theme.MUTED,
            anchor="mm",
        )
    for i, row in enumerate(top):
        _row(draw, TITLE_H + i * ROW_H, row, i % 2 == 1, row == you)
    if extra and you is not None:
        y = TITLE_H + len(top) * ROW_H
        draw.text((WIDTH // 2, y + GAP_H // 2), "⋯", font=font(24), fill=theme.MUTED, anchor="mm")
        _row(draw, y + GAP_H, you, False, True)
    return encode(canvas, "leaderboard")


def _row(draw: ImageDraw.ImageDraw, y: int, row: Row, shaded: bool, mine: bool) -> None:
    """One row: the rank (in a medal for the first three), the name, the value."""
    rank, name, value = row
    stripe(draw, y, ROW_H, shaded, theme.ACTIVE if mine else None)
    cy = y + ROW_H // 2
    rank_disc(draw, (MARGIN + 36, cy), rank)
    value_w = draw_fitted(
        draw, (WIDTH - MARGIN - 16, cy), value, font(22), theme.GOLD_TEXT, 220, "rm"
    )
    name_x = MARGIN + 80
    room = WIDTH - MARGIN - 16 - value_w - 24 - name_x
    draw_fitted(draw, (name_x, cy), name, font(21, bold=mine), theme.TEXT, room, "lm")
