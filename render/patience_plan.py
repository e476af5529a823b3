"""Where the zones of a patience picture go in the generic arrangement: bands of squared
piles, rows, lines and fanned columns, the card width that fits (`plan`, `fit`), and the
spots every pile is drawn at (`generic_spots`, `draw_spot`, `draw_generic`). The parts it
draws with are in render/patience_draw.py.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from PIL import Image

from render._seat import Box
from render.patience_draw import (
    GAP,
    IDEAL,
    LABEL_H,
    LEAST,
    LINE_KINDS,
    LONG_ZONE,
    MAX_CARD_W,
    MIN_CARD_W,
    SIDE_GAIN,
    SIDE_LABEL_W,
    STACKED,
    ZONE_GAP,
    Chunk,
    Pile,
    Zone,
    draw_fanned,
    draw_line,
    draw_squared,
    fan_extent,
    line_per_row,
    steps_within,
)
from render.sprites import card_size


@dataclass(frozen=True, slots=True)
class Band:
    """One band of the arrangement: a row of squared piles, a row of fanned columns, or a
    line; chunks are the zones' piles on it (a gap between zones)."""

    kind: str
    chunks: tuple[Chunk, ...]


@dataclass(frozen=True, slots=True)
class Plan:
    """An arrangement at one card width: its bands and the height each needs at least."""

    width: int
    side: bool
    bands: tuple[Band, ...]
    heights: tuple[int, ...]
    wants: tuple[int, ...]
    """The height each band would like (fans fanned generously)."""


def is_line(zone: Zone) -> bool:
    """Whether a zone is drawn as a line: one pile, all face up, in a zone whose cards are
    not just the top of a heap (Push Pin's line, the cards laid aside)."""
    piles = zone["piles"]
    return (
        zone["kind"] in LINE_KINDS
        and len(piles) == 1
        and all(c is not None for c in piles[0]["cards"])
    )


def _grid_zones(zones: Sequence[Zone]) -> set[int]:
    """Indices of zones in a grid: runs of two or more zones of one kind, 3+ piles each."""
    out: set[int] = set()
    for i in range(len(zones) - 1):
        a, b = zones[i], zones[i + 1]
        if a["kind"] == b["kind"] and min(len(a["piles"]), len(b["piles"])) >= 3:
            out |= {i, i + 1}
    return out


def _trimmed(piles: Sequence[Pile], row: int) -> Sequence[Pile]:
    """A long zone less its trailing empty piles, kept to whole rows (one row at least)."""
    if len(piles) <= LONG_ZONE:
        return piles
    used = max((i + 1 for i, p in enumerate(piles) if p["cards"]), default=0)
    return piles[: max(row, math.ceil((used + 1) / row) * row)]


def _chunks(piles: Sequence[Pile], per_row: int, length: int | None) -> Iterator[Chunk]:
    """A long zone's piles cut into rows: of the given length, or balanced."""
    size = length if length and length <= per_row else per_row
    if not length:
        rows = math.ceil(len(piles) / per_row)
        size = math.ceil(len(piles) / max(rows, 1))
    for i in range(0, len(piles), max(size, 1)):
        yield piles[i : i + size]


