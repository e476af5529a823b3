"""Card sprites: every card of the French and Yankee Notion packs, the back, a count badge.

Each is drawn once per size and cached (functools.lru_cache), so the same object comes
back on every call: treat the images as read-only. Sprites are RGBA with rounded,
transparent corners; heights are 1.4 times the width. Cards at least `DETAIL_WIDTH` wide
get the full design (corner indices, pip layouts, court panels, portraits with names);
narrower ones the compact one (a big index and a big emblem), which stays readable small.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from bot.games.cards import FRENCH_RANKS, FRENCH_SUITS, JOKER, YANKEE_SUITS, Pack
from render import _cardface
from render._art import SUPERSAMPLE
from render._text import font

RATIO = 1.4
DETAIL_WIDTH = 90
PAPER = (252, 250, 244)
EDGE = (90, 90, 96)
BACK_RED = (150, 28, 44)
BACK_LINE = (196, 80, 92)
CREAM = (246, 236, 210)


def card_size(width: int) -> tuple[int, int]:
    """The (width, height) of a card sprite of this width."""
    return width, round(width * RATIO)


def parse(code: str, pack: str) -> tuple[Pack, str, str]:
    """The pack, rank and suit of a canonical card code, or ValueError saying why not."""
    try:
        kind = Pack(pack)
    except ValueError:
        raise ValueError(f"unknown pack {pack!r}: use 'french' or 'yankee'") from None
    if kind is Pack.YANKEE:
        if len(code) == 2 and code[0] in "0123456789" and code[1] in YANKEE_SUITS:
            return kind, code[0], code[1]
    elif code == JOKER:
        return kind, JOKER, ""
    elif code[:-1] in FRENCH_RANKS and code[-1:] in FRENCH_SUITS:
        return kind, code[:-1], code[-1]
    raise ValueError(f"{code!r} is not a card of the {kind} pack")


def _big_blank(width: int, fill: tuple[int, int, int]) -> Image.Image:
    """A blank card drawn SUPERSAMPLE times larger than width."""
    w, h = card_size(width)
    big = Image.new("RGBA", (w * SUPERSAMPLE, h * SUPERSAMPLE), (0, 0, 0, 0))
    ImageDraw.Draw(big).rounded_rectangle(
        (0, 0, big.width - 1, big.height - 1),
        radius=round(width * 0.08) * SUPERSAMPLE,
        fill=fill,
        outline=EDGE,
        width=max(1, round(width / 45)) * SUPERSAMPLE,
    )
    return big


@lru_cache(maxsize=64)
def blank(width: int, fill: tuple[int, int, int] = PAPER) -> Image.Image:
    """A blank card: rounded, with a thin dark edge (cached; do not modify)."""
    return _big_blank(width, fill).resize(card_size(width), Image.Resampling.LANCZOS)


@lru_cache(maxsize=1024)
def card_sprite(code: str, pack: str, width: int) -> Image.Image:
    """The face of a card at this width (cached; do not modify); ValueError if unknown."""
    kind, rank, suit = parse(code, pack)
    if width < 16:
        raise ValueError(f"a card {width} px wide is too small to draw")
    tint = _cardface.is_picture(kind, rank, suit)
    card = blank(width, _cardface.PICTURE_TINT if tint else PAPER).copy()
    if width >= DETAIL_WIDTH:
        _cardface.draw_detailed(card, kind, rank, suit)
    else:
        _cardface.draw_compact(card, kind, rank, suit)
    return card


@lru_cache(maxsize=32)
def back_sprite(width: int) -> Image.Image:
    """The back of a card at this width: a red lattice round a cream medallion (cached)."""
    w, h = card_size(width)
    s = SUPERSAMPLE
    big = _big_blank(width, BACK_RED)
    m, step = round(width * 0.09) * s, max(6, round(width / 6)) * s
    line = max(1, round(width / 40)) * s
    field = Image.new("RGBA", (w * s - 2 * m, h * s - 2 * m), BACK_RED)
    lattice = ImageDraw.Draw(field)
    for x in range(-field.height, field.width + field.height, step):
        lattice.line((x, 0, x + field.height, field.height), fill=BACK_LINE, width=line)
        lattice.line((x, field.height, x + field.height, 0), fill=BACK_LINE, width=line)
    big.paste(field, (m, m))
    draw = ImageDraw.Draw(big)
    draw.rectangle((m, m, w * s - m, h * s - m), outline=CREAM, width=line * 2)
    cx, cy, r = w * s / 2, h * s / 2, width * 0.2 * s
    draw.ellipse((cx - r, cy - r * 1.3, cx + r, cy + r * 1.3), fill=CREAM, outline=EDGE, width=line)
    draw.ellipse((cx - r / 2, cy - r / 2, cx + r / 2, cy + r / 2), fill=BACK_RED)
    return big.resize((w, h), Image.Resampling.LANCZOS)


@lru_cache(maxsize=256)
def count_badge(count: int, height: int, *, plus: bool = False) -> Image.Image:
    """A dark pill showing a number (as +N if plus) in white, for a pile or a fan (cached)."""
    text = f"+{count}" if plus else str(count)
    face = font(max(8, round(height * 0.68)))
    width = max(height, round(face.getlength(text) + height * 0.7))
    s = SUPERSAMPLE
    big = Image.new("RGBA", (width * s, height * s), (0, 0, 0, 0))
    ImageDraw.Draw(big).rounded_rectangle(
        (0, 0, width * s - 1, height * s - 1),
        radius=height * s // 2,
        fill=(24, 24, 28),
        outline=(255, 255, 255),
        width=max(1, height // 12) * s,
    )
    badge = big.resize((width, height), Image.Resampling.LANCZOS)
    ImageDraw.Draw(badge).text(
        (width / 2, height / 2), text, font=face, fill=(255, 255, 255), anchor="mm"
    )
    return badge
