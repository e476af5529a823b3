"""The middle of the table: counters along the top, card groups, text lines along the foot.

Groups flow left to right in lines, centred. Each is drawn at the largest card size at
which all of them fit the free middle; a row or fan too wide for it overlaps its cards
more. A pile shows its top card (the last of `cards`, else a back) over up to three
edges and a count; a trick's owners show as seat-number discs under the cards.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from bot.games import english
from bot.games.scene import Counter, Group
from render import _theme as theme
from render._fan import paste_badge, paste_fan, span, sprites_for, step_for
from render._seat import Box
from render._text import clean, draw_fitted, draw_text, fitted, font, note_cut, text_width
from render.sprites import back_sprite, card_size, card_sprite

CARD_WIDTHS = (76, 60, 50, 42)
LABEL_H, OWNER_H, GROUP_GAP, LINE_GAP = 24, 24, 28, 12
MAX_ROW_BACKS = 8
COUNTER_SCALES = (1.0, 0.9, 0.8, 0.75)
"""The sizes a row of counters is tried at, before any is left out."""
PILE_EDGES, PILE_OFFSET = 3, 3
COUNTER_H, TEXT_LINE_H = 34, 24


@dataclass(frozen=True, slots=True)
class Placed:
    """A group measured at a card width: its size and the step between its cards."""

    group: Group
    card_w: int
    step: int
    w: int
    h: int


def _count(group: Group) -> int:
    """How many cards a row or fan shows (backs beyond MAX_ROW_BACKS are counted instead)."""
    return len(group["cards"]) + min(group.get("backs", 0), MAX_ROW_BACKS)


def measure(group: Group, card_w: int, max_w: int) -> Placed:
    """The group's size at this card width, squeezed to at most max_w."""
    cw, ch = card_size(card_w)
    label_w = min(max_w, math.ceil(text_width(clean(english(group["label"])), font(17))))
    height = LABEL_H + ch + (OWNER_H if group.get("owners") else 0)
    if group["kind"] == "pile":
        width = cw + PILE_EDGES * PILE_OFFSET + 10
        return Placed(group, card_w, 0, max(width, label_w), height + PILE_EDGES * PILE_OFFSET + 4)
    natural = cw + 6 if group["kind"] == "row" else round(cw * 0.62)
    step = step_for(_count(group), cw, max_w, natural)
    return Placed(group, card_w, step, max(span(_count(group), cw, step), label_w), height)


def arrange(groups: Sequence[Group], width: int, height: int) -> list[list[Placed]]:
    """Groups measured and packed into lines at the largest card width that fits; failing
    that, all in one line of the smallest cards, rows and fans overlapping to fit."""
    for card_w in CARD_WIDTHS:
        lines: list[list[Placed]] = []
        for placed in (measure(g, card_w, width) for g in groups):
            used = sum(p.w for p in lines[-1]) + GROUP_GAP * len(lines[-1]) if lines else width
            if lines and used + placed.w <= width:
                lines[-1].append(placed)
            else:
                lines.append([placed])
        if height_of(lines) <= height:
            return lines
    return _wrapped(groups, width, height)


