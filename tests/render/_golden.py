"""Golden-image comparison with a tolerance (after Pillow's Tests/helper.py).

An image matches its golden when the mean absolute difference per channel is at most
MAX_MEAN_DIFF and at most MAX_DIFFERING of the pixels differ by more than PIXEL_TOLERANCE
in some channel: small anti-aliasing changes pass, a moved card or a missing word fails.
On failure the actual image and an amplified difference are written to
tests/render/_failures/ and named in the assertion message. PARLOUR_UPDATE_GOLDEN=1
rewrites the goldens instead of comparing.
"""

from __future__ import annotations

import io
import os
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

GOLDEN = Path(__file__).resolve().parent / "golden"
FAILURES = Path(__file__).resolve().parent / "_failures"
MAX_MEAN_DIFF = 1.0
MAX_DIFFERING = 0.002
PIXEL_TOLERANCE = 48


@dataclass(frozen=True)
class Difference:
    """How far two images of one size are apart."""

    mean: float
    """Mean absolute difference per channel, 0-255, averaged over the channels."""
    differing: float
    """The share of pixels differing by more than PIXEL_TOLERANCE in some channel."""

    @property
    def close(self) -> bool:
        """Within the tolerance."""
        return self.mean <= MAX_MEAN_DIFF and self.differing <= MAX_DIFFERING


def difference(actual: Image.Image, expected: Image.Image) -> Difference:
    """The difference between two RGB images of the same size."""
    assert actual.size == expected.size, f"size {actual.size} != golden {expected.size}"
    diff = ImageChops.difference(actual.convert("RGB"), expected.convert("RGB"))
    mean = sum(ImageStat.Stat(diff).mean) / 3
    worst = diff.getchannel(0)
    for band in (1, 2):
        worst = ImageChops.lighter(worst, diff.getchannel(band))
    over = worst.point(lambda v: 255 if v > PIXEL_TOLERANCE else 0)
    differing = ImageStat.Stat(over).mean[0] / 255
    return Difference(mean, differing)


def assert_matches_golden(data: bytes, name: str, failures: Path = FAILURES) -> None:
    """Compare encoded image bytes with golden/NAME.png (or rewrite it when updating)."""
    actual = Image.open(io.BytesIO(data))
    actual.load()
    path = GOLDEN / f"{name}.png"
    if os.environ.get("PARLOUR_UPDATE_GOLDEN") == "1":
        GOLDEN.mkdir(exist_ok=True)
        actual.convert("RGB").save(path, optimize=True)
        return
    assert path.exists(), f"no golden {path}: run with PARLOUR_UPDATE_GOLDEN=1 to create it"
    expected = Image.open(path)
    found = None if actual.size != expected.size else difference(actual, expected)
    if found is not None and found.close:
        return
    failures.mkdir(parents=True, exist_ok=True)
    out = failures / f"{name}.png"
    actual.convert("RGB").save(out)
    detail = f"size {actual.size} vs {expected.size}"
    if found is not None:
        diff = ImageChops.difference(actual.convert("RGB"), expected.convert("RGB"))
        diff.point(lambda v: min(255, v * 8)).save(failures / f"{name}.diff.png")
        detail = f"mean diff {found.mean:.2f} (max {MAX_MEAN_DIFF}), "
        detail += f"{found.differing:.2%} of pixels differ (max {MAX_DIFFERING:.2%})"
    raise AssertionError(f"{name} differs from its golden: {detail}; actual image at {out}")
