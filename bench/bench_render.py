"""Benchmark of the table picture (issue: render), written to bench/RESULTS.md "## Render".

A 1200 x 800 table of ten seats with 40 cards on it (face up, backs, a trick and a fan):
compose and encode times (p50, p99 over the runs) and the size, for the chosen format
(PNG, zlib level 1), with other encoders measured on the same picture for comparison,
and the first picture's time, which draws the sprites it needs.

Run: .venv/bin/python bench/bench_render.py [--runs N]
"""

from __future__ import annotations

import argparse
import io
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PIL import Image  # noqa: E402

from bench._results import write_section  # noqa: E402
from bot.games.cards import Pack, french_pack  # noqa: E402
from bot.games.scene import Scene, group, scene, seat  # noqa: E402
from render._picture import encode  # noqa: E402
from render.table import compose_table  # noqa: E402

NAMES = ["Alice", "Bob the Bold", "Zoë Ångström", "Dicey", "Charlotte Brontë", "Eve", "Mallory",
         "Trent", "Peggy", "Walter"]  # fmt: skip
STATUS = "Dicey to play - 0:42 left - pot 120"
OTHER_ENCODERS: dict[str, dict[str, object]] = {
    "PNG, zlib level 6 (Pillow's default)": {"format": "PNG"},
    "WebP lossless, method 0": {"format": "WEBP", "lossless": True, "method": 0, "quality": 0},
    "WebP lossy q90, method 0": {"format": "WEBP", "quality": 90, "method": 0},
    "JPEG q90, 4:4:4": {"format": "JPEG", "quality": 90, "subsampling": 0},
}


def forty_cards() -> Scene:
    """Ten seats of two face-up cards and a back each, a trick of six and a fan of four."""
    deck = french_pack()
    seats = [
        seat(cards=deck[i * 2 : i * 2 + 2], backs=1, chips=1000 + i, note="rate 5", active=i == 3)
        for i in range(10)
    ]
    groups = [
        group("row", "Trick", deck[20:26], owners=list(range(6))),
        group("fan", "Widow", deck[26:30]),
    ]
    assert sum(len(s["cards"]) + s["backs"] for s in seats) + 10 == 40
    return scene(Pack.FRENCH, "Forty cards", seats, groups, [("Pot", 120), ("Trump", "hearts")])


def timed(action: Callable[[], object], runs: int) -> list[float]:
    """Milliseconds of each of runs calls."""
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        out.append((time.perf_counter() - start) * 1000)
    return out


def p(values: list[float], q: float) -> float:
    """The q-quantile (0-1) of the values."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def encoded_size(image: Image.Image, options: dict[str, object]) -> int:
    """Bytes of the image saved with these options."""
    out = io.BytesIO()
    image.save(out, **options)  # type: ignore[arg-type]
    return out.tell()


def main() -> None:
    """Measure and write the section."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=50)
    runs = parser.parse_args().runs
    table = forty_cards()
    start = time.perf_counter()
    first = encode(compose_table(table, NAMES, status=STATUS), "table")
    cold_ms = (time.perf_counter() - start) * 1000
    image = compose_table(table, NAMES, status=STATUS)
    compose = timed(lambda: compose_table(table, NAMES, status=STATUS), runs)
    encoding = timed(lambda: encode(image, "table"), runs)
    total = timed(lambda: encode(compose_table(table, NAMES, status=STATUS), "table"), runs)
    size_kb = len(first.data) / 1024
    lines = [
        f"A {first.width} x {first.height} table, ten seats, 40 cards; {runs} runs each, "
        "sprites already cached.",
        "",
        "| step | p50 ms | p99 ms |",
        "| --- | ---: | ---: |",
        f"| compose | {p(compose, 0.5):.1f} | {p(compose, 0.99):.1f} |",
        f"| encode (PNG, zlib level 1) | {p(encoding, 0.5):.1f} | {p(encoding, 0.99):.1f} |",
        f"| compose + encode | {p(total, 0.5):.1f} | {p(total, 0.99):.1f} |",
        "",
        f"Size: {size_kb:.0f} KB (target 200 KB). First picture, drawing its sprites: "
        f"{cold_ms:.0f} ms. Target: compose + encode p50 at most 35 ms.",
        "",
        "Other encoders on the same picture (not used: lossy ones blur the letters):",
        "",
        "| encoder | p50 ms | KB |",
        "| --- | ---: | ---: |",
    ]
    for name, options in OTHER_ENCODERS.items():
        other = timed(lambda o=options: encoded_size(image, o), max(10, runs // 5))  # type: ignore[misc]
        lines.append(
            f"| {name} | {p(other, 0.5):.1f} | {encoded_size(image, options) / 1024:.0f} |"
        )
    write_section("Render", lines)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
