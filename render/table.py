"""The table picture: seats round an oval felt table, the middle, a title and a status line.

Seat 0 sits at the bottom and the others follow clockwise (seat 1 to its left on the
picture), each in a box on the table's rim. The middle is the largest centred rectangle
that no seat box touches: counters along its top, card groups in the middle, text lines
along its foot. The canvas is 1200 x 800, shown by Discord at about half that inline and
at full size when opened; everything that must be read is sized for the half.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.games.scene import Scene
from render import _middle
from render import _theme as theme
from render._picture import Picture, encode
from render._seat import SEAT_H, SEAT_W, Box, draw_seat
from render._text import clean, draw_fitted, font

WIDTH, HEIGHT = 1200, 800
TITLE_H, STATUS_H = 52, 44
MAX_SEATS = 10
MARGIN = 10
ROUNDNESS = (5.0, 4.0, 3.5, 3.0, 2.5, 2.0, 1.8, 1.6)


def _ring(count: int, roundness: float) -> tuple[Box, ...]:
    """Seat boxes on a superellipse (2 = an ellipse, higher = squarer), 0 at the bottom."""
    cx, cy = WIDTH / 2, TITLE_H + (HEIGHT - TITLE_H - STATUS_H) / 2
    rx = WIDTH / 2 - SEAT_W / 2 - 8
    ry = (HEIGHT - TITLE_H - STATUS_H) / 2 - SEAT_H / 2 - 4
    boxes = []
    for i in range(count):
        angle = 2 * math.pi * i / count  # clockwise on the picture, from the bottom
        sin, cos = math.sin(angle), math.cos(angle)
        x = cx - rx * math.copysign(abs(sin) ** (2 / roundness), sin)
        y = cy + ry * math.copysign(abs(cos) ** (2 / roundness), cos)
        boxes.append(Box(round(x - SEAT_W / 2), round(y - SEAT_H / 2), SEAT_W, SEAT_H))
    return tuple(boxes)


@lru_cache(maxsize=MAX_SEATS + 1)
def seat_boxes(count: int) -> tuple[Box, ...]:
    """Where each of count seats sits: seat 0 at the bottom, then clockwise.

    Of a few rings from square-ish to diamond-ish, the one whose boxes do not overlap and
    leave the roomiest middle.
    """
    if not 0 <= count <= MAX_SEATS:
        raise ValueError(f"a table has 1 to {MAX_SEATS} seats, not {count}")
    best, best_score = _ring(count, 2), -1
    for roundness in ROUNDNESS:
        ring = _ring(count, roundness)
        if any(a.overlaps(b) for i, a in enumerate(ring) for b in ring[i + 1 :]):
            continue
        middle = middle_box(ring)
        score = _middle_score(middle)
        if score > best_score:
            best, best_score = ring, score
    return best


def _middle_score(box: Box) -> int:
    """How useful a middle is: its area, counting width up to 800 and height up to 400."""
    return min(box.w, 800) * min(box.h, 400)


def middle_box(seats: Sequence[Box]) -> Box:
    """The largest centred rectangle inside the table that no seat box overlaps."""
    cx, cy = WIDTH // 2, TITLE_H + (HEIGHT - TITLE_H - STATUS_H) // 2
    max_hw, max_hh = WIDTH // 2 - 150, (HEIGHT - TITLE_H - STATUS_H) // 2 - 60
    # How far each seat's near edge lies from the centre, less a margin, across and down.
    gaps = [
        (abs(b.x + b.w // 2 - cx) - b.w // 2 - MARGIN, abs(b.y + b.h // 2 - cy) - b.h // 2 - MARGIN)
        for b in seats
    ]
    best, best_score = Box(cx, cy, 0, 0), -1
    for hh in sorted({max_hh, *(dy for _, dy in gaps if 0 < dy < max_hh)}):
        # Seats reaching into this band of height limit the width; the others do not matter.
        hw = min([max_hw, *(dx for dx, dy in gaps if dy < hh)])
        box = Box(cx - hw, cy - hh, 2 * hw, 2 * hh)
        if hw > 0 and _middle_score(box) > best_score:
            best, best_score = box, _middle_score(box)
    return best


@lru_cache(maxsize=1)
def _background() -> Image.Image:
    """The room, the rim and the felt, with smooth edges (drawn once; copied per picture)."""
    s = 2
    big = Image.new("RGB", (WIDTH * s, HEIGHT * s), theme.ROOM)
    draw = ImageDraw.Draw(big)
    top, bottom = (TITLE_H + 20) * s, (HEIGHT - STATUS_H - 20) * s
    draw.ellipse((40 * s, top, (WIDTH - 40) * s, bottom), fill=theme.RIM_DARK)
    draw.ellipse((46 * s, top + 4 * s, (WIDTH - 46) * s, bottom - 6 * s), fill=theme.RIM)
    draw.ellipse((60 * s, top + 16 * s, (WIDTH - 60) * s, bottom - 16 * s), fill=theme.FELT)
    draw.ellipse((150 * s, top + 70 * s, (WIDTH - 150) * s, bottom - 70 * s), fill=theme.FELT_LIGHT)
    image = big.resize((WIDTH, HEIGHT), Image.Resampling.BOX)
    bands = ImageDraw.Draw(image)
    bands.rectangle((0, 0, WIDTH, TITLE_H - 1), fill=theme.BAND)
    bands.rectangle((0, HEIGHT - STATUS_H, WIDTH, HEIGHT), fill=theme.BAND)
    return image


def _name(names: Sequence[str], index: int) -> str:
    """The seat's player name as the font can draw it, or 'Seat n'."""
    name = clean(names[index]) if index < len(names) else ""
    return name or f"Seat {index + 1}"


