"""The table picture: seats round an oval felt table, the middle, a title and a status line.

Seat 0 sits at the bottom and the others follow clockwise (seat 1 to its left on the
picture), each in a box on the table's rim; eleven and twelve seats are spread evenly along
a squarer ring, twelve with seat 0 just left of the bottom centre. The middle is the
largest centred rectangle that no seat box touches: counters along its top, card groups in
the middle, text lines along its foot. The canvas is 1200 x 800, shown by Discord at about
half that inline and at full size when opened; everything that must be read is sized for
the half.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Iterator, Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.games.cards import Pack
from bot.games.scene import Scene, group
from bot.games.scene import scene as make_scene
from bot.games.scene import seat as make_seat
from render import _middle
from render import _theme as theme
from render._palette import (
    CARDS_PNG_LEVEL,
    build_palette,
    card_colours,
    encode_palette,
    every_card,
)
from render._picture import Picture
from render._seat import SEAT_H, SEAT_W, Box, draw_seat
from render._text import clean, draw_fitted, font

WIDTH, HEIGHT = 1200, 800
TITLE_H, STATUS_H = 52, 44
MAX_SEATS = 12
MARGIN = 10
ROUNDNESS = (5.0, 4.0, 3.5, 3.0, 2.5, 2.0, 1.8, 1.6)
SPACED_ROUNDNESS = (8.0, 6.0, 5.0, 4.0, 3.0, 2.0)
CURVE_STEPS = 1440


def _ring_point(angle: float, roundness: float) -> tuple[float, float]:
    """The centre of a seat at this angle (clockwise on the picture from the bottom) on a
    superellipse ring (2 = an ellipse, higher = squarer)."""
    cx, cy = WIDTH / 2, TITLE_H + (HEIGHT - TITLE_H - STATUS_H) / 2
    rx = WIDTH / 2 - SEAT_W / 2 - 8
    ry = (HEIGHT - TITLE_H - STATUS_H) / 2 - SEAT_H / 2 - 4
    sin, cos = math.sin(angle), math.cos(angle)
    x = cx - rx * math.copysign(abs(sin) ** (2 / roundness), sin)
    y = cy + ry * math.copysign(abs(cos) ** (2 / roundness), cos)
    return x, y


def _box_at(centre: tuple[float, float]) -> Box:
    """A seat box centred on a point."""
    x, y = centre
    return Box(round(x - SEAT_W / 2), round(y - SEAT_H / 2), SEAT_W, SEAT_H)


def _ring(count: int, roundness: float) -> tuple[Box, ...]:
    """Seat boxes at equal angles round the ring, seat 0 at the bottom."""
    return tuple(_box_at(_ring_point(2 * math.pi * i / count, roundness)) for i in range(count))


def _spaced_ring(count: int, roundness: float, offset: float) -> tuple[Box, ...]:
    """Seat boxes at equal distances along the ring, the first offset by that share of a
    step from the bottom.

    Distance is counted in seat boxes (across in box widths, down in box heights, the
    larger of the two), so seats spread evenly by how much room they take: equal angles
    crowd a wide ring's ends, which keeps more than ten seats from fitting.
    """
    points = [_ring_point(2 * math.pi * k / CURVE_STEPS, roundness) for k in range(CURVE_STEPS)]
    along = [0.0]
    for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1], strict=True):
        along.append(along[-1] + max(abs(x1 - x0) / SEAT_W, abs(y1 - y0) / SEAT_H))
    wanted = (along[-1] * (i + offset) / count for i in range(count))
    return tuple(_box_at(points[bisect.bisect_left(along, d) % CURVE_STEPS]) for d in wanted)


def _layouts(count: int) -> Iterator[tuple[tuple[Box, ...], ...]]:
    """Families of candidate rings, in order of preference: equal angles with seat 0 at
    the bottom centre, then equal spacing with seat 0 there too, then equal spacing with
    seat 0 half a step round (the only way twelve seats fit)."""
    yield tuple(_ring(count, r) for r in ROUNDNESS)
    yield tuple(_spaced_ring(count, r, 0.0) for r in SPACED_ROUNDNESS)
    yield tuple(_spaced_ring(count, r, 0.5) for r in SPACED_ROUNDNESS)


@lru_cache(maxsize=MAX_SEATS + 1)
def seat_boxes(count: int) -> tuple[Box, ...]:
    """Where each of count seats sits: seat 0 at the bottom, then clockwise.

    Of the first family of rings (see _layouts) with any whose boxes do not overlap, the
    one that leaves the roomiest middle.
    """
    if not 0 <= count <= MAX_SEATS:
        raise ValueError(f"a table has 1 to {MAX_SEATS} seats, not {count}")
    for family in _layouts(count):
        fitting = [ring for ring in family if not _overlapping(ring)]
        if fitting:
            return max(fitting, key=lambda ring: _middle_score(middle_box(ring)))
    raise AssertionError(f"no ring of {count} seats fits the picture")


def _overlapping(ring: Sequence[Box]) -> bool:
    """Whether any two seat boxes of the ring overlap."""
    return any(a.overlaps(b) for i, a in enumerate(ring) for b in ring[i + 1 :])


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
    canvas = compose_table(scene, names, status=status)
    return encode_palette(canvas, "table", table_palette(scene["pack"]), CARDS_PNG_LEVEL)


@lru_cache(maxsize=4)
def table_palette(pack: str) -> Image.Image:
    """The fixed palette of the pack's table pictures, sampled from a full table."""
    names = [f"Player {i} Ågé" for i in range(MAX_SEATS)]
    sample = compose_table(_sample_scene(pack), names, status="Player 3 to play")
    return build_palette(card_colours(pack), sample)


def _sample_scene(pack: str) -> Scene:
    """Twelve seats and a middle showing every card of the pack and every kind of seat
    (active, partners, badges, chips, scores, notes, backs), group, counter and line."""
    cards = list(every_card(pack))
    badges = ("bank", "dealer", "out", "passed", "", "")
    seats = [
        make_seat(
            cards=cards[i * 4 : i * 4 + 4],
            backs=i % 7,
            chips=100 * i if i % 3 else None,
            score=i if i % 2 else None,
            badge=badges[i % len(badges)],
            note="rate 5 passed",
            active=i == 1,
            team=i % 5 if i < 6 else None,
        )
        for i in range(MAX_SEATS)
    ]
    groups = [
        group("row", "Trick", cards[48:], owners=list(range(len(cards) - 48))),
        group("fan", "Widow", cards[:6], backs=2),
        group("pile", "Deck", cards[6:7], backs=30),
    ]
    counters = [("Pot", 120), ("Trump", "stars")]
    return make_scene(Pack(pack), "Sample table", seats, groups, counters, ["Paid 2 chips"])


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
