"""A palette PNG written in bands of rows, each band deflated on its own, so a band can be
kept and reused when the next picture has the same rows.

Pillow deflates a picture's rows as one stream, so changing one seat means compressing the
whole picture again (most of a table picture's time, bench/RESULTS.md "Issue 25"). Here
every `BAND_H` rows (each with PNG filter 0, "none", as Pillow writes palette images) are
deflated by a fresh compressor and ended on a sync flush, which leaves the band on a byte
boundary with no reference to anything before it; the bands joined, then an empty final
block, make one valid zlib stream. The stream's Adler-32 is combined from the bands' own,
so a kept band is never read again. The bytes are a function of the pixels and the palette
alone: a band compressed now or kept from an earlier picture is the same bytes. The price
is about 6% more bytes than one stream; the time to compress a whole picture is the same.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

BAND_H = 16
"""Rows per band: smaller bands are redrawn more finely but compress worse (8 rows: 14%
more bytes; 16: 6%; 32: 1%)."""
SIGNATURE = b"\x89PNG\r\n\x1a\n"
ZLIB_HEADER = b"\x78\x5e"
"""Deflate with a 32 KB window, 'fast' compression levels (2 to 5) noted."""
FINAL_BLOCK = b"\x03\x00"
"""An empty final block (fixed Huffman codes, just the end-of-block code)."""
ADLER_BASE = 65521


@dataclass(frozen=True, slots=True)
class Band:
    """Some rows deflated on their own: the bytes, and the Adler-32 and length of the rows."""

    data: bytes
    adler: int
    size: int


def band_count(height: int) -> int:
    """How many bands a picture of this height has."""
    return -(-height // BAND_H)


def deflate_band(raw: bytes, width: int, index: int, level: int) -> Band:
    """Band index of a palette picture's pixel bytes (width bytes a row), each row after its
    filter byte 0, deflated on its own."""
    start = index * BAND_H * width
    rows_end = min(len(raw), start + BAND_H * width)
    rows = b"".join(b"\0" + raw[at : at + width] for at in range(start, rows_end, width))
    squeeze = zlib.compressobj(level, zlib.DEFLATED, -15)
    data = squeeze.compress(rows) + squeeze.flush(zlib.Z_SYNC_FLUSH)
    return Band(data, zlib.adler32(rows), len(rows))


def adler32_joined(first: int, second: int, second_size: int) -> int:
    """The Adler-32 of two byte strings joined, from theirs and the second's length."""
    low_1, high_1 = first & 0xFFFF, first >> 16
    low_2, high_2 = second & 0xFFFF, second >> 16
    low = (low_1 + low_2 - 1) % ADLER_BASE
    high = (high_1 + high_2 + second_size * (low_1 - 1)) % ADLER_BASE
    return (high << 16) | low


def _chunk(kind: bytes, data: bytes) -> bytes:
    """A PNG chunk: length, type, data, CRC of type and data."""
    crc = zlib.crc32(data, zlib.crc32(kind))
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


def palette_png(size: tuple[int, int], palette: bytes, bands: Sequence[Band]) -> bytes:
    """An 8-bit palette PNG of this size from its colours (RGB triples) and its bands."""
    width, height = size
    assert len(bands) == band_count(height), "every band of the picture"
    adler = 1
    for band in bands:
        adler = adler32_joined(adler, band.adler, band.size)
    stream = b"".join((ZLIB_HEADER, *(b.data for b in bands), FINAL_BLOCK))
    stream += struct.pack(">I", adler)
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return b"".join(
        (
            SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", palette),
            _chunk(b"IDAT", stream),
            _chunk(b"IEND", b""),
        )
    )


def palette_bytes(image: Image.Image) -> bytes:
    """The RGB triples of a palette image's palette, as PLTE holds them."""
    return bytes(image.getpalette() or [])


def encode_bands(image: Image.Image, palette: Image.Image, level: int) -> bytes:
    """An image mapped onto the palette (an image holding it) as a PNG, every band
    compressed now (no band kept)."""
    mapped = image.convert("RGB").quantize(palette=palette, dither=Image.Dither.NONE)
    raw = mapped.tobytes()
    bands = [deflate_band(raw, image.width, i, level) for i in range(band_count(image.height))]
    return palette_png(image.size, palette_bytes(palette), bands)
