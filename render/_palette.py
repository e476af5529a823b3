"""Pictures in a fixed 256-colour palette: how tables, hands and patience layouts are encoded.

The cards, the felt and the text use few colours, so mapping a picture onto a fixed
palette costs a millisecond or two, and deflate then works on one byte a pixel instead of
three: a picture encodes in a third of the time and is half the size or less (figures in
bench/RESULTS.md). A palette starts with key colours (the felt, the panels, the text, the
paper, the suit colours) and fills the rest from a sample of what its pictures draw, built
once per process. No dithering: flat colours stay flat and letters stay crisp.

Pillow maps a pixel to the palette entry nearest the low corner of its 4 x 4 x 4 cell of
colours, not to the nearest entry; so a sampled colour close to a key colour can take the
key's own pixels (a level or two off). `build_palette`, which makes the table and hand
palettes, leaves such colours out, so their key colours come out exact; the older patience
palette does not, and is within a few levels.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.games.cards import Pack, french_pack, yankee_pack
from render import _cardface, _emblems
from render import _theme as theme
from render._picture import PNG_LEVEL, Picture
from render._text import RGB, font
from render.sprites import (
    BACK_LINE,
    BACK_RED,
    CREAM,
    EDGE,
    PAPER,
    back_sprite,
    card_size,
    card_sprite,
    count_badge,
)

WIDTH, HEIGHT = 1200, 800
COLOURS = 256
CARDS_PNG_LEVEL = 3
"""zlib level of table and hand pictures: on palette pixels level 3 costs about what level 1
does and saves a tenth of the bytes; level 4 and up cost half as much time again."""

KEY_COLOURS: tuple[RGB, ...] = (
    theme.FELT, theme.FELT_DARK, theme.FELT_LIGHT, theme.TEXT, theme.GOLD_TEXT,
    PAPER, EDGE, BACK_RED, (24, 24, 28), (255, 255, 255),
)  # fmt: skip
"""Patience: colours kept exactly: the felt, the text, the paper, the backs, the badges."""

TABLE_COLOURS: tuple[RGB, ...] = (
    theme.ROOM, theme.BAND, theme.RIM, theme.RIM_DARK, theme.FELT, theme.FELT_LIGHT,
    theme.FELT_DARK, theme.PANEL, theme.PANEL_EDGE, theme.TEXT, theme.MUTED, theme.GOLD_TEXT,
    theme.ACTIVE, theme.DARK_TEXT, *theme.TEAMS, *theme.BADGES.values(), theme.BADGE_OTHER,
    PAPER, EDGE, BACK_RED, BACK_LINE, CREAM, _cardface.PICTURE_TINT, _cardface.PANEL,
    _emblems.INK, _emblems.WHITE, _emblems.GOLD, (24, 24, 28),
)  # fmt: skip
"""Tables and hands: colours kept exactly, besides the suit colours of the pack."""

DIMMED: tuple[RGB, ...] = (PAPER, CREAM, _cardface.PICTURE_TINT, _cardface.PANEL, EDGE, BACK_RED)
"""Card colours that a hand also shows dimmed (under theme.DIM), kept exactly as such."""


def dim(colour: RGB) -> RGB:
    """The colour under the shade that dims a card that cannot be played (theme.DIM)."""
    under = Image.new("RGBA", (1, 1), (*colour, 255))
    shaded = Image.alpha_composite(under, Image.new("RGBA", (1, 1), theme.DIM))
    pixel = shaded.getpixel((0, 0))
    assert isinstance(pixel, tuple)
    return pixel[0], pixel[1], pixel[2]


def card_colours(pack: str) -> tuple[RGB, ...]:
    """The key colours of table and hand pictures of this pack, the dimmed ones included."""
    suits = _emblems.YANKEE_COLOURS if Pack(pack) is Pack.YANKEE else _emblems.SUIT_COLOURS
    extra = () if Pack(pack) is Pack.YANKEE else (_emblems.JOKER_COLOUR,)
    inks = (*suits.values(), *extra)
    keys = (*TABLE_COLOURS, *inks, *(dim(c) for c in (*DIMMED, *inks)))
    return tuple(dict.fromkeys(keys))


def _distance(a: Sequence[int], b: Sequence[int]) -> int:
    """The squared distance between two colours."""
    return sum((x - y) ** 2 for x, y in zip(a, b, strict=True))


def _takes_a_key(colour: Sequence[int], keys: Sequence[RGB]) -> bool:
    """Whether Pillow would map some key colour's pixels to this colour instead of the key."""
    for key in keys:
        corner = tuple(c & ~3 for c in key)
        if _distance(colour, corner) <= _distance(key, corner):
            return True
    return False


