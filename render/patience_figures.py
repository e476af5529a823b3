"""Patience layouts drawn as the book's figures, by the `figure` a game's view names.

Each drawer takes the image and the view's zones and lays the piles out; squared piles
and fanned columns are drawn by render.patience. A game whose figure is not here is
drawn in the generic arrangement.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PIL import Image

from render.patience import (
    HEIGHT,
    LABEL_H,
    MARGIN,
    STATUS_H,
    TITLE_H,
    WIDTH,
    Zone,
    draw_squared,
)
from render.sprites import card_size

Drawer = Callable[[Image.Image, Sequence[Zone]], None]


def _piles(zones: Sequence[Zone]) -> dict[str, Mapping[str, Any]]:
    return {str(p["id"]): p for z in zones for p in z["piles"]}


def draw_clock(image: Image.Image, zones: Sequence[Zone]) -> None:
    """The Clock's dial: hours one to twelve round a circle, the kings' pile in the centre,
    and any other pile (the card in hand) to the right."""
    piles = _piles(zones)
    ring = [p for p in piles if p.startswith("p") and p[1:].isdigit()]
    width = 62
    w, h = card_size(width)
    cx = WIDTH // 2 - 80
    cy = TITLE_H + (HEIGHT - TITLE_H - STATUS_H) // 2
    radius = (HEIGHT - TITLE_H - STATUS_H) // 2 - h // 2 - LABEL_H - 6
    hours = sorted(ring, key=lambda p: int(p[1:]))
    for pid in hours:
        hour = int(pid[1:])
        if hour >= 13:
            x, y = cx - w // 2, cy - (h + LABEL_H) // 2
        else:
            angle = 2 * math.pi * hour / 12
            x = round(cx + radius * math.sin(angle) - w / 2)
            y = round(cy - radius * math.cos(angle) - (h + LABEL_H) / 2)
        draw_squared(image, piles[pid], x, y, width)
    others = [p for p in piles if p not in ring]
    x = WIDTH - MARGIN - 2 * (w + 20)
    for i, pid in enumerate(others):
        draw_squared(image, piles[pid], x + i * (w + 20), cy - h // 2, width)


FIGURES: dict[str, Drawer] = {"clock": draw_clock}
"""Drawers by figure name."""
