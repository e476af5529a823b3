"""Text drawn from cached glyphs is pixel for pixel what Pillow's ImageDraw.text draws."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageDraw

from render._text import draw_text, font, text_width


@pytest.mark.parametrize("anchor", ["la", "lm", "mm", "rm", "ms"])
@pytest.mark.parametrize("xy", [(40, 30), (40.5, 30.5), (41.25, 29.75)])
def test_cached_text_matches_pillow(anchor: str, xy: tuple[float, float]) -> None:
    face, text, ink = font(20), "Zoë Ång 0:42 ·", (250, 247, 238)
    ours = Image.new("RGB", (200, 60), (28, 96, 60))
    theirs = ours.copy()
    for _ in range(2):  # the second time comes from the cache
        draw_text(ImageDraw.Draw(ours), xy, text, face, ink, anchor)
        ImageDraw.Draw(theirs).text(xy, text, font=face, fill=ink, anchor=anchor)
    assert ImageChops.difference(ours, theirs).getbbox() is None


def test_one_text_in_two_colours_draws_each_colour() -> None:
    face = font(18)
    image = Image.new("RGB", (120, 40), (0, 0, 0))
    draw_text(ImageDraw.Draw(image), (5, 10), "AB", face, (255, 0, 0))
    draw_text(ImageDraw.Draw(image), (60, 10), "AB", face, (0, 0, 255))
    colours = {c for _, c in image.getcolors(10_000) or []}
    assert (255, 0, 0) in colours and (0, 0, 255) in colours


def test_text_width_is_pillow_s() -> None:
    face = font(17, bold=False)
    assert text_width("Charlotte Brontë", face) == face.getlength("Charlotte Brontë")
