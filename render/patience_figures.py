"""Patience layouts drawn as the book's figures, by the `figure` a game's view names.

Each figure is a function from the view's zones to a `Figure`: where each of its piles
goes and how it is drawn, and the zones that are not part of the figure (the pack, the
waste ...) with the box in which the generic arrangement of render.patience lays them
out. It returns None when the zones are not the ones it knows, and the picture falls back
to the generic arrangement. The figures, after Cheney (Patience, 1869):

- `clock`: the Clock (p. 66) and Knaves' Dial (p. 88): twelve places round a dial, one
  o'clock to twelve, and the thirteenth pile (the kings, or the knaves) in the centre.
- `windmill`: the Windmill (p. 40): the ace in the centre, the four kings' places above,
  beside and below it, and the eight sails round them, joined to the centre by spokes.
- `square`: the Sultan (p. 23): the Sultan in the centre of a square of his families,
  and the Divan, four cards each side, their ends towards the square.
- `wreath`: Bridal Wreath (p. 139): a wreath of cards slanting left and right in turn,
  the last upright, with five bridesmaids in a line on each side.
- `semicircle`: Lady of the Manor (p. 78): thirteen rank piles in a semicircle, aces on
  the left and kings on the right, the four piles in a row inside it and the families in
  a row at its base.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw

from render import _theme as theme
from render._seat import Box
from render.patience_draw import (
    BODY,
    GAP,
    LABEL_H,
    Pile,
    Zone,
    draw_card,
    label,
    slot,
    sprite_of,
)
from render.patience_plan import Spot, draw_spot, generic_spots
from render.sprites import card_size, count_badge

SLANT = 22
"""Degrees the wreath's cards lean, left and right in turn."""


@dataclass(frozen=True, slots=True)
class Figure:
    """A figure's piles, the zones left to the generic arrangement and where they go, and
    lines drawn under the cards (the windmill's spokes)."""

    placed: tuple[Spot, ...]
    rest: tuple[Zone, ...] = ()
    rest_box: Box = BODY
    rest_width: int = 72
    lines: tuple[tuple[int, int, int, int], ...] = field(default=())

    def spots(self) -> list[Spot]:
        """Every pile's spot: the figure's, then the other zones' in their box."""
        rest = generic_spots(self.rest, self.rest_box, max_width=self.rest_width)
        return [*self.placed, *rest]

    def draw(self, image: Image.Image) -> None:
        """Draw the lines, the figure and the other zones."""
        draw = ImageDraw.Draw(image)
        for line in self.lines:
            draw.line(line, fill=theme.FELT_LIGHT, width=6)
        for spot in self.spots():
            if spot.how == "sideways":
                _draw_sideways(image, spot.pile, spot.box.x, spot.box.y, spot.width)
            elif spot.how == "wreath":
                _draw_wreath(image, spot.pile, spot.box, spot.width)
            else:
                draw_spot(image, spot)


def _zones(zones: Sequence[Zone]) -> dict[str, Zone]:
    return {str(z["name"]): z for z in zones}


def _rest(zones: Sequence[Zone], used: set[str]) -> tuple[Zone, ...]:
    return tuple(z for z in zones if str(z["name"]) not in used)


def _centred(pile: Pile, cx: float, cy: float, width: int, how: str, h: int) -> Spot:
    """A pile whose box (width-wide card, h high with its label) is centred on (cx, cy)."""
    w, _ = card_size(width)
    box = Box(round(cx - w / 2), round(cy - h / 2), w, h)
    return Spot(pile, box, width, how)


# -- the dial ------------------------------------------------------------------------------


