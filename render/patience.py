"""The patience picture: a game's zones laid out on the felt, each pile labelled with the
id its moves use (t3, f1, w), face-down cards as backs, and a status line.

The generic arrangement (`draw_generic`) lays the zones out in bands, top to bottom:
squared piles first (the pack, the waste, families, reserves, cells: the top card and a
count), single-pile zones together on the first row, then the other zones packed into
rows, each zone of a grid (Fourteen's rows a-e) or a long one (Blockade's places, Double
Jump's line of piles) on rows of its own; then lines (a single face-up pile, such as Push
Pin's line, drawn as a wrapped row of numbered cards so every card shows); then the
tableau zones as rows of columns fanned downwards. It tries card widths from the largest
down and keeps the first at which everything fits, putting labels beside the cards
instead of above them when only that fits; fans then share out the height left over.
Games with a figure in the book (the Clock's dial, the Windmill ...) name it as `figure`
in their view, and `render.patience_figures` draws them, handing any zone that is not part
of the figure back to `draw_generic` in a box of its own.

Every patience picture is a PNG in 256 colours from one fixed palette (render._palette):
the cards, the felt and the text use few colours, so the mapping costs about a millisecond
and the deflate works on one byte a pixel instead of three, which is what keeps a 104-card
layout inside the table picture's budget (bench/RESULTS.md "Render").
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render import _theme as theme
from render._palette import encode_palette
from render._picture import Picture
from render._seat import Box
from render._text import RGB, draw_fitted, font
from render.sprites import back_sprite, card_size, card_sprite, count_badge

WIDTH, HEIGHT = 1200, 800
TITLE_H, STATUS_H = 48, 40
MARGIN, GAP = 16, 8
ZONE_GAP = 20
LABEL_H = 18
SIDE_LABEL_W = 38
SIDE_GAIN = 6
MAX_CARD_W = 84
MIN_CARD_W = 30
IDEAL, LEAST = (0.4, 0.12), (0.34, 0.08)
"""Fan steps as fractions of the card height (face up, face down): the step a fan takes
when there is room, and the least at which a face-up card's rank still shows."""
LINE_STEP = 0.74
"""How far apart the cards of a line lie, in card widths (the index and emblem show)."""
LONG_ZONE = 30
"""Zones with more piles than this (closing lines, Blockade) lose their trailing empties."""
STACKED = ("stock", "waste", "foundation", "reserve", "cell", "indicator", "discard")
"""Zone kinds drawn as a squared pile (only the top card shows, with a count)."""
LINE_KINDS = ("reserve", "tableau")
ROW_LENGTHS: dict[str, dict[str, int]] = {"blockade": {"g": 10}}
"""Row lengths that the rules depend on (Blockade's rows of ten), by game and zone."""

Pile = Mapping[str, Any]
Zone = Mapping[str, Any]
Chunk = Sequence[Pile]


def render_patience(view: Mapping[str, Any]) -> Picture:
    """The picture of a patience view (bot.games.patience.game.PatienceGame.view)."""
    return encode_palette(compose_patience(view), f"patience-{view.get('game', 'game')}")


def compose_patience(view: Mapping[str, Any]) -> Image.Image:
    """The patience picture before encoding (render_patience encodes it)."""
    from render.patience_figures import FIGURES  # the figures build on this module

    image = background(str(view.get("title", "Patience"))).copy()
    zones: Sequence[Zone] = view.get("zones", [])
    figure = FIGURES.get(str(view.get("figure") or ""))
    placed = figure(zones) if figure is not None else None
    if placed is not None:
        placed.draw(image)
    else:
        draw_generic(image, zones, BODY, ROW_LENGTHS.get(str(view.get("game", "")), {}))
    _status(ImageDraw.Draw(image), view)
    return image


BODY = Box(MARGIN, TITLE_H + GAP, WIDTH - 2 * MARGIN, HEIGHT - TITLE_H - STATUS_H - 2 * GAP)
"""Where the layout goes: between the title band and the status band."""