def render_table(scene: Scene, names: Sequence[str], *, status: str = "") -> Picture:
    """The scene as a table picture; names[i] is seat i's player, status the line below."""
    return encode(compose_table(scene, names, status=status), "table")


def compose_table(scene: Scene, names: Sequence[str], *, status: str = "") -> Image.Image:
    """The table picture before encoding (render_table encodes it)."""
    seats = scene["seats"]
    boxes = seat_boxes(len(seats))
    canvas = _background().copy()
    draw = ImageDraw.Draw(canvas)
    title_face, status_face = font(28), font(22)
    draw_fitted(
        draw, (WIDTH // 2, TITLE_H // 2), scene["title"], title_face, theme.TEXT, WIDTH - 40, "mm"
    )
    if status:
        at = (WIDTH // 2, HEIGHT - STATUS_H // 2)
        draw_fitted(draw, at, status, status_face, theme.GOLD_TEXT, WIDTH - 40, "mm")
    for i, (seat, box) in enumerate(zip(seats, boxes, strict=True)):
        draw_seat(canvas, box, seat, _name(names, i), i + 1, scene["pack"])
    _draw_middle(canvas, scene, middle_box(boxes))
    return canvas


def _draw_middle(canvas: Image.Image, scene: Scene, box: Box) -> None:
    """Counters at the top of the box, the groups, then as many text lines as still fit."""
    draw = ImageDraw.Draw(canvas)
    counters, lines = scene["counters"], scene.get("lines", [])
    top = _middle.counters_height(counters)
    if counters:
        _middle.draw_counters(draw, counters, Box(box.x, box.y, box.w, _middle.COUNTER_H))
    room = box.h - top
    wanted = min(len(lines), 3) * _middle.TEXT_LINE_H
    arranged = _middle.arrange(scene["groups"], box.w, room - wanted - 6)
    groups_h = _middle.height_of(arranged)
    lines_h = min(len(lines), max(0, room - groups_h - 6) // _middle.TEXT_LINE_H)
    lines_h *= _middle.TEXT_LINE_H
    if lines_h:
        _middle.draw_lines(draw, lines, Box(box.x, box.y + box.h - lines_h, box.w, lines_h))
    groups_box = Box(box.x, box.y + top, box.w, room - lines_h - (6 if lines_h else 0))
    _middle.draw_groups(canvas, arranged, groups_box, scene["pack"])