def _pack(
    kind: str,
    zones: Sequence[tuple[Zone, bool]],
    slot_w: int,
    room: int,
    lengths: Mapping[str, int],
) -> list[Band]:
    """Bands of kind holding the zones; (zone, alone) puts a zone on rows of its own."""
    per_row = max(1, (room + GAP) // slot_w)
    bands: list[Band] = []
    current: list[Chunk] = []
    used = 0
    for zone, alone in zones:
        length = lengths.get(str(zone["name"]))
        piles = _trimmed(zone["piles"], length or per_row)
        if alone or length or len(piles) > per_row:
            if current:
                bands.append(Band(kind, tuple(current)))
                current, used = [], 0
            bands += [Band(kind, (c,)) for c in _chunks(piles, per_row, length)]
            continue
        need = len(piles) * slot_w + (ZONE_GAP if current else 0)
        if current and used + need > room + GAP:
            bands.append(Band(kind, tuple(current)))
            current, used = [], 0
            need -= ZONE_GAP
        current.append(piles)
        used += need
    if current:
        bands.append(Band(kind, tuple(current)))
    return bands


def plan(
    zones: Sequence[Zone], box: Box, width: int, side: bool, lengths: Mapping[str, int]
) -> Plan:
    """The bands of the generic arrangement at one card width, with their heights."""
    w, h = card_size(width)
    slot_w = w + GAP + (SIDE_LABEL_W if side else 0)
    label_h = 0 if side else LABEL_H
    grid = _grid_zones(zones)
    squared = [
        (z, i in grid) for i, z in enumerate(zones) if z["kind"] in STACKED and not is_line(z)
    ]
    squared.sort(key=lambda za: za[1] or len(za[0]["piles"]) > 1)  # single piles first
    fanned = [(z, False) for z in zones if z["kind"] not in STACKED and not is_line(z)]
    bands = _pack("squared", squared, slot_w, box.w, lengths)
    bands += [Band("line", ((z["piles"][0],),)) for z in zones if is_line(z)]
    bands += _pack("fanned", fanned, slot_w, box.w, lengths)
    heights, wants = [], []
    for band in bands:
        if band.kind == "squared":
            heights.append(label_h + h + GAP)
            wants.append(heights[-1])
        elif band.kind == "line":
            rows = math.ceil(max(1, len(band.chunks[0][0]["cards"])) / line_per_row(width, box.w))
            heights.append(rows * (LABEL_H + h + GAP))
            wants.append(heights[-1])
        else:
            columns = [p["cards"] for c in band.chunks for p in c]
            least = max(fan_extent(c, steps_within(h, LEAST)) for c in columns)
            ideal = max(fan_extent(c, steps_within(h, IDEAL)) for c in columns)
            heights.append(label_h + h + math.ceil(least) + GAP)
            wants.append(label_h + h + math.ceil(ideal) + GAP)
    return Plan(width, side, tuple(bands), tuple(heights), tuple(wants))


def fit(
    zones: Sequence[Zone],
    box: Box,
    lengths: Mapping[str, int] | None = None,
    max_width: int = MAX_CARD_W,
) -> Plan:
    """The widest-card arrangement of the zones that fits the box: labels above the cards,
    or beside them when that allows cards SIDE_GAIN px wider; squeezed fans at the smallest
    size if nothing fits."""
    found: dict[bool, Plan] = {}
    for side in (False, True):
        for width in range(max(max_width, MIN_CARD_W), MIN_CARD_W - 1, -2):
            found[side] = plan(zones, box, width, side, lengths or {})
            if sum(found[side].heights) <= box.h:
                break
    top, beside = found[False], found[True]
    if sum(top.heights) <= box.h and top.width + SIDE_GAIN > beside.width:
        return top
    return beside


def band_heights(chosen: Plan, room: int) -> list[int]:
    """Each band's height in `room`: fans share out what is left over up to the height they
    want, or, if even the least does not fit, give up what is missing between them."""
    spare = room - sum(chosen.heights)
    if spare >= 0:
        extra = [want - need for need, want in zip(chosen.heights, chosen.wants, strict=True)]
        share = min(1.0, spare / sum(extra)) if sum(extra) else 0.0
        return [
            need + math.floor(more * share)
            for need, more in zip(chosen.heights, extra, strict=True)
        ]
    _, h = card_size(chosen.width)
    rigid = h + GAP + (0 if chosen.side else LABEL_H)
    fans = [
        need - rigid if b.kind == "fanned" else 0
        for b, need in zip(chosen.bands, chosen.heights, strict=True)
    ]
    cut = min(1.0, -spare / sum(fans)) if sum(fans) else 0.0
    return [need - math.ceil(f * cut) for need, f in zip(chosen.heights, fans, strict=True)]


@dataclass(frozen=True, slots=True)
class Spot:
    """Where one pile is drawn: its box (its label included), its card width and how:
    'squared', 'fanned' or 'line' here, 'sideways' or 'wreath' in the figures; side puts
    the label to the left of the card instead of above it."""

    pile: Pile
    box: Box
    width: int
    how: str = "squared"
    side: bool = False


def generic_spots(
    zones: Sequence[Zone],
    box: Box,
    lengths: Mapping[str, int] | None = None,
    max_width: int = MAX_CARD_W,
) -> list[Spot]:
    """The zones in the generic arrangement, fitted to the box (cards at most max_width)."""
    if not zones:
        return []
    chosen = fit(zones, box, lengths, max_width)
    width, side = chosen.width, chosen.side
    w, _ = card_size(width)
    label_w = SIDE_LABEL_W if side else 0
    slot_w = w + GAP + label_w
    spots, y = [], box.y
    for band, height in zip(chosen.bands, band_heights(chosen, box.h), strict=True):
        if band.kind == "line":
            spots.append(Spot(band.chunks[0][0], Box(box.x, y, box.w, height - GAP), width, "line"))
            y += height
            continue
        span = sum(len(c) * slot_w for c in band.chunks) + ZONE_GAP * (len(band.chunks) - 1) - GAP
        x = box.x + (box.w - span) // 2
        for chunk in band.chunks:
            for pile in chunk:
                spots.append(
                    Spot(pile, Box(x, y, label_w + w, height - GAP), width, band.kind, side)
                )
                x += slot_w
            x += ZONE_GAP
        y += height
    return spots


def draw_spot(image: Image.Image, spot: Spot) -> None:
    """Draw a squared, fanned or line spot."""
    box, width = spot.box, spot.width
    x = box.x + (SIDE_LABEL_W if spot.side else 0)
    if spot.how == "line":
        draw_line(image, spot.pile, box, width)
    elif spot.how == "fanned":
        draw_fanned(image, spot.pile, x, box.y, width, box.h, side=spot.side)
    else:
        draw_squared(image, spot.pile, x, box.y, width, side=spot.side)


def draw_generic(
    image: Image.Image,
    zones: Sequence[Zone],
    box: Box,
    lengths: Mapping[str, int] | None = None,
    max_width: int = MAX_CARD_W,
) -> None:
    """The zones in the generic arrangement, fitted to the box (cards at most max_width)."""
    for spot in generic_spots(zones, box, lengths, max_width):
        draw_spot(image, spot)