def clock(zones: Sequence[Zone]) -> Figure | None:
    """The dial: the zone of twelve (or thirteen) places round it, hour k at k o'clock,
    the thirteenth place or a one-pile centre zone in the middle, the rest inside the dial
    to the right of the centre. Piles that hold cards face down are fanned."""
    ring_zone = next((z for z in zones if len(z["piles"]) in (12, 13)), None)
    if ring_zone is None:
        return None
    ring = list(ring_zone["piles"])
    centre_zone = next(
        (z for z in zones if z is not ring_zone and len(z["piles"]) == 1 and z["name"] == "c"),
        None,
    )
    centre = ring.pop() if len(ring) == 13 else None
    if centre_zone is not None and centre is None:
        centre = centre_zone["piles"][0]
    used = {str(ring_zone["name"])} | ({str(centre_zone["name"])} if centre_zone else set())
    how = "squared" if ring_zone["kind"] == "foundation" else "fanned"
    width = 60
    w, h = card_size(width)
    slot_h = LABEL_H + h + (round(3 * 0.34 * h) if how == "fanned" else 0)
    cx, cy = BODY.x + BODY.w / 2, BODY.y + BODY.h / 2
    ry = (BODY.h - slot_h) / 2
    rx = min(BODY.w / 2 - w / 2, (w + 2 * GAP) / (1 - math.cos(math.pi / 6)))
    placed = []
    for hour, pile in enumerate(ring, start=1):
        angle = 2 * math.pi * hour / 12
        x, y = cx + rx * math.sin(angle), cy - ry * math.cos(angle)
        placed.append(_centred(pile, x, y, width, how, slot_h))
    if centre is not None:
        placed.append(_centred(centre, cx, cy, width, how, slot_h))
    inner = Box(round(cx + w / 2 + 3 * GAP), round(cy - 110), round(rx * 0.75 - w), 220)
    return Figure(tuple(placed), _rest(zones, used), inner, width)


# -- the windmill --------------------------------------------------------------------------


def windmill(zones: Sequence[Zone]) -> Figure | None:
    """The centre, the kings' places f1 above, f2 right, f3 below, f4 left, and the sails
    r1 (top) to r8 clockwise round them; the rest to the right."""
    by = _zones(zones)
    if not {"c", "f", "r"} <= by.keys() or len(by["f"]["piles"]) != 4:
        return None
    width = 72
    w, h = card_size(width)
    slot_h = LABEL_H + h
    step_y = slot_h + 3 * GAP // 2
    cx, cy = BODY.x + 420, BODY.y + BODY.h / 2
    placed = [_centred(by["c"]["piles"][0], cx, cy, width, "squared", slot_h)]
    near = ((0, -step_y), (w + 3 * GAP, 0), (0, step_y), (-(w + 3 * GAP), 0))
    for pile, (dx, dy) in zip(by["f"]["piles"], near, strict=True):
        placed.append(_centred(pile, cx + dx, cy + dy, width, "squared", slot_h))
    rx, ry = 3.4 * (w + 3 * GAP), 2 * step_y
    spokes = []
    sails = by["r"]["piles"]
    for k, pile in enumerate(sails):
        angle = 2 * math.pi * k / len(sails)
        x, y = cx + rx * math.sin(angle), cy - ry * math.cos(angle)
        placed.append(_centred(pile, x, y, width, "squared", slot_h))
        spokes.append((round(cx), round(cy), round(x), round(y)))
    right = round(cx + rx + w / 2 + 4 * GAP)
    rest_box = Box(right, BODY.y, BODY.x + BODY.w - right, BODY.h)
    return Figure(tuple(placed), _rest(zones, {"c", "f", "r"}), rest_box, width, tuple(spokes))


# -- the Sultan's square -------------------------------------------------------------------


