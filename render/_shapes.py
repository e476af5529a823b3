"""Vector art as data: shapes in a unit square, and the painter that draws them.

Every emblem, motif and portrait is a tuple of `Shape`s whose points lie in the unit
square (x right, y down); `render._art` paints them supersampled and caches the result.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import ImageDraw

RGB = tuple[int, int, int]
Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Shape:
    """A polygon, ellipse, rectangle or polyline in unit coordinates.

    For an ellipse or a rectangle `points` are two opposite corners of its box; `width` is
    the outline (or, for a line, the stroke) width as a fraction of the art's size.
    """

    kind: str
    points: tuple[Point, ...]
    fill: RGB | None = None
    outline: RGB | None = None
    width: float = 0.0


def poly(
    points: tuple[Point, ...], fill: RGB | None, outline: RGB | None = None, w: float = 0
) -> Shape:
    """A polygon, filled and/or outlined."""
    return Shape("poly", points, fill, outline, w)


def oval(
    box: tuple[float, float, float, float],
    fill: RGB | None,
    outline: RGB | None = None,
    w: float = 0,
) -> Shape:
    """An ellipse in the box (x0, y0, x1, y1)."""
    return Shape("ellipse", ((box[0], box[1]), (box[2], box[3])), fill, outline, w)


def rect(
    box: tuple[float, float, float, float],
    fill: RGB | None,
    outline: RGB | None = None,
    w: float = 0,
) -> Shape:
    """A rectangle (x0, y0, x1, y1)."""
    return Shape("rect", ((box[0], box[1]), (box[2], box[3])), fill, outline, w)


def line(points: tuple[Point, ...], colour: RGB, w: float) -> Shape:
    """A polyline of stroke width w."""
    return Shape("line", points, None, colour, w)


def arc(
    cx: float, cy: float, rx: float, ry: float, a0: float, a1: float, n: int = 12
) -> tuple[Point, ...]:
    """Points along an elliptic arc from angle a0 to a1 (degrees, 0 = right, 90 = down)."""
    steps = [math.radians(a0 + (a1 - a0) * i / n) for i in range(n + 1)]
    return tuple((cx + rx * math.cos(t), cy + ry * math.sin(t)) for t in steps)


def star(cx: float, cy: float, outer: float, inner: float, points: int = 5) -> tuple[Point, ...]:
    """The outline of a star with its first point straight up."""
    out = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        t = math.radians(-90 + 180 * i / points)
        out.append((cx + r * math.cos(t), cy + r * math.sin(t)))
    return tuple(out)


def mirror(points: tuple[Point, ...]) -> tuple[Point, ...]:
    """The points reflected in the vertical line x = 0.5."""
    return tuple((1 - x, y) for x, y in points)


def paint(draw: ImageDraw.ImageDraw, shapes: tuple[Shape, ...], size: float, flip: bool) -> None:
    """Paint the shapes scaled to size pixels, upside down when flip."""

    def at(p: Point) -> tuple[float, float]:
        """A unit point in pixels."""
        x, y = (1 - p[0], 1 - p[1]) if flip else p
        return (x * size, y * size)

    for s in shapes:
        pts = [at(p) for p in s.points]
        width = max(1, round(s.width * size)) if s.width else 0
        if s.kind == "poly":
            draw.polygon(pts, fill=s.fill, outline=s.outline, width=width or 1)
        elif s.kind == "line":
            draw.line(pts, fill=s.outline, width=width, joint="curve")
        else:
            (x0, y0), (x1, y1) = pts
            box = (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
            paint_box = draw.ellipse if s.kind == "ellipse" else draw.rectangle
            paint_box(box, fill=s.fill, outline=s.outline, width=width)
