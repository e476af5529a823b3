"""Fonts and text that fits: the vendored DejaVu Sans, a smaller size for a text too wide
for its box, truncation with an ellipsis only past that, wrapping.

We vendor DejaVu Sans (render/fonts/, Bitstream Vera licence, see LICENSE there) rather
than Pillow's bundled Aileron: that one has no bold and only ASCII, so a name like "Zoë"
would show a box. Characters DejaVu lacks (emoji, CJK) are dropped, never drawn as boxes.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONTS = Path(__file__).resolve().parent / "fonts"
ELLIPSIS = "…"
RGB = tuple[int, int, int]


@lru_cache(maxsize=64)
def font(size: int, bold: bool = True) -> ImageFont.FreeTypeFont:
    """DejaVu Sans (bold by default) at a pixel size, loaded once per size."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONTS / name), size)


@lru_cache(maxsize=1)
def _missing_mask() -> bytes:
    """The bitmap of the font's 'missing glyph' box, to recognise characters it lacks."""
    return bytes(font(20).getmask("\U000f0000"))


@lru_cache(maxsize=4096)
def _drawable(char: str) -> bool:
    """Whether the font has a glyph for this character."""
    if char.isascii():
        return char.isprintable()
    if not char.isprintable():
        return False
    return bytes(font(20).getmask(char)) != _missing_mask()


def clean(text: str) -> str:
    """The text less characters the font cannot draw, with runs of spaces collapsed."""
    kept = "".join(c if _drawable(c) else " " for c in text.replace("\n", " "))
    return " ".join(kept.split())


SHRINK = 0.75
"""How far a text too wide for its box may be made smaller before it is cut: a longer
language's words (German's, the pseudo-locale's) are drawn whole a size or two smaller."""
_cut: list[set[str]] = []


@contextmanager
def cuts() -> Iterator[set[str]]:
    """Every text cut with an ellipsis while the block runs (even at the smallest size it
    may take): what the tests of each locale's pictures count as overflowing."""
    found: set[str] = set()
    _cut.append(found)
    fit.cache_clear()
    fitted.cache_clear()
    try:
        yield found
    finally:
        _cut.remove(found)


def note_cut(text: str) -> None:
    """Count a text left out of a picture for want of room (see `cuts`)."""
    for found in _cut:
        found.add(text)


@lru_cache(maxsize=4096)
def fitted(
    text: str, face: ImageFont.FreeTypeFont, width: float
) -> tuple[str, ImageFont.FreeTypeFont]:
    """The cleaned text as it fits `width`, and the face to draw it in: the given one,
    else the largest down to `SHRINK` of its size that holds it whole, else the smallest
    with the text cut and ended with an ellipsis."""
    cleaned = clean(text)
    if text_width(cleaned, face) <= width:
        return cleaned, face
    size = int(face.size)
    path = str(face.path)
    smallest = face
    for smaller in range(size - 1, max(1, math.ceil(size * SHRINK)) - 1, -1):
        smallest = _face(path, smaller)
        if text_width(cleaned, smallest) <= width:
            return cleaned, smallest
    return fit(cleaned, smallest, width), smallest


@lru_cache(maxsize=128)
def _face(path: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, size)


@lru_cache(maxsize=4096)
def fit(text: str, face: ImageFont.FreeTypeFont, width: float) -> str:
    """The cleaned text, cut and ended with an ellipsis if it is wider than width (at
    this size: `fitted` first tries smaller ones)."""
    text = clean(text)
    if text_width(text, face) <= width:
        return text
    note_cut(text)
    lo, hi = 0, len(text)
    while lo < hi:  # the longest prefix that fits with its ellipsis
        mid = (lo + hi + 1) // 2
        if face.getlength(text[:mid].rstrip() + ELLIPSIS) <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS if lo else ""


def wrap(text: str, face: ImageFont.FreeTypeFont, width: float, max_lines: int) -> list[str]:
    """The cleaned text broken into at most max_lines lines of at most width, the last cut."""
    words = clean(text).split(" ")
    lines: list[str] = []
    while words and len(lines) < max_lines:
        line = words.pop(0)
        while words and face.getlength(line + " " + words[0]) <= width:
            line += " " + words.pop(0)
        if len(lines) == max_lines - 1 and words:
            line += " " + " ".join(words)
            words = []
        lines.append(fit(line, face, width))
    return lines


@lru_cache(maxsize=4096)
def text_width(text: str, face: ImageFont.FreeTypeFont) -> float:
    """How wide the text is in this font (cached: the same labels recur on every picture)."""
    return face.getlength(text)


@lru_cache(maxsize=1024)  # a few MB at most: most masks are short labels a few KB each
def _glyphs(
    text: str, face: ImageFont.FreeTypeFont, anchor: str, start: tuple[float, float]
) -> tuple[Image.Image, tuple[int, int]]:
    """The text's antialiased coverage and where it starts relative to its anchor point."""
    mask, offset = face.getmask2(text, "L", anchor=anchor, start=start)
    return Image.frombytes("L", mask.size, bytes(mask)), offset


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    face: ImageFont.FreeTypeFont,
    fill: RGB,
    anchor: str = "la",
) -> None:
    """Draw one line of text as ImageDraw.text does, from glyphs rendered once per text,
    font, anchor and sub-pixel start: FreeType took most of a table picture's time."""
    x, y = xy
    start = (math.modf(x)[0], math.modf(y)[0])
    mask, (dx, dy) = _glyphs(text, face, anchor, start)
    draw.bitmap((int(x) + dx, int(y) + dy), mask, fill=fill)


def draw_fitted(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    face: ImageFont.FreeTypeFont,
    fill: RGB,
    width: float,
    anchor: str = "la",
) -> float:
    """Draw text fitted to width at xy (smaller, or cut: `fitted`); the width it took."""
    shown, face = fitted(text, face, width)
    if shown:
        draw_text(draw, xy, shown, face, fill, anchor)
    return text_width(shown, face)
