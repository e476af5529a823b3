"""The pieces of a table picture (render._tiles): the title band, the status band, the
middle's counters, groups and text lines, and each seat's box; and the drawing that
compose_table shares with them.

Each piece's rectangle is one that nothing else paints and that its drawing never leaves:
draw_seat keeps to its box, the texts to their bands, and the middle's parts, when its
groups fit their box (`MiddlePlan.fits`), to within a few pixels (`PAD`) of their boxes,
which lie in the middle box, at least MARGIN from every seat box. A middle that does not
fit is drawn whole by the caller. A piece's key holds what decides its pixels.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.games import english
from bot.games.scene import Scene, SeatScene
from render import _middle
from render import _theme as theme
from render._seat import Box, draw_seat
from render._table_layout import HEIGHT, MARGIN, STATUS_H, TITLE_H, WIDTH, middle_box, seat_boxes
from render._text import clean, draw_fitted, font
from render._tiles import Piece

PAD = 3
"""How far past its box a part of the middle may paint (a count badge, an outline)."""


def seat_name(names: Sequence[str], index: int) -> str:
    """The seat's player name as the font can draw it, or 'Seat n'."""
    name = clean(names[index]) if index < len(names) else ""
    return name or f"Seat {index + 1}"


def draw_title(draw: ImageDraw.ImageDraw, title: str, top: int) -> None:
    """The title centred in its band, which starts at row top."""
    at = (WIDTH // 2, top + TITLE_H // 2)
    draw_fitted(draw, at, title, font(28), theme.TEXT, WIDTH - 40, "mm")


def draw_status(draw: ImageDraw.ImageDraw, status: str, top: int) -> None:
    """The status line centred in its band, which starts at row top."""
    if status:
        at = (WIDTH // 2, top + STATUS_H // 2)
        draw_fitted(draw, at, status, font(22), theme.GOLD_TEXT, WIDTH - 40, "mm")


@dataclass(frozen=True, slots=True)
class MiddlePlan:
    """Where the middle's parts go: counters along the top, text lines along the foot and
    the arranged groups between."""

    counters: Box | None
    lines: Box | None
    groups: Box
    arranged: list[list[_middle.Placed]]
    arrange_h: int
    """The height the groups were arranged for (with groups and the box's width, what
    decides their arrangement)."""

    def fits(self) -> bool:
        """Whether the groups fit their box (squeezed ones may spill out of the middle)."""
        widths = (
            sum(p.w for p in line) + _middle.GROUP_GAP * (len(line) - 1) for line in self.arranged
        )
        return _middle.height_of(self.arranged) <= self.groups.h and all(
            w <= self.groups.w for w in widths
        )


def plan_middle(scene: Scene, box: Box) -> MiddlePlan:
    """Counters at the top of the box, the groups, then as many text lines as still fit."""
    counters, lines = scene["counters"], scene.get("lines", [])
    top = _middle.counters_height(counters)
    room = box.h - top
    wanted = min(len(lines), 3) * _middle.TEXT_LINE_H
    arrange_h = room - wanted - 6
    arranged = _middle.arrange(scene["groups"], box.w, arrange_h)
    groups_h = _middle.height_of(arranged)
    lines_h = min(len(lines), max(0, room - groups_h - 6) // _middle.TEXT_LINE_H)
    lines_h *= _middle.TEXT_LINE_H
    return MiddlePlan(
        Box(box.x, box.y, box.w, _middle.COUNTER_H) if counters else None,
        Box(box.x, box.y + box.h - lines_h, box.w, lines_h) if lines_h else None,
        Box(box.x, box.y + top, box.w, room - lines_h - (6 if lines_h else 0)),
        arranged,
        arrange_h,
    )


def _moved(box: Box, dx: int, dy: int) -> Box:
    """The box moved by (dx, dy)."""
    return Box(box.x + dx, box.y + dy, box.w, box.h)


def draw_middle(
    canvas: Image.Image, scene: Scene, plan: MiddlePlan, dx: int = 0, dy: int = 0
) -> None:
    """The middle as planned, moved by (dx, dy) (drawn on a crop of the canvas)."""
    draw = ImageDraw.Draw(canvas)
    if plan.counters:
        _middle.draw_counters(draw, scene["counters"], _moved(plan.counters, dx, dy))
    if plan.lines:
        _middle.draw_lines(
            draw, [english(t) for t in scene.get("lines", [])], _moved(plan.lines, dx, dy)
        )
    _middle.draw_groups(canvas, plan.arranged, _moved(plan.groups, dx, dy), scene["pack"])


def _frozen(value: object) -> Hashable:
    """Scene data as a key: dicts and lists as tuples, numbers with their type (1 == 1.0
    == True as keys, but they are drawn differently)."""
    if isinstance(value, dict):
        return tuple(sorted((k, _frozen(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return tuple(_frozen(v) for v in value)
    return value if isinstance(value, str) else (type(value).__name__, value)


def _seat_piece(box: Box, seat: SeatScene, name: str, number: int, pack: str) -> Piece:
    """One seat's box as a piece of the picture."""

    def paint(tile: Image.Image, dx: int, dy: int) -> None:
        draw_seat(tile, _moved(box, dx, dy), seat, name, number, pack)

    return Piece(("seat", box, _frozen(seat), name, number, pack), box, paint)


def _middle_pieces(scene: Scene, plan: MiddlePlan, mid: Box) -> list[Piece]:
    """The middle's parts as pieces, each as wide as the middle box and its MARGIN and as
    tall as what it draws: rows of plain felt between them are nobody's."""
    x, w, pack = mid.x - MARGIN, mid.w + 2 * MARGIN, scene["pack"]
    counters, lines, groups = scene["counters"], scene.get("lines", []), scene["groups"]
    out = []
    if plan.counters:
        c = plan.counters

        def paint_counters(tile: Image.Image, dx: int, dy: int) -> None:
            _middle.draw_counters(ImageDraw.Draw(tile), counters, _moved(c, dx, dy))

        region = Box(x, c.y - PAD, w, c.h + 1 + 2 * PAD)
        out.append(Piece(("counters", c, _frozen(counters), pack), region, paint_counters))
    if plan.lines:
        ln = plan.lines

        def paint_lines(tile: Image.Image, dx: int, dy: int) -> None:
            _middle.draw_lines(
                ImageDraw.Draw(tile), [english(t) for t in lines], _moved(ln, dx, dy)
            )

        region = Box(x, ln.y - PAD, w, ln.h + 2 * PAD)
        out.append(Piece(("lines", ln, _frozen(lines), pack), region, paint_lines))
    if plan.arranged:
        g, height = plan.groups, _middle.height_of(plan.arranged)

        def paint_groups(tile: Image.Image, dx: int, dy: int) -> None:
            _middle.draw_groups(tile, plan.arranged, _moved(g, dx, dy), pack)

        region = Box(x, g.y + max(0, (g.h - height) // 2) - PAD, w, height + 2 * PAD)
        key = ("groups", g, plan.arrange_h, _frozen(groups), pack)
        out.append(Piece(key, region, paint_groups))
    return out


def table_pieces(scene: Scene, names: Sequence[str], status: str) -> list[Piece] | None:
    """The picture's pieces: the bands, the middle's parts, the seats (None if the middle's
    groups do not fit their box)."""
    title, pack, seats = scene["title"], scene["pack"], scene["seats"]
    boxes = seat_boxes(len(seats))
    mid = middle_box(boxes)
    plan = plan_middle(scene, mid)
    if not plan.fits():
        return None

    def paint_title(tile: Image.Image, _dx: int, dy: int) -> None:
        draw_title(ImageDraw.Draw(tile), english(title), dy)

    def paint_status(tile: Image.Image, _dx: int, dy: int) -> None:
        draw_status(ImageDraw.Draw(tile), status, HEIGHT - STATUS_H + dy)

    return [
        Piece(("title", title, pack), Box(0, 0, WIDTH, TITLE_H), paint_title),
        Piece(("status", status, pack), Box(0, HEIGHT - STATUS_H, WIDTH, STATUS_H), paint_status),
        *_middle_pieces(scene, plan, mid),
        *(
            _seat_piece(box, seat, seat_name(names, i), i + 1, pack)
            for i, (seat, box) in enumerate(zip(seats, boxes, strict=True))
        ),
    ]