def exact_keys(keys: Sequence[RGB]) -> tuple[RGB, ...]:
    """The keys that can all be kept exact together: a key that would take an earlier
    key's pixels, or lose its own to one, is left out (its pixels go to that nearby key)."""
    kept: list[RGB] = []
    for key in keys:
        if not _takes_a_key(key, kept) and not any(_takes_a_key(k, (key,)) for k in kept):
            kept.append(key)
    return tuple(kept)


def build_palette(keys: Sequence[RGB], sample: Image.Image) -> Image.Image:
    """A 256-colour palette: the exact keys, then the sample's colours cut down by an octree
    (faster than a median cut, and nearer on our pictures), less any that would take a key
    colour's pixels."""
    exact = exact_keys(keys)
    assert len(exact) < COLOURS // 2, "most of the palette is for the sample's colours"
    cut = sample.convert("RGB").quantize(
        COLOURS - len(exact), method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )
    flat = cut.getpalette() or []
    rest = [tuple(flat[i : i + 3]) for i in range(0, len(flat), 3)]
    entries = [*exact, *(c for c in rest if not _takes_a_key(c, exact))]
    entries += [exact[0]] * (COLOURS - len(entries))  # repeats of a key are never nearer
    table = Image.new("P", (1, 1))
    table.putpalette([channel for colour in entries[:COLOURS] for channel in colour])
    return table


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """The 256-colour palette of the patience pictures: the key colours, then the colours
    of a sample of everything drawn (every card at two sizes, backs, labels, badges, text)."""
    sample = Image.new("RGB", (WIDTH, HEIGHT), theme.FELT)
    draw = ImageDraw.Draw(sample)
    x = y = 0
    for width in (44, 72):
        w, h = card_size(width)
        for card in (*french_pack(), None):
            sprite = back_sprite(width) if card is None else card_sprite(card, "french", width)
            sample.paste(sprite, (x, y), sprite)
            badge = count_badge(len(card or "") * 7, max(14, width // 3))
            sample.paste(badge, (x + w - badge.width, y), badge)
            x += w + 4
            if x + w > WIDTH:
                x, y = 0, y + h + 4
        x, y = 0, y + h + 4
    draw.rectangle((0, y, WIDTH, y + 80), fill=theme.FELT_DARK)
    draw.text((8, y + 4), "Patience Moves 12 Hint: move t3 f1 ·", font=font(26), fill=theme.TEXT)
    draw.text((8, y + 40), "Redeals left 2 No move", font=font(20, bold=False), fill=theme.TEXT)
    draw.text((8, y + 84), "s w f1 t12 r8 g110 23 5", font=font(14), fill=theme.GOLD_TEXT)
    rest = sample.quantize(256 - len(KEY_COLOURS), method=Image.Quantize.MEDIANCUT)
    colours = [c for rgb in KEY_COLOURS for c in rgb] + list(rest.getpalette() or [])
    table = Image.new("P", (1, 1))
    table.putpalette(colours[: 256 * 3])
    return table


def encode_palette(
    image: Image.Image, stem: str, colours: Image.Image | None = None, level: int = PNG_LEVEL
) -> Picture:
    """The image as an opaque PNG at this zlib level in a fixed 256-colour palette (the
    patience one unless colours is given), named stem.png."""
    mapped = image.convert("RGB").quantize(palette=colours or palette(), dither=Image.Dither.NONE)
    out = io.BytesIO()
    mapped.save(out, format="PNG", compress_level=level)
    return Picture(out.getvalue(), f"{stem}.png", "image/png", image.width, image.height)


def every_card(pack: str) -> tuple[str, ...]:
    """Every card of the pack (the French one with its joker), for palette samples."""
    return yankee_pack() if Pack(pack) is Pack.YANKEE else french_pack(joker=True)