def _wrapped(groups: Sequence[Group], width: int, height: int) -> list[list[Placed]]:
    """Groups too many for any packing: in as few lines of the smallest cards as the
    height allows (an even share of groups a line), each line squeezed to the width; one
    squeezed line when even two do not fit."""
    if not groups:
        return []
    for count in range(2, len(groups) + 1):
        share = -(-len(groups) // count)
        lines = [_squeezed(groups[i : i + share], width) for i in range(0, len(groups), share)]
        if height_of(lines) > height:
            break
        if all(_width_of(line) <= width for line in lines):
            return lines
    return [_squeezed(groups, width)]


def _width_of(line: list[Placed]) -> int:
    """The width a line of groups takes."""
    return sum(p.w for p in line) + GROUP_GAP * max(0, len(line) - 1)


def _squeezed(groups: Sequence[Group], width: int) -> list[Placed]:
    """Every group in one line of the smallest cards, rows and fans sharing what piles leave."""
    card_w = CARD_WIDTHS[-1]
    natural = [measure(g, card_w, width) for g in groups]
    room = width - GROUP_GAP * (len(groups) - 1)
    fixed = sum(p.w for p in natural if p.group["kind"] == "pile")
    flexible = sum(p.w for p in natural if p.group["kind"] != "pile")
    scale = min(1.0, max(0, room - fixed) / flexible) if flexible else 1.0
    return [
        p
        if p.group["kind"] == "pile"
        else measure(p.group, card_w, max(card_w + 12, int(p.w * scale)))
        for p in natural
    ]


def height_of(lines: list[list[Placed]]) -> int:
    """The height of lines of groups."""
    return sum(max(p.h for p in line) for line in lines) + LINE_GAP * max(0, len(lines) - 1)


def draw_groups(canvas: Image.Image, lines: list[list[Placed]], box: Box, pack: str) -> None:
    """Arranged groups, each line centred across the box, the lines centred down it."""
    y = box.y + max(0, (box.h - height_of(lines)) // 2)
    for line in lines:
        width = sum(p.w for p in line) + GROUP_GAP * (len(line) - 1)
        x = box.x + (box.w - width) // 2
        for placed in line:
            _draw_group(canvas, placed, x, y, pack)
            x += placed.w + GROUP_GAP
        y += max(p.h for p in line) + LINE_GAP


def _draw_group(canvas: Image.Image, placed: Placed, x: int, y: int, pack: str) -> None:
    """One group: its label, then its cards (and owners) under it."""
    group, draw = placed.group, ImageDraw.Draw(canvas)
    label, face = fitted(english(group["label"]), font(17), placed.w)
    draw_text(draw, (x + placed.w // 2, y + 10), label, face, theme.TEXT, "mm")
    cw, ch = card_size(placed.card_w)
    top = y + LABEL_H
    if group["kind"] == "pile":
        _draw_pile(
            canvas, group, x + (placed.w - cw - PILE_EDGES * PILE_OFFSET) // 2, top, cw, pack
        )
        return
    count = _count(group)
    left = x + (placed.w - span(count, cw, placed.step)) // 2
    backs = group.get("backs", 0)
    paste_fan(
        canvas,
        sprites_for(group["cards"], min(backs, MAX_ROW_BACKS), pack, cw),
        left,
        top,
        placed.step,
    )
    if backs > MAX_ROW_BACKS:
        paste_badge(canvas, backs, left + span(count, cw, placed.step) + 4, top + ch + 2, 24)
    owners = group.get("owners") or []
    for i, owner in enumerate(owners[: len(group["cards"])]):
        last = i == count - 1
        cx = left + i * placed.step + (cw // 2 if last or placed.step >= cw else placed.step // 2)
        _owner_disc(draw, cx, top + ch + OWNER_H // 2 + 1, owner + 1)


def _owner_disc(draw: ImageDraw.ImageDraw, cx: int, cy: int, number: int) -> None:
    """A small light disc with a seat number."""
    draw.ellipse(
        (cx - 11, cy - 11, cx + 11, cy + 11), fill=theme.TEXT, outline=theme.DARK_TEXT, width=2
    )
    draw_text(draw, (cx, cy), str(number), font(14), theme.DARK_TEXT, "mm")


def _draw_pile(canvas: Image.Image, group: Group, x: int, y: int, cw: int, pack: str) -> None:
    """A stack: edges of the cards beneath, the top card, a count when more than one."""
    total = len(group["cards"]) + group.get("backs", 0)
    if not total:
        draw = ImageDraw.Draw(canvas)
        _, ch = card_size(cw)
        draw.rounded_rectangle((x, y, x + cw, y + ch), radius=6, outline=theme.MUTED, width=2)
        return
    edges = min(total - 1, PILE_EDGES)
    for i in range(edges, 0, -1):
        back = back_sprite(cw)
        canvas.paste(back, (x + i * PILE_OFFSET, y + i * PILE_OFFSET), back)
    cards = group["cards"]
    top = card_sprite(cards[-1], pack, cw) if cards else back_sprite(cw)
    canvas.paste(top, (x, y), top)
    if total > 1:
        ch = top.height
        paste_badge(
            canvas, total, x + cw + edges * PILE_OFFSET + 8, y + ch + edges * PILE_OFFSET, 26
        )


def counters_height(counters: Sequence[Counter]) -> int:
    """The height the counters take (0 if none)."""
    return COUNTER_H + 8 if counters else 0


def _pills(counters: Sequence[Counter], scale: float) -> list[tuple[str, Any, str, Any, int]]:
    """Each counter's label and value as they fit their pill, in fonts `scale` of the
    usual, and the pill's width."""
    pills = []
    for c in counters:
        label, small = fitted(c["label"], font(round(16 * scale), bold=False), 160)
        value, large = fitted(c["value"], font(round(20 * scale)), 200)
        width = round(text_width(label, small) + text_width(value, large)) + 34
        pills.append((label, small, value, large, width))
    return pills


def _row_width(pills: Sequence[tuple[str, Any, str, Any, int]]) -> int:
    return sum(p[4] for p in pills) + 10 * max(0, len(pills) - 1)


def draw_counters(draw: ImageDraw.ImageDraw, counters: Sequence[Counter], box: Box) -> None:
    """Counters as pills in one centred row: in smaller fonts if the row is too full for
    them (down to a quarter smaller), else the last ones left out, which `cuts()` counts
    as overflowing."""
    for scale in COUNTER_SCALES:
        pills = _pills(counters, scale)
        if _row_width(pills) <= box.w:
            break
    while pills and _row_width(pills) > box.w:
        left_out = pills.pop()
        note_cut(f"{left_out[0]} {left_out[2]}")
    x = box.x + (box.w - _row_width(pills)) // 2
    for label, small, value, large, width in pills:
        draw.rounded_rectangle(
            (x, box.y, x + width, box.y + COUNTER_H),
            radius=COUNTER_H // 2,
            fill=theme.FELT_DARK,
            outline=theme.MUTED,
            width=2,
        )
        mid = box.y + COUNTER_H // 2
        draw_text(draw, (x + 14, mid), label, small, theme.MUTED, "lm")
        draw_text(draw, (x + width - 14, mid), value, large, theme.TEXT, "rm")
        x += width + 10


def draw_lines(draw: ImageDraw.ImageDraw, lines: Sequence[str], box: Box) -> None:
    """Short text lines, centred, bottom-aligned in the box; a count of any left out."""
    fitting = max(0, box.h // TEXT_LINE_H)
    shown = list(lines[:fitting])
    if len(lines) > fitting and fitting:
        shown[-1] = f"… (+{len(lines) - fitting + 1})"
        note_cut(" / ".join(lines[fitting - 1 :]))
    y = box.y + box.h - TEXT_LINE_H * len(shown) + TEXT_LINE_H // 2
    for text in shown:
        draw_fitted(
            draw, (box.x + box.w // 2, y), text, font(18, bold=False), theme.TEXT, box.w, "mm"
        )
        y += TEXT_LINE_H
