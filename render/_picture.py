"""A finished picture (bytes plus what a message attachment needs) and the encoder.

Every picture is a PNG: cards and text are sharp-edged, flat-coloured art, where PNG stays
crisp (JPEG rings around letters) and, with a flat felt and zlib level 1, is fast enough
and small enough (see bench/RESULTS.md "Render").
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