def square(zones: Sequence[Zone]) -> Figure | None:
    """The Sultan (k) in the centre of f1-f8 read row by row, the Divan r1-r4 down the
    left side and r5-r8 down the right, turned sideways; the rest to the right."""
    by = _zones(zones)
    if not {"k", "f", "r"} <= by.keys() or len(by["f"]["piles"]) != 8:
        return None
    width = 80
    w, h = card_size(width)
    slot_h = LABEL_H + h
    pitch_x, pitch_y = w + 2 * GAP, slot_h + 2 * GAP
    cx, cy = BODY.x + 440, BODY.y + BODY.h / 2
    around = list(by["f"]["piles"])
    cells = [*around[:4], by["k"]["piles"][0], *around[4:]]
    placed = [
        _centred(
            pile, cx + (i % 3 - 1) * pitch_x, cy + (i // 3 - 1) * pitch_y, width, "squared", slot_h
        )
        for i, pile in enumerate(cells)
    ]
    divan = list(by["r"]["piles"])
    half = (len(divan) + 1) // 2
    side_h = LABEL_H + w
    for i, pile in enumerate(divan):
        column, row = divmod(i, half)
        x = cx + (1 if column else -1) * (1.5 * pitch_x + 3 * GAP + h / 2)
        y = cy + (row - (half - 1) / 2) * (side_h + 2 * GAP)
        box = Box(round(x - h / 2), round(y - side_h / 2), h, side_h)
        placed.append(Spot(pile, box, width, "sideways"))
    right = round(cx + 1.5 * pitch_x + 3 * GAP + h + 6 * GAP)
    rest_box = Box(right, BODY.y, BODY.x + BODY.w - right, BODY.h)
    return Figure(tuple(placed), _rest(zones, {"k", "f", "r"}), rest_box, width)


@lru_cache(maxsize=256)
def _turned(card: str | None, width: int) -> Image.Image:
    """A card turned a quarter, its end towards the right (cached)."""
    return sprite_of(card, width).transpose(Image.Transpose.ROTATE_90)


def _draw_sideways(image: Image.Image, pile: Pile, x: int, y: int, width: int) -> None:
    """A squared pile lying sideways: its id above, the top card turned, and a count."""
    w, h = card_size(width)
    label(image, str(pile["id"]), x, y, h)
    top = y + LABEL_H
    cards: Sequence[str | None] = pile["cards"]
    if not cards:
        ImageDraw.Draw(image).rounded_rectangle(
            (x, top, x + h - 1, top + w - 1), radius=max(3, width // 10),
            outline=theme.FELT_LIGHT, width=2,
        )  # fmt: skip
        return
    sprite = _turned(cards[-1], width)
    image.paste(sprite, (x, top), sprite)
    if len(cards) > 1:
        badge = count_badge(len(cards), max(14, width // 3))
        image.paste(badge, (x + h - badge.width + 4, top - 4), badge)


# -- the bridal wreath ---------------------------------------------------------------------

WREATH_CARDS = 21


def wreath(zones: Sequence[Zone]) -> Figure | None:
    """The wreath (r) in the middle, bridesmaids b1-b5 in a line on the left and b6-b10 on
    the right; the rest in a row along the top."""
    by = _zones(zones)
    if not {"r", "b"} <= by.keys():
        return None
    top_h = 136
    area = Box(BODY.x, BODY.y + top_h, BODY.w, BODY.h - top_h)
    width = 62
    w, h = card_size(width)
    slot_h = LABEL_H + h
    maids = list(by["b"]["piles"])
    half = (len(maids) + 1) // 2
    pitch = min(slot_h + GAP, area.h // max(half, 1))
    placed = []
    for i, pile in enumerate(maids):
        column, row = divmod(i, half)
        x = area.x + 80 if column == 0 else area.x + area.w - 80 - w
        y = area.y + (area.h - half * pitch) // 2 + row * pitch
        placed.append(Spot(pile, Box(x, y, w, slot_h), width))
    side = area.h - 2 * GAP
    box = Box(area.x + (area.w - side) // 2, area.y + GAP, side, side)
    placed.append(Spot(by["r"]["piles"][0], box, width, "wreath"))
    rest_box = Box(BODY.x, BODY.y, BODY.w, top_h - GAP)
    return Figure(tuple(placed), _rest(zones, {"r", "b"}), rest_box, 72)


def wreath_spot(index: int, box: Box, width: int) -> tuple[int, int, int]:
    """Where the wreath's card number index (from 0) lies: the top-left corner of its
    turned sprite and its slant; the last of the 21 closes the wreath at the top."""
    w, h = card_size(width)
    reach = math.hypot(w, h) / 2
    radius = box.w / 2 - reach - LABEL_H
    angle = 2 * math.pi * (index + 1) / WREATH_CARDS
    cx = box.x + box.w / 2 + radius * math.sin(angle)
    cy = box.y + box.h / 2 + LABEL_H / 2 - radius * math.cos(angle)
    slant = 0 if index == WREATH_CARDS - 1 else (SLANT if index % 2 == 0 else -SLANT)
    sprite = _slanted(None, width, slant)
    return round(cx - sprite.width / 2), round(cy - sprite.height / 2), slant


@lru_cache(maxsize=512)
def _slanted(card: str | None, width: int, slant: int) -> Image.Image:
    """A card leaning slant degrees (cached)."""
    sprite = sprite_of(card, width)
    if not slant:
        return sprite
    return sprite.rotate(slant, resample=Image.Resampling.BICUBIC, expand=True)


def _draw_wreath(image: Image.Image, pile: Pile, box: Box, width: int) -> None:
    """The wreath's cards in the order laid, each overlapping the last; its id and count in
    the middle, and its id again over the end card (the free one)."""
    cards: Sequence[str | None] = pile["cards"]
    middle = (box.x + box.w // 2 - 60, box.y + box.h // 2 - LABEL_H)
    label(image, f"{pile['id']}: the wreath", *middle, 120 - GAP)
    label(image, f"{len(cards)} cards", middle[0], middle[1] + LABEL_H, 120 - GAP)
    if not cards:
        x, y, _ = wreath_spot(WREATH_CARDS - 1, box, width)
        slot(image, x, y, width)
        return
    for i, card in enumerate(cards):
        x, y, slant = wreath_spot(i % WREATH_CARDS, box, width)
        if slant:
            sprite = _slanted(card, width, slant)
            image.paste(sprite, (x, y), sprite)
        else:
            draw_card(image, card, x, y, width)
    x, y, _ = wreath_spot((len(cards) - 1) % WREATH_CARDS, box, width)
    w, _ = card_size(width)
    label(image, str(pile["id"]), x, y - LABEL_H, w)


# -- the semicircle ------------------------------------------------------------------------


def semicircle(zones: Sequence[Zone]) -> Figure | None:
    """The rank piles r1 (left) to r13 (right) over a semicircle, the four piles t fanned
    in a row inside it and the families f in a row at its base; the rest top left."""
    by = _zones(zones)
    if not {"r", "t", "f"} <= by.keys():
        return None
    width = 64
    w, h = card_size(width)
    slot_h = LABEL_H + h
    base_y = BODY.y + BODY.h - slot_h
    placed = _row(by["f"]["piles"], base_y, width, slot_h, "squared")
    cx, cy = BODY.x + BODY.w / 2, base_y - GAP - slot_h / 2 - 4
    rx, ry = BODY.w / 2 - w / 2 - 3 * GAP, cy - BODY.y - slot_h / 2
    arc = list(by["r"]["piles"])
    for k, pile in enumerate(arc):
        angle = math.pi * k / max(len(arc) - 1, 1)
        x, y = cx - rx * math.cos(angle), cy - ry * math.sin(angle)
        placed.append(_centred(pile, x, y, width, "squared", slot_h))
    inner = round(cy - ry * math.sin(math.radians(75)) + slot_h / 2 + GAP)
    placed += _row(by["t"]["piles"], inner, width, base_y - GAP - inner, "fanned")
    rest_box = Box(BODY.x, BODY.y, 220, slot_h + 2 * GAP)
    return Figure(tuple(placed), _rest(zones, {"r", "t", "f"}), rest_box, 48)


def _row(piles: Sequence[Pile], y: int, width: int, height: int, how: str) -> list[Spot]:
    """Piles in a centred row at y, each box height high."""
    w, _ = card_size(width)
    pitch = w + 2 * GAP
    x0 = BODY.x + (BODY.w - (len(piles) * pitch - 2 * GAP)) // 2
    return [Spot(p, Box(x0 + i * pitch, y, w, height), width, how) for i, p in enumerate(piles)]


FigureOf = Callable[[Sequence[Zone]], Figure | None]
FIGURES: Mapping[str, FigureOf] = {
    "clock": clock,
    "windmill": windmill,
    "square": square,
    "wreath": wreath,
    "semicircle": semicircle,
}
"""Figures by the name a spec gives as `figure`."""
