"""A finished picture (bytes plus what a message attachment needs) and the encoder.

Every picture is a PNG: cards and text are sharp-edged, flat-coloured art, where PNG stays
crisp (JPEG rings around letters, lossy WebP blurs them) and every Discord client shows it
inline. Tables, hands and patience layouts are encoded in a fixed 256-colour palette by
render._palette, the fastest and smallest choice measured (bench/RESULTS.md "Render");
the rest (card sheets, leaderboards), seldom drawn, as full-colour PNG here.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from PIL import Image

PNG_LEVEL = 1


@dataclass(frozen=True, slots=True)
class Picture:
    """Encoded image bytes with the name and type to attach them under, and their size."""

    data: bytes
    filename: str
    content_type: str
    width: int
    height: int


def encode(image: Image.Image, stem: str) -> Picture:
    """The image as an opaque PNG Picture named stem.png."""
    if image.mode != "RGB":
        image = image.convert("RGB")
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=PNG_LEVEL)
    return Picture(
        data=out.getvalue(),
        filename=f"{stem}.png",
        content_type="image/png",
        width=image.width,
        height=image.height,
    )