@lru_cache(maxsize=64)
def background(title: str) -> Image.Image:
    """The felt with the title band and the empty status band (cached; copy it)."""
    image = Image.new("RGB", (WIDTH, HEIGHT), theme.FELT)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, TITLE_H), fill=theme.FELT_DARK)
    draw.rectangle((0, HEIGHT - STATUS_H, WIDTH, HEIGHT), fill=theme.FELT_DARK)
    draw_fitted(draw, (MARGIN, TITLE_H // 2), title, font(26), theme.TEXT, WIDTH - 2 * MARGIN, "lm")
    return image


def _status(draw: ImageDraw.ImageDraw, view: Mapping[str, Any]) -> None:
    """Moves, redeals and privileges left, the hint, and the result."""
    parts = [f"Moves {view.get('moves', 0)}"]
    redeals = int(view.get("redeals") or 0)
    if redeals:
        parts.append(f"Redeals left {redeals - int(view.get('passes') or 0)}")
    for name, left in (view.get("privileges") or {}).items():
        parts.append(f"{name.replace('_', ' ')}: {left} left")
    if view.get("hint"):
        hint = view["hint"]
        parts.append("Hint: no move makes progress" if hint == "none" else f"Hint: {hint}")
    if view.get("result"):
        parts.append(str(view["result"]))
    elif view.get("stuck"):
        parts.append("No move left: undo, or give up")
    at = (MARGIN, HEIGHT - STATUS_H // 2)
    text = "  ·  ".join(parts)
    draw_fitted(draw, at, text, font(20, bold=False), theme.TEXT, WIDTH - 2 * MARGIN, "lm")


# -- encoding ------------------------------------------------------------------------------

# -- piles ---------------------------------------------------------------------------------


@lru_cache(maxsize=2048)
def _label_sprite(text: str, width: int, colour: RGB = theme.GOLD_TEXT) -> Image.Image:
    """A pile's label, centred in width (right-aligned if narrow), on a clear ground."""
    image = Image.new("RGBA", (width, LABEL_H), (0, 0, 0, 0))
    at, anchor = (
        ((width / 2, LABEL_H / 2), "mm") if width > SIDE_LABEL_W else ((width - 3, 2), "ra")
    )
    draw_fitted(ImageDraw.Draw(image), at, text, font(14), colour, width, anchor)
    return image


def label(image: Image.Image, text: str, x: int, y: int, width: int) -> None:
    """A label centred over width at (x, y), LABEL_H high."""
    sprite = _label_sprite(text, width + GAP)
    image.paste(sprite, (x - GAP // 2, y), sprite)


def _side_label(image: Image.Image, text: str, x: int, y: int) -> None:
    """A label in the SIDE_LABEL_W to the left of a card at (x, y)."""
    sprite = _label_sprite(text, SIDE_LABEL_W)
    image.paste(sprite, (x - SIDE_LABEL_W, y), sprite)


def slot(image: Image.Image, x: int, y: int, width: int) -> None:
    """An empty place: a faint outline."""
    w, h = card_size(width)
    ImageDraw.Draw(image).rounded_rectangle(
        (x, y, x + w - 1, y + h - 1), radius=max(3, width // 10), outline=theme.FELT_LIGHT, width=2
    )


def sprite_of(card: str | None, width: int) -> Image.Image:
    """The face of a card, or a back for a face-down one (None)."""
    return back_sprite(width) if card is None else card_sprite(card, "french", width)


def draw_card(image: Image.Image, card: str | None, x: int, y: int, width: int) -> None:
    """A card (or a back) with its top-left corner at (x, y)."""
    sprite = sprite_of(card, width)
    image.paste(sprite, (x, y), sprite)


def draw_squared(
    image: Image.Image, pile: Pile, x: int, y: int, width: int, *, side: bool = False
) -> None:
    """A squared pile at (x, y): its id above (or, if side, to the left), its top card (or
    a back, or an empty place), and a count when it holds more than one card."""
    if side:
        _side_label(image, str(pile["id"]), x, y)
        top = y
    else:
        label(image, str(pile["id"]), x, y, width)
        top = y + LABEL_H
    cards: Sequence[str | None] = pile["cards"]
    if not cards:
        slot(image, x, top, width)
        return
    draw_card(image, cards[-1], x, top, width)
    if len(cards) > 1:
        badge = count_badge(len(cards), max(14, width // 3))
        w, _ = card_size(width)
        image.paste(badge, (x + w - badge.width + 4, top - 4), badge)


def _steps(height: int, fractions: tuple[float, float]) -> tuple[float, float]:
    """Fan steps (face up, face down) for cards of this height, at least 3 px."""
    return height * fractions[0], max(3.0, height * fractions[1])


def fan_steps(cards: Sequence[str | None], height: int, room: float) -> tuple[float, float]:
    """The steps between fanned face-up and face-down cards so a column of card `height`
    fits `room` (label excluded): generous if it can, readable if it must, squeezed if not."""
    ideal, least = _steps(height, IDEAL), _steps(height, LEAST)
    if len(cards) < 2:
        return ideal
    downs = sum(c is None for c in cards[:-1])
    ups = len(cards) - 1 - downs
    avail = room - height
    want = ups * ideal[0] + downs * ideal[1]
    need = ups * least[0] + downs * least[1]
    if want <= avail:
        return ideal
    if need <= avail:
        t = (avail - need) / (want - need)
        return least[0] + t * (ideal[0] - least[0]), least[1] + t * (ideal[1] - least[1])
    squeeze = max(avail, 0) / need
    return max(2.0, least[0] * squeeze), max(1.0, least[1] * squeeze)


def fan_extent(cards: Sequence[str | None], steps: tuple[float, float]) -> float:
    """How far below the first card the last one lies with these steps."""
    return sum(steps[0] if c is not None else steps[1] for c in cards[:-1])


def draw_fanned(
    image: Image.Image, pile: Pile, x: int, y: int, width: int, room: int, *, side: bool = False
) -> None:
    """A column at (x, y): its id above (or, if side, to the left) and its cards fanned
    downwards, all within `room` of height from y."""
    if side:
        _side_label(image, str(pile["id"]), x, y)
        top = y
    else:
        label(image, str(pile["id"]), x, y, width)
        top = y + LABEL_H
    cards: Sequence[str | None] = pile["cards"]
    if not cards:
        slot(image, x, top, width)
        return
    _, h = card_size(width)
    up, down = fan_steps(cards, h, room - (top - y))
    at = float(top)
    for card in cards:
        draw_card(image, card, x, round(at), width)
        at += up if card is not None else down


def line_per_row(width: int, room: int) -> int:
    """How many cards of a line fit across room (less the id's place at the left)."""
    w, _ = card_size(width)
    return max(1, (room - SIDE_LABEL_W - w) // max(1, round(w * LINE_STEP)) + 1)


def draw_line(image: Image.Image, pile: Pile, box: Box, width: int) -> None:
    """A pile laid as a line, its first card on the left, wrapped into rows across the box,
    each card numbered from 1 above it and the pile's id at the left."""
    w, h = card_size(width)
    step = round(w * LINE_STEP)
    per = line_per_row(width, box.w)
    _side_label(image, str(pile["id"]), box.x + SIDE_LABEL_W, box.y + LABEL_H)
    cards: Sequence[str | None] = pile["cards"]
    if not cards:
        slot(image, box.x + SIDE_LABEL_W, box.y + LABEL_H, width)
    for i, card in enumerate(cards):
        x = box.x + SIDE_LABEL_W + (i % per) * step
        y = box.y + (i // per) * (LABEL_H + h + GAP)
        sprite = _label_sprite(str(i + 1), step, theme.TEXT)
        image.paste(sprite, (x, y), sprite)
        draw_card(image, card, x, y + LABEL_H, width)


# -- the generic arrangement --------------------------------------------------------------


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
            least = max(fan_extent(c, _steps(h, LEAST)) for c in columns)
            ideal = max(fan_extent(c, _steps(h, IDEAL)) for c in columns)
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


def layout(view: Mapping[str, Any]) -> list[Spot]:
    """Where every pile of the view goes: the game's figure, or the generic arrangement."""
    from render.patience_figures import FIGURES  # the figures build on this module

    zones: Sequence[Zone] = view.get("zones", [])
    figure = FIGURES.get(str(view.get("figure") or ""))
    placed = figure(zones) if figure is not None else None
    if placed is not None:
        return placed.spots()
    return generic_spots(zones, BODY, ROW_LENGTHS.get(str(view.get("game", "")), {}))
