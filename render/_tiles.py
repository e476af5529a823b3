"""A picture assembled from cached pieces: what did not change since a like picture is
neither drawn, nor mapped to the palette, nor compressed again.

A picture is a fixed background and pieces (a table's title band, status band, middle and
seat boxes), each a rectangle of the canvas that nothing else paints and that its own
drawing never leaves, and each named by a key holding everything that decides its pixels.
A piece is drawn on the background's crop of its rectangle, mapped to the palette alone
(undithered, a pixel's palette index depends on its colour only, so the crop maps as the
whole canvas would) and kept under its key. The palette canvas is the background with the
pieces pasted; it is encoded in bands of rows (render._png), and a band is kept under the
pieces it crosses: a move that changed two seats compresses only their rows again.

So the bytes are those of drawing the whole canvas and encoding it with render._png,
whatever was kept. Keys hold content, not a table, so a piece serves every table that
shows it (an empty seat, a title); each process keeps its own, so a table's picture drawn
by another worker than the last draws what that worker lacks, as a first picture does.
Both caches are least-recently-used and bounded in bytes (`PIECE_BUDGET`, `BAND_BUDGET`),
so a worker's memory stays flat however many tables it draws.
"""

from __future__ import annotations

import itertools
import threading
import zlib
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Generic, TypeVar

from PIL import Image

from render._png import BAND_H, Band, band_count, deflate_band, palette_bytes, palette_png
from render._seat import Box

PIECE_BUDGET = 32 << 20
"""Bytes of deflated pieces kept: a ten-seat table's are about 60 KB (0.55 MB of pixels),
so this keeps the pieces of some 500 tables a worker draws in turn. Kept as pixels, 48 MB
held 85 tables, and 200 tables taking turns missed on every picture (bench/RESULTS.md)."""
IMAGE_BUDGET = 8 << 20
"""Bytes of pieces' pixels kept as they are, not deflated (the last dozen tables' pieces)."""
BAND_BUDGET = 32 << 20
"""Bytes of compressed bands kept: a ten-seat table's are about 55 KB (some 580 tables)."""
Paint = Callable[[Image.Image, int, int], None]
"""Draws a piece on its rectangle's crop, given what to add to canvas x and y."""
T = TypeVar("T")


class SizedLRU(Generic[T]):
    """A least-recently-used map bounded by the total size of its values."""

    def __init__(self, budget: int, size_of: Callable[[T], int]) -> None:
        self.budget, self.size_of, self.used = budget, size_of, 0
        self.entries: OrderedDict[Hashable, T] = OrderedDict()

    def get(self, key: Hashable) -> T | None:
        """The value kept under key (now the most recently used), or None."""
        found = self.entries.get(key)
        if found is not None:
            self.entries.move_to_end(key)
        return found

    def put(self, key: Hashable, value: T) -> None:
        """Keep value under key, dropping the least recently used past the budget."""
        old = self.entries.pop(key, None)
        if old is not None:
            self.used -= self.size_of(old)
        self.entries[key] = value
        self.used += self.size_of(value)
        while self.used > self.budget and len(self.entries) > 1:
            _, dropped = self.entries.popitem(last=False)
            self.used -= self.size_of(dropped)

    def clear(self) -> None:
        """Forget everything."""
        self.entries.clear()
        self.used = 0


@dataclass(frozen=True, slots=True)
class Piece:
    """A rectangle of the picture that only its own drawing paints, named by its pixels'
    key (which must hold everything the drawing depends on, the palette included)."""

    key: Hashable
    region: Box
    paint: Paint


@dataclass(frozen=True, slots=True)
class _Drawn:
    """A piece drawn and mapped to the palette, with a serial number unique to it; its
    palette indices are kept deflated (a seat box's 34 KB in 2 to 4 KB), as they are read
    only when a band the piece crosses is compressed again."""

    serial: int
    size: tuple[int, int]
    pixels: bytes

    def image(self) -> Image.Image:
        """The piece's palette indices as an image (without a palette: pasted as indices)."""
        return Image.frombytes("P", self.size, zlib.decompress(self.pixels))


_serials = itertools.count(1)
_pieces: SizedLRU[_Drawn] = SizedLRU(PIECE_BUDGET, lambda d: len(d.pixels) + 160)
_bands: SizedLRU[Band] = SizedLRU(BAND_BUDGET, lambda b: len(b.data) + 64)
_images: SizedLRU[Image.Image] = SizedLRU(IMAGE_BUDGET, lambda i: i.width * i.height)
_lock = threading.Lock()
"""The caches are one process's (render workers draw one picture at a time; the lock keeps
any other caller's threads from interleaving their updates)."""


def forget() -> None:
    """Drop every kept piece and band (tests, and measuring a first picture)."""
    with _lock:
        _pieces.clear()
        _bands.clear()
        _images.clear()


def kept_bytes() -> tuple[int, int]:
    """Bytes held now by kept pieces and by kept bands."""
    return _pieces.used, _bands.used


def _drawn(piece: Piece, background: Image.Image, palette: Image.Image) -> _Drawn:
    """The piece drawn and mapped, kept or drawn now."""
    found = _pieces.get(piece.key)
    if found is None:
        r = piece.region
        tile = background.crop((r.x, r.y, r.x + r.w, r.y + r.h))
        piece.paint(tile, -r.x, -r.y)
        mapped = tile.quantize(palette=palette, dither=Image.Dither.NONE)
        found = _Drawn(next(_serials), mapped.size, zlib.compress(mapped.tobytes(), 1))
        _images.put(found.serial, mapped)
        _pieces.put(piece.key, found)
    return found


def _pixels(drawn: _Drawn) -> Image.Image:
    """A drawn piece's palette indices, kept as they are or inflated now."""
    found = _images.get(drawn.serial)
    if found is None:
        found = drawn.image()
        _images.put(drawn.serial, found)
    return found


@lru_cache(maxsize=1024)
def _crossing(regions: tuple[Box, ...], height: int) -> tuple[tuple[int, ...], ...]:
    """For each band of rows, the indices of the regions it crosses."""
    out = []
    for band in range(band_count(height)):
        top, bottom = band * BAND_H, (band + 1) * BAND_H
        out.append(tuple(i for i, r in enumerate(regions) if r.y < bottom and top < r.y + r.h))
    return tuple(out)


def assembled(
    background: tuple[Image.Image, Image.Image],
    palette: Image.Image,
    pieces: Sequence[Piece],
    level: int,
    scope: Hashable,
) -> bytes:
    """The PNG of the background (as drawn, and as mapped to the palette) with the pieces
    on it, at this zlib level; scope names the background and palette in band keys. The
    bands kept are reused, the others compressed from a canvas showing the pieces that
    cross them, all under the caches' lock."""
    drawn, mapped = background
    with _lock:
        done = [_drawn(p, drawn, palette) for p in pieces]
        crossing = _crossing(tuple(p.region for p in pieces), mapped.height)
        keys = [(scope, level, i, *(done[j].serial for j in crossed))
                for i, crossed in enumerate(crossing)]  # fmt: skip
        bands = [_bands.get(key) for key in keys]
        missing = [i for i, band in enumerate(bands) if band is None]
        if missing:
            canvas = mapped.copy()
            for j in sorted({j for i in missing for j in crossing[i]}):
                canvas.paste(_pixels(done[j]), (pieces[j].region.x, pieces[j].region.y))
            raw = canvas.tobytes()
            for i in missing:
                band = bands[i] = deflate_band(raw, canvas.width, i, level)
                _bands.put(keys[i], band)
    return palette_png(mapped.size, palette_bytes(palette), [b for b in bands if b is not None])
