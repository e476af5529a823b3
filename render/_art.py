"""Named art painted at a size: supersampled four times and scaled down, then cached.

The names are those of render._emblems.EMBLEMS and render._faces.PORTRAITS.
"""

from __future__ import annotations

from functools import lru_cache
from types import MappingProxyType

from PIL import Image, ImageDraw

from render._emblems import EMBLEMS
from render._faces import PORTRAITS
from render._shapes import paint

SUPERSAMPLE = 4
ART = MappingProxyType({**EMBLEMS, **PORTRAITS})


@lru_cache(maxsize=2048)
def art(name: str, size: int, flip: bool = False) -> Image.Image:
    """The named art in a size x size transparent image, upside down if flip (cached)."""
    big = size * SUPERSAMPLE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    paint(ImageDraw.Draw(image), ART[name], big, flip)
    return image.resize((size, size), Image.Resampling.LANCZOS)
