"""Where a table picture's seats and middle go: seat boxes round an oval ring, the middle
the largest centred rectangle that no seat box touches (see render.table).

Seat 0 sits at the bottom and the others follow clockwise (seat 1 to its left on the
picture), each in a box on the table's rim; eleven and twelve seats are spread evenly along
a squarer ring, twelve with seat 0 just left of the bottom centre. Every seat box lies
between the title band and the status band, and at least MARGIN from the middle box.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Iterator, Sequence
from functools import lru_cache

from render._seat import SEAT_H, SEAT_W, Box

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
