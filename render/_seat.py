"""One seat's box on the table: number, name, badge, chips or score, note, and cards.

The box is a dark panel. The seat the table waits for has a thick yellow border and a
yellow name bar (dark text), so it stands out by brightness and shape, not hue alone; a
partnership colours the border, a stripe down the left, and the seat number's disc.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.games import english
from bot.games.scene import SeatScene
from render import _theme as theme
from render._fan import paste_badge, paste_fan, span, sprites_for, step_for
from render._text import RGB, draw_fitted, draw_text, fitted, font, text_width
from render.sprites import card_size

SEAT_W, SEAT_H = 250, 136
CARD_W = 44
PAD = 8
MANY_BACKS = 5
"""More face-down cards than this show as this many backs and a count."""
NAME_SIZE, CHIPS_SIZE, NOTE_SIZE, BADGE_SIZE = 20, 19, 17, 13
BADGE_MAX_W = 96


@dataclass(frozen=True, slots=True)
class Box:
    """A rectangle: left, top, width, height."""

    x: int
    y: int
    w: int
    h: int

    def overlaps(self, other: Box) -> bool:
        """Whether the two rectangles share any area."""
        return (
            self.x < other.x + other.w
            and other.x < self.x + self.w
            and self.y < other.y + other.h
            and other.y < self.y + self.h
        )


def draw_seat(
    canvas: Image.Image, box: Box, seat: SeatScene, name: str, number: int, pack: str
) -> None:
    """Draw one seat's box and everything in it."""
    draw = ImageDraw.Draw(canvas)
    active = seat.get("active", False)
    team = seat.get("team")
    edge = theme.ACTIVE if active else (theme.team_colour(team) if team is not None else None)
    right, bottom = box.x + box.w - 1, box.y + box.h - 1
    draw.rounded_rectangle(
        (box.x, box.y, right, bottom),
        radius=12,
        fill=theme.PANEL,
        outline=edge or theme.PANEL_EDGE,
        width=5 if active else (4 if edge else 2),
    )
    if team is not None:
        draw.rectangle(
            (box.x + 5, box.y + 40, box.x + 10, bottom - 14), fill=theme.team_colour(team)
        )
    _header(draw, box, seat, name, number)
    _chips_and_note(draw, box, seat)
    _cards(canvas, box, seat, pack)


def _header(draw: ImageDraw.ImageDraw, box: Box, seat: SeatScene, name: str, number: int) -> None:
    """The seat number's disc, the name (on a yellow bar when active) and the badge."""
    active = seat.get("active", False)
    x, y, right = box.x + PAD + 6, box.y + PAD, box.x + box.w - PAD - 2
    if active:
        draw.rounded_rectangle((box.x + 4, box.y + 4, box.x + box.w - 5, y + 28), 8, theme.ACTIVE)
    team = seat.get("team")
    disc = theme.team_colour(team) if team is not None else theme.PANEL_EDGE
    draw.ellipse((x, y + 2, x + 24, y + 26), fill=disc, outline=theme.DARK_TEXT, width=2)
    draw_text(draw, (x + 12, y + 14), str(number), font(15), theme.DARK_TEXT, "mm")
    x += 31
    badge = seat.get("badge", "")
    if badge:
        right = _badge(draw, english(badge), seat.get("tone", ""), right, y + 14) - 6
    fill = theme.DARK_TEXT if active else theme.TEXT
    draw_fitted(draw, (x, y + 14), name, font(NAME_SIZE), fill, right - x, anchor="lm")


def _badge(draw: ImageDraw.ImageDraw, text: str, tone: str, right: int, mid_y: int) -> int:
    """A role pill ending at right, centred on mid_y, coloured by its `tone` (the scene's
    kind of badge, whatever its words); its left edge."""
    label, face = fitted(text.upper(), font(BADGE_SIZE), BADGE_MAX_W - 12)
    width = math.ceil(text_width(label, face)) + 12
    colour: RGB = theme.BADGES.get(tone or text.lower(), theme.BADGE_OTHER)
    left = right - width
    draw.rounded_rectangle((left, mid_y - 11, right, mid_y + 11), radius=11, fill=colour)
    draw_text(draw, (left + width / 2, mid_y), label, face, theme.DARK_TEXT, "mm")
    return left


def _chips_and_note(draw: ImageDraw.ImageDraw, box: Box, seat: SeatScene) -> None:
    """Chips (a gold chip and the number) and/or the score on the left, the note after."""
    x, y = box.x + PAD + 6, box.y + PAD + 42
    right = box.x + box.w - PAD - 2
    face = font(CHIPS_SIZE)
    if "chips" in seat:
        draw.ellipse((x, y - 9, x + 18, y + 9), fill=theme.GOLD_TEXT, outline=theme.DARK_TEXT)
        draw.ellipse((x + 5, y - 4, x + 13, y + 4), outline=theme.DARK_TEXT, width=2)
        x += 24
        x += round(draw_fitted(draw, (x, y), str(seat["chips"]), face, theme.GOLD_TEXT, 90, "lm"))
        x += 12
    if "score" in seat:
        text = f"{seat['score']} pts"
        x += round(draw_fitted(draw, (x, y), text, face, theme.TEXT, right - x, "lm")) + 12
    note = seat.get("note", "")
    if note and right - x > 24:
        draw_fitted(
            draw,
            (right, y),
            english(note),
            font(NOTE_SIZE, bold=False),
            theme.MUTED,
            right - x,
            "rm",
        )


def _cards(canvas: Image.Image, box: Box, seat: SeatScene, pack: str) -> None:
    """Face-up cards then backs, fanned to fit; a count on many backs or on cards left out."""
    cw, ch = card_size(CARD_W)
    x, y, width = box.x + PAD + 8, box.y + box.h - PAD - ch, box.w - 2 * PAD - 10
    cards, backs = seat["cards"], seat["backs"]
    shown_backs = min(backs, MANY_BACKS)
    count = len(cards) + shown_backs
    if not count:
        return
    step = step_for(count, cw, width, cw + 4)
    hidden = 0
    if step < 14:  # too many face-up cards: show what fits and count the rest
        keep = max(1, int((width - cw) // 14) + 1 - shown_backs)
        hidden, cards = len(cards) - keep, cards[:keep]
        count, step = keep + shown_backs, 14
    paste_fan(canvas, sprites_for(cards, shown_backs, pack, cw), x, y, step)
    end = x + span(count, cw, step)
    if backs > MANY_BACKS or (backs > 1 and step < cw // 2):
        paste_badge(canvas, backs, end + 4, y + ch + 2, 24)
    if hidden:
        paste_badge(canvas, hidden, x + span(len(cards), cw, step) + 4, y + 24, 22, plus=True)
