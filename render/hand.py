"""A player's hand: large detailed cards, the playable ones raised and outlined in gold.

Cards keep the order given. Up to 15 fit a row (overlapping as needed, always leaving the
corner index and the card's code visible); more wrap to further rows. When `playable` is
given, the others are dimmed, so the choice reads by position and brightness, not colour.
The picture is a PNG in a fixed palette per pack, sampled from a hand of the whole pack
(see render._palette).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from render import _theme as theme
from render._fan import step_for
from render._palette import (
    CARDS_PNG_LEVEL,
    build_palette,
    card_colours,
    encode_palette,
    every_card,
)
from render._picture import Picture
from render._text import draw_fitted, font
from render.sprites import card_size, card_sprite

CARD_W = 150
MAX_W = 1200
MARGIN, TITLE_H, RAISE, LABEL_H, ROW_GAP = 24, 56, 22, 30, 14
MIN_STEP = 72


@lru_cache(maxsize=256)
def _dimmed(code: str, pack: str, width: int) -> Image.Image:
    """A card sprite darkened, for cards that cannot be played now (cached)."""
    sprite = card_sprite(code, pack, width)
    shade = Image.new("RGBA", sprite.size, theme.DIM)
    return Image.alpha_composite(
        sprite, Image.composite(shade, Image.new("RGBA", sprite.size), sprite)
    )


def _rows(count: int) -> list[int]:
    """How many cards each row holds."""
    cw, _ = card_size(CARD_W)
    per_row = max(1, int((MAX_W - 2 * MARGIN - cw) // MIN_STEP) + 1)
    rows = -(-count // per_row) if count else 1
    base, extra = divmod(count, rows)
    return [base + (1 if i < extra else 0) for i in range(rows)]


def render_hand(
    cards: Sequence[str], pack: str, *, title: str = "", playable: Sequence[str] = ()
) -> Picture:
    """A hand of cards as a picture, marking the playable ones; ValueError on unknown codes."""
    canvas = compose_hand(cards, pack, title=title, playable=playable)
    return encode_palette(canvas, "hand", hand_palette(pack), CARDS_PNG_LEVEL)


@lru_cache(maxsize=4)
def hand_palette(pack: str) -> Image.Image:
    """The fixed palette of the pack's hand pictures, sampled from a hand of the whole pack
    with every other card playable (so raised, dimmed and plain cards are all in it)."""
    cards = every_card(pack)
    sample = compose_hand(cards, pack, title="Your hand", playable=cards[::2])
    return build_palette(card_colours(pack), sample)


def compose_hand(
    cards: Sequence[str], pack: str, *, title: str = "", playable: Sequence[str] = ()
) -> Image.Image:
    """The hand picture before encoding (render_hand encodes it)."""
    cw, ch = card_size(CARD_W)
    for code in cards:
        card_sprite(code, pack, CARD_W)  # refuse unknown codes before drawing anything
    rows = _rows(len(cards))
    step = step_for(max(rows), cw, MAX_W - 2 * MARGIN, cw + 12)
    width = max(560, 2 * MARGIN + cw + step * max(0, max(rows) - 1))
    row_h = RAISE + ch + LABEL_H + ROW_GAP
    canvas = Image.new("RGB", (width, TITLE_H + row_h * len(rows) + MARGIN // 2), theme.FELT)
    _header(ImageDraw.Draw(canvas), width, title or "Your hand", bool(playable))
    if not cards:
        ImageDraw.Draw(canvas).text(
            (width // 2, TITLE_H + row_h // 2),
            "No cards",
            font=font(24),
            fill=theme.TEXT,
            anchor="mm",
        )
    start = 0
    for r, count in enumerate(rows):
        y = TITLE_H + r * row_h + RAISE
        x = (width - (cw + step * (count - 1))) // 2
        for i, code in enumerate(cards[start : start + count]):
            visible = step if i < count - 1 else cw
            _draw_card(canvas, code, pack, (x + i * step, y), visible, playable)
        start += count
    return canvas


def _header(draw: ImageDraw.ImageDraw, width: int, title: str, marked: bool) -> None:
    """The title band, with a key to the marking when some cards are marked playable."""
    draw.rectangle((0, 0, width, TITLE_H - 1), fill=theme.BAND)
    room = width - 2 * MARGIN - (width // 3 if marked else 0)
    draw_fitted(draw, (MARGIN, TITLE_H // 2), title, font(26), theme.TEXT, room, "lm")
    if marked:
        key = "raised: playable"
        face = font(18, bold=False)
        draw_fitted(
            draw, (width - MARGIN, TITLE_H // 2), key, face, theme.GOLD_TEXT, width // 3, "rm"
        )


def _draw_card(
    canvas: Image.Image,
    code: str,
    pack: str,
    xy: tuple[int, int],
    visible: int,
    playable: Sequence[str],
) -> None:
    """One card of the hand: raised and outlined if playable, dimmed if others are; its code."""
    x, y = xy
    cw, ch = card_size(CARD_W)
    can = code in playable
    draw = ImageDraw.Draw(canvas)
    if can:
        y -= RAISE
        draw.rounded_rectangle((x - 4, y - 4, x + cw + 3, y + ch + 3), radius=14, fill=theme.ACTIVE)
    sprite = (
        _dimmed(code, pack, CARD_W) if playable and not can else card_sprite(code, pack, CARD_W)
    )
    canvas.paste(sprite, (x, y), sprite)
    label_y = xy[1] + ch + LABEL_H // 2 + 4
    colour = theme.GOLD_TEXT if can else (theme.MUTED if playable else theme.TEXT)
    draw_fitted(
        draw,
        (x + min(visible, cw) // 2, label_y),
        code,
        font(18),
        colour,
        max(visible - 4, 20),
        "mm",
    )
