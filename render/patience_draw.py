"""The parts the patience picture is drawn with (render/patience.py puts them together):
the felt and its title and status bands, labels, cards squared and fanned, lines of
cards, and the generic arrangement of zones in bands (`generic_spots`, `draw_generic`),
which the figures of render/patience_figures.py also use for zones outside their figure.
"""

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render import _theme as theme
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
ODDS_SHARE = 0.5
"""The most of the status band's width the game's odds take."""

Pile = Mapping[str, Any]
Zone = Mapping[str, Any]
Chunk = Sequence[Pile]


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


def draw_status(draw: ImageDraw.ImageDraw, view: Mapping[str, Any]) -> None:
    """Moves, redeals and privileges left, the hint, and the result; at the right, the
    game's odds if the view carries them ("odds")."""
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
    room: float = WIDTH - 2 * MARGIN
    if view.get("odds"):  # the game's odds, in words, at the band's right end
        right = (WIDTH - MARGIN, HEIGHT - STATUS_H // 2)
        room -= GAP * 3 + draw_fitted(
            draw,
            right,
            str(view["odds"]),
            font(15, bold=False),
            theme.TEXT,
            room * ODDS_SHARE,
            "rm",
        )
    text = "  ·  ".join(parts)
    draw_fitted(draw, at, text, font(20, bold=False), theme.TEXT, room, "lm")


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


def steps_within(height: int, fractions: tuple[float, float]) -> tuple[float, float]:
    """Fan steps (face up, face down) for cards of this height, at least 3 px."""
    return height * fractions[0], max(3.0, height * fractions[1])


def fan_steps(cards: Sequence[str | None], height: int, room: float) -> tuple[float, float]:
    """The steps between fanned face-up and face-down cards so a column of card `height`
    fits `room` (label excluded): generous if it can, readable if it must, squeezed if not."""
    ideal, least = steps_within(height, IDEAL), steps_within(height, LEAST)
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
